import { parseArgs } from 'node:util';
import { WINDOWS, type WindowName } from './plan.ts';

/** What `npm run simulate` was asked for: flags first, then SIM_* variables, then defaults. */
export interface Options {
  trucks: number;
  /** Simulated seconds per real second: 240 plays the 16-hour day in 4 minutes. */
  accel: number;
  seed: number;
  engine: 'pglite' | 'postgres';
  /** The PostgreSQL server a scratch database is made on (engine postgres). */
  databaseUrl: string;
  /** How much the last quarter's median RSS may exceed the first quarter's, in percent. */
  memoryMarginPercent: number;
  /**
   * Which hours are played: the day shift 06:00–22:00, the night 18:00–06:00 across the plant
   * day's start, or a harvest's 24 hours 06:00–06:00 (an evening peak its stations, built for the
   * average hour, cannot keep up with).
   */
  window: WindowName;
  /** Percent of the cassava trucks that deliver for a known supplier and come with a booking (issue 39). */
  bookedPercent: number;
  /** Percent of the trucks the plate cameras read, at the weighbridges and at the gate (issue 42). */
  cameraPercent: number;
  /** Percent of the delivering trucks whose vehicle has a stored tare: they finish on it, not weighed out (issue 42). */
  storedTarePercent: number;
}

export const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/test';

/** The windows `--window` takes, as the usage and its error message list them. */
const WINDOW_NAMES = Object.keys(WINDOWS).join('|');

const USAGE = `npm run simulate -- [--trucks 1000] [--accel 240] [--seed 1] [--engine pglite|postgres]
                        [--database-url postgresql://...] [--memory-margin 20] [--window ${WINDOW_NAMES}]
                        [--booked 60] [--camera 60] [--stored-tare 20]

  --trucks         trucks arriving over the window (SIM_TRUCKS, default 1000)
  --accel          simulated seconds per real second (SIM_ACCEL, default 240: the day in 4 minutes)
  --window         day: 06:00-22:00; night: 18:00-06:00, the plant day turning over at the
                   simulated midnight while trucks are inside; 24h: a harvest 06:00-06:00,
                   40 % of the trucks 17:00-21:00, the yard left to empty by itself after
                   the peak (SIM_WINDOW, default day). In every window each call station,
                   when free, calls the first truck in its line; the day and the night have
                   stations for each line's busiest hour, the harvest for its average hour
  --seed           seed of the day's plan (SIM_SEED, default 1)
  --engine         pglite (a fresh DATA_DIR) or postgres (a scratch database, dropped after);
                   default postgres when DATABASE_URL is set, else pglite
  --database-url   the PostgreSQL server for --engine postgres (DATABASE_URL, default ${DEFAULT_POSTGRES})
  --memory-margin  allowed growth of the server's median RSS, last quarter over first, in %
                   (SIM_MEMORY_MARGIN, default 20)
  --booked         percent of the suppliers' cassava trucks that book a slot (whole minutes of the
                   site's clock) and check in with its code at the kiosk; 0 for none
                   (SIM_BOOKED, default 60)
  --camera         percent of the trucks the plate cameras read: over the weighbridge's deck
                   before each weighing, and at the gate, which lets a truck whose work is done
                   out; an unsure, misread or unknown plate asks the officer; 0 for none
                   (SIM_CAMERA, default 60)
  --stored-tare    percent of the delivering trucks whose vehicle's tare the office recorded
                   before the day (the plant allows stored tares for 30 days): weighed in full,
                   they finish on it instead of weighing out; 0 for none
                   (SIM_STORED_TARE, default 20)`;

function positive(name: string, raw: string | undefined, fallback: number, integer: boolean): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, not "${raw}"\n\n${USAGE}`);
  }
  return value;
}

function percent(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100)
    throw new Error(`${name} must be a whole percent from 0 to 100, not "${raw}"\n\n${USAGE}`);
  return value;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      trucks: { type: 'string' },
      accel: { type: 'string' },
      seed: { type: 'string' },
      engine: { type: 'string' },
      'database-url': { type: 'string' },
      'memory-margin': { type: 'string' },
      window: { type: 'string' },
      booked: { type: 'string' },
      camera: { type: 'string' },
      'stored-tare': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL;
  const engine = values.engine ?? env.SIM_ENGINE ?? (databaseUrl ? 'postgres' : 'pglite');
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`--engine must be pglite or postgres, not "${engine}"\n\n${USAGE}`);
  }
  const window = values.window ?? env.SIM_WINDOW ?? 'day';
  if (!Object.hasOwn(WINDOWS, window)) {
    throw new Error(`--window must be one of ${WINDOW_NAMES}, not "${window}"\n\n${USAGE}`);
  }
  return {
    trucks: positive('--trucks', values.trucks ?? env.SIM_TRUCKS, 1000, true),
    accel: positive('--accel', values.accel ?? env.SIM_ACCEL, 240, false),
    seed: positive('--seed', values.seed ?? env.SIM_SEED, 1, true),
    engine,
    databaseUrl: databaseUrl || DEFAULT_POSTGRES,
    memoryMarginPercent: positive(
      '--memory-margin',
      values['memory-margin'] ?? env.SIM_MEMORY_MARGIN,
      20,
      false,
    ),
    window: window as WindowName,
    bookedPercent: percent('--booked', values.booked ?? env.SIM_BOOKED, 60),
    cameraPercent: percent('--camera', values.camera ?? env.SIM_CAMERA, 60),
    storedTarePercent: percent('--stored-tare', values['stored-tare'] ?? env.SIM_STORED_TARE, 20),
  };
}

export { USAGE };

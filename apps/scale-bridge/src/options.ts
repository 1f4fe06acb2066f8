import { parseArgs } from 'node:util';
import { parseFormatOption, type ScaleFormat } from '@truck-queue/shared/scale/formats';

/** Where the indicator's stream comes from: a serial port (RS-232, a USB adapter) or a TCP converter. */
export type IndicatorSource = SerialSource | TcpSource;

export interface SerialSource {
  kind: 'serial';
  path: string;
  baudRate: number;
  dataBits: 7 | 8;
  parity: 'none' | 'even' | 'odd';
  stopBits: 1 | 2;
}

export interface TcpSource {
  kind: 'tcp';
  host: string;
  port: number;
}

/** What `npm run scale-bridge` was asked for: flags first, then SCALE_BRIDGE_* variables, then defaults. */
export interface BridgeOptions {
  /** The truck queue server's address, without a trailing slash (http://host:3000). */
  server: string;
  apiKey: string;
  source: IndicatorSource;
  format: ScaleFormat;
  /** The stable detector's settings (packages/shared/src/scale/stable.ts). */
  toleranceKg: number;
  holdMs: number;
  noSignalMs: number;
  /** The file that keeps this bridge's device id and secret. */
  identityFile: string;
}

/** A command line the bridge cannot run with: main prints the message and exits with code 2. */
export class OptionsError extends Error {
  override name = 'OptionsError';
}

/** The rates indicators offer; anything else is a typo (96000) that would only read garbage. */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

export const USAGE = `npm run scale-bridge -- (--serial <port> | --tcp <host:port>) --format <format> [options]

Reads a weighbridge indicator and streams its weight to the truck queue server.

  --serial <port>     the indicator's serial port, e.g. /dev/ttyUSB0 or COM3   (SCALE_BRIDGE_SERIAL)
  --tcp <host:port>   or a serial-to-Ethernet converter, e.g. 192.168.1.50:4001 (SCALE_BRIDGE_TCP)
  --format <format>   mettler, st-gs, xk3190 or regex:<pattern> with a (?<weight>...) group
                      (SCALE_BRIDGE_FORMAT, required)
  --baud <rate>       serial speed: ${BAUD_RATES.join(', ')} (SCALE_BRIDGE_BAUD, default 9600)
  --data-bits <n>     7 or 8 (SCALE_BRIDGE_DATA_BITS, default 8)
  --parity <p>        none, even or odd (SCALE_BRIDGE_PARITY, default none)
  --stop-bits <n>     1 or 2 (SCALE_BRIDGE_STOP_BITS, default 1)
  --server <url>      the truck queue server (SCALE_BRIDGE_SERVER, default http://localhost:3000)
  --api-key <key>     the server's API_KEY (SCALE_BRIDGE_API_KEY, default truck-queue-web)
  --tolerance <kg>    a stable weight stays within this many kg either way (SCALE_BRIDGE_TOLERANCE, default 10)
  --hold <ms>         for this long before it counts as stable (SCALE_BRIDGE_HOLD, default 3000)
  --no-signal <ms>    no frame for this long means no signal (SCALE_BRIDGE_NO_SIGNAL, default 1500)
  --identity <file>   keeps this scale's device id and secret
                      (SCALE_BRIDGE_IDENTITY, default ./scale-bridge-identity.json)
  -h, --help          shows this text`;

const DEFAULTS = {
  server: 'http://localhost:3000',
  apiKey: 'truck-queue-web',
  baud: 9600,
  toleranceKg: 10,
  holdMs: 3000,
  noSignalMs: 1500,
  identityFile: './scale-bridge-identity.json',
};

/** The server's handshake takes an API key of at most this many characters. */
const API_KEY_MAX = 200;

function fail(message: string): never {
  throw new OptionsError(message);
}

/** A value given, or undefined when neither the flag nor its variable is set (an empty variable counts as unset). */
function given(flag: string | undefined, env: string | undefined): string | undefined {
  if (flag !== undefined) return flag;
  return env === undefined || env.trim() === '' ? undefined : env;
}

function number(
  name: string,
  raw: string | undefined,
  fallback: number,
  rule: { integer: boolean; min: number },
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.trim());
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value < rule.min ||
    (rule.integer && !Number.isInteger(value))
  ) {
    const kind = rule.integer ? 'a whole number' : 'a number';
    fail(`${name} must be ${kind} of ${rule.min} or more, not ${JSON.stringify(raw)}.`);
  }
  return value;
}

function oneOf<T extends string | number>(
  name: string,
  raw: string | undefined,
  choices: readonly T[],
  fallback: T,
): T {
  if (raw === undefined) return fallback;
  const text = raw.trim().toLowerCase();
  const found = choices.find((choice) => String(choice) === text);
  if (found === undefined) fail(`${name} must be one of ${choices.join(', ')}, not ${JSON.stringify(raw)}.`);
  return found;
}

function serverUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    fail(`--server must be the server's address, e.g. http://192.168.1.10:3000, not ${JSON.stringify(raw)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`--server must start with http:// or https://, not ${JSON.stringify(raw)}.`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    fail(`--server is the server's address alone (scheme, host and port), not ${JSON.stringify(raw)}.`);
  }
  return url.origin;
}

/** "192.168.1.50:4001", "indicator.local:4001" or "[fe80::1]:4001". */
function tcpAddress(raw: string): TcpSource {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(raw.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65535) {
    fail(`--tcp must be <host>:<port>, e.g. 192.168.1.50:4001, not ${JSON.stringify(raw)}.`);
  }
  return { kind: 'tcp', host: match[1] ?? match[2] ?? '', port };
}

function source(
  values: { serial?: string | undefined; tcp?: string | undefined },
  env: NodeJS.ProcessEnv,
  serialSettings: () => Omit<SerialSource, 'kind' | 'path'>,
): IndicatorSource {
  // Either one on the command line wins over both variables, so a flag can override a service's setting.
  const fromFlags = values.serial !== undefined || values.tcp !== undefined;
  const serial = fromFlags ? values.serial : given(undefined, env.SCALE_BRIDGE_SERIAL);
  const tcp = fromFlags ? values.tcp : given(undefined, env.SCALE_BRIDGE_TCP);
  if (serial !== undefined && tcp !== undefined) fail('Give either --serial or --tcp, not both.');
  if (tcp !== undefined) return tcpAddress(tcp);
  if (serial === undefined || serial.trim() === '') {
    fail('Say where the indicator is: --serial <port> (e.g. /dev/ttyUSB0, COM3) or --tcp <host:port>.');
  }
  return { kind: 'serial', path: serial.trim(), ...serialSettings() };
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BridgeOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        server: { type: 'string' },
        'api-key': { type: 'string' },
        serial: { type: 'string' },
        tcp: { type: 'string' },
        baud: { type: 'string' },
        'data-bits': { type: 'string' },
        parity: { type: 'string' },
        'stop-bits': { type: 'string' },
        format: { type: 'string' },
        tolerance: { type: 'string' },
        hold: { type: 'string' },
        'no-signal': { type: 'string' },
        identity: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // parseArgs says which option it did not know, or which one lacks its value.
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';

  const serialSettings = () => ({
    baudRate: Number(
      oneOf('--baud', given(values.baud, env.SCALE_BRIDGE_BAUD), BAUD_RATES.map(String), '9600'),
    ),
    dataBits: Number(
      oneOf('--data-bits', given(values['data-bits'], env.SCALE_BRIDGE_DATA_BITS), ['7', '8'], '8'),
    ) as 7 | 8,
    parity: oneOf(
      '--parity',
      given(values.parity, env.SCALE_BRIDGE_PARITY),
      ['none', 'even', 'odd'] as const,
      'none',
    ),
    stopBits: Number(
      oneOf('--stop-bits', given(values['stop-bits'], env.SCALE_BRIDGE_STOP_BITS), ['1', '2'], '1'),
    ) as 1 | 2,
  });
  const indicator = source(values, env, serialSettings);

  const formatText = given(values.format, env.SCALE_BRIDGE_FORMAT);
  if (formatText === undefined) {
    fail('Say which format the indicator sends: --format mettler, st-gs, xk3190 or regex:<pattern>.');
  }
  let format: ScaleFormat;
  try {
    format = parseFormatOption(formatText);
  } catch (error) {
    fail(`--format: ${error instanceof Error ? error.message : String(error)}`);
  }

  const apiKey = given(values['api-key'], env.SCALE_BRIDGE_API_KEY) ?? DEFAULTS.apiKey;
  if (apiKey.trim() === '' || apiKey.length > API_KEY_MAX) {
    fail(`--api-key must be the server's API_KEY (1 to ${API_KEY_MAX} characters).`);
  }
  const identityFile = given(values.identity, env.SCALE_BRIDGE_IDENTITY) ?? DEFAULTS.identityFile;
  if (identityFile.trim() === '') fail('--identity must be a file name.');

  return {
    server: serverUrl(given(values.server, env.SCALE_BRIDGE_SERVER) ?? DEFAULTS.server),
    apiKey,
    source: indicator,
    format,
    toleranceKg: number(
      '--tolerance',
      given(values.tolerance, env.SCALE_BRIDGE_TOLERANCE),
      DEFAULTS.toleranceKg,
      {
        integer: false,
        min: 0,
      },
    ),
    holdMs: number('--hold', given(values.hold, env.SCALE_BRIDGE_HOLD), DEFAULTS.holdMs, {
      integer: true,
      min: 0,
    }),
    noSignalMs: number(
      '--no-signal',
      given(values['no-signal'], env.SCALE_BRIDGE_NO_SIGNAL),
      DEFAULTS.noSignalMs,
      {
        integer: true,
        min: 100,
      },
    ),
    identityFile,
  };
}

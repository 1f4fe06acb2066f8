import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../test/sockets.ts';
import {
  formatEtaBacktest,
  MAX_BACKTEST_DAYS,
  parseEtaBacktestArgs,
  runEtaBacktest,
  type EtaBacktestOptions,
} from './eta-backtest-options.ts';
import { FlagError } from './run-command.ts';

/** `npm run eta:backtest`: every flag checked before anything is opened, each branch replayed. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tq-eta-backtest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const refused = (args: string[]) => {
  try {
    parseEtaBacktestArgs(args);
  } catch (error) {
    expect(error).toBeInstanceOf(FlagError);
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} was taken`);
};

describe('its flags', () => {
  it('default to every branch, the last 14 days, tables, and the server’s own database', () => {
    expect(parseEtaBacktestArgs([])).toEqual({
      branch: null,
      days: null,
      from: null,
      to: null,
      json: false,
      timeScale: 1,
      databaseUrl: undefined,
      dataDir: undefined,
    });
    expect(parseEtaBacktestArgs(['--time-scale', '240']).timeScale).toBe(240);
    const dataDir = path.join(scratch, 'data');
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    expect(
      parseEtaBacktestArgs([
        '--branch',
        ' 2 ',
        '--days',
        '7',
        '--to',
        '2026-12-01',
        '--json',
        '--data-dir',
        dataDir,
      ]),
    ).toMatchObject({ branch: '2', days: 7, to: '2026-12-01', json: true, dataDir });
    expect(parseEtaBacktestArgs(['--from', '2026-11-01', '--to', '2026-11-30'])).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(
      parseEtaBacktestArgs(['--database-url', 'postgresql://postgres@127.0.0.1:5432/plant']),
    ).toMatchObject({ databaseUrl: 'postgresql://postgres@127.0.0.1:5432/plant' });
  });

  it('refuses a number of days that is not a whole number from 1 to a season', () => {
    for (const days of ['0', '=-3', 'abc', '1.5', '', String(MAX_BACKTEST_DAYS + 1)])
      expect(refused(days.startsWith('=') ? [`--days${days}`] : ['--days', days])).toContain(
        '--days takes a whole number of days',
      );
    expect(parseEtaBacktestArgs(['--days', String(MAX_BACKTEST_DAYS)]).days).toBe(MAX_BACKTEST_DAYS);
  });

  it('refuses a time scale that is not a whole number from 1 to 100,000', () => {
    for (const scale of ['0', '1.5', 'fast', '', '100001'])
      expect(refused(['--time-scale', scale])).toContain(
        '--time-scale takes a whole number from 1 to 100000',
      );
  });

  it('refuses days that are not real YYYY-MM-DD dates', () => {
    for (const day of ['2026-02-30', '20261201', '01/12/2026', '2026-13-01', 'today'])
      expect(refused(['--from', day])).toContain(`--from takes a plant day as YYYY-MM-DD`);
    expect(refused(['--to', '2026-11-31'])).toContain('--to takes a plant day');
  });

  it('refuses a period backwards, too long, or given twice', () => {
    expect(refused(['--from', '2026-12-02', '--to', '2026-12-01'])).toBe(
      '--from 2026-12-02 is after --to 2026-12-01.',
    );
    expect(refused(['--from', '2025-01-01', '--to', '2026-12-01'])).toContain('over 366 days');
    expect(refused(['--days', '7', '--from', '2026-11-01'])).toBe('Give --days or --from, not both.');
  });

  it('refuses two databases, a data directory without one, a URL that is not PostgreSQL’s, an empty branch', () => {
    expect(refused(['--data-dir', scratch, '--database-url', 'postgresql://x/y'])).toBe(
      'Name one database: --database-url or --data-dir, not both.',
    );
    expect(refused(['--data-dir', path.join(scratch, 'nothing')])).toContain(
      'there is no embedded database in',
    );
    expect(refused(['--database-url', 'mysql://db/plant'])).toContain(
      '--database-url takes a PostgreSQL URL',
    );
    expect(refused(['--branch', '  '])).toBe('--branch takes a branch id, uuid or name.');
  });

  it('refuses flags it does not know and words without a flag', () => {
    expect(() => parseEtaBacktestArgs(['--dayz', '3'])).toThrow("Unknown option '--dayz'");
    expect(() => parseEtaBacktestArgs(['14'])).toThrow(/positional/);
  });
});

describe('the command', () => {
  /** The command run as `npm run eta:backtest` runs it (its exit code even when it fails). */
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/eta-backtest.ts'), ...args],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' } },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('close', (code) => resolve({ code, out, err }));
    });

  it(
    'says what is wrong with a flag, with its usage, exit code 2 and no stack',
    { timeout: 120_000 },
    async () => {
      const cases = [
        [['--days', 'ten'], '--days takes a whole number of days from 1 to 366, not "ten".'],
        [['--bogus'], "Unknown option '--bogus'"],
      ] as const;
      // Both at once: each is a Node process loading the server's modules.
      const results = await Promise.all(cases.map(([args]) => run([...args])));
      for (const [i, [args, message]] of cases.entries()) {
        const result = results[i]!;
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.err).toContain(message);
        expect(result.err).toContain('npm run eta:backtest --');
        expect(result.err).not.toContain('    at ');
        expect(result.out).toBe('');
      }
    },
  );
});

describe('the branches it replays', () => {
  let t: TestContext;
  let plant: Plant;
  let quiet: Plant;
  const options = (over: Partial<EtaBacktestOptions> = {}): EtaBacktestOptions => ({
    branch: null,
    days: null,
    from: null,
    to: null,
    json: false,
    timeScale: 1,
    databaseUrl: undefined,
    dataDir: undefined,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestContext();
    plant = await createPlant(t, 'Backtest one');
    quiet = await createPlant(t, 'Backtest quiet');
    // Two trucks of a day, the first called ten minutes after the second came.
    const first = await issueTicket(t, plant, 'standard', 'CLI 1');
    t.clock.advance(5 * 60_000);
    await issueTicket(t, plant, 'standard', 'CLI 2');
    t.clock.advance(10 * 60_000);
    const socket = await staffSocket(await listen(t), {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, first.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    closeSockets();
  });
  afterAll(() => t.close());

  it('names an unknown branch, and the branches there are', async () => {
    await expect(runEtaBacktest(t.db, options({ branch: 'Nowhere' }))).rejects.toThrow(FlagError);
    await expect(runEtaBacktest(t.db, options({ branch: '999' }))).rejects.toThrow(
      `No branch "999". The branches: ${plant.branch.id} Backtest one, ${quiet.branch.id} Backtest quiet.`,
    );
  });

  it('finds a branch by its id, its uuid or its name', async () => {
    const [row] = await t.db
      .select({ uuid: branches.uuid })
      .from(branches)
      .where(eq(branches.id, plant.branch.id));
    for (const branch of [String(plant.branch.id), row!.uuid.toUpperCase(), 'backtest ONE']) {
      const reports = await runEtaBacktest(t.db, options({ branch }));
      expect(reports.map((r) => r.branch)).toEqual([{ id: plant.branch.id, name: 'Backtest one' }]);
    }
  });

  it('replays every branch by default: the last 14 days to its last ticket, and says when a branch has none', async () => {
    const reports = await runEtaBacktest(t.db, options());
    const day = '2026-11-20';
    expect(reports.map((r) => [r.branch.name, r.from, r.to, r.trucks, r.readings])).toEqual([
      // CLI 1 at its issue; CLI 2 never called.
      ['Backtest one', '2026-11-07', day, 1, 1],
      ['Backtest quiet', null, null, 0, 0],
    ]);
    const text = formatEtaBacktest(reports, false, 'the test database');
    expect(text).toContain(
      `Backtest one (branch ${plant.branch.id}), plant days 2026-11-07 to ${day}: 1 called truck, 1 reading`,
    );
    expect(text).toContain('| all flows, at issue ');
    expect(text).toContain(
      `Backtest quiet (branch ${quiet.branch.id}): no ticket stored, nothing to replay.`,
    );
    const json = JSON.parse(formatEtaBacktest(reports, true, 'the test database')) as {
      targets: Record<string, number>;
      branches: { groups: { flow: string | null; atIssue: { readings: number; medianWaitMin: number } }[] }[];
    };
    expect(json.targets).toEqual({
      inside: 0.85,
      width_floor_min: 20,
      width_share_of_wait: 0.4,
      error_share_of_wait: 0.2,
    });
    expect(json.branches[0]!.groups[0]).toMatchObject({
      flow: null,
      atIssue: { readings: 1, medianWaitMin: 15 },
    });
  });

  it('takes a period of its own, and refuses one after the last ticket', async () => {
    const [none] = await runEtaBacktest(
      t.db,
      options({ branch: 'Backtest one', from: '2026-11-01', to: '2026-11-19' }),
    );
    expect(none).toMatchObject({ from: '2026-11-01', to: '2026-11-19', trucks: 0, readings: 0 });
    await expect(
      runEtaBacktest(t.db, options({ branch: 'Backtest one', from: '2026-11-21' })),
    ).rejects.toThrow("--from 2026-11-21 is after Backtest one's last day with a ticket, 2026-11-20.");
  });
});

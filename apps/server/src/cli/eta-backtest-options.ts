import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  accuracyTable,
  ERROR_SHARE_OF_WAIT,
  INSIDE_TARGET,
  WIDTH_FLOOR_MIN,
  WIDTH_SHARE_OF_WAIT,
  type EtaAccuracyGroup,
} from '@truck-queue/shared/queue/eta-accuracy';
import type { Db } from '../db/database.ts';
import { addDays } from '../lib/site-time.ts';
import { createEtaBacktestRepository } from '../modules/queue/eta-backtest.repository.ts';
import { backtestEta } from '../modules/queue/eta-backtest.ts';
import { FlagError } from './run-command.ts';

/** `npm run eta:backtest`: its flags, checked, and the replay of each branch they name. */

export const ETA_BACKTEST_USAGE = `npm run eta:backtest -- [--branch ID|NAME] [--days N | --from DAY] [--to DAY] [--json]
                        [--time-scale N] [--database-url URL | --data-dir DIR]

Replays a branch's stored days against the expected wait (issue 40): every ticket of the period
that was called is read at its issue and at each first call of another truck of its queue type
before its own, asking the server's ETA service what it would have answered then, and each
reading is set against the truck's real wait for its first call. Prints, per branch and flow,
the share called inside the range, the median and 90th-percentile error, the median range
width, the readings with no range, and the issue's three targets as pass / FAIL.
  --branch ID|NAME    one branch: its id, uuid or name (default: every branch, each reported)
  --days N            the last N plant days (default 14), ending at --to
  --from DAY          the first plant day (YYYY-MM-DD) instead of --days
  --to DAY            the last plant day (default: the branch's last day with a ticket)
  --json              the figures as JSON instead of tables
  --time-scale N      a simulator's database (npm run simulate -- --engine postgres): its day
                      ran N times faster than the minutes it stands for (the run's --accel);
                      the history, the ranges and the waits are read in its minutes (default 1)
  --database-url URL  read this PostgreSQL database
  --data-dir DIR      read the embedded database in DIR (the server stopped)
Without either: the server's own (DATABASE_URL, else DATA_DIR, default ./data).`;

/** The longest period one run replays: a season's worth. */
export const MAX_BACKTEST_DAYS = 366;
/** The fastest a simulator's day may have run (ETA_TIME_SCALE's bound, config.ts). */
const MAX_TIME_SCALE = 100_000;

export interface EtaBacktestOptions {
  branch: string | null;
  days: number | null;
  from: string | null;
  to: string | null;
  json: boolean;
  /** ETA_TIME_SCALE of the run that wrote the database: 1 for a plant's, --accel for a simulator's. */
  timeScale: number;
  databaseUrl: string | undefined;
  dataDir: string | undefined;
}

/** A plant day as typed: YYYY-MM-DD and a real date. */
function day(flag: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value)
    throw new FlagError(`--${flag} takes a plant day as YYYY-MM-DD (2026-12-01), not "${value}".`);
  return value;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The flags, checked: a FlagError (exit code 2) says what is wrong with one. */
export function parseEtaBacktestArgs(args: string[]): EtaBacktestOptions {
  const { values } = parseArgs({
    args,
    options: {
      branch: { type: 'string' },
      days: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
      'time-scale': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const databaseUrl = values['database-url'];
  const dataDir = values['data-dir'];
  if (databaseUrl !== undefined && dataDir !== undefined)
    throw new FlagError('Name one database: --database-url or --data-dir, not both.');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^\s]+$/.test(databaseUrl))
    throw new FlagError(
      `--database-url takes a PostgreSQL URL (postgresql://user@host:5432/db), not "${databaseUrl}".`,
    );
  if (dataDir !== undefined && !existsSync(path.join(path.resolve(dataDir), 'pgdata')))
    throw new FlagError(`--data-dir: there is no embedded database in ${path.resolve(dataDir)}.`);

  const branch = values.branch?.trim() ?? null;
  if (branch === '') throw new FlagError('--branch takes a branch id, uuid or name.');

  let days: number | null = null;
  if (values.days !== undefined) {
    days = /^\d+$/.test(values.days) ? Number(values.days) : NaN;
    if (!Number.isInteger(days) || days < 1 || days > MAX_BACKTEST_DAYS)
      throw new FlagError(
        `--days takes a whole number of days from 1 to ${MAX_BACKTEST_DAYS}, not "${values.days}".`,
      );
  }
  const from = day('from', values.from);
  const to = day('to', values.to);
  if (days !== null && from !== null) throw new FlagError('Give --days or --from, not both.');
  if (from !== null && to !== null) {
    if (from > to) throw new FlagError(`--from ${from} is after --to ${to}.`);
    if (daysBetween(from, to) > MAX_BACKTEST_DAYS)
      throw new FlagError(`${from} to ${to} is over ${MAX_BACKTEST_DAYS} days: replay a season at most.`);
  }
  const scaleText = values['time-scale'];
  const timeScale = scaleText === undefined ? 1 : /^\d+$/.test(scaleText) ? Number(scaleText) : NaN;
  if (!Number.isInteger(timeScale) || timeScale < 1 || timeScale > MAX_TIME_SCALE)
    throw new FlagError(
      `--time-scale takes a whole number from 1 to ${MAX_TIME_SCALE} (a simulator's --accel), not "${scaleText}".`,
    );
  return { branch, days, from, to, json: values.json, timeScale, databaseUrl, dataDir };
}

export interface BranchBacktest {
  branch: { id: number; name: string };
  /** Null: the branch has no ticket stored (nothing to replay). */
  from: string | null;
  to: string | null;
  trucks: number;
  readings: number;
  seconds: number;
  groups: EtaAccuracyGroup[];
}

/** The branches the flags name, each with its period, replayed one after another. */
export async function runEtaBacktest(db: Db, options: EtaBacktestOptions): Promise<BranchBacktest[]> {
  const repo = createEtaBacktestRepository(db);
  const all = await repo.branches();
  const wanted = options.branch;
  const chosen =
    wanted === null
      ? all
      : all.filter(
          (b) =>
            String(b.id) === wanted ||
            b.uuid === wanted.toLowerCase() ||
            b.name.trim().toLowerCase() === wanted.toLowerCase(),
        );
  if (chosen.length === 0)
    throw new FlagError(
      `No branch "${wanted}". The branches: ${all.map((b) => `${b.id} ${b.name}`).join(', ') || 'none'}.`,
    );
  if (wanted !== null && chosen.length > 1)
    throw new FlagError(
      `"${wanted}" names ${chosen.length} branches: give its id (${chosen.map((b) => b.id).join(', ')}).`,
    );

  const reports: BranchBacktest[] = [];
  for (const branch of chosen) {
    const started = performance.now();
    const last = options.to ?? (await repo.lastDay(branch.id));
    const named = { id: branch.id, name: branch.name };
    if (last === null) {
      reports.push({ branch: named, from: null, to: null, trucks: 0, readings: 0, seconds: 0, groups: [] });
      continue;
    }
    const from = options.from ?? addDays(last, 1 - (options.days ?? 14));
    if (from > last)
      throw new FlagError(`--from ${from} is after ${branch.name}'s last day with a ticket, ${last}.`);
    const result = await backtestEta(db, branch.id, from, last, options.timeScale);
    reports.push({
      branch: named,
      from,
      to: last,
      trucks: result.trucks,
      readings: result.readings.length,
      seconds: Math.round(performance.now() - started) / 1000,
      groups: result.accuracy.groups,
    });
  }
  return reports;
}

const counted = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** The reports as a person reads them (a table per branch), or as JSON. */
export function formatEtaBacktest(reports: BranchBacktest[], json: boolean, database: string): string {
  if (json)
    return JSON.stringify(
      {
        database,
        targets: {
          inside: INSIDE_TARGET,
          width_floor_min: WIDTH_FLOOR_MIN,
          width_share_of_wait: WIDTH_SHARE_OF_WAIT,
          error_share_of_wait: ERROR_SHARE_OF_WAIT,
        },
        branches: reports,
      },
      null,
      2,
    );
  const parts = [`The expected wait replayed on ${database}:`];
  for (const r of reports) {
    const head = `\n${r.branch.name} (branch ${r.branch.id})`;
    if (r.from === null) {
      parts.push(`${head}: no ticket stored, nothing to replay.`);
      continue;
    }
    parts.push(
      `${head}, plant days ${r.from} to ${r.to}: ${counted(r.trucks, 'called truck')}, ` +
        `${counted(r.readings, 'reading')}, replayed in ${r.seconds.toFixed(1)} s.`,
    );
    parts.push(
      r.trucks === 0 ? 'No truck of the period was called.' : `\n${accuracyTable({ groups: r.groups })}`,
    );
  }
  return parts.join('\n');
}

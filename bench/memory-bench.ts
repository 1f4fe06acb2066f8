import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../apps/server/src/test/scratch-postgres.ts';
import { npmStartFlags } from '../apps/server/src/test/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The issue's goals, in MB of resident memory (RSS). */
const GOAL_FIRST_START_MB = 300;
const GOAL_AFTER_DAY_MB = 400;
const GOAL_POSTGRES_MB = 150;
/** The voice pack's speech engine (a worker thread) ends after 30 s without work. */
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_MS ?? 35_000);

export function rssMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)} MB`);
const verdict = (value: number | null, goal: number) =>
  value !== null && value <= goal ? `goal ≤ ${goal} MB: met` : `goal ≤ ${goal} MB: NOT met`;

interface Running {
  child: ChildProcess;
  lines: { msg?: string; url?: string; voicePacks?: unknown }[];
  stop(): Promise<void>;
}

/**
 * `npm start` (scripts/start.mjs with package.json's Node flags; it sets NODE_ENV=production)
 * with these settings, until it listens.
 */
async function startServer(env: Record<string, string>): Promise<Running> {
  const { DATABASE_URL: _postgres, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [...npmStartFlags(), 'scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Running['lines'] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const text = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (text.startsWith('{')) lines.push(JSON.parse(text) as Running['lines'][number]);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  await waitFor(() => lines.some((l) => l.url), 180_000, 'the server did not listen', exited);
  return { child, lines, stop };
}

async function waitFor(done: () => boolean, timeoutMs: number, what: string, exited?: Promise<unknown>) {
  let ended = false;
  void exited?.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (ended) throw new Error(`${what}: it exited`);
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * The server's RSS once its start-up work is over: the voice packs made in the background and
 * the speech engine's thread ended (SETTLE_MS), then the median of five samples a second apart.
 */
async function settledRss(server: Running): Promise<number | null> {
  await waitFor(() => server.lines.some((l) => l.voicePacks), 120_000, 'no voice packs');
  await sleep(SETTLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const rss = rssMb(server.child.pid!);
    if (rss !== null) samples.push(rss);
    await sleep(1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? null;
}

/** A bare Node process, and the same with the embedded database alone opened on `dataDir`. */
async function pgliteAlone(dataDir: string): Promise<{ node: number; pglite: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/pglite-alone.ts'), dataDir],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`pglite-alone exited with ${String(code)}: ${output}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as { node: number; pglite: number };
}

/** `npm run simulate` on PGlite; its last RSS sample, at the end of the plant day. */
async function simulatedDay(): Promise<{ trucks: string; first: number; last: number; max: number }> {
  const trucks = process.env.BENCH_SIM_TRUCKS ?? '1000';
  const accel = process.env.BENCH_SIM_ACCEL ?? '240';
  const { DATABASE_URL: _postgres, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'simulator/run.ts', '--trucks', trucks, '--accel', accel, '--engine', 'pglite'],
    // The server the simulator starts inherits NODE_ENV, and runs with `npm start`'s Node flags.
    {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const line = output.split('\n').find((l) => l.includes('server RSS: first sample'));
  const figures = line ? /(\d+) MB → (\d+) MB/.exec(line) : null;
  if (!figures) throw new Error(`the simulator (exit ${String(code)}) printed no RSS figures:\n${output}`);
  const series = output.split('\n').findIndex((l) => l.startsWith('Server RSS (MB'));
  const values = (output.split('\n')[series + 1] ?? '').match(/\d+/g)?.map(Number) ?? [];
  return {
    trucks: `${trucks} trucks at ×${accel}${code === 0 ? '' : `, simulator exit ${String(code)}`}`,
    first: Number(figures[1]),
    last: Number(figures[2]),
    max: values.length > 0 ? Math.max(...values) : Number(figures[2]),
  };
}

/**
 * Resident memory of the real server (bench section `memory`): after a first start with demo
 * data on the embedded database, after a restart on it, at the end of a simulated plant day,
 * and on PostgreSQL when `postgresUrl` answers. Rows are whole table rows (engine first).
 */
export async function benchMemory(postgresUrl: string | null): Promise<string[]> {
  const rows: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-memory-'));
  try {
    let server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
    let first: number | null;
    try {
      first = await settledRss(server);
    } finally {
      await server.stop();
    }
    rows.push(
      `| PGlite | RSS after a first start with demo data (\`npm start\`, NODE_ENV=production, settled) | ${mb(first)} (${verdict(first, GOAL_FIRST_START_MB)}) |`,
    );
    server = await startServer({ DATA_DIR: dataDir });
    let again: number | null;
    try {
      again = await settledRss(server);
    } finally {
      await server.stop();
    }
    rows.push(`| PGlite | RSS after a restart on the same data (settled) | ${mb(again)} |`);
    const alone = await pgliteAlone(path.join(dataDir, 'pgdata'));
    rows.push(
      `| PGlite | … of which the embedded database: Node + tsx alone, then with PGlite opened on the same data and queried | ${mb(alone.node)} → ${mb(alone.pglite)} (PGlite ${mb(alone.pglite - alone.node)}) |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const day = await simulatedDay();
  rows.push(
    `| PGlite | RSS at the end of \`npm run simulate\` (${day.trucks}): first sample → last, highest | ${mb(day.first)} → ${mb(day.last)}, highest ${mb(day.max)} (${verdict(day.last, GOAL_AFTER_DAY_MB)}) |`,
  );

  if (!postgresUrl) {
    rows.push('| PostgreSQL | RSS after start | skipped: no PostgreSQL answers (BENCH_DATABASE_URL) |');
    return rows;
  }
  const scratch = await createScratchDatabase(postgresUrl, 'tq_memory');
  try {
    const server = await startServer({ DATABASE_URL: scratch.url, DEMO_DATA: 'true' });
    let rss: number | null;
    try {
      rss = await settledRss(server);
    } finally {
      await server.stop();
    }
    rows.push(
      `| PostgreSQL | RSS after a first start with demo data (settled) | ${mb(rss)} (${verdict(rss, GOAL_POSTGRES_MB)}) |`,
    );
  } finally {
    await scratch.drop();
  }
  return rows;
}

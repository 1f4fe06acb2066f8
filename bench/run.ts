// `npm run bench`: measures what the issues set speed goals for, on PGlite and (when
// BENCH_DATABASE_URL is set or PostgreSQL answers on 127.0.0.1:5432) on PostgreSQL.
// Results go to stdout as a Markdown table; copy them into docs/benchmarks.md with the date.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { prehashPassword } from '@truck-queue/shared/password';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }) };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function postgresAvailable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tq_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function benchEngine(label: string, target: DatabaseTarget): Promise<string[]> {
  const rows: string[] = [];
  const database = await openDatabase(target);
  const seedStart = performance.now();
  await prepareDatabase(database, { ...config, demoData: true });
  rows.push(
    `| ${label} | first start: migrate + demo plant (14 days) | ${((performance.now() - seedStart) / 1000).toFixed(1)} s |`,
  );

  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  const headers = { 'content-type': 'application/json', authorization: config.apiKey };
  const signin = await app.inject({
    method: 'POST',
    url: '/api/authen/signin',
    headers,
    payload: JSON.stringify({ email: config.adminEmail, password: prehashPassword(config.adminPassword) }),
  });
  const session = signin.json<{ officer: { session: string } }>().officer.session;

  const times: number[] = [];
  const total = 2000;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const t0 = performance.now();
    const r = await app.inject({
      method: 'POST',
      url: '/api/authen/checkAccess',
      headers: { ...headers, session },
      payload: '{}',
    });
    if (r.statusCode !== 200) throw new Error(r.body);
    times.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  rows.push(
    `| ${label} | checkAccess, ${total} sequential calls | p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, ${(total / elapsed).toFixed(0)}/s |`,
  );
  await app.close();
  await database.close();
  return rows;
}

const rows = ['| engine | what | result |', '|---|---|---|'];
rows.push(...(await benchEngine('PGlite (worker + socket)', { kind: 'pglite' })));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
if (await postgresAvailable(pgUrl)) {
  const scratch = await scratchPostgres(pgUrl);
  try {
    rows.push(...(await benchEngine('PostgreSQL', { kind: 'postgres', url: scratch.url })));
  } finally {
    await scratch.drop();
  }
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log(rows.join('\n'));

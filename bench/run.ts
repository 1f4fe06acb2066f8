// `npm run bench`: measures what the issues set speed goals for, on PGlite and (when
// BENCH_DATABASE_URL is set or PostgreSQL answers on 127.0.0.1:5432) on PostgreSQL.
// Results go to stdout as a Markdown table; copy them into docs/benchmarks.md with the date.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { prehashPassword } from '@truck-queue/shared/password';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import { prepareDatabase } from '../apps/server/src/prepare-database.ts';
import { queues } from '../apps/server/src/db/schema.ts';
import { benchCallingLatency } from './realtime-bench.ts';
import { benchFirstStart } from './first-start-bench.ts';
import { benchRefresh } from './refresh-bench.ts';
import { benchCalls } from './call-overhead-bench.ts';
import { benchTicketRender } from './ticket-bench.ts';
import { benchOrderLine } from './order-line-bench.ts';
import { benchDriverPage } from './driver-page-bench.ts';
import { benchMemory } from './memory-bench.ts';
import { benchPublicPages } from './public-push-bench.ts';
import { benchReports, HISTORY_DAYS, HISTORY_QUEUES, loadHistory } from './reports-bench.ts';
import { benchControlRoom, HARVEST_DAYS, loadHarvestMonth } from './control-room-bench.ts';
import { siteDate } from '../apps/server/src/lib/site-time.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-postgres.ts';
import { ms, percentile, postgresAvailable, standardLine } from './support.ts';

const config = { ...loadConfig({ LOG_LEVEL: 'silent' }) };
const headers = { 'content-type': 'application/json', authorization: config.apiKey };

async function signIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/authen/signin',
    headers,
    payload: JSON.stringify({ email: config.adminEmail, password: prehashPassword(config.adminPassword) }),
  });
  return response.json<{ officer: { session: string } }>().officer.session;
}

async function benchSessionCheck(app: FastifyInstance, session: string): Promise<string> {
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
  const rate = total / ((performance.now() - started) / 1000);
  return `checkAccess, ${total} sequential calls | p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, ${rate.toFixed(0)}/s`;
}

/** The demo branch's standard-flow queue type, one of its products and one call station. */
async function benchTickets(
  app: FastifyInstance,
  session: string,
  flow: Awaited<ReturnType<typeof standardLine>>,
) {
  const total = 2000;
  const concurrency = 20;
  let next = 0;
  const uuids: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const r = await app.inject({
          method: 'POST',
          url: '/api/process/printer/issueQueue',
          headers: { ...headers, session },
          payload: JSON.stringify({
            id_branchQT: flow.typeId,
            product: flow.productId,
            truck_license: `BENCH ${i}`,
          }),
        });
        if (r.statusCode !== 200) throw new Error(r.body);
        uuids.push(r.json<{ queue: { uuid: string } }>().queue.uuid);
      }
    }),
  );
  const rate = total / ((performance.now() - started) / 1000);
  return {
    row: `ticket issuance, ${total} tickets, ${concurrency} at a time | ${rate.toFixed(0)} tickets/s`,
    uuids,
  };
}

async function benchQueueWork(app: FastifyInstance, database: Database, session: string, rows: string[]) {
  rows.push(await benchSessionCheck(app, session));
  const flow = await standardLine(database);
  const tickets = await benchTickets(app, session, flow);
  rows.push(tickets.row);

  const waiting = await database.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.branchQueueTypeId, flow.typeId), eq(queues.state, 'QS')))
    .limit(50);
  rows.push(
    ...(await benchCallingLatency(
      {
        app,
        apiKey: config.apiKey,
        session,
        newSession: () => signIn(app),
        branchId: flow.branchId,
        queueIds: waiting.map((w) => w.id),
        stationId: flow.stationId,
      },
      500,
    )),
  );
}

/** A fresh database with the demo plant; its first row is how long that took. */
async function demoPlant(target: DatabaseTarget) {
  const database = await openDatabase(target);
  const seedStart = performance.now();
  await prepareDatabase(database, { ...config, demoData: true });
  const row = `first start: migrate + demo plant (14 days) | ${((performance.now() - seedStart) / 1000).toFixed(1)} s`;
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { database, app, row, close, session: await signIn(app) };
}

/** Session checks, ticket issuance and doCalling -> refreshUI on the demo plant. */
async function benchQueue(target: DatabaseTarget): Promise<string[]> {
  const plant = await demoPlant(target);
  try {
    const rows = [plant.row];
    await benchQueueWork(plant.app, plant.database, plant.session, rows);
    return rows;
  } finally {
    await plant.close();
  }
}

/** The reports on a year of history (1,000,000 queues). */
async function benchYearOfReports(target: DatabaseTarget): Promise<string[]> {
  const plant = await demoPlant(target);
  try {
    const today = siteDate(new Date(), config.siteTimeZone);
    const loadStart = performance.now();
    await loadHistory(plant.database, today);
    return [
      `bulk load: ${HISTORY_QUEUES.toLocaleString('en')} queues over ${HISTORY_DAYS} days in 3 branches, roll-up rebuilt | ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
      ...(await benchReports(plant.app, plant.database, plant.session, config.apiKey, today)),
    ];
  } finally {
    await plant.close();
  }
}

/** The manager's time breakdown and scorecards on a harvest month (2,000 trucks a day). */
async function benchHarvestMonth(target: DatabaseTarget): Promise<string[]> {
  const plant = await demoPlant(target);
  try {
    const today = siteDate(new Date(), config.siteTimeZone);
    const loadStart = performance.now();
    const loaded = await loadHarvestMonth(plant.database, today);
    return [
      `load: ${loaded.trucks.toLocaleString('en')} trucks and ${loaded.rows.toLocaleString('en')} audit rows over ${HARVEST_DAYS} days | ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
      ...(await benchControlRoom(plant.app, plant.database, plant.session, config.apiKey, today)),
    ];
  } finally {
    await plant.close();
  }
}

type EngineLabel = 'PGlite' | 'PostgreSQL';
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const withPostgres = await postgresAvailable(pgUrl);

/** Runs `bench` on the embedded PGlite, then on a scratch PostgreSQL database when one answers. */
async function onEachEngine(
  bench: (label: EngineLabel, target: DatabaseTarget) => Promise<string[]>,
): Promise<string[]> {
  const rows = (await bench('PGlite', { kind: 'pglite' })).map((row) => `| PGlite | ${row} |`);
  if (withPostgres) {
    const scratch = await createScratchDatabase(pgUrl, 'tq_bench');
    try {
      const figures = await bench('PostgreSQL', { kind: 'postgres', url: scratch.url });
      rows.push(...figures.map((row) => `| PostgreSQL | ${row} |`));
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}

/**
 * The benchmark's sections, run in this order. `BENCH_ONLY=<name>[,<name>]` runs only those
 * (e.g. BENCH_ONLY=refresh while working on the screens after a call).
 */
const SECTIONS: Record<string, () => Promise<string[]>> = {
  /** Drawing a ticket for a thermal printer (no database). */
  ticket: async () => (await benchTicketRender()).map((row) => `| none | ${row} |`),
  /** Placing a ruled line's waiting trucks in its order (no database). */
  'order-line': () => Promise.resolve(benchOrderLine().map((row) => `| none | ${row} |`)),
  /** `npm start` on an empty data directory. */
  'first-start': async () => (await benchFirstStart()).map((row) => `| PGlite | ${row} |`),
  queue: () => onEachEngine((_label, target) => benchQueue(target)),
  /** An authenticated call beside bare Fastify with the same SQL, and the request log's cost (call-overhead-bench.ts). */
  calls: () => onEachEngine((label, target) => benchCalls(label, target)),
  /** The screens after a call: officers' refetch, TVs, drivers (refresh-bench.ts). */
  refresh: () => onEachEngine((label, target) => benchRefresh(label, target)),
  /** The driver's page in a throttled Chromium (needs `npm run build`). */
  driver: () =>
    onEachEngine((_label, target) =>
      benchDriverPage(target.kind === 'postgres' ? { DATABASE_URL: target.url, DEMO_DATA: 'true' } : {}),
    ),
  /** Drivers' pages pushed their place: 2,000 pages, one call a second (public-push-bench.ts). */
  public: () => onEachEngine((label, target) => benchPublicPages(label, target)),
  reports: () => onEachEngine((_label, target) => benchYearOfReports(target)),
  /** The manager's time breakdown and scorecards on a harvest month (control-room-bench.ts). */
  'control-room': () => onEachEngine((_label, target) => benchHarvestMonth(target)),
  /** The server's resident memory after start and after a plant day, beside the goals. */
  memory: () => benchMemory(withPostgres ? pgUrl : null),
};

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()) ?? Object.keys(SECTIONS);
const unknown = only.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(
    `BENCH_ONLY: no section ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}.`,
  );
  process.exit(2);
}
const rows = ['| engine | what | result |', '|---|---|---|'];
for (const name of only) rows.push(...(await SECTIONS[name]!()));

const cpu = os.cpus();
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log(rows.join('\n'));

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
import {
  branchQueueTypeProducts,
  branchQueueTypes,
  queues,
  queueTypes,
  stations,
  stationStates,
  flowStates,
} from '../apps/server/src/db/schema.ts';
import { benchCallingLatency } from './realtime-bench.ts';
import { benchFirstStart } from './first-start-bench.ts';
import { benchReports, HISTORY_DAYS, HISTORY_QUEUES, loadHistory } from './reports-bench.ts';
import { siteDate } from '../apps/server/src/lib/site-time.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-postgres.ts';
import { ms, percentile, postgresAvailable } from './support.ts';

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
async function standardFlow(database: Database) {
  const [type] = await database.db
    .select({ id: branchQueueTypes.id, branchId: branchQueueTypes.branchId })
    .from(branchQueueTypes)
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .where(eq(queueTypes.flowEngineId, 2));
  const [product] = await database.db
    .select({ id: branchQueueTypeProducts.productId })
    .from(branchQueueTypeProducts)
    .where(eq(branchQueueTypeProducts.branchQueueTypeId, type!.id));
  const [station] = await database.db
    .select({ id: stations.id })
    .from(stations)
    .innerJoin(stationStates, eq(stationStates.stationId, stations.id))
    .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
    .where(and(eq(flowStates.flowEngineId, 2), eq(flowStates.state, 'C')));
  return { typeId: type!.id, branchId: type!.branchId, productId: product!.id, stationId: station!.id };
}

async function benchTickets(
  app: FastifyInstance,
  session: string,
  flow: Awaited<ReturnType<typeof standardFlow>>,
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

/** BENCH_ONLY=reports skips the queue work and times only the reports on a year of history. */
const reportsOnly = process.env.BENCH_ONLY === 'reports';
const firstStartOnly = process.env.BENCH_ONLY === 'first-start';

async function benchQueueWork(app: FastifyInstance, database: Database, session: string, rows: string[]) {
  rows.push(await benchSessionCheck(app, session));
  const flow = await standardFlow(database);
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

async function benchEngine(label: string, target: DatabaseTarget): Promise<string[]> {
  const rows: string[] = [];
  const database = await openDatabase(target);
  const seedStart = performance.now();
  await prepareDatabase(database, { ...config, demoData: true });
  rows.push(
    `first start: migrate + demo plant (14 days) | ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  const session = await signIn(app);
  if (!reportsOnly) await benchQueueWork(app, database, session, rows);

  const today = siteDate(new Date(), config.siteTimeZone);
  const loadStart = performance.now();
  await loadHistory(database, today);
  rows.push(
    `bulk load: ${HISTORY_QUEUES.toLocaleString('en')} queues over ${HISTORY_DAYS} days in 3 branches, roll-up rebuilt | ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );
  rows.push(...(await benchReports(app, database, session, config.apiKey, today)));
  await app.close();
  await database.close();
  return rows.map((row) => `| ${label} | ${row} |`);
}

const rows = ['| engine | what | result |', '|---|---|---|'];
if (!reportsOnly) rows.push(...(await benchFirstStart()).map((row) => `| PGlite | ${row} |`));
if (!firstStartOnly) rows.push(...(await benchEngine('PGlite', { kind: 'pglite' })));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
if (!firstStartOnly && (await postgresAvailable(pgUrl))) {
  const scratch = await createScratchDatabase(pgUrl, 'tq_bench');
  try {
    rows.push(...(await benchEngine('PostgreSQL', { kind: 'postgres', url: scratch.url })));
  } finally {
    await scratch.drop();
  }
}
const cpu = os.cpus();
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
console.log(rows.join('\n'));

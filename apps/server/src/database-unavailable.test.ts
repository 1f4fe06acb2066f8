import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_API_KEY, HEADER_SESSION, type ApiError } from '@truck-queue/shared/contracts/api';
import { buildApp } from './app.ts';
import { SESSION_CACHE_MS } from './modules/auth/auth.service.ts';
import { createTestContext, type TestContext } from './test/harness.ts';
import { memoryLog } from './test/memory-log.ts';
import { createPlant, type Plant } from './test/plant.ts';
import { closeSockets, emitAck, staffSocket } from './test/sockets.ts';
import { startStallProxy, type ProxyTarget, type StallProxy } from './test/stall-proxy.ts';
import { connectDatabase, type Database, type DatabaseTimeouts } from './db/database.ts';
import { queues } from './db/schema.ts';

/**
 * The server's calls on a database that stalls or goes away: the database sits behind a TCP
 * proxy (test/stall-proxy.ts) that can stop forwarding bytes or refuse connections, and the app
 * under test reaches it only through that proxy, with the serving pool's timeouts, shortened.
 * On PGlite by default; on PostgreSQL with TEST_DATABASE_URL (the database the harness made).
 */
const TIMEOUTS: DatabaseTimeouts = {
  connectMs: 1500,
  queryMs: 2000,
  statementMs: 1500,
  idleInTransactionMs: 1500,
};
/** Scheduling slack on a shared, busy machine. */
const SLACK_MS = 2500;

let t: TestContext;
let plant: Plant;
let proxy: StallProxy;
let served: Database;
let app: FastifyInstance;
const log = memoryLog();

/** Where the harness's database is, and how to reach it through a proxy on `port`. */
function viaProxy(pool: pg.Pool): { target: ProxyTarget; connection: (port: number) => pg.ClientConfig } {
  const { options } = pool;
  if (t.database.engine === 'pglite') {
    return {
      target: { path: `${options.host}/.s.PGSQL.${options.port}` },
      connection: (port) => ({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' }),
    };
  }
  const url = new URL(options.connectionString!);
  return {
    target: { host: url.hostname, port: Number(url.port || 5432) },
    connection: (port) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return { connectionString: proxied.toString() };
    },
  };
}

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  const route = viaProxy(t.database.pool);
  proxy = await startStallProxy(route.target);
  served = connectDatabase(t.database.engine, route.connection(proxy.port), TIMEOUTS);
  app = await buildApp({
    config: { ...t.config, logLevel: 'warn' },
    database: served,
    clock: t.clock,
    serveWeb: false,
    logStream: log.stream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  closeSockets();
  proxy.resume();
  await proxy.accept();
});
afterAll(async () => {
  await app.close();
  await served.close();
  await proxy.close();
  await t.close();
});

const post = (path: string, body: unknown = {}): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: {
      'content-type': 'application/json',
      [HEADER_API_KEY]: t.config.apiKey,
      [HEADER_SESSION]: plant.officers.caller.session,
    },
    payload: JSON.stringify(body),
  });
const health = () => app.inject({ method: 'GET', url: '/healthz' });
const checkAccess = () => post('authen/checkAccess');
const issue = (license: string) =>
  post('process/printer/issueQueue', {
    id_branchQT: plant.types.standard.id,
    product: plant.products.starch.id,
    truck_license: license,
  });

/**
 * A session checked a moment ago is answered from memory for SESSION_CACHE_MS, database or
 * not: past that, every call below needs the database again.
 */
const forgetHeldSessions = () => t.clock.advance(SESSION_CACHE_MS);

/** Runs `call` and says how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await call();
  return { result, ms: Math.round(performance.now() - start) };
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json<ApiError>()).toEqual({
    status: 0,
    code: 'DATABASE_UNAVAILABLE',
    message: expect.any(String) as string,
  });
}

/** Until `call` answers 200 again (the pool reconnects), at most a few seconds. */
async function recovered(call: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + TIMEOUTS.connectMs + TIMEOUTS.queryMs + SLACK_MS;
  for (;;) {
    const response = await call();
    if (response.statusCode === 200 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** No connection stays checked out of the pool once calls are over: none leaked. */
/**
 * No connection is left checked out. A ticket's change also has the drivers' notifier read in
 * the background after the answer (notifications/notifier.ts), and an issue the wait its driver
 * was shown (queue/eta-readings.ts): that work is let finish first.
 */
async function expectNoConnectionHeld() {
  await app.notifier.settle();
  await app.etaReadings.settle();
  expect(served.pool.waitingCount).toBe(0);
  expect(served.pool.totalCount - served.pool.idleCount).toBe(0);
}

const logLines = () =>
  log
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string; stack?: unknown });

describe(`a database that stalls or goes away (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After within the timeout while paused, and serves again after', async () => {
    expect((await checkAccess()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);

    forgetHeldSessions();
    proxy.pause();
    // On the pool's open connection: the statement gets no answer (query timeout).
    const first = await timed(checkAccess);
    expectUnavailable(first.result);
    expect(first.ms).toBeLessThan(TIMEOUTS.queryMs + SLACK_MS);
    // Then on a new connection, whose opening gets no answer (connection timeout).
    const second = await timed(checkAccess);
    expectUnavailable(second.result);
    expect(second.ms).toBeLessThan(TIMEOUTS.connectMs + SLACK_MS);
    const down = await timed(health);
    expect(down.result.statusCode).toBe(503);
    expect(down.result.json()).toMatchObject({ status: 'down', database: 'down', schema: 'unknown' });
    expect(down.ms).toBeLessThan(2000 + SLACK_MS);
    console.info(
      `[${t.database.engine}] paused: 503 after ${first.ms} ms (open connection), ${second.ms} ms (new connection); /healthz 503 after ${down.ms} ms`,
    );

    proxy.resume();
    expect((await recovered(checkAccess)).statusCode).toBe(200);
    expect((await recovered(health)).json()).toMatchObject({ status: 'ok', database: 'ok', schema: 'ok' });
    await expectNoConnectionHeld();

    // Said once, as a warning without a stack, with the driver's reason; no error line.
    const lines = logLines();
    const warnings = lines.filter((line) => line.msg.startsWith('the database is not answering'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    expect(warnings[0]!.reason).toMatch(/timeout/i);
    expect(warnings[0]!.stack).toBeUndefined();
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('answers 503 at once while the database refuses connections, and serves again after', async () => {
    forgetHeldSessions();
    await proxy.refuse();
    const refused = await timed(checkAccess);
    expectUnavailable(refused.result);
    expect(refused.ms).toBeLessThan(SLACK_MS);
    expectUnavailable(await issue('70-0001'));
    expect((await health()).json()).toMatchObject({ status: 'down', database: 'down' });
    console.info(`[${t.database.engine}] refused: 503 after ${refused.ms} ms`);

    await proxy.accept();
    expect((await recovered(checkAccess)).statusCode).toBe(200);
    await expectNoConnectionHeld();
    expect(logLines().filter((line) => line.level >= 50)).toEqual([]);
  });

  it('does not commit a ticket whose client gave up while its statement was stalled', async () => {
    // The INSERT reaches the database and runs; its answer, and everything after, is held.
    proxy.pauseAfter('insert into "queues"');
    const stalled = await timed(() => issue('70-1234'));
    expectUnavailable(stalled.result);
    expect(stalled.ms).toBeLessThan(TIMEOUTS.queryMs + SLACK_MS);

    if (t.database.engine === 'postgres') {
      // Still cut off: PostgreSQL ends the abandoned transaction by itself
      // (idle_in_transaction_session_timeout), so its locks do not block the next tickets.
      await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.idleInTransactionMs + 500));
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(rows[0]!.n).toBe(0);
    }

    proxy.resume();
    // Whatever was held reaches the database now, the client's close included: no commit.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.db.select().from(queues).where(eq(queues.truckLicense, '70-1234'))).toEqual([]);
    // The same truck gets its ticket, with the type's first number of the day: neither the
    // ticket nor its number was kept.
    const again = await recovered(() => issue('70-1234'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ queue: { queue_number: string } }>().queue.queue_number).toBe('B001');
    await expectNoConnectionHeld();
  });

  it('gives a connection back when its BEGIN got no answer (the embedded pool has only one)', async () => {
    proxy.pauseAfter('begin');
    expectUnavailable(await issue('70-5678'));
    proxy.resume();
    expect((await recovered(checkAccess)).statusCode).toBe(200);
    expect((await recovered(() => issue('70-5678'))).statusCode).toBe(200);
    await expectNoConnectionHeld();
  });

  it('answers a staff socket event with DATABASE_UNAVAILABLE', async () => {
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const socket = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    forgetHeldSessions();
    await proxy.refuse();
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toMatchObject({
      status: 0,
      code: 'DATABASE_UNAVAILABLE',
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'cancels a statement that waits past statement_timeout (PostgreSQL), and serves once the lock is gone',
    async () => {
      const locker = await t.database.connectUnbounded();
      try {
        await locker.query('begin');
        await locker.query('lock table queues in access exclusive mode');
        const blocked = await timed(() => issue('70-9999'));
        expectUnavailable(blocked.result);
        expect(blocked.ms).toBeLessThan(TIMEOUTS.statementMs + SLACK_MS);
        // PostgreSQL gave up on it too: no statement is left waiting for the lock (a client
        // that merely stopped waiting would leave it there until the lock goes).
        const { rows } = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rows[0]!.n).toBe(0);
        await locker.query('rollback');
        expect((await issue('70-9999')).statusCode).toBe(200);
      } finally {
        await locker.end();
      }
      await expectNoConnectionHeld();
    },
  );
});

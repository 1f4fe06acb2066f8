import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { apiClient } from './test/api-client.ts';
import { setUpQueueTypes } from './test/process-plant.ts';
import { createScratchDatabase } from './test/scratch-postgres.ts';
import { migratedDataDir, startServer, type ServerProcess } from './test/server-process.ts';
import { duplicateNumbers, listTickets, TicketLedger } from './test/ticket-ledger.ts';
import { startIssuing } from './test/ticket-load.ts';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import { longOrShort } from './test/long-run.ts';

/**
 * The server is killed (SIGKILL: no shutdown, no flush) while officers issue tickets at once,
 * 20 times under `npm run test:long` (twice under `npm test`: long-run.ts), and restarted on the same
 * data each time. Nothing a client was told it got may be
 * missing or different afterwards, numbers stay unique, and a retry of a request that got no
 * answer (same idempotency key) gives the committed ticket back or makes exactly one.
 *
 * On PGlite (npm test) the data directory's lock is left behind by the killed server and must
 * be taken over. With TEST_DATABASE_URL the same runs on a scratch PostgreSQL database.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const engine = serverUrl ? 'postgres' : 'pglite';

const ROUNDS = longOrShort(20, 2);
const CLIENTS = 6;
const SITE_TIMEZONE = 'Asia/Bangkok';
const ADMIN = { email: 'crash-admin@example.com', password: 'crash-test-password' };

/** The same kill delays on every run: 0 to 250 ms after a round's first 8 acks. */
function killDelays(seed: number): () => number {
  const random = seededRandom(seed);
  return () => random.int(0, 249);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe(`the server killed during ticket issuance (${engine})`, () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tq-crash-'));
  const dataDir = path.join(root, 'data');
  // The killed servers' PGlite socket directories land here instead of the machine's /tmp.
  const tmpDir = path.join(root, 'tmp');
  mkdirSync(tmpDir);
  let server: ServerProcess | null = null;
  let drop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    if (server) {
      server.kill('SIGKILL');
      await server.exited;
    }
    await drop?.();
    rmSync(root, { recursive: true, force: true });
  });

  it(`keeps every acknowledged ticket across ${ROUNDS} SIGKILLs, with unique numbers`, async () => {
    const env: Record<string, string> = {
      // Whatever the developer's shell says: this engine, no Redis.
      DATABASE_URL: '',
      REDIS_URL: '',
      TMPDIR: tmpDir,
      DEMO_DATA: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SITE_TIMEZONE,
    };
    if (serverUrl) {
      const scratch = await createScratchDatabase(serverUrl, 'tq_crash');
      drop = scratch.drop;
      env.DATABASE_URL = scratch.url;
    } else {
      // Made by a first start already (migratedDataDir): the kills and restarts are the test.
      renameSync(migratedDataDir(), dataDir);
      env.DATA_DIR = dataDir;
    }
    const lockFile = path.join(dataDir, 'truck-queue.lock');

    server = startServer(env);
    let api = apiClient(await server.ready(120_000));
    const session = await api.signIn(ADMIN.email, ADMIN.password);
    const types = await setUpQueueTypes(api, session);

    const run = Math.random().toString(36).slice(2, 6).toUpperCase();
    const ledger = new TicketLedger();
    const nextDelay = killDelays(7);
    const restartMs: number[] = [];
    const loadRates: number[] = [];
    let requests = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const load = startIssuing(api, session, types, { clients: CLIENTS, label: `${run}R${round}` });
      await withTimeout(load.acknowledged(8), 30_000, `round ${round}: no tickets acknowledged`);
      await new Promise((r) => setTimeout(r, nextDelay()));
      load.stop();
      const killed = server;
      killed.kill('SIGKILL');
      expect(await killed.exited).toBeNull();
      const attempts = await load.finished();
      requests += attempts.length;
      loadRates.push(
        attempts.filter((a) => a.outcome.kind === 'acked').length / ((performance.now() - started) / 1000),
      );
      ledger.record(attempts);
      expect(ledger.refused).toEqual([]);
      if (engine === 'pglite') expect(readFileSync(lockFile, 'utf8')).toBe(String(killed.pid)); // stale

      const restarted = performance.now();
      server = startServer(env);
      api = apiClient(await server.ready(60_000));
      restartMs.push(performance.now() - restarted);
      if (engine === 'pglite') expect(readFileSync(lockFile, 'utf8')).toBe(String(server.pid)); // taken over

      // The session signed in before the first crash still works.
      const listed = await listTickets(api, session);
      expect(ledger.missingOrChanged(listed), `round ${round}`).toEqual([]);
      expect(await ledger.retryUnanswered(api, session, listed), `round ${round}`).toEqual([]);
      const after = await listTickets(api, session);
      expect(ledger.missingOrChanged(after), `round ${round}`).toEqual([]);
      expect(duplicateNumbers(after, SITE_TIMEZONE), `round ${round}`).toEqual([]);
      expect(after.filter((t) => t.license.startsWith(run))).toHaveLength(ledger.confirmed.size);
    }

    // One acknowledged ticket asked for again after all the crashes: the same ticket, not a second one.
    const [first] = ledger.confirmed.values();
    const again = await api.post(
      'process/printer/issueQueue',
      {
        id_branchQT: first!.request.typeId,
        product: first!.request.productId,
        truck_license: first!.request.license,
        idempotency_key: first!.request.key,
      },
      { session },
    );
    expect(again.status).toBe(200);
    expect((again.body as { queue: { uuid: string } }).queue.uuid).toBe(first!.ticket.uuid);

    // A clean stop, then the tables themselves: every ticket once, and each day's counter at or
    // past its highest number (a counter behind would hand a used number out again).
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = null;
    const opened = serverUrl
      ? { pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 }), close: () => undefined }
      : await openDatabase({ kind: 'pglite', dataDir });
    const database = opened.pool;
    try {
      const tickets = await database.query<{ truck_license: string; uuid: string; queue_number: string }>(
        'select truck_license, uuid, queue_number from queues where truck_license like $1',
        [`${run}%`],
      );
      expect(tickets.rows).toHaveLength(ledger.confirmed.size);
      for (const row of tickets.rows) {
        const { ticket } = ledger.confirmed.get(row.truck_license)!;
        expect({ uuid: row.uuid, number: row.queue_number }).toEqual({
          uuid: ticket.uuid,
          number: ticket.queue_number,
        });
      }
      const counters = await database.query(
        `select q.branch_queue_type_id, q.queue_date, count(*)::int as tickets,
                count(distinct q.seq)::int as numbers, max(q.seq) as highest, max(c.last_seq) as counter
           from queues q
           join queue_counters c using (branch_queue_type_id, queue_date)
          group by q.branch_queue_type_id, q.queue_date`,
      );
      for (const row of counters.rows as {
        tickets: number;
        numbers: number;
        highest: number;
        counter: number;
      }[]) {
        expect(row.numbers).toBe(row.tickets);
        expect(row.counter).toBeGreaterThanOrEqual(row.highest);
      }
    } finally {
      if (serverUrl) await database.end();
      else await opened.close();
    }
    if (engine === 'pglite') expect(existsSync(lockFile)).toBe(false);

    console.log(
      `[crash ${engine}] ${ROUNDS} SIGKILLs, ${CLIENTS} clients: ${requests} requests, ` +
        `${ledger.confirmed.size - ledger.committedUnanswered - ledger.lostUnanswered} acknowledged, ` +
        `0 lost; ${ledger.committedUnanswered + ledger.lostUnanswered} unanswered at the kill ` +
        `(${ledger.committedUnanswered} committed: the retry got them back; ${ledger.lostUnanswered} not: ` +
        `the retry made them once); restart ${Math.round(Math.min(...restartMs))}/` +
        `${Math.round(median(restartMs))}/${Math.round(Math.max(...restartMs))} ms (min/median/max); ` +
        `${Math.round(median(loadRates))} tickets/s (median of rounds)`,
    );
  }, 600_000);
});

import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { prepareStatements } from './prepared-statements.ts';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { fillPlateKeys } from './plate-keys.ts';
import { startEmbeddedPostgres } from './embedded/embedded-postgres.ts';
import { BACKGROUND_APPLICATION } from './embedded/socket-server.mjs';
import type { EmbeddedMemory } from './embedded/protocol.ts';
import { GuardedPool } from './guarded-pool.ts';
import { SERVER_DIR } from '../paths.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * The lane for work no officer waits on (the drivers' pages and their pushes, notifications):
   * a pool of its own, so it never takes an officer's connection, and on the embedded engine
   * its statements go after the officers' (db/embedded/socket-server.mjs, docs/performance.md).
   */
  background: Db;
  /** The background lane's pool (its statements in DB_STATEMENT_STATS). */
  backgroundPool: pg.Pool;
  engine: 'postgres' | 'pglite';
  /**
   * A connection of its own, outside the pool and without its call timeouts, for work that may
   * rightly take minutes (migrations, the demo plant, waiting for another instance to finish
   * them). The caller ends it.
   */
  connectUnbounded(): Promise<pg.Client>;
  /**
   * Calls waiting for the database now: for a connection of the pool, and on the embedded
   * engine also those sent on a connection and waiting for the one session (all but one).
   */
  waiting(): number;
  /** Embedded only: writes the whole database, gzipped, to a file (the tests' template). */
  dump?: (file: string) => Promise<void>;
  /** Embedded only: what the database's thread holds in memory, as it last reported. */
  memory?: () => EmbeddedMemory | null;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir?: string;
      templateFile?: string;
      /** With dataDir: commits are fsynced before they are acknowledged (default true). */
      durable?: boolean;
    };

const MIGRATIONS_FOLDER = path.join(SERVER_DIR, 'drizzle');

// Timestamps come back as Date (timestamptz); plain dates stay 'YYYY-MM-DD' strings;
// bigint counts as numbers (they never pass 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * How long the server's calls wait on the database. Without them a stalled database (a network
 * that drops packets, a server that hangs, a lock never released) hangs every call, and a call
 * its client gave up on would still commit when the database comes back.
 */
export interface DatabaseTimeouts {
  /** A call waits this long for a connection: a free one in the pool, or a new one to open. */
  connectMs: number;
  /** The client gives up on a statement that has had no answer for this long. */
  queryMs: number;
  /** PostgreSQL cancels a statement that runs longer (not set on the embedded engine: see below). */
  statementMs: number;
  /** PostgreSQL ends a session that sits this long in a transaction without a statement. */
  idleInTransactionMs: number;
}

/**
 * The serving pool's timeouts (main.ts). The embedded pool is one connection every call queues
 * for, but each call holds it for milliseconds (in the plant-day simulator the slowest call took
 * 58 ms, queue included): a 10 s wait refuses nothing at such loads and still answers a stalled
 * database's calls with a 503 in seconds. PostgreSQL cancels a statement after 10 s, before the
 * client's own 12 s: then the answer is PostgreSQL's cancellation and the connection stays
 * usable; the client's timeout is for a database that does not answer at all. The longest
 * statements a call runs (a year's report, a 10,000-row export) take about a second.
 */
export const SERVING_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 10_000,
  queryMs: 12_000,
  statementMs: 10_000,
  idleInTransactionMs: 10_000,
};

/**
 * A Database on a server that is already running: PostgreSQL, or the embedded engine's socket
 * (tests reach either through a proxy that can stall). With `timeouts`, calls wait at most that.
 *
 * The embedded engine gets the client's timeouts only. PGlite (0.5) does not apply
 * statement_timeout (a statement runs to its end), and its idle_in_transaction_session_timeout
 * ends the one backend every connection shares, which leaves the database unusable until a
 * restart. There, what ends an abandoned call is the connection closing: the socket server drops the
 * connection's queued statements and rolls its open transaction back.
 */
/** The embedded engine's pool: its statements run one at a time, the others wait in its thread. */
export const EMBEDDED_CONNECTIONS = 4;

export function connectDatabase(
  engine: Database['engine'],
  connection: pg.ClientConfig,
  timeouts?: DatabaseTimeouts,
): Database {
  const clientTimeouts: pg.ClientConfig = timeouts
    ? {
        connectionTimeoutMillis: timeouts.connectMs,
        query_timeout: timeouts.queryMs,
        ...(engine === 'postgres'
          ? {
              statement_timeout: timeouts.statementMs,
              idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
            }
          : {}),
      }
    : {};
  // PGlite is one session, shared by the connections to its socket server, which runs one
  // statement or transaction at a time and keeps a transaction to its connection. More than
  // one connection lets the next statements wait there, in the database's thread, rather than
  // in this thread's pool: the session goes on to the next one as soon as it answers, instead
  // of when this thread next gets to hand it out (docs/performance.md).
  const servingPool = (config: pg.PoolConfig) => {
    const served = new GuardedPool({ ...connection, ...clientTimeouts, ...config });
    served.on('error', () => undefined); // an idle client's error; the next query reports it
    prepareStatements(served);
    return served;
  };
  const pool = servingPool({ max: engine === 'postgres' ? 10 : EMBEDDED_CONNECTIONS });
  // Opens its connections only once used (node-postgres connects on a pool's first query).
  const backgroundPool = servingPool({
    application_name: BACKGROUND_APPLICATION,
    max: engine === 'postgres' ? 4 : 1,
  });
  return {
    db: drizzle(pool, { schema }),
    pool,
    background: drizzle(backgroundPool, { schema }),
    backgroundPool,
    engine,
    waiting: () =>
      pool.waitingCount + (engine === 'pglite' ? Math.max(0, pool.totalCount - pool.idleCount - 1) : 0),
    async connectUnbounded() {
      const client = new pg.Client({
        ...connection,
        connectionTimeoutMillis: timeouts?.connectMs ?? SERVING_TIMEOUTS.connectMs,
      });
      await client.connect();
      return client;
    },
    close: async () => {
      await Promise.all([pool.end(), backgroundPool.end()]);
    },
  };
}

export async function openDatabase(
  target: DatabaseTarget,
  options: { timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    return connectDatabase('postgres', { connectionString: target.url }, options.timeouts);
  }

  const unlock = target.dataDir ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: target.dataDir ? path.join(target.dataDir, 'pgdata') : undefined,
      templateFile: target.templateFile,
      durable: target.durable,
    });
    const served = connectDatabase(
      'pglite',
      { host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres' },
      options.timeouts,
    );
    return {
      ...served,
      dump: (file) => embedded.dump(file),
      memory: () => embedded.memory(),
      async close() {
        await served.close();
        await embedded.stop();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Runs `work` on one connection while holding the schema lock, so instances that start
 * together migrate and seed one after another, never at once. The connection is not the
 * pool's: migrations and the demo plant may take minutes, and so may the wait for the lock.
 */
export async function withSchemaLock<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await database.connectUnbounded();
  try {
    await client.query('select pg_advisory_lock(727001)');
    try {
      return await work(drizzle(client, { schema }));
    } finally {
      await client.query('select pg_advisory_unlock(727001)');
    }
  } finally {
    await client.end();
  }
}

export async function migrateSchema(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await fillPlateKeys(db);
}

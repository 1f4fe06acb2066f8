import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded/embedded-postgres.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  engine: 'postgres' | 'pglite';
  /** Embedded only: writes the whole database, gzipped, to a file (the tests' template). */
  dump?: (file: string) => Promise<void>;
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

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Timestamps come back as Date (timestamptz); plain dates stay 'YYYY-MM-DD' strings;
// bigint counts as numbers (they never pass 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', () => undefined); // an idle client's error; the next query reports it
    return { db: drizzle(pool, { schema }), pool, engine: 'postgres', close: () => pool.end() };
  }

  const unlock = target.dataDir ? lockDataDir(target.dataDir) : () => undefined;
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: target.dataDir ? path.join(target.dataDir, 'pgdata') : undefined,
      templateFile: target.templateFile,
      durable: target.durable,
    });
    // PGlite runs one statement at a time: one connection keeps transactions whole.
    const pool = new pg.Pool({
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
    });
    pool.on('error', () => undefined);
    return {
      db: drizzle(pool, { schema }),
      pool,
      engine: 'pglite',
      dump: (file) => embedded.dump(file),
      async close() {
        await pool.end();
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
 * together migrate and seed one after another, never at once.
 */
export async function withSchemaLock<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    try {
      return await work(drizzle(client, { schema }));
    } finally {
      await client.query('select pg_advisory_unlock(727001)');
    }
  } finally {
    client.release();
  }
}

export async function migrateSchema(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

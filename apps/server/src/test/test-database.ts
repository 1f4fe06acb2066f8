import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, SERVING_TIMEOUTS, type Database } from '../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded/embedded-postgres.ts';
import { createScratchDatabase } from './scratch-postgres.ts';

/**
 * A fresh, migrated database with reference data and nothing else: an in-memory PGlite made
 * from the run's template, or, when TEST_DATABASE_URL is set, a new database on that server
 * copied from the run's migrated template database (global-setup.ts) and dropped again on close.
 *
 * Starting a PGlite, even from the template, costs about a second of a core (it unpacks some
 * 40 MB and starts PostgreSQL in WebAssembly), and the suite opens some 150 of them. So a test
 * database that is closed goes back to this worker's shelf, emptied to exactly the template's
 * content (every table truncated, the template's rows written back as they were, every sequence
 * set where it stood, the session discarded: a few tens of milliseconds), and the next test in this worker gets it.
 * One whose schema a test changed (a dropped table, a migration row deleted) or that no longer
 * answers is stopped instead. test-database.test.ts checks that a database from the shelf reads
 * the same as one just made from the template.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openEmbeddedTestDatabase();

  const scratch = await createScratchDatabase(serverUrl, 'tq_test', inject('postgresTemplate'));
  const database = connectDatabase('postgres', { connectionString: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Embedded servers of this worker that a closed test database left, emptied, for the next. */
const shelf: EmbeddedPostgres[] = [];
/** The template's schema and sequences, read from the first database this worker opens. */
let template: Promise<TemplateState> | null = null;

interface TemplateState {
  fingerprint: string;
  /** Where each sequence stood: a reused database's next ids are a fresh one's. */
  sequences: { name: string; value: string; called: boolean }[];
  /** The rows the template holds (its reference data), as JSON, per table. */
  rows: { name: string; json: string }[];
}

async function openEmbeddedTestDatabase(): Promise<Database> {
  const embedded = shelf.pop() ?? (await startEmbeddedPostgres({ templateFile: inject('pgliteTemplate') }));
  const connection = {
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
  };
  template ??= withClient(connection, async (client) => ({
    fingerprint: await fingerprint(client),
    sequences: await sequences(client),
    rows: await referenceRows(client),
  }));
  await template;
  const served = connectDatabase('pglite', connection);
  let closed = false;
  return {
    ...served,
    dump: (file) => embedded.dump(file),
    memory: () => embedded.memory(),
    async close() {
      if (closed) return;
      closed = true;
      await served.close();
      if (await emptied(connection)) shelf.push(embedded);
      else await embedded.stop();
    },
  };
}

/** Empties a used database back to the template's content; false when it cannot be reused. */
async function emptied(connection: pg.ClientConfig): Promise<boolean> {
  const { fingerprint: expected, sequences: restart, rows } = await template!;
  try {
    return await withClient({ ...connection, query_timeout: 10_000 }, async (client) => {
      // The one backend every connection of PGlite shares: settings, prepared statements,
      // advisory locks and temporary tables of the test that used it go first.
      await client.query('discard all');
      if ((await fingerprint(client)) !== expected) return false;
      const { rows: tables } = await client.query<{ name: string }>(
        `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
      );
      await client.query(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`);
      // The template's rows as they were, uuids and all; its triggers (the daily roll-up) and
      // foreign keys stay out of it while they go back.
      await client.query('set session_replication_role = replica');
      for (const { name, json } of rows) {
        await client.query(
          `insert into ${name} overriding system value select * from json_populate_recordset(null::${name}, $1::json)`,
          [json],
        );
      }
      await client.query('reset session_replication_role');
      for (const { name, value, called } of restart) {
        await client.query('select setval($1::regclass, $2::bigint, $3)', [name, value, called]);
      }
      return true;
    });
  } catch {
    return false;
  }
}

async function referenceRows(client: pg.Client): Promise<TemplateState['rows']> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const rows: TemplateState['rows'] = [];
  for (const { name } of tables) {
    const { rows: held } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${name} t`,
    );
    if (held[0]?.json) rows.push({ name, json: held[0].json });
  }
  return rows;
}

async function sequences(client: pg.Client): Promise<TemplateState['sequences']> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname = 'public'`,
  );
  const state: TemplateState['sequences'] = [];
  for (const { name } of rows) {
    const { rows: at } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value, is_called from ${name}`,
    );
    state.push({ name, value: at[0]!.last_value, called: at[0]!.is_called });
  }
  return state;
}

/**
 * The schema's shape: tables and columns, functions, triggers, indexes and applied migrations.
 * A database whose fingerprint differs from the template's is not put back on the shelf.
 */
async function fingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query(`
    select
      (select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)
         from information_schema.columns where table_schema = 'public') as columns,
      (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public') as functions,
      (select count(*) from pg_trigger where not tgisinternal) as triggers,
      (select count(*) from pg_indexes where schemaname = 'public') as indexes,
      (select count(*) from pg_namespace where nspname !~ '^pg_(toast_)?temp_') as schemas,
      (select count(*) from drizzle.__drizzle_migrations) as migrations`);
  return JSON.stringify(rows[0]);
}

async function withClient<T>(config: pg.ClientConfig, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A test database and a second pool on it, made as main.ts makes the server's (its call
 * timeouts; four connections on the embedded engine): for tests of the serving pool itself.
 */
export async function openServedDatabase(): Promise<{
  harness: Database;
  served: Database;
  close: () => Promise<void>;
}> {
  const harness = await openTestDatabase();
  const served = connectDatabase(harness.engine, { ...harness.pool.options }, SERVING_TIMEOUTS);
  return {
    harness,
    served,
    close: async () => {
      await served.close();
      await harness.close();
    },
  };
}

import type pg from 'pg';
import { migrateSchema, withSchemaLock, type Database } from '../database.ts';
import {
  quote,
  readSequenceNames,
  readTables,
  setPortableTextFormat,
  tablesWithTriggers,
} from './catalog.ts';
import { readBackup, type BackupHeader } from './format.ts';
import { applyMigrations, knownMigrations, migrationsUpTo, readSchemaLevel } from './schema-level.ts';

/** Filled by every start (seed/reference-data.ts): a database holding only these is empty. */
const REFERENCE_TABLES = new Set(['flow_engines', 'flow_states', 'queue_types']);

/** Bounds of one INSERT: PostgreSQL takes at most 65,535 parameters; large values (exports) bound memory. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 1000;
const MAX_BATCH_CHARS = 8 * 1024 * 1024;

export class RestoreError extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  /** The backup's schema, and the schema after the server's newer migrations, if any. */
  schema: { backup: string; now: string };
}

const levelName = (level: BackupHeader['schema']) => level.last ?? `level ${level.migrations}`;

/** Row counts of the tables that hold plant data, when the target already has the truck queue schema. */
async function plantRows(client: pg.ClientBase): Promise<{ table: string; rows: number }[]> {
  const found = [];
  for (const table of await readTables(client)) {
    if (REFERENCE_TABLES.has(table.name)) continue;
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(table.name)}`);
    if (Number(rows[0]!.n) > 0) found.push({ table: table.name, rows: Number(rows[0]!.n) });
  }
  return found;
}

/** Refuses a target that is not an empty truck queue database, unless `replace`. */
async function checkTarget(client: pg.ClientBase, replace: boolean): Promise<void> {
  const level = await readSchemaLevel(client);
  const tables = await readTables(client);
  if (!level) {
    if (tables.length > 0) {
      throw new RestoreError(
        `The target database holds tables (${tables
          .slice(0, 5)
          .map((t) => t.name)
          .join(', ')}...) but no truck queue schema: restore into an empty database of its own.`,
      );
    }
    return;
  }
  const filled = await plantRows(client);
  if (filled.length > 0 && !replace) {
    const what = filled.map((f) => `${f.table} ${f.rows}`).join(', ');
    throw new RestoreError(
      `The target database is not empty (${what}). Restore into an empty one, or add --replace to ` +
        'delete everything in it first (stop the servers that use it).',
    );
  }
}

/** Drops what the truck queue schema put in `public` and drizzle's record of it, leaving the schema itself (and its grants). */
async function dropSchemaObjects(client: pg.ClientBase): Promise<void> {
  const objects = await client.query<{ statement: string }>(`
    select format('drop %s if exists %s cascade', kind, name) as statement from (
      select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
             else 'table' end as kind, format('%I.%I', n.nspname, c.relname) as name, 1 as step
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
      union all
      select case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
             format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)), 2
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and not exists
         (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union all
      select 'type', format('%I.%I', n.nspname, t.typname), 3
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = 'public' and t.typtype in ('e', 'd')
         and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
    ) o order by step`);
  for (const { statement } of objects.rows) await client.query(statement);
  await client.query('drop schema if exists drizzle cascade');
}

/** Inserts rows of one table in batches, each value from its text form. */
function tableLoader(client: pg.ClientBase, table: string, columns: string[], identityAlways: boolean) {
  const head =
    `insert into ${quote(table)} (${columns.map(quote).join(', ')})` +
    (identityAlways ? ' overriding system value' : '') +
    ' values ';
  const rowsPerBatch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  let batch: (string | null)[][] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const tuples = batch.map(
      (_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    );
    await client.query(head + tuples.join(', '), batch.flat());
    batch = [];
    chars = 0;
  };
  return {
    async add(values: (string | null)[]) {
      batch.push(values);
      for (const v of values) chars += v?.length ?? 0;
      if (batch.length >= rowsPerBatch || chars >= MAX_BATCH_CHARS) await flush();
    },
    flush,
  };
}

/**
 * Restores a backup (format.ts) into `database`, of either engine, in one transaction: the
 * schema at the backup's level, every table's rows in foreign-key order (triggers off: the
 * backup holds what they had made), sequences where they were. Then the server's newer
 * migrations, if any. A failure anywhere leaves the target as it was.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { replace?: boolean } = {},
): Promise<RestoreSummary> {
  const entries = readBackup(file);
  const first = await entries.next();
  if (first.done || first.value.kind !== 'header') throw new RestoreError(`${file} has no header.`);
  const header = first.value.header;
  const plan = migrationsUpTo(header.schema);
  if ('refused' in plan) throw new RestoreError(plan.refused);

  const client = await database.pool.connect();
  let rows = 0;
  try {
    await setPortableTextFormat(client);
    await client.query('begin');
    await checkTarget(client, options.replace ?? false);
    await dropSchemaObjects(client);
    await applyMigrations(client, plan.migrations);

    const tables = new Map((await readTables(client)).map((t) => [t.name, t]));
    const expected = header.tables.map((t) => t.name);
    const missing = expected.filter((name) => !tables.has(name));
    const extra = [...tables.keys()].filter((name) => !expected.includes(name));
    if (missing.length || extra.length) {
      throw new RestoreError(
        `The backup's tables do not match its schema ${levelName(header.schema)} ` +
          `(unknown: ${missing.join(', ') || 'none'}; missing from the file: ${extra.join(', ') || 'none'}).`,
      );
    }
    for (const { name, columns } of header.tables) {
      const unknown = columns.filter((c) => !tables.get(name)!.columns.includes(c));
      if (unknown.length) throw new RestoreError(`Table ${name} has no column ${unknown.join(', ')}.`);
    }
    // Migrations may have written rows (seeds); the backup has its own.
    await client.query(`truncate ${[...tables.keys()].map(quote).join(', ')}`);
    const triggered = await tablesWithTriggers(client);
    for (const name of triggered) await client.query(`alter table ${quote(name)} disable trigger user`);

    const counts: Record<string, number> = {};
    let section = -1;
    let loader: ReturnType<typeof tableLoader> | null = null;
    let ended: Record<string, number> | null = null;
    for await (const entry of entries) {
      if (entry.kind === 'table') {
        await loader?.flush();
        section += 1;
        const table = header.tables[section];
        if (table?.name !== entry.table) {
          throw new RestoreError(`${file}: table ${entry.table} is out of the header's order.`);
        }
        loader = tableLoader(client, table.name, table.columns, tables.get(table.name)!.identityAlways);
        counts[table.name] = 0;
      } else if (entry.kind === 'row') {
        const table = header.tables[section];
        if (!loader || !table) throw new RestoreError(`${file}: a row before any table.`);
        if (entry.values.length !== table.columns.length) {
          throw new RestoreError(
            `${file}: a row of ${table.name} has ${entry.values.length} values for ${table.columns.length} columns.`,
          );
        }
        await loader.add(entry.values);
        counts[table.name]! += 1;
        rows += 1;
      } else if (entry.kind === 'end') {
        await loader?.flush();
        ended = entry.rows;
      }
    }
    if (section !== header.tables.length - 1) throw new RestoreError(`${file}: some tables are missing.`);
    for (const name of expected) {
      if (ended?.[name] !== counts[name]) {
        throw new RestoreError(
          `${file}: ${name} should have ${ended?.[name]} rows, the file holds ${counts[name]}.`,
        );
      }
    }

    const sequences = new Set(await readSequenceNames(client));
    for (const sequence of header.sequences) {
      if (!sequences.has(sequence.name))
        throw new RestoreError(`The schema has no sequence ${sequence.name}.`);
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quote(sequence.name),
        sequence.value,
        sequence.isCalled,
      ]);
    }
    for (const name of triggered) await client.query(`alter table ${quote(name)} enable trigger user`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // Stop reading the file.
    await entries.return(undefined);
    throw error;
  } finally {
    client.release();
  }

  // The server's later migrations, as a start would run them (and under the same lock).
  await withSchemaLock(database, migrateSchema);
  return {
    tables: header.tables.length,
    rows,
    schema: { backup: levelName(header.schema), now: knownMigrations().at(-1)!.tag },
  };
}

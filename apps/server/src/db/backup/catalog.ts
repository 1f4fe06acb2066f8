import type pg from 'pg';

/** What a backup needs to know of one table, read from PostgreSQL's catalog. */
export interface TableInfo {
  name: string;
  /** Stored columns in their order (generated columns are left out: the database computes them). */
  columns: string[];
  /** Primary key columns: rows are read in this order, so a backup of the same data is the same file. */
  key: string[];
  /** Has identity columns that insist on their own values (GENERATED ALWAYS). */
  identityAlways: boolean;
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The schema's tables, each after every table it references (foreign keys), so rows can be
 * inserted in this order. A table's references to itself do not count (rows go in key order).
 */
export async function readTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{
    name: string;
    columns: string[];
    key: string[] | null;
    always: boolean;
  }>(`
    select c.relname as name,
      array(select a.attname from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum)::text[] as columns,
      (select array_agg(a.attname order by k.ord)::text[]
         from pg_index i
         cross join unnest(i.indkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary) as key,
      exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as always
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  const references = await client.query<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
    from pg_constraint f
    join pg_class child on child.oid = f.conrelid
    join pg_class parent on parent.oid = f.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where f.contype = 'f' and n.nspname = 'public' and f.conrelid <> f.confrelid`);

  const byName = new Map(
    tables.rows.map((t) => [
      t.name,
      { name: t.name, columns: t.columns, key: t.key ?? t.columns, identityAlways: t.always },
    ]),
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references.rows) {
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`Foreign keys form a cycle (${[...path, name].join(' -> ')}): no insert order exists.`);
    }
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const name of byName.keys()) visit(name, []);
  return ordered;
}

/** The schema's sequences (serial and bigserial columns), by name. */
export async function readSequenceNames(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S' order by c.relname`);
  return result.rows.map((r) => r.name);
}

/** Tables with triggers of their own (not the foreign keys' internal ones). */
export async function tablesWithTriggers(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ name: string }>(`
    select distinct c.relname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal order by 1`);
  return result.rows.map((r) => r.name);
}

/**
 * Session settings under which every value's text form is the same on both engines and reads
 * back exactly: UTC ISO time stamps, all float digits, hex bytea.
 */
export async function setPortableTextFormat(client: pg.ClientBase): Promise<void> {
  await client.query(
    "set time zone 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'iso_8601'; " +
      "set extra_float_digits = 3; set bytea_output = 'hex'",
  );
}

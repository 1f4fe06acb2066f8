import { getTableColumns, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (<the columns given>) select <their values> from <source> returning id`:
 * one row per row of the source, none when it is empty (an update in a WITH that matched no
 * row). A value is a parameter, encoded as its column encodes it, or SQL read from the source.
 * PostgreSQL types each parameter from the column it is inserted into.
 */
export function insertSelecting<T extends PgTable>(
  table: T,
  values: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL },
  source: SQLWrapper,
): SQL {
  const columns = getTableColumns(table);
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = given.map(([key]) => sql.identifier(columns[key]!.name));
  const selected = given.map(([key, value]) => (is(value, SQL) ? value : sql.param(value, columns[key])));
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from ${source} returning id`;
}

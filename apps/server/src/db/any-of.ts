import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::type[])`: the values go as one array parameter, so the statement's text is
 * the same whatever their number. Drizzle's `inArray` writes one parameter per value, and each
 * length is another statement to prepare (db/prepared-statements.ts) and to keep in the
 * database's memory: the counters' day lists read back a few changed tickets at a time, of any
 * number, and at the harvest peak their `in (…)` forms grew the embedded database from 128 to
 * 266 MB.
 */
export function anyOf(column: AnyColumn, values: readonly (string | number)[], type: 'uuid' | 'int'): SQL {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}

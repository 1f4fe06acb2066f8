import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements a connection keeps prepared at most; the ones after run unnamed (parsed and
 * planned each time), so statements whose text varies (an IN list of any length) cannot fill
 * the database's memory.
 */
export const PREPARED_PER_CONNECTION = 1_000;

type QueryConfig = { text?: unknown; name?: unknown };

/** Connections made so far, in this process. */
let connections = 0;

/**
 * Every statement the app sends with parameters (drizzle's) is a named prepared statement on
 * its connection: parsed and planned once, then only bound and run. node-postgres prepares a
 * named statement the first time a connection runs it and remembers it.
 *
 * On the embedded engine planning is most of a statement's cost: a screen's queue read (five
 * joins) took 3.9 ms unprepared and 0.75 ms prepared, and at the harvest peak the one
 * connection spent most of its time planning the same few dozen statements again and again.
 * The name is the connection's number and the statement's hash.
 */
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // Each connection's names are its own: on the embedded engine every connection shares one
    // session, where a statement a connection that broke had prepared is still there (the
    // socket server deallocates a closed connection's statements).
    const prefix = `tq${++connections}_`;
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      // A query drizzle keeps built (`.prepare(name)`): named for this connection too.
      if (isNamedStatement(config)) return query({ ...config, name: prefix + config.name }, ...rest);
      if (isUnnamedStatement(config, rest[0])) {
        const name = prefix + createHash('sha1').update(config.text).digest('hex').slice(0, 20);
        if (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION) {
          prepared.add(name);
          return query({ ...config, name }, ...rest);
        }
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}

/**
 * A statement as drizzle sends it, with parameters: a config with its text and no name, its
 * values beside it or in it. One without (BEGIN, COMMIT) has nothing to plan.
 */
function isUnnamedStatement(config: unknown, values: unknown): config is QueryConfig & { text: string } {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, values: inside } = config as QueryConfig & { values?: unknown };
  const given = Array.isArray(values) ? values : inside;
  return typeof text === 'string' && !name && Array.isArray(given) && given.length > 0;
}

/** A statement drizzle sends under the name its prepared query was given. */
function isNamedStatement(config: unknown): config is QueryConfig & { text: string; name: string } {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name } = config as QueryConfig;
  return typeof text === 'string' && typeof name === 'string' && name !== '';
}

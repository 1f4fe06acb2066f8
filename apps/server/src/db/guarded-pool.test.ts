import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openServedDatabase } from '../test/test-database.ts';
import { connectDatabase, SERVING_TIMEOUTS, type Database } from './database.ts';

/**
 * The serving pool hands the same connection out for every transaction. Its guard must stay one
 * layer deep: wrapped again at each checkout, a connection's query went through one more wrapper
 * per transaction until, after about 10,000, BEGIN overflowed the stack and every call answered
 * 503 until a restart (found by the review of issue 13).
 */
let harness: Database;
let served: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  // A second pool on the same database, as main.ts makes it.
  ({ harness, served, close } = await openServedDatabase());
});
afterAll(async () => {
  vi.restoreAllMocks();
  await close();
});

describe('the guarded serving pool', () => {
  it('goes through the same depth of wrappers on the 500th transaction as on the first', async () => {
    const previousLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 10_000;
    const depths: number[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with apply(this)
    const original = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.trim().toLowerCase() === 'begin') depths.push(new Error().stack!.split('\n').length);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      for (let i = 0; i < 500; i++) await served.db.transaction((tx) => tx.execute(sql`select 1`));
      expect(depths).toHaveLength(500);
      expect(depths.at(-1)).toBe(depths[0]);
      // And the connection still serves an ordinary query.
      const rows = await served.db.execute(sql`select 42 as answer`);
      expect(rows.rows[0]).toEqual({ answer: 42 });
    } finally {
      Error.stackTraceLimit = previousLimit;
    }
  });

  it('gives a connection back when its query throws before any promise exists', async () => {
    vi.restoreAllMocks();
    let throwNext = false;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with apply(this)
    const original = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (throwNext) {
        throwNext = false;
        throw new RangeError('Maximum call stack size exceeded');
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    // Its own pool of one connection, made after the spy, with a short wait for a connection.
    const pool = connectDatabase(
      harness.engine,
      { ...harness.pool.options },
      {
        ...SERVING_TIMEOUTS,
        connectMs: 2000,
      },
    );
    try {
      const client = await pool.pool.connect();
      throwNext = true;
      expect(() => client.query('select 1')).toThrow(RangeError);
      // Had the connection leaked, this would wait for the pool and fail after 2 s.
      const rows = await pool.db.execute(sql`select 1 as one`);
      expect(rows.rows[0]).toEqual({ one: 1 });
    } finally {
      await pool.close();
    }
  });
});

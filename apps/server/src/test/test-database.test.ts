import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { branches, officers } from '../db/schema.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * Test databases are reused within a worker (test-database.ts): one a test closed must read
 * exactly as one just made from the template, or tests would see each other's rows.
 */

/** Every table's rows, in a stable order, and every sequence's next value. */
async function contents(database: Database) {
  const { rows: tables } = await database.pool.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const result = await database.pool.query(`select * from "${name}"`);
    rows[name] = result.rows.map((row) => JSON.stringify(row)).sort();
  }
  const { rows: sequences } = await database.pool.query(
    `select sequencename as name, coalesce(last_value, start_value) as next, last_value is null as fresh
       from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return { rows, sequences };
}

describe('a reused test database', () => {
  it('reads exactly as a fresh one after a test wrote to it and changed its session', async () => {
    const fresh = await openTestDatabase();
    const expected = await contents(fresh);
    // What a test leaves: rows in many tables, sequences moved on, a session setting.
    const [branch] = await fresh.db.insert(branches).values({ name: 'Used plant' }).returning();
    await fresh.db.insert(officers).values({
      branchId: branch!.id,
      roles: '1',
      name: 'Used',
      lastname: 'Officer',
      email: 'used@example.com',
      passwordHash: 'x',
    });
    await fresh.db.execute(sql`set timezone = 'America/New_York'`);
    await fresh.close();

    const reused = await openTestDatabase();
    try {
      // The same embedded server (its socket), not a new one.
      expect(reused.pool.options.host).toBe(fresh.pool.options.host);
      expect(await contents(reused)).toEqual(expected);
      const { rows } = await reused.pool.query<{ TimeZone: string }>('show timezone');
      expect(rows[0]!.TimeZone).not.toBe('America/New_York');
      // Ids start where a fresh database starts them.
      const [again] = await reused.db.insert(branches).values({ name: 'Next plant' }).returning();
      expect(again!.id).toBe(branch!.id);
    } finally {
      await reused.close();
    }
  });

  it('is not reused once a test changed its schema', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`drop table queue_reasons cascade`);
    await changed.close();

    const next = await openTestDatabase();
    try {
      const { rows } = await next.pool.query(
        `select to_regclass('public.queue_reasons') is not null as present`,
      );
      expect(rows[0]).toEqual({ present: true });
    } finally {
      await next.close();
    }
  });
});

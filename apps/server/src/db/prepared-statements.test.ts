import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServedDatabase } from '../test/test-database.ts';
import type { Database } from './database.ts';

/**
 * Statements are prepared on their connection (db/prepared-statements.ts). On the embedded
 * engine the pool's connections share one PGlite session, where a statement's name is the
 * session's: each connection's names carry its own prefix, those drizzle's prepared queries
 * give included, or the second connection to prepare a name is refused ("already exists").
 */
let served: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ served, close } = await openServedDatabase());
});
afterAll(() => close());

/** Eight calls at once: the pool opens as many connections as it may (four on the embedded engine). */
const atOnce = <T>(call: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: 8 }, (_, i) => call(i)));

describe('prepared statements on the pool', () => {
  it('run a drizzle query prepared under a name on every connection, each under its own', async () => {
    const doubled = served.db
      .select({ n: sql<number>`${sql.placeholder('n')}::int * 2` })
      .from(sql`(select 1) as one`)
      .prepare('doubled');
    const answers = await atOnce((i) => doubled.execute({ n: i }));
    expect(answers.map(([row]) => Number(row!.n))).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(served.pool.totalCount).toBeGreaterThan(1);
  });

  it('name each statement with parameters after its connection, on the embedded session', async () => {
    await atOnce((i) => served.db.execute(sql`select ${i}::int as i`));
    if (served.engine !== 'pglite') return;
    const names = (
      await served.db.execute<{ name: string }>(sql`select name from pg_prepared_statements`)
    ).rows.map((row) => row.name);
    expect(names.filter((name) => !/^tq\d+_/.test(name))).toEqual([]);
    const doubled = names.filter((name) => name.endsWith('_doubled'));
    expect(doubled.length).toBeGreaterThan(1);
    expect(new Set(doubled).size).toBe(doubled.length);
  });
});

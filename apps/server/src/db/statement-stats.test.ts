import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { collectStatementStats, type StatementStats } from './statement-stats.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-stats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the statement figures (DB_STATEMENT_STATS)', () => {
  it('counts each statement by its text and each checkout of a connection, and writes them to a file', async () => {
    const database = await openTestDatabase();
    try {
      const figures = collectStatementStats(database.pool);
      for (const n of [1, 2, 3]) await database.pool.query('select $1::int as n', [n]);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 as one`);
        await tx.execute(sql`select 2 as two`);
      });
      const file = path.join(dir, 'stats.json');
      figures.write(file);
      const written = JSON.parse(readFileSync(file, 'utf8')) as StatementStats;

      const select = written.statements.find((s) => s.text === 'select $1::int as n');
      expect(select).toMatchObject({ count: 3 });
      expect(select!.maxMs).toBeGreaterThan(0);
      expect(select!.totalMs).toBeGreaterThanOrEqual(select!.maxMs);
      // The transaction's own statements, its BEGIN and COMMIT included, in one checkout.
      const texts = written.statements.map((s) => s.text);
      expect(texts).toEqual(
        expect.arrayContaining(['select 1 as one', 'select 2 as two', 'begin', 'commit']),
      );
      expect(written.holds).toBe(4);
      expect(written.heldMs).toBeGreaterThanOrEqual(written.longestHoldMs);
      expect(written.wallMs).toBeGreaterThanOrEqual(written.heldMs);
      // Sorted by the time they took, the costliest first.
      const totals = written.statements.map((s) => s.totalMs);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    } finally {
      await database.close();
    }
  });
});

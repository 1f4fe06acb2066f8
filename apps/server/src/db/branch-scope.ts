import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Checks that every id names an active row of the branch in `table` (queue types, products,
 * stations): an admin can never link another branch's rows, whatever ids are sent.
 */
export async function assertBranchRows(
  db: Db,
  table: PgTable & { id: PgColumn; branchId: PgColumn; active: PgColumn },
  branchId: number,
  ids: number[],
  field: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.branchId, branchId), eq(table.active, true)));
  if (found.length !== unique.length) {
    throw new AppError('VALIDATION_FAILED', `Some ${field} do not exist in this branch.`, [
      { path: field, message: 'holds ids that are not in this branch' },
    ]);
  }
}

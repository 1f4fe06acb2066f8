import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** What the operations endpoints read of the database itself (not of the plant). */
export function createOperationsRepository(db: Db) {
  return {
    /**
     * When the last migration drizzle recorded was made (`created_at`, the journal's `when`, in
     * milliseconds), 0 when none is. Rejects when the database has no migrations table.
     */
    async lastMigrationMillis(): Promise<number> {
      const result = await db.execute<{ last: string | null }>(
        sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
      );
      return Number(result.rows[0]?.last ?? 0);
    },
  };
}

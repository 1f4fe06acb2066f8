import { isNull, sql } from 'drizzle-orm';
import { plateSearchKey } from '@truck-queue/shared/licence';
import type { Db } from './database.ts';
import { queues } from './schema.ts';

const BATCH = 2_000;

/**
 * Gives every ticket from before queues.plate_key (migration 0025) its plate key, the one
 * shared/licence.ts computes, so the one-active-ticket rule and plate searches see old tickets
 * too. Runs after the migrations on every start; once done it is one read that finds nothing.
 */
export async function fillPlateKeys(db: Db): Promise<void> {
  for (;;) {
    const rows = await db
      .select({ id: queues.id, licence: queues.truckLicense })
      .from(queues)
      .where(isNull(queues.plateKey))
      .limit(BATCH);
    if (rows.length === 0) return;
    const keys = sql.join(
      rows.map((row) => sql`(${row.id}::integer, ${plateSearchKey(row.licence)}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update queues set plate_key = k.key from (values ${keys}) as k(id, key) where queues.id = k.id`,
    );
    if (rows.length < BATCH) return;
  }
}

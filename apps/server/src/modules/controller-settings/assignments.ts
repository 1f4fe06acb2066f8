import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, queueTypes, stations } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

/** The branch's active queue types (or stations) for a checkbox dialog, marked when `chosen` holds them. */
export async function queueTypeChoices(db: Db, auth: AuthContext, chosen: Set<number>) {
  const rows = await db
    .select({ id: branchQueueTypes.id, prefix: branchQueueTypes.prefix, name: queueTypes.name })
    .from(branchQueueTypes)
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .where(and(eq(branchQueueTypes.branchId, auth.branchId), eq(branchQueueTypes.active, true)))
    .orderBy(asc(branchQueueTypes.prefix));
  return rows.map((r) => ({ id: r.id, name: `${r.prefix} · ${r.name}`, selected: chosen.has(r.id) }));
}

export async function stationChoices(db: Db, auth: AuthContext, chosen: Set<number>) {
  const rows = await db
    .select({ id: stations.id, name: stations.name })
    .from(stations)
    .where(and(eq(stations.branchId, auth.branchId), eq(stations.active, true)))
    .orderBy(asc(stations.name));
  return rows.map((r) => ({ ...r, selected: chosen.has(r.id) }));
}

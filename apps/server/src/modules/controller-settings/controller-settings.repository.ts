import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  branchQueueTypes,
  officerQueueTypes,
  officers,
  officerStations,
  queueTypes,
  stations,
} from '../../db/schema.ts';

/** A transaction's handle: the assignment replacements run in one the service opens. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The calling controller's assignments: which queue types each officer calls
 * (officer_queue_types) and to which stations (officer_stations).
 */
export function createControllerSettingsRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** The active queue types assigned to these officers, by prefix; one query for all of them. */
    queueTypeAssignmentsOf(officerIds: number[]) {
      return db
        .select({
          id: officerQueueTypes.id,
          officer: officerQueueTypes.officerId,
          branch_queue_type: officerQueueTypes.branchQueueTypeId,
          queue_type_name: queueTypes.name,
        })
        .from(officerQueueTypes)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, officerQueueTypes.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(inArray(officerQueueTypes.officerId, officerIds), eq(branchQueueTypes.active, true)))
        .orderBy(asc(branchQueueTypes.prefix));
    },

    /** The active stations assigned to these officers, by name; one query for all of them. */
    stationAssignmentsOf(officerIds: number[]) {
      return db
        .select({
          id: officerStations.id,
          officer: officerStations.officerId,
          station: stations.id,
          name: stations.name,
        })
        .from(officerStations)
        .innerJoin(stations, eq(stations.id, officerStations.stationId))
        .where(and(inArray(officerStations.officerId, officerIds), eq(stations.active, true)))
        .orderBy(asc(stations.name));
    },

    /** Ids of the queue types assigned to the officer, active or not. */
    async queueTypeIdsOfOfficer(officerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: officerQueueTypes.branchQueueTypeId })
        .from(officerQueueTypes)
        .where(eq(officerQueueTypes.officerId, officerId));
      return rows.map((r) => r.id);
    },

    /** Ids of the stations assigned to the officer, active or not. */
    async stationIdsOfOfficer(officerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: officerStations.stationId })
        .from(officerStations)
        .where(eq(officerStations.officerId, officerId));
      return rows.map((r) => r.id);
    },

    /** The officer calls exactly these queue types (ids without repeats). */
    async replaceOfficerQueueTypes(tx: Tx, officerId: number, branchQueueTypeIds: number[]): Promise<void> {
      await tx.delete(officerQueueTypes).where(eq(officerQueueTypes.officerId, officerId));
      if (branchQueueTypeIds.length) {
        await tx
          .insert(officerQueueTypes)
          .values(branchQueueTypeIds.map((branchQueueTypeId) => ({ officerId, branchQueueTypeId })));
      }
    },

    /** The officer sends trucks to exactly these stations (ids without repeats). */
    async replaceOfficerStations(tx: Tx, officerId: number, stationIds: number[]): Promise<void> {
      await tx.delete(officerStations).where(eq(officerStations.officerId, officerId));
      if (stationIds.length)
        await tx.insert(officerStations).values(stationIds.map((stationId) => ({ officerId, stationId })));
    },

    /** A queue-type assignment (its id) of an officer of the branch. */
    async findQueueTypeAssignment(branchId: number, id: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: officerQueueTypes.id })
        .from(officerQueueTypes)
        .innerJoin(officers, eq(officers.id, officerQueueTypes.officerId))
        .where(and(eq(officerQueueTypes.id, id), eq(officers.branchId, branchId)));
      return row ?? null;
    },

    async deleteQueueTypeAssignment(id: number): Promise<void> {
      await db.delete(officerQueueTypes).where(eq(officerQueueTypes.id, id));
    },

    /** A station assignment (its id) of an officer of the branch. */
    async findStationAssignment(branchId: number, id: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: officerStations.id })
        .from(officerStations)
        .innerJoin(officers, eq(officers.id, officerStations.officerId))
        .where(and(eq(officerStations.id, id), eq(officers.branchId, branchId)));
      return row ?? null;
    },

    async deleteStationAssignment(id: number): Promise<void> {
      await db.delete(officerStations).where(eq(officerStations.id, id));
    },
  };
}

export type ControllerSettingsRepository = ReturnType<typeof createControllerSettingsRepository>;

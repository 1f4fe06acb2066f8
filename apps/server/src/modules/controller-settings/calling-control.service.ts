import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CallingRow } from '@truck-queue/shared/contracts/controller.contract';
import { can } from '@truck-queue/shared/roles';
import type { Db } from '../../db/database.ts';
import {
  branchQueueTypes,
  officerQueueTypes,
  officers,
  officerStations,
  queueTypes,
  stations,
} from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { assertBranchRows } from '../../db/branch-scope.ts';
import { queueTypeChoices, stationChoices } from './assignments.ts';

/** Calling controller: which queue types each officer calls, and to which stations. */
export function createCallingControlService(db: Db) {
  async function officerOf(auth: AuthContext, officerId: number) {
    const [row] = await db
      .select({ id: officers.id })
      .from(officers)
      .where(
        and(eq(officers.id, officerId), eq(officers.branchId, auth.branchId), eq(officers.active, true)),
      );
    if (!row) throw notFound('The officer');
    return row;
  }

  return {
    /** Officers of the branch whose roles let them call, with their assignments. */
    async list(auth: AuthContext): Promise<CallingRow[]> {
      const people = (
        await db
          .select({
            id: officers.id,
            uuid: officers.uuid,
            name: officers.name,
            lastname: officers.lastname,
            email: officers.email,
            roles: officers.roles,
          })
          .from(officers)
          .where(and(eq(officers.branchId, auth.branchId), eq(officers.active, true)))
          .orderBy(asc(officers.name))
      ).filter((o) => can(o.roles, 'calling'));
      if (people.length === 0) return [];
      const ids = people.map((p) => p.id);
      const types = await db
        .select({
          id: officerQueueTypes.id,
          officer: officerQueueTypes.officerId,
          branch_queue_type: officerQueueTypes.branchQueueTypeId,
          queue_type_name: queueTypes.name,
        })
        .from(officerQueueTypes)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, officerQueueTypes.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(inArray(officerQueueTypes.officerId, ids), eq(branchQueueTypes.active, true)))
        .orderBy(asc(branchQueueTypes.prefix));
      const places = await db
        .select({
          id: officerStations.id,
          officer: officerStations.officerId,
          station: stations.id,
          name: stations.name,
        })
        .from(officerStations)
        .innerJoin(stations, eq(stations.id, officerStations.stationId))
        .where(and(inArray(officerStations.officerId, ids), eq(stations.active, true)))
        .orderBy(asc(stations.name));
      return people.map((p) => ({
        ...p,
        aQTCtrl: types
          .filter((t) => t.officer === p.id)
          .map(({ id, branch_queue_type, queue_type_name }) => ({ id, branch_queue_type, queue_type_name })),
        aStationCtrl: places.filter((s) => s.officer === p.id),
      }));
    },

    async queueTypeChoices(auth: AuthContext, officerId: number) {
      await officerOf(auth, officerId);
      const chosen = await db
        .select({ id: officerQueueTypes.branchQueueTypeId })
        .from(officerQueueTypes)
        .where(eq(officerQueueTypes.officerId, officerId));
      return queueTypeChoices(db, auth, new Set(chosen.map((c) => c.id)));
    },

    async stationChoices(auth: AuthContext, officerId: number) {
      await officerOf(auth, officerId);
      const chosen = await db
        .select({ id: officerStations.stationId })
        .from(officerStations)
        .where(eq(officerStations.officerId, officerId));
      return stationChoices(db, auth, new Set(chosen.map((c) => c.id)));
    },

    async setQueueTypes(auth: AuthContext, officerId: number, typeIds: number[]) {
      await officerOf(auth, officerId);
      await assertBranchRows(db, branchQueueTypes, auth.branchId, typeIds, 'branch_queue_type');
      const unique = [...new Set(typeIds)];
      await db.transaction(async (tx) => {
        await tx.delete(officerQueueTypes).where(eq(officerQueueTypes.officerId, officerId));
        if (unique.length) {
          await tx
            .insert(officerQueueTypes)
            .values(unique.map((branchQueueTypeId) => ({ officerId, branchQueueTypeId })));
        }
      });
    },

    async setStations(auth: AuthContext, officerId: number, stationIds: number[]) {
      await officerOf(auth, officerId);
      await assertBranchRows(db, stations, auth.branchId, stationIds, 'station');
      const unique = [...new Set(stationIds)];
      await db.transaction(async (tx) => {
        await tx.delete(officerStations).where(eq(officerStations.officerId, officerId));
        if (unique.length)
          await tx.insert(officerStations).values(unique.map((stationId) => ({ officerId, stationId })));
      });
    },

    /** Removes one queue-type assignment (its id), if it belongs to an officer of the branch. */
    async removeQueueType(auth: AuthContext, assignmentId: number) {
      const [row] = await db
        .select({ id: officerQueueTypes.id })
        .from(officerQueueTypes)
        .innerJoin(officers, eq(officers.id, officerQueueTypes.officerId))
        .where(and(eq(officerQueueTypes.id, assignmentId), eq(officers.branchId, auth.branchId)));
      if (!row) throw notFound('The assignment');
      await db.delete(officerQueueTypes).where(eq(officerQueueTypes.id, assignmentId));
    },

    async removeStation(auth: AuthContext, assignmentId: number) {
      const [row] = await db
        .select({ id: officerStations.id })
        .from(officerStations)
        .innerJoin(officers, eq(officers.id, officerStations.officerId))
        .where(and(eq(officerStations.id, assignmentId), eq(officers.branchId, auth.branchId)));
      if (!row) throw notFound('The assignment');
      await db.delete(officerStations).where(eq(officerStations.id, assignmentId));
    },
  };
}

export type CallingControlService = ReturnType<typeof createCallingControlService>;

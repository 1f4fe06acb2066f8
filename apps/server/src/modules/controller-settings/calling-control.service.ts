import type { CallingRow } from '@truck-queue/shared/contracts/controller.contract';
import { can } from '@truck-queue/shared/roles';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/app-error.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { OfficersRepository } from '../officers/officers.repository.ts';
import { queueTypeChoices, stationChoices } from './assignments.ts';
import { createControllerSettingsRepository } from './controller-settings.repository.ts';

/**
 * Calling controller: which queue types each officer calls, and to which stations. `changed`
 * hears of every edit (controller-settings.module.ts publishes referenceChanged: cached scopes
 * are dropped).
 */
export function createCallingControlService(deps: {
  db: Db;
  /** The branch's officers (the officers' rows). */
  officers: Pick<OfficersRepository, 'findActiveOfficer' | 'listActiveOfficers'>;
  /** The branch's queue types and stations (the catalog's rows). */
  catalog: CatalogRepository;
  changed?: (branchId: number) => void;
}) {
  const { db, officers, catalog, changed } = deps;
  const repo = createControllerSettingsRepository(db);

  async function officerOf(auth: AuthContext, officerId: number) {
    const row = await officers.findActiveOfficer(auth.branchId, { id: officerId });
    if (!row) throw notFound('The officer');
    return row;
  }

  return {
    /** Officers of the branch whose roles let them call, with their assignments. */
    async list(auth: AuthContext): Promise<CallingRow[]> {
      const people = (await officers.listActiveOfficers(auth.branchId, 'name')).filter((o) =>
        can(o.roles, 'calling'),
      );
      if (people.length === 0) return [];
      const ids = people.map((p) => p.id);
      const types = await repo.queueTypeAssignmentsOf(ids);
      const places = await repo.stationAssignmentsOf(ids);
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
      const chosen = await repo.queueTypeIdsOfOfficer(officerId);
      return queueTypeChoices(catalog, auth, new Set(chosen));
    },

    async stationChoices(auth: AuthContext, officerId: number) {
      await officerOf(auth, officerId);
      const chosen = await repo.stationIdsOfOfficer(officerId);
      return stationChoices(catalog, auth, new Set(chosen));
    },

    async setQueueTypes(auth: AuthContext, officerId: number, typeIds: number[]) {
      await officerOf(auth, officerId);
      await catalog.assertBranchQueueTypes(auth.branchId, typeIds);
      const unique = [...new Set(typeIds)];
      await repo.transaction((tx) => repo.replaceOfficerQueueTypes(tx, officerId, unique));
      changed?.(auth.branchId);
    },

    async setStations(auth: AuthContext, officerId: number, stationIds: number[]) {
      await officerOf(auth, officerId);
      await catalog.assertBranchStations(auth.branchId, stationIds);
      const unique = [...new Set(stationIds)];
      await repo.transaction((tx) => repo.replaceOfficerStations(tx, officerId, unique));
      changed?.(auth.branchId);
    },

    /** Removes one queue-type assignment (its id), if it belongs to an officer of the branch. */
    async removeQueueType(auth: AuthContext, assignmentId: number) {
      const row = await repo.findQueueTypeAssignment(auth.branchId, assignmentId);
      if (!row) throw notFound('The assignment');
      await repo.deleteQueueTypeAssignment(assignmentId);
      changed?.(auth.branchId);
    },

    async removeStation(auth: AuthContext, assignmentId: number) {
      const row = await repo.findStationAssignment(auth.branchId, assignmentId);
      if (!row) throw notFound('The assignment');
      await repo.deleteStationAssignment(assignmentId);
      changed?.(auth.branchId);
    },
  };
}

export type CallingControlService = ReturnType<typeof createCallingControlService>;

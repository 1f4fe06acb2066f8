import { isAdminRoles } from '@truck-queue/shared/roles';
import { stationTypeOfState, type StationType } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createQueueReadsRepository } from './queue-reads.repository.ts';

export interface ScopedQueueType {
  id: number;
  uuid: string;
  name: string;
  prefix: string;
  flowEngineId: number;
  flowEngineUuid: string;
}

export interface ScopedStation {
  id: number;
  name: string;
  flowEngineId: number;
  type: StationType;
}

/**
 * What an officer may call (the calling controller's aQTCtrl and aStationCtrl): the queue
 * types and stations assigned to them. Admins (roles 0 and 1) have all of their branch's.
 */
export function createCallingScope(db: Db) {
  const reads = createQueueReadsRepository(db);
  /** Whose assignments limit the officer: none for admins. */
  const assignedTo = (auth: AuthContext) => (isAdminRoles(auth.roles) ? null : auth.officerId);

  return {
    queueTypes(auth: AuthContext): Promise<ScopedQueueType[]> {
      return reads.queueTypesCalledBy(auth.branchId, assignedTo(auth));
    },

    /** Each station the officer may send trucks to, once per flow engine and type it serves. */
    async stations(auth: AuthContext): Promise<ScopedStation[]> {
      const rows = await reads.stationStatesCalledTo(auth.branchId, assignedTo(auth));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        flowEngineId: r.flowEngineId,
        type: stationTypeOfState(r.state)!,
      }));
    },
  };
}

export type CallingScope = ReturnType<typeof createCallingScope>;

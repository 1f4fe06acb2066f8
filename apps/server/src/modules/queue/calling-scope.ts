import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { isAdminRoles } from '@truck-queue/shared/roles';
import {
  STATION_STATES,
  stationTypeOfState,
  type StationType,
} from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import {
  branchQueueTypes,
  flowEngines,
  flowStates,
  officerQueueTypes,
  officerStations,
  queueTypes,
  stations,
  stationStates,
} from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

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
  return {
    async queueTypes(auth: AuthContext): Promise<ScopedQueueType[]> {
      const assigned = exists(
        db
          .select({ one: sql`1` })
          .from(officerQueueTypes)
          .where(
            and(
              eq(officerQueueTypes.officerId, auth.officerId),
              eq(officerQueueTypes.branchQueueTypeId, branchQueueTypes.id),
            ),
          ),
      );
      return db
        .select({
          id: branchQueueTypes.id,
          uuid: branchQueueTypes.uuid,
          name: queueTypes.name,
          prefix: branchQueueTypes.prefix,
          flowEngineId: queueTypes.flowEngineId,
          flowEngineUuid: flowEngines.uuid,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .innerJoin(flowEngines, eq(flowEngines.id, queueTypes.flowEngineId))
        .where(
          and(
            eq(branchQueueTypes.branchId, auth.branchId),
            eq(branchQueueTypes.active, true),
            isAdminRoles(auth.roles) ? undefined : assigned,
          ),
        )
        .orderBy(branchQueueTypes.prefix);
    },

    /** Each station the officer may send trucks to, once per flow engine and type it serves. */
    async stations(auth: AuthContext): Promise<ScopedStation[]> {
      const assigned = exists(
        db
          .select({ one: sql`1` })
          .from(officerStations)
          .where(
            and(eq(officerStations.officerId, auth.officerId), eq(officerStations.stationId, stations.id)),
          ),
      );
      const rows = await db
        .select({
          id: stations.id,
          name: stations.name,
          flowEngineId: flowStates.flowEngineId,
          state: flowStates.state,
        })
        .from(stations)
        .innerJoin(stationStates, eq(stationStates.stationId, stations.id))
        .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
        .where(
          and(
            eq(stations.branchId, auth.branchId),
            eq(stations.active, true),
            inArray(flowStates.state, STATION_STATES),
            isAdminRoles(auth.roles) ? undefined : assigned,
          ),
        )
        .orderBy(stations.name);
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

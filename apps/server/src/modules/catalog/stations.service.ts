import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { StationRow } from '@truck-queue/shared/contracts/catalog.contract';
import type { Db } from '../../db/database.ts';
import { flowEngines, flowStates, stations, stationStates } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';

/** Stations of the branch and the flow states each handles (C: trucks are called there; RC: rechecked). */
export function createStationsService(db: Db) {
  const active = (auth: AuthContext) => and(eq(stations.branchId, auth.branchId), eq(stations.active, true));

  async function list(auth: AuthContext, only?: number): Promise<StationRow[]> {
    const rows = await db
      .select({ id: stations.id, uuid: stations.uuid, name: stations.name })
      .from(stations)
      .where(and(active(auth), only ? eq(stations.id, only) : undefined))
      .orderBy(asc(stations.name));
    const states =
      rows.length === 0
        ? []
        : await db
            .select({
              sus_id: stationStates.id,
              sus_station: stationStates.stationId,
              sus_flow_state: stationStates.flowStateId,
              fe_name: flowEngines.name,
              fs_state_name: flowStates.stateName,
              fs_state_detail: flowStates.stateDetail,
            })
            .from(stationStates)
            .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
            .innerJoin(flowEngines, eq(flowEngines.id, flowStates.flowEngineId))
            .where(
              inArray(
                stationStates.stationId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(flowStates.flowEngineId), asc(flowStates.id));
    return rows.map((r) => ({ ...r, aState: states.filter((s) => s.sus_station === r.id) }));
  }

  async function find(auth: AuthContext, where: { id?: number; uuid?: string }) {
    const [row] = await db
      .select({ id: stations.id })
      .from(stations)
      .where(
        and(
          active(auth),
          where.id ? eq(stations.id, where.id) : undefined,
          where.uuid ? eq(stations.uuid, where.uuid) : undefined,
        ),
      );
    if (!row) throw notFound('The station');
    return row;
  }

  async function assertNameFree(auth: AuthContext, name: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: stations.id })
      .from(stations)
      .where(and(active(auth), eq(stations.name, name), exceptId ? ne(stations.id, exceptId) : undefined));
    if (taken) throw conflict(`A station named ${name} already exists.`, 'NAME_TAKEN');
  }

  return {
    list: (auth: AuthContext) => list(auth),

    async create(auth: AuthContext, name: string) {
      await assertNameFree(auth, name);
      const [row] = await db
        .insert(stations)
        .values({ branchId: auth.branchId, name })
        .returning({ id: stations.id });
      return (await list(auth, row!.id))[0]!;
    },

    async update(auth: AuthContext, uuid: string, name: string) {
      const current = await find(auth, { uuid });
      await assertNameFree(auth, name, current.id);
      await db.update(stations).set({ name }).where(eq(stations.id, current.id));
      return (await list(auth, current.id))[0]!;
    },

    /** Every flow state, marked when the station handles it. */
    async states(auth: AuthContext, stationId: number) {
      await find(auth, { id: stationId });
      const handled = new Set(
        (
          await db
            .select({ id: stationStates.flowStateId })
            .from(stationStates)
            .where(eq(stationStates.stationId, stationId))
        ).map((s) => s.id),
      );
      const all = await db
        .select({
          id: flowStates.id,
          fe_id: flowEngines.id,
          fe_name: flowEngines.name,
          state: flowStates.state,
          state_name: flowStates.stateName,
          state_detail: flowStates.stateDetail,
        })
        .from(flowStates)
        .innerJoin(flowEngines, eq(flowEngines.id, flowStates.flowEngineId))
        .orderBy(asc(flowEngines.id), asc(flowStates.id));
      return all.map((s) => ({ ...s, selected: handled.has(s.id) }));
    },

    async assignStates(auth: AuthContext, stationId: number, flowStateIds: number[]) {
      await find(auth, { id: stationId });
      const unique = [...new Set(flowStateIds)];
      if (unique.length) {
        const known = await db
          .select({ id: flowStates.id })
          .from(flowStates)
          .where(inArray(flowStates.id, unique));
        if (known.length !== unique.length) {
          throw new AppError('VALIDATION_FAILED', 'Some flow states do not exist.', [
            { path: 'flow_state', message: 'holds unknown ids' },
          ]);
        }
      }
      await db.transaction(async (tx) => {
        await tx.delete(stationStates).where(eq(stationStates.stationId, stationId));
        if (unique.length)
          await tx.insert(stationStates).values(unique.map((flowStateId) => ({ stationId, flowStateId })));
      });
    },

    /** Removes one state from a station (the link's id, sus_id). */
    async removeState(auth: AuthContext, linkId: number) {
      const [link] = await db
        .select({ id: stationStates.id })
        .from(stationStates)
        .innerJoin(stations, eq(stations.id, stationStates.stationId))
        .where(and(eq(stationStates.id, linkId), active(auth)));
      if (!link) throw notFound('The station state');
      await db.delete(stationStates).where(eq(stationStates.id, linkId));
    },
  };
}

export type StationsService = ReturnType<typeof createStationsService>;

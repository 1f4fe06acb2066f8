import type { StationRow } from '@truck-queue/shared/contracts/catalog.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { createCatalogRepository, type Tx } from './catalog.repository.ts';

/**
 * Stations of the branch and the flow states each handles (C: trucks are called there; RC:
 * rechecked), and which are weighbridges (scales are paired with those). `named` hears of a new or renamed station (its voice clip), `changed` of every edit
 * (catalog.module.ts publishes referenceChanged: cached scopes are dropped).
 */
export function createStationsService(
  db: Db,
  hooks: { named?: (branchId: number) => void; changed?: (branchId: number) => void } = {},
) {
  const repo = createCatalogRepository(db);

  async function list(auth: AuthContext, only?: number): Promise<StationRow[]> {
    const rows = await repo.listActiveStations(auth.branchId, only);
    const states = rows.length === 0 ? [] : await repo.statesOfStations(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, aState: states.filter((s) => s.sus_station === r.id) }));
  }

  async function find(auth: AuthContext, where: { id?: number; uuid?: string }) {
    const row = await repo.findActiveStation(auth.branchId, where);
    if (!row) throw notFound('The station');
    return row;
  }

  async function assertNameFree(auth: AuthContext, name: string, exceptId: number | undefined, tx: Tx) {
    const taken = await repo.findStationNamed(auth.branchId, name, exceptId, tx);
    if (taken) throw conflict(`A station named ${name} already exists.`, 'NAME_TAKEN');
  }

  return {
    list: (auth: AuthContext) => list(auth),

    async create(auth: AuthContext, name: string, weighbridge = false) {
      const id = await repo.withNameLock(auth.branchId, 'station', async (tx) => {
        await assertNameFree(auth, name, undefined, tx);
        return repo.insertStation(auth.branchId, name, weighbridge, tx);
      });
      hooks.changed?.(auth.branchId);
      hooks.named?.(auth.branchId);
      return (await list(auth, id))[0]!;
    },

    /** Renames a station; `weighbridge` (when given) marks it a weighbridge or not. */
    async update(auth: AuthContext, uuid: string, name: string, weighbridge?: boolean) {
      const current = await find(auth, { uuid });
      await repo.withNameLock(auth.branchId, 'station', async (tx) => {
        await assertNameFree(auth, name, current.id, tx);
        await repo.renameStation(current.id, name, weighbridge, tx);
      });
      hooks.changed?.(auth.branchId);
      hooks.named?.(auth.branchId);
      return (await list(auth, current.id))[0]!;
    },

    /** Every flow state, marked when the station handles it. */
    async states(auth: AuthContext, stationId: number) {
      await find(auth, { id: stationId });
      const handled = new Set(await repo.flowStateIdsOfStation(stationId));
      const all = await repo.listFlowStates();
      return all.map((s) => ({ ...s, selected: handled.has(s.id) }));
    },

    async assignStates(auth: AuthContext, stationId: number, flowStateIds: number[]) {
      await find(auth, { id: stationId });
      const unique = [...new Set(flowStateIds)];
      if (unique.length && (await repo.countFlowStates(unique)) !== unique.length) {
        throw new AppError('VALIDATION_FAILED', 'Some flow states do not exist.', [
          { path: 'flow_state', message: 'holds unknown ids' },
        ]);
      }
      await repo.transaction((tx) => repo.replaceStationStates(tx, stationId, unique));
      hooks.changed?.(auth.branchId);
    },

    /** Removes one state from a station (the link's id, sus_id). */
    async removeState(auth: AuthContext, linkId: number) {
      const link = await repo.findStationState(auth.branchId, linkId);
      if (!link) throw notFound('The station state');
      await repo.deleteStationState(linkId);
      hooks.changed?.(auth.branchId);
    },
  };
}

export type StationsService = ReturnType<typeof createStationsService>;

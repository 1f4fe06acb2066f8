import { eq } from 'drizzle-orm';
import { parseManualWeightRoles, type ManualWeightRole } from '@truck-queue/shared/queue/weighing';
import type { Db } from '../../db/database.ts';
import { branches } from '../../db/schema.ts';
import { createBranchMemo } from '../../lib/branch-memo.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';

/**
 * Which roles besides admins a branch allows to type a weight by hand (the Weighbridge
 * controller's setting; shared/queue/weighing.ts decides with it).
 */
export function createManualWeights(db: Db, events: EventHub, clock: Clock) {
  // Read at every weighing: held per branch, dropped when an admin saves it (on every instance).
  const held = createBranchMemo<ManualWeightRole[]>({ clock, maxAgeMs: 60_000, maxKeys: 1 });
  events.subscribe('referenceChanged', ({ branchId }) => held.drop(branchId));
  return {
    roles(branchId: number): Promise<ManualWeightRole[]> {
      return held.get(branchId, 'roles', async () => {
        const [row] = await db
          .select({ roles: branches.manualWeightRoles })
          .from(branches)
          .where(eq(branches.id, branchId));
        return parseManualWeightRoles(row?.roles);
      });
    },

    async save(branchId: number, roles: readonly ManualWeightRole[]): Promise<ManualWeightRole[]> {
      const kept = parseManualWeightRoles(roles.join(','));
      await db
        .update(branches)
        .set({ manualWeightRoles: kept.join(',') })
        .where(eq(branches.id, branchId));
      events.publish('referenceChanged', { branchId });
      // The branch's weighing pages read again whether their officer may type.
      events.publish('branchChanged', { branchId });
      return kept;
    },
  };
}

export type ManualWeights = ReturnType<typeof createManualWeights>;

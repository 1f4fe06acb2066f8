import { eq } from 'drizzle-orm';
import { parseManualWeightRoles, type ManualWeightRole } from '@truck-queue/shared/queue/weighing';
import type { Db } from '../../db/database.ts';
import { branches } from '../../db/schema.ts';
import type { EventHub } from '../../lib/event-hub.ts';

/**
 * Which roles besides admins a branch allows to type a weight by hand (the Weighbridge
 * controller's setting; shared/queue/weighing.ts decides with it).
 */
export function createManualWeights(db: Db, events?: EventHub) {
  return {
    async roles(branchId: number): Promise<ManualWeightRole[]> {
      const [row] = await db
        .select({ roles: branches.manualWeightRoles })
        .from(branches)
        .where(eq(branches.id, branchId));
      return parseManualWeightRoles(row?.roles);
    },

    async save(branchId: number, roles: readonly ManualWeightRole[]): Promise<ManualWeightRole[]> {
      const kept = parseManualWeightRoles(roles.join(','));
      await db
        .update(branches)
        .set({ manualWeightRoles: kept.join(',') })
        .where(eq(branches.id, branchId));
      // The branch's weighing pages read again whether their officer may type.
      events?.publish('branchChanged', { branchId });
      return kept;
    },
  };
}

export type ManualWeights = ReturnType<typeof createManualWeights>;

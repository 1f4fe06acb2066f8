import { eq } from 'drizzle-orm';
import type { WeighingRules } from '@truck-queue/shared/contracts/weighing-rules.contract';
import { grossLimits, type WeightLimits } from '@truck-queue/shared/queue/weight-checks';
import type { Db } from '../../db/database.ts';
import { branches, products, queues } from '../../db/schema.ts';
import { createBranchMemo } from '../../lib/branch-memo.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { Executor } from './queue.repository.ts';

/** The weighing rules' settings as the service uses them (the contract's words on the wire). */
export interface WeighingSettings {
  storedTareAllowed: boolean;
  storedTareDays: number;
  grossLimits: WeighingRules['gross_limits'];
}

const kgOf = (text: string | null) => (text === null ? null : Number(text));

/**
 * A branch's weighing rules (issue 42, part 5): whether trucks may finish on a stored tare and
 * for how long one stays valid, and the legal gross per vehicle class; and what a truck's
 * weights are checked against (its product's range, its vehicle class's legal gross).
 */
export function createWeighingRules(db: Db, events: EventHub, clock: Clock) {
  // Read at every weighing: held per branch, dropped when an admin saves it (on every instance).
  const held = createBranchMemo<WeighingSettings>({ clock, maxAgeMs: 60_000, maxKeys: 1 });
  events.subscribe('referenceChanged', ({ branchId }) => held.drop(branchId));

  function settings(branchId: number): Promise<WeighingSettings> {
    return held.get(branchId, 'rules', async () => {
      const [row] = await db
        .select({
          allowed: branches.storedTareAllowed,
          days: branches.storedTareDays,
          limits: branches.grossLimits,
        })
        .from(branches)
        .where(eq(branches.id, branchId));
      return {
        storedTareAllowed: row?.allowed ?? false,
        storedTareDays: row?.days ?? 30,
        grossLimits: grossLimits(row?.limits),
      };
    });
  }

  return {
    settings,

    async save(branchId: number, rules: WeighingSettings): Promise<WeighingSettings> {
      await db
        .update(branches)
        .set({
          storedTareAllowed: rules.storedTareAllowed,
          storedTareDays: rules.storedTareDays,
          grossLimits: rules.grossLimits,
        })
        .where(eq(branches.id, branchId));
      events.publish('referenceChanged', { branchId });
      return rules;
    },

    /**
     * What a ticket's weights are checked against: its product's range (read as it is now, so an
     * admin's change applies to the next weighing) and its vehicle class's legal gross at the
     * branch. A ticket without a product, or a product without limits, is checked against nothing.
     */
    async limitsOf(executor: Executor, branchId: number, queueId: number): Promise<WeightLimits> {
      const [row] = await executor
        .select({
          minNetKg: products.minNetKg,
          maxNetKg: products.maxNetKg,
          minGrossKg: products.minGrossKg,
          maxGrossKg: products.maxGrossKg,
          vehicleClass: products.vehicleClass,
        })
        .from(queues)
        .innerJoin(products, eq(products.id, queues.productId))
        .where(eq(queues.id, queueId));
      if (!row)
        return { minNetKg: null, maxNetKg: null, minGrossKg: null, maxGrossKg: null, legalGrossKg: null };
      const { grossLimits: legal } = await settings(branchId);
      return {
        minNetKg: kgOf(row.minNetKg),
        maxNetKg: kgOf(row.maxNetKg),
        minGrossKg: kgOf(row.minGrossKg),
        maxGrossKg: kgOf(row.maxGrossKg),
        legalGrossKg: row.vehicleClass ? legal[row.vehicleClass] : null,
      };
    },
  };
}

export type WeighingRulesService = ReturnType<typeof createWeighingRules>;

import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { receivingSlip, type Slip } from '@truck-queue/shared/queue/slip';
import { parseWeightWarnings } from '@truck-queue/shared/queue/weight-checks';
import type { LabOf } from '../lab/lab.service.ts';
import type { QueueView } from './queue.repository.ts';
import { kg } from './queue.views.ts';

/** The slip's sums from the stored weights (numeric text) and the truck's lab values; null until weighed in and out. */
export function slipOf(weighInKg: string | null, weighOutKg: string | null, lab: LabOf): Slip | null {
  return receivingSlip(
    kg(weighInKg),
    kg(weighOutKg),
    lab.values.map((v) => ({
      name: v.name,
      value: v.value,
      decimals: v.decimals,
      deductAbove: v.deduct_above,
    })),
  );
}

/**
 * A truck's receiving slip as the driver's page and the printed slip show it: null until it is
 * weighed in and out. `at` writes an instant on the site's clock in the branch's calendar.
 */
export function toSlip(q: QueueView, lab: LabOf, at: (instant: Date) => string): SlipWire | null {
  const slip = slipOf(q.weighInKg, q.weighOutKg, lab);
  if (!slip || !q.weighInAt || !q.weighOutAt || !q.weighInSource || !q.weighOutSource) return null;
  return {
    weigh_in: {
      kg: kg(q.weighInKg)!,
      at: at(q.weighInAt),
      source: q.weighInSource,
      scale: q.weighInScale,
      reason: q.weighInReason,
    },
    weigh_out: {
      kg: kg(q.weighOutKg)!,
      at: at(q.weighOutAt),
      source: q.weighOutSource,
      scale: q.weighOutScale,
      reason: q.weighOutReason,
    },
    gross_kg: slip.gross,
    tare_kg: slip.tare,
    net_kg: slip.net,
    lab_values: lab.values,
    deductions: slip.deductions,
    deducted_kg: slip.deducted,
    paid_kg: slip.paid,
    stored_tare_at: q.weighOutTareAt ? at(q.weighOutTareAt) : null,
    weight_warnings: parseWeightWarnings(q.weightWarnings),
  };
}

import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { receivingSlip } from '@truck-queue/shared/queue/slip';
import type { LabOf } from '../lab/lab.service.ts';
import type { QueueView } from './queue.repository.ts';
import { kg } from './queue.views.ts';

/**
 * A truck's receiving slip as the driver's page and the printed slip show it: null until it is
 * weighed in and out. `at` writes an instant on the site's clock in the branch's calendar.
 */
export function toSlip(q: QueueView, lab: LabOf, at: (instant: Date) => string): SlipWire | null {
  const slip = receivingSlip(
    kg(q.weighInKg),
    kg(q.weighOutKg),
    lab.values.map((v) => ({
      name: v.name,
      value: v.value,
      decimals: v.decimals,
      deductAbove: v.deduct_above,
    })),
  );
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
  };
}

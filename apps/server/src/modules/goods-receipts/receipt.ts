import type { GoodsReceiptBody } from '@truck-queue/shared/contracts/goods-receipt.contract';
import { plantDayOf } from '@truck-queue/shared/plant-day';
import type { LabOf } from '../lab/lab.service.ts';
import { slipOf } from '../queue/slip.view.ts';
import type { GoodsReceiptsRepository } from './goods-receipts.repository.ts';

export type ReceiptTicket = Awaited<ReturnType<GoodsReceiptsRepository['tickets']>>[number];

/**
 * Whether a ticket owes a goods receipt: weighed in and out, and finished or let out through the
 * gate, neither rejected nor voided (a rejected load goes back as it came). A receipt already made
 * of a ticket voided since is cancelled by a new version instead.
 */
export function owesReceipt(q: ReceiptTicket): boolean {
  if (q.weighInKg === null || q.weighOutKg === null || q.weighInAt === null || q.weighOutAt === null)
    return false;
  if (q.voidedAt !== null || q.rejectedAt !== null) return false;
  return q.finishedAt !== null || q.exitAt !== null;
}

/**
 * What the ticket's receipt says now: the slip's gross, tare, net, deductions and paid weight
 * (slip.view.ts slipOf, the one computation the printed slip and the reports use), its lab
 * values, and the ERP's codes. Null when it cannot have one (not weighed in and out).
 */
export function receiptBody(
  q: ReceiptTicket,
  lab: LabOf,
  version: { version: number; corrects: number | null; cancelled: boolean },
  siteTimeZone: string,
): GoodsReceiptBody | null {
  const slip = slipOf(q.weighInKg, q.weighOutKg, lab);
  if (!slip || !q.weighInAt || !q.weighOutAt) return null;
  return {
    ...version,
    day: plantDayOf(q.weighOutAt, siteTimeZone, q.dayStartMinutes),
    branch: { uuid: q.branchUuid, name: q.branchName },
    plant_code: q.plantCode,
    movement_type: q.movementType,
    ticket: { uuid: q.uuid, queue_number: q.queueNumber },
    plate: q.plate,
    product: q.productName === null ? null : { name: q.productName, erp_code: q.productErpCode },
    supplier:
      q.supplierCode === null || q.supplierName === null
        ? null
        : {
            code: q.supplierCode,
            name: q.supplierName,
            erp_code: q.supplierErpCode ?? q.supplierCode,
            season: q.season,
          },
    booking_code: q.bookingCode,
    gross_kg: slip.gross,
    tare_kg: slip.tare,
    net_kg: slip.net,
    deductions: slip.deductions.map((d) => ({ name: d.name, percent: d.percent, kg: d.kg })),
    deducted_kg: slip.deducted,
    paid_kg: slip.paid,
    lab_values: lab.values.map((v) => ({ name: v.name, unit: v.unit, value: v.value })),
    weigh_in_at: q.weighInAt.toISOString(),
    weigh_out_at: q.weighOutAt.toISOString(),
  };
}

/**
 * What a correction must change for a new version: the load, its figures and who delivered it.
 * The ERP codes, plant code and movement type are the settings of the moment the receipt was
 * made, so an admin's later mapping does not re-send a day's receipts; nor does the order of a
 * jsonb object's keys.
 */
export function sameReceipt(a: GoodsReceiptBody, b: GoodsReceiptBody): boolean {
  const said = (r: GoodsReceiptBody) =>
    JSON.stringify([
      r.cancelled,
      r.day,
      r.plate,
      r.product?.name ?? null,
      r.supplier === null ? null : [r.supplier.code, r.supplier.name, r.supplier.season],
      r.booking_code,
      r.gross_kg,
      r.tare_kg,
      r.net_kg,
      r.deductions.map((d) => [d.name, d.percent, d.kg]),
      r.deducted_kg,
      r.paid_kg,
      r.lab_values.map((v) => [v.name, v.unit, v.value]),
      r.weigh_in_at,
      r.weigh_out_at,
    ]);
  return said(a) === said(b);
}

import { REPORT_EXPORT_MAX_ROWS, type SummaryRow } from '@truck-queue/shared/contracts/report.contract';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { secondsBetween } from './in-out.service.ts';
import { createReportsRepository, type ReportPeriod, type SummaryQuery } from './reports.repository.ts';
import { kg } from '../queue/queue.views.ts';
import { slipOf } from '../queue/slip.view.ts';
import { NO_LAB, type LabOf, type LabService } from '../lab/lab.service.ts';
import { receiptTotals } from './receipt-totals.ts';

type SummaryRecord = Awaited<ReturnType<ReturnType<typeof createReportsRepository>['summaryRows']>>[number];

function toRow(r: SummaryRecord, lab: LabOf): SummaryRow {
  const slip = slipOf(r.weighInKg, r.weighOutKg, lab);
  return {
    uuid: r.uuid,
    queue_number: r.queueNumber,
    created: r.created.toISOString(),
    license_no: r.license,
    product_name: r.productName,
    supplier_code: r.supplierCode,
    supplier_name: r.supplierName,
    incoming_weight: kg(r.weighInKg),
    output_weight: kg(r.weighOutKg),
    net_weight: slip?.net ?? null,
    deducted_weight: slip?.deducted ?? null,
    paid_weight: slip?.paid ?? null,
    document_pick_up: r.labStart?.toISOString() ?? null,
    time_works: r.labFinish?.toISOString() ?? null,
    weigh_in: r.weighInAt?.toISOString() ?? null,
    weigh_out: r.weighOutAt?.toISOString() ?? null,
    weigh_in_source: r.weighInSource,
    weigh_out_source: r.weighOutSource,
    weigh_in_reason: r.weighInReason,
    weigh_out_reason: r.weighOutReason,
    weigh_in_scale: r.weighInScale,
    weigh_out_scale: r.weighOutScale,
    total_time: secondsBetween(r.created, r.exitAt),
    time_wait: secondsBetween(r.created, r.calledAt),
  };
}

/**
 * The summary report (SPEC.md section 2): the period's tickets with weights, the receiving
 * slip's net, deductions and paid weight, lab and weighing times, total time and waiting time;
 * filtered, sorted and paged on the server; and the period's totals per day and product.
 */
export function createSummaryService(db: Db, lab: Pick<LabService, 'resultsOf'>) {
  const repo = createReportsRepository(db);

  /** The rows with their slips: the lab values of the weighed ones, read in one go. */
  async function withSlips(found: SummaryRecord[]): Promise<SummaryRow[]> {
    const weighed = found.filter((r) => r.weighInKg !== null && r.weighOutKg !== null).map((r) => r.id);
    const labs = await lab.resultsOf(db, weighed);
    return found.map((r) => toRow(r, labs.get(r.id) ?? NO_LAB));
  }

  return {
    async page(
      auth: Pick<AuthContext, 'branchId'>,
      query: SummaryQuery,
    ): Promise<{ rows: SummaryRow[]; total: number }> {
      const found = await repo.summaryRows(auth.branchId, query);
      // A page past the end has no row to carry the count: count on its own.
      const total =
        found[0]?.matching ?? (query.page > 1 ? await repo.countSummaryRows(auth.branchId, query) : 0);
      return { total, rows: await withSlips(found) };
    },

    /** Every matching row in the order asked, for an export: at most `limit`, and how many match in all. */
    async rows(
      auth: AuthContext,
      filter: Omit<SummaryQuery, 'page' | 'pageSize'>,
      limit: number,
    ): Promise<{ rows: SummaryRow[]; total: number }> {
      const found = await repo.summaryRows(auth.branchId, { ...filter, page: 1, pageSize: limit });
      return { total: found[0]?.matching ?? 0, rows: await withSlips(found) };
    },

    /**
     * The totals of every ticket the filter matches: per plant day and product, per day, for the
     * period; refused above REPORT_EXPORT_MAX_ROWS tickets (a file's worth) like an export.
     */
    async totals(auth: AuthContext, period: ReportPeriod) {
      const tickets = await repo.summaryTickets(auth.branchId, period, REPORT_EXPORT_MAX_ROWS + 1);
      if (tickets.length > REPORT_EXPORT_MAX_ROWS)
        throw new AppError(
          'VALIDATION_FAILED',
          `The period holds more than ${REPORT_EXPORT_MAX_ROWS} tickets to total. Choose a shorter period.`,
          [{ path: 'find_finish', message: 'too many tickets to total' }],
        );
      const weighed = tickets.filter((r) => r.weighInKg !== null && r.weighOutKg !== null).map((r) => r.id);
      const labs = await lab.resultsOf(db, weighed);
      return receiptTotals(
        tickets.map((r) => ({
          day: r.day,
          productName: r.productName,
          slip: slipOf(r.weighInKg, r.weighOutKg, labs.get(r.id) ?? NO_LAB),
        })),
      );
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;

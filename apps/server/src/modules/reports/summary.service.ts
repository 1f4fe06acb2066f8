import type { SummaryRow } from '@truck-queue/shared/contracts/report.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { secondsBetween } from './in-out.service.ts';
import { createReportsRepository, type SummaryQuery } from './reports.repository.ts';
import { kg } from '../queue/queue.views.ts';

type SummaryRecord = Awaited<ReturnType<ReturnType<typeof createReportsRepository>['summaryRows']>>[number];

function toRow(r: SummaryRecord): SummaryRow {
  return {
    uuid: r.uuid,
    queue_number: r.queueNumber,
    created: r.created.toISOString(),
    license_no: r.license,
    incoming_weight: kg(r.weighInKg),
    output_weight: kg(r.weighOutKg),
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
 * The summary report (SPEC.md section 2): the period's tickets with weights, lab and weighing
 * times, total time and waiting time; filtered, sorted and paged on the server.
 */
export function createSummaryService(db: Db) {
  const repo = createReportsRepository(db);
  return {
    async page(auth: AuthContext, query: SummaryQuery): Promise<{ rows: SummaryRow[]; total: number }> {
      const found = await repo.summaryRows(auth.branchId, query);
      // A page past the end has no row to carry the count: count on its own.
      const total =
        found[0]?.matching ?? (query.page > 1 ? await repo.countSummaryRows(auth.branchId, query) : 0);
      return { total, rows: found.map(toRow) };
    },

    /** Every matching row in the order asked, for an export: at most `limit`, and how many match in all. */
    async rows(
      auth: AuthContext,
      filter: Omit<SummaryQuery, 'page' | 'pageSize'>,
      limit: number,
    ): Promise<{ rows: SummaryRow[]; total: number }> {
      const found = await repo.summaryRows(auth.branchId, { ...filter, page: 1, pageSize: limit });
      return { total: found[0]?.matching ?? 0, rows: found.map(toRow) };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;

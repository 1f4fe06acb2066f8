import { and, asc, between, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SummaryRow, SummarySortField } from '@truck-queue/shared/contracts/report.contract';
import { VOIDED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { queues } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { containing, secondsBetween } from './in-out.service.ts';

export interface SummaryQuery {
  start: string;
  finish: string;
  license: string;
  page: number;
  pageSize: number;
  sortField: SummarySortField;
  sortOrder: 'ascend' | 'descend';
}

/** What each sortable column sorts by; durations by their interval, unknown ones last either way. */
const SORT: Record<SummarySortField, AnyPgColumn | SQL> = {
  created: queues.created,
  license_no: queues.truckLicense,
  incoming_weight: queues.weighInKg,
  output_weight: queues.weighOutKg,
  document_pick_up: queues.labStart,
  time_works: queues.labFinish,
  weigh_in: queues.weighInAt,
  weigh_out: queues.weighOutAt,
  total_time: sql`(${queues.exitAt} - ${queues.created})`,
  time_wait: sql`(${queues.calledAt} - ${queues.created})`,
};

const kg = (value: string | null) => (value === null ? null : Number(value));

/**
 * The summary report (SPEC.md section 2): the period's tickets with weights, lab and weighing
 * times, total time and waiting time; filtered, sorted and paged on the server.
 */
export function createSummaryService(db: Db) {
  return {
    async page(auth: AuthContext, query: SummaryQuery): Promise<{ rows: SummaryRow[]; total: number }> {
      const key = SORT[query.sortField];
      const direction = query.sortOrder === 'ascend' ? asc : desc;
      const where = and(
        eq(queues.branchId, auth.branchId),
        between(queues.queueDate, query.start, query.finish),
        // Voided tickets leave every list (the dashboard and the in/out report count them apart).
        ne(queues.state, VOIDED_STATE),
        query.license ? ilike(queues.truckLicense, containing(query.license)) : undefined,
      );
      const found = await db
        .select({
          uuid: queues.uuid,
          queueNumber: queues.queueNumber,
          created: queues.created,
          license: queues.truckLicense,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
          labStart: queues.labStart,
          labFinish: queues.labFinish,
          weighInAt: queues.weighInAt,
          weighOutAt: queues.weighOutAt,
          calledAt: queues.calledAt,
          exitAt: queues.exitAt,
          matching: sql<number>`(count(*) over ())::int`,
        })
        .from(queues)
        .where(where)
        .orderBy(sql`${direction(key)} nulls last`, direction(queues.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      // A page past the end has no row to carry the count: count on its own.
      const total =
        found[0]?.matching ??
        (query.page > 1 ? ((await db.select({ n: count() }).from(queues).where(where))[0]?.n ?? 0) : 0);
      return {
        total,
        rows: found.map((r) => ({
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
          total_time: secondsBetween(r.created, r.exitAt),
          time_wait: secondsBetween(r.created, r.calledAt),
        })),
      };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;

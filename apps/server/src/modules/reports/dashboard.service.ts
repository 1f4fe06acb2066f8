import { and, asc, between, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, queueDailyStats as s, queueTypes } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

/** Σ seconds / Σ queues of a stage, whole seconds; null when no queue went through it. */
function average(seconds: number, count: number): number | null {
  return count > 0 ? Math.round(seconds / count) : null;
}

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;
const stage = (seconds: AnyPgColumn, count: AnyPgColumn) => ({
  seconds: total(seconds),
  count: total(count),
});

/**
 * The dashboard (SPEC.md sections 2–4) from the daily roll-up (`queue_daily_stats`, kept by a
 * trigger on queues): a year is a few hundred rows per queue type, whatever the traffic.
 * Periods are site days of issue, both ends included.
 */
export function createDashboardService(db: Db) {
  return {
    async periodByQueueType(auth: AuthContext, start: string, finish: string) {
      const inPeriod: SQL = and(
        eq(s.branchQueueTypeId, branchQueueTypes.id),
        between(s.queueDate, start, finish),
      )!;
      const rows = await db
        .select({
          name: queueTypes.name,
          engine: queueTypes.flowEngineId,
          total: total(s.total),
          exited: total(s.exited),
          voided: total(s.voided),
          noShow: total(s.noShow),
          inFactory: stage(s.inFactorySeconds, s.inFactoryCount),
          qsToC: stage(s.qsToCSeconds, s.qsToCCount),
          cToF: stage(s.cToFSeconds, s.cToFCount),
          fToExit: stage(s.fToExitSeconds, s.fToExitCount),
          qsToLs: stage(s.qsToLsSeconds, s.qsToLsCount),
          lsToLf: stage(s.lsToLfSeconds, s.lsToLfCount),
          lfToC: stage(s.lfToCSeconds, s.lfToCCount),
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .leftJoin(s, inPeriod)
        // Every active type (a zero is news too), and retired ones that still have queues here.
        .where(
          and(
            eq(branchQueueTypes.branchId, auth.branchId),
            or(eq(branchQueueTypes.active, true), isNotNull(s.branchQueueTypeId)),
          ),
        )
        .groupBy(branchQueueTypes.id, queueTypes.name, queueTypes.flowEngineId, branchQueueTypes.prefix)
        .orderBy(asc(branchQueueTypes.prefix));

      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
      const queues = sum((r) => r.total);
      const completed = sum((r) => r.exited);
      const noShow = sum((r) => r.noShow);
      return {
        // A cancelled no-show is not waiting any more; a voided ticket is in no figure but its own.
        dataOverall: {
          total: queues,
          waiting: queues - completed - noShow,
          completed,
          voided: sum((r) => r.voided),
          no_show: noShow,
        },
        dataReport: rows.map((r) => ({
          queue_type_name: r.name,
          queue_total: r.total,
          in_factory_time_average: average(r.inFactory.seconds, r.inFactory.count),
          flow_engine: r.engine,
          average_qs_to_c: average(r.qsToC.seconds, r.qsToC.count),
          second_c_to_f: average(r.cToF.seconds, r.cToF.count),
          average_f_to_qf: average(r.fToExit.seconds, r.fToExit.count),
          average_qs_to_ls: average(r.qsToLs.seconds, r.qsToLs.count),
          average_ls_to_lf: average(r.lsToLf.seconds, r.lsToLf.count),
          average_lf_to_c: average(r.lfToC.seconds, r.lfToC.count),
          average_c_to_f: average(r.cToF.seconds, r.cToF.count),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import { HOURS_PER_DAY, type DashboardDay } from '@truck-queue/shared/contracts/report.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import { createReportsRepository } from './reports.repository.ts';
import type { SummaryService } from './summary.service.ts';

/** Σ seconds / Σ queues of a stage, whole seconds; null when no queue went through it. */
function average(seconds: number, count: number): number | null {
  return count > 0 ? Math.round(seconds / count) : null;
}

/**
 * The dashboard (SPEC.md sections 2–4) from the daily roll-up (`queue_daily_stats`, kept by a
 * trigger on queues): a year is a few hundred rows per queue type, whatever the traffic.
 * Periods are plant days of issue, both ends included; "in progress" is the trucks inside now.
 */
export function createDashboardService(deps: {
  db: Db;
  days: PlantDays;
  /** The trucks inside now (the queue's reads). */
  reads: Pick<QueueReadsRepository, 'countInside'>;
  /** The summary report's totals: the trends' trucks and tonnage per day are its figures. */
  summary: Pick<SummaryService, 'totals'>;
  /** The site's clock, whose hours the arrivals are counted in. */
  timeZone: string;
}) {
  const { db, days, reads, summary, timeZone } = deps;
  const repo = createReportsRepository(db);
  return {
    async periodByQueueType(auth: AuthContext, start: string, finish: string) {
      const { insideSince } = await days.calendar(auth.branchId);
      const [rows, inside] = await Promise.all([
        repo.dashboardByQueueType(auth.branchId, start, finish),
        reads.countInside(auth.branchId, insideSince),
      ]);
      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + pick(r), 0);
      const queues = sum((r) => r.total);
      const completed = sum((r) => r.exited);
      const noShow = sum((r) => r.noShow);
      return {
        // "In progress" is what the plant has inside now, whatever day their tickets are of (a
        // truck since yesterday is still work in progress); a voided ticket is in no figure but its own.
        dataOverall: {
          total: queues,
          waiting: inside,
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

    /**
     * Arrivals per hour of the clock and, for every plant day of the period, its trucks and net
     * tonnage (the summary's totals, so the two screens never disagree).
     */
    async trends(auth: AuthContext, start: string, finish: string) {
      const period = { start, finish, license: '' };
      const [hours, totals] = await Promise.all([
        repo.arrivalsByHour(auth.branchId, period, timeZone),
        summary.totals(auth, period),
      ]);
      const arrivals = new Array<number>(HOURS_PER_DAY).fill(0);
      for (const { hour, n } of hours) arrivals[hour] = n;
      const byDay = new Map(totals.days.map((d) => [d.day, d]));
      const series: DashboardDay[] = [];
      for (let day = start; day <= finish; day = addDays(day, 1)) {
        const found = byDay.get(day);
        series.push({
          day,
          trucks: found?.trucks ?? 0,
          weighed: found?.weighed ?? 0,
          net_kg: found?.net_kg ?? 0,
        });
      }
      return { arrivals_by_hour: arrivals, days: series };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

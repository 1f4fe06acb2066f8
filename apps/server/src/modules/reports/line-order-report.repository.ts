import { and, asc, between, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notVoided } from '../queue/queue.repository.ts';
import {
  branchQueueTypes,
  officers,
  queueReasons,
  queues,
  queueTransitions,
  queueTypes,
} from '../../db/schema.ts';

/** The plant days of a report (queue_date), both ends included. */
export interface DayRange {
  start: string;
  finish: string;
}

/**
 * The order report's reads (issue 38): the called trucks of a period with their waits, the
 * officers' calls (passed over or not, with why), and the admissions past a cap. Plain
 * statements both engines run; the figures are made in line-order-report.service.ts.
 */
export function createLineOrderReportRepository(db: Db) {
  const inPeriod = (branchId: number, days: DayRange) =>
    and(eq(queues.branchId, branchId), between(queues.queueDate, days.start, days.finish));

  return {
    /** The branch's lines (active or not: a period may hold a retired one's trucks) with their rules. */
    lines(branchId: number) {
      return db
        .select({
          id: branchQueueTypes.id,
          name: queueTypes.name,
          prefix: branchQueueTypes.prefix,
          rule: branchQueueTypes.orderRule,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(eq(branchQueueTypes.branchId, branchId))
        .orderBy(asc(branchQueueTypes.prefix));
    },

    /** Every called, not voided truck of the period: its line, day, class, wait and net weight. */
    async called(branchId: number, days: DayRange) {
      const rows = await db
        .select({
          branchQueueTypeId: queues.branchQueueTypeId,
          day: queues.queueDate,
          orderClass: queues.orderClass,
          calledClass: queues.calledClass,
          productId: queues.productId,
          waitSeconds: sql<number | string | null>`extract(epoch from ${queues.calledAt} - ${queues.lineAt})`,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
        })
        .from(queues)
        .where(and(inPeriod(branchId, days), isNotNull(queues.calledAt), notVoided));
      return rows.map((r) => ({
        branchQueueTypeId: r.branchQueueTypeId,
        day: r.day,
        orderClass: r.orderClass,
        calledClass: r.calledClass,
        productId: r.productId,
        waitSeconds: r.waitSeconds === null ? null : Number(r.waitSeconds),
        netTonnes:
          r.weighInKg === null || r.weighOutKg === null
            ? null
            : Math.abs(Number(r.weighInKg) - Number(r.weighOutKg)) / 1000,
      }));
    },

    /** Calls of the period's trucks per officer, passed over or not, and the reason given. */
    callsByOfficer(branchId: number, days: DayRange) {
      return db
        .select({
          officerId: queueTransitions.officerId,
          name: officers.name,
          lastname: officers.lastname,
          passed: sql<boolean>`${queueTransitions.passedQueueId} is not null`,
          reason: queueReasons.name,
          calls: count(),
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .leftJoin(officers, eq(officers.id, queueTransitions.officerId))
        .leftJoin(queueReasons, eq(queueReasons.id, queueTransitions.reasonId))
        .where(and(inPeriod(branchId, days), eq(queueTransitions.action, 'call')))
        .groupBy(
          queueTransitions.officerId,
          officers.name,
          officers.lastname,
          sql`${queueTransitions.passedQueueId} is not null`,
          queueReasons.name,
        );
    },

    /** Admissions past a cap, per line and plant day. */
    admissions(branchId: number, days: DayRange) {
      return db
        .select({
          branchQueueTypeId: queues.branchQueueTypeId,
          day: queues.queueDate,
          admitted: count(),
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .where(and(inPeriod(branchId, days), eq(queueTransitions.action, 'admit')))
        .groupBy(queues.branchQueueTypeId, queues.queueDate);
    },
  };
}

export type LineOrderReportRepository = ReturnType<typeof createLineOrderReportRepository>;

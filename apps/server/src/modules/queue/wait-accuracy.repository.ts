import { and, asc, between, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, etaReadings, queues, queueTypes } from '../../db/schema.ts';

/**
 * The accuracy page's reads (issue 40): the readings of a branch's tickets of some plant days
 * with each truck's wait to its first call (`timeScale`: ETA_TIME_SCALE, eta.service.ts), and
 * the branch's queue types. Plain statements both engines run; the figures are made in
 * wait-accuracy.service.ts.
 */
export function createWaitAccuracyRepository(db: Db, timeScale = 1) {
  return {
    /** Every reading of the branch's tickets of plant days `start` to `finish`, with its wait (null: never called). */
    async readings(branchId: number, start: string, finish: string) {
      const rows = await db
        .select({
          branchQueueTypeId: etaReadings.branchQueueTypeId,
          day: queues.queueDate,
          low: etaReadings.lowMinutes,
          high: etaReadings.highMinutes,
          waitedSeconds: sql<
            number | string | null
          >`extract(epoch from (${queues.calledAt} - ${etaReadings.readAt}))`,
        })
        .from(queues)
        .innerJoin(etaReadings, eq(etaReadings.queueId, queues.id))
        .where(
          and(
            eq(queues.branchId, branchId),
            between(queues.queueDate, start, finish),
            eq(etaReadings.branchId, branchId),
          ),
        );
      return rows.map((r) => ({
        branchQueueTypeId: r.branchQueueTypeId,
        day: r.day,
        range: r.low === null || r.high === null ? null : { low: r.low, high: r.high },
        // A call a moment before the reading was written (the same instant, give or take): no wait.
        // Under ETA_TIME_SCALE (the simulator) the ranges are in its minutes: so is the wait.
        waitedMin: r.waitedSeconds === null ? null : Math.max(0, (Number(r.waitedSeconds) / 60) * timeScale),
      }));
    },

    /** The branch's queue types: the active ones, and any of `withReadings` (retired since). */
    types(branchId: number, withReadings: readonly number[]) {
      const wanted =
        withReadings.length > 0
          ? or(eq(branchQueueTypes.active, true), inArray(branchQueueTypes.id, [...withReadings]))
          : eq(branchQueueTypes.active, true);
      return db
        .select({
          id: branchQueueTypes.id,
          name: queueTypes.name,
          prefix: branchQueueTypes.prefix,
          flowEngineId: queueTypes.flowEngineId,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(branchQueueTypes.branchId, branchId), wanted))
        .orderBy(asc(branchQueueTypes.prefix), asc(branchQueueTypes.id));
    },
  };
}

export type WaitAccuracyRepository = ReturnType<typeof createWaitAccuracyRepository>;

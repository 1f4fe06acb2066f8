import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { QueueAction } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { statusAt } from '../bookings/bookings.repository.ts';
import { notVoided } from '../queue/queue.repository.ts';
import {
  bookings,
  branchQueueTypes,
  labMeasures,
  queues,
  queueTransitions,
  suppliers,
} from '../../db/schema.ts';
import type { DayRange } from './line-order-report.repository.ts';

/** The action that sends a truck to a recheck station: a rechecked load has one. */
const RECHECK: QueueAction = 'recheck';

/**
 * The scorecards' reads (issue 41): the period's trucks (not voided) with who brought them, the
 * bookings of the period's days by what became of them, and the lab measures' pass ranges.
 * Plain statements both engines run; the figures are made in scorecards.service.ts.
 */
export function createScorecardsRepository(db: Db) {
  return {
    /** Every truck of the period (one supplier's, or every one) with its weights, times and loads' fate. */
    async trucks(branchId: number, days: DayRange, supplierId?: number) {
      const rows = await db
        .select({
          id: queues.id,
          supplierId: queues.supplierId,
          supplierCode: suppliers.code,
          supplierName: suppliers.name,
          plateKey: queues.plateKey,
          licence: queues.truckLicense,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
          rejected: sql<boolean>`(${queues.rejectedAt} is not null)`,
          rechecked: sql<boolean>`exists (select 1 from ${queueTransitions} where ${queueTransitions.queueId} = ${queues.id} and ${queueTransitions.action} = ${RECHECK})`,
          dwellSeconds: sql<number | string | null>`extract(epoch from ${queues.exitAt} - ${queues.created})`,
        })
        .from(queues)
        .leftJoin(suppliers, eq(suppliers.id, queues.supplierId))
        .where(
          and(
            eq(queues.branchId, branchId),
            between(queues.queueDate, days.start, days.finish),
            notVoided,
            supplierId === undefined ? undefined : eq(queues.supplierId, supplierId),
          ),
        )
        .orderBy(asc(queues.id));
      return rows.map((r) => ({
        ...r,
        dwellSeconds: r.dwellSeconds === null ? null : Number(r.dwellSeconds),
      }));
    },

    /**
     * The bookings of the period's days per supplier: how many, and by status as of `now` (lapsed
     * = a no-show); checked-in ones split by whether the check-in came before the window closed.
     */
    async bookings(branchId: number, days: DayRange, now: Date, supplierId?: number) {
      const status = statusAt(now);
      const rows = await db
        .select({
          supplierId: bookings.supplierId,
          supplierCode: suppliers.code,
          supplierName: suppliers.name,
          status,
          late: sql<boolean>`(${bookings.checkedInAt} is not null and ${bookings.checkedInAt} > ${bookings.endsAt})`,
        })
        .from(bookings)
        .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
        .where(
          and(
            eq(bookings.branchId, branchId),
            between(bookings.day, days.start, days.finish),
            supplierId === undefined ? undefined : eq(bookings.supplierId, supplierId),
          ),
        );
      return rows;
    },

    /** The branch's lab measures (retired ones too: old trucks have their values) with their pass ranges. */
    measures(branchId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: labMeasures.id,
          name: labMeasures.name,
          unit: labMeasures.unit,
          decimals: labMeasures.decimals,
          passMin: labMeasures.passMin,
          passMax: labMeasures.passMax,
          sort: labMeasures.sort,
        })
        .from(labMeasures)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, labMeasures.branchQueueTypeId))
        .where(and(eq(branchQueueTypes.branchId, branchId), inArray(labMeasures.id, [...ids])))
        .orderBy(asc(labMeasures.sort), asc(labMeasures.id));
    },

    /** The branch's active suppliers (the daily grade reads each). */
    activeSuppliers(branchId: number) {
      return db
        .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name })
        .from(suppliers)
        .where(and(eq(suppliers.branchId, branchId), eq(suppliers.active, true)));
    },
  };
}

export type ScorecardsRepository = ReturnType<typeof createScorecardsRepository>;

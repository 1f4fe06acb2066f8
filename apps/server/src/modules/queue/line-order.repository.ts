import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import type { Db } from '../../db/database.ts';
import {
  bookings,
  branchQueueTypeProducts,
  branchQueueTypes,
  products,
  queues,
  queueTypes,
} from '../../db/schema.ts';
import { notVoided } from './queue.repository.ts';

/** A call of the day in a line, as its order rule counts it (class, and net tonnes once weighed). */
export interface LineCall {
  branchQueueTypeId: number;
  queueDate: string;
  orderClass: string | null;
  productId: number | null;
  /** The class it was first called as (queues.called_class); null for calls from before it was kept. */
  calledClass: string | null;
  /** Net tonnes once weighed in and out; null before. */
  netTonnes: number | null;
  calledAt: Date;
}

/** A booking's window, as the line places a truck checked in with it. */
export interface BookedWindow {
  window: string;
  startsAt: Date;
}

/**
 * What the line order reads and writes (issue 38): each line's rule, the day's calls it counts,
 * and the products a rule's classes may name.
 */
export function createLineOrderRepository(db: Db) {
  return {
    /**
     * The windows of these bookings ('06:00-10:00' as booked) with when each opened: a truck
     * checked in with one at its slot stands in line from the opening (issue 39).
     */
    async bookedWindows(bookingIds: readonly number[]): Promise<Map<number, BookedWindow>> {
      if (bookingIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: bookings.id,
          start: bookings.windowStart,
          end: bookings.windowEnd,
          startsAt: bookings.startsAt,
        })
        .from(bookings)
        .where(inArray(bookings.id, [...bookingIds]));
      return new Map(rows.map((r) => [r.id, { window: `${r.start}-${r.end}`, startsAt: r.startsAt }]));
    },

    /** The branch's lines that have a rule (the others are first come, first served). */
    async rules(branchId: number): Promise<Map<number, LineRule>> {
      return new Map((await this.ruledLines(branchId)).map((line) => [line.id, line.rule] as const));
    },

    /** The same, with each line's name. */
    async ruledLines(branchId: number): Promise<{ id: number; name: string; rule: LineRule }[]> {
      const rows = await db
        .select({ id: branchQueueTypes.id, name: queueTypes.name, rule: branchQueueTypes.orderRule })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(
          and(
            eq(branchQueueTypes.branchId, branchId),
            eq(branchQueueTypes.active, true),
            isNotNull(branchQueueTypes.orderRule),
          ),
        );
      return rows.flatMap((row) => (row.rule ? [{ id: row.id, name: row.name, rule: row.rule }] : []));
    },

    async rule(branchId: number, branchQueueTypeId: number): Promise<{ rule: LineRule | null } | null> {
      const [row] = await db
        .select({ rule: branchQueueTypes.orderRule })
        .from(branchQueueTypes)
        .where(
          and(
            eq(branchQueueTypes.id, branchQueueTypeId),
            eq(branchQueueTypes.branchId, branchId),
            eq(branchQueueTypes.active, true),
          ),
        );
      return row ? { rule: row.rule ?? null } : null;
    },

    /** Sets a line's rule; false when the line is not the branch's. */
    async saveRule(branchId: number, branchQueueTypeId: number, rule: LineRule | null): Promise<boolean> {
      const rows = await db
        .update(branchQueueTypes)
        .set({ orderRule: rule })
        .where(
          and(
            eq(branchQueueTypes.id, branchQueueTypeId),
            eq(branchQueueTypes.branchId, branchId),
            eq(branchQueueTypes.active, true),
          ),
        )
        .returning({ id: branchQueueTypes.id });
      return rows.length > 0;
    },

    /** The active products a line offers: what its classes may name. */
    productsOf(branchQueueTypeId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: products.id, name: products.name })
        .from(branchQueueTypeProducts)
        .innerJoin(products, eq(products.id, branchQueueTypeProducts.productId))
        .where(
          and(eq(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeId), eq(products.active, true)),
        )
        .orderBy(asc(products.name));
    },

    /**
     * The day's first calls of these lines (type and plant day), oldest first: what the rule's
     * shares and caps count. A truck called again or sent back is counted once, at its first call.
     */
    async calls(branchId: number, branchQueueTypeIds: readonly number[], dates: readonly string[]) {
      if (branchQueueTypeIds.length === 0 || dates.length === 0) return [] as LineCall[];
      const rows = await db
        .select({
          branchQueueTypeId: queues.branchQueueTypeId,
          queueDate: queues.queueDate,
          orderClass: queues.orderClass,
          productId: queues.productId,
          calledClass: queues.calledClass,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
          calledAt: queues.calledAt,
        })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            inArray(queues.branchQueueTypeId, [...branchQueueTypeIds]),
            inArray(queues.queueDate, [...dates]),
            isNotNull(queues.calledAt),
            notVoided,
          ),
        )
        .orderBy(asc(queues.calledAt), asc(queues.id));
      return rows.map((row): LineCall => ({
        branchQueueTypeId: row.branchQueueTypeId,
        queueDate: row.queueDate,
        orderClass: row.orderClass,
        productId: row.productId,
        calledClass: row.calledClass,
        netTonnes:
          row.weighInKg === null || row.weighOutKg === null
            ? null
            : Math.abs(Number(row.weighInKg) - Number(row.weighOutKg)) / 1000,
        calledAt: row.calledAt!,
      }));
    },

    /**
     * How long a truck of each line usually stays at its station, call to finish, in minutes: the
     * median of the finished trucks of the last `days` (a card running longer turns amber).
     */
    async usualStationMinutes(branchId: number, since: Date): Promise<Map<number, number>> {
      const rows = await db
        .select({
          branchQueueTypeId: queues.branchQueueTypeId,
          minutes: sql<number>`percentile_cont(0.5) within group (order by extract(epoch from ${queues.finishedAt} - ${queues.lastCalledAt}) / 60)`,
        })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            gte(queues.finishedAt, since),
            isNotNull(queues.lastCalledAt),
            sql`${queues.finishedAt} >= ${queues.lastCalledAt}`,
          ),
        )
        .groupBy(queues.branchQueueTypeId);
      return new Map(rows.map((row) => [row.branchQueueTypeId, Math.round(Number(row.minutes) * 10) / 10]));
    },
  };
}

export type LineOrderRepository = ReturnType<typeof createLineOrderRepository>;

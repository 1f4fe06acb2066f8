import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  DEFAULT_BOOKING_RULES,
  type Booking,
  type BookingRules,
  type BookingSource,
  type BookingStatus,
  type BookingWindow,
} from '@truck-queue/shared/contracts/booking.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import type { Db } from '../../db/database.ts';
import {
  bookingLines,
  bookingRules,
  bookings,
  branchQueueTypeProducts,
  branchQueueTypes,
  products,
  queues,
  queueTypes,
  suppliers,
  supplierVehicles,
} from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

/** A line's plan as stored, with what the booking screens and checks need of its queue type. */
export interface LinePlan {
  id: number;
  queueTypeName: string;
  orderRule: LineRule | null;
  products: { id: number; name: string }[];
  /** Null: the line has no plan yet. */
  plan: {
    enabled: boolean;
    dayCapacity: number;
    walkInPercent: number;
    windows: BookingWindow[];
    closedDays: string[];
  } | null;
}

export interface BookingInsert {
  branchId: number;
  code: string;
  supplierId: number;
  licence: string | null;
  plateKey: string | null;
  productId: number;
  branchQueueTypeId: number;
  day: string;
  windowStart: string;
  windowEnd: string;
  startsAt: Date;
  endsAt: Date;
  source: BookingSource;
  reissue: number;
  reissueOf: number | null;
  note: string | null;
  overQuota: boolean;
  createdByOfficerId: number | null;
  created: Date;
}

/** A booking as stored, with what checks need. */
export type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking's status as read at an instant: an open booking whose window closed before
 * `lapsedBefore` (now less the late grace) has lapsed. Lapsing is read, not written, so every
 * screen and count agrees at once and no read writes.
 */
export function statusAt(lapsedBefore: Date): SQL<BookingStatus> {
  // A parameter, never part of the text: each moment would otherwise be a statement of its own,
  // prepared on the connection and kept (db/prepared-statements.ts). The counts that group by
  // the status group a subquery's column (loads below): PostgreSQL takes two parameters for two
  // expressions.
  const cut = sql`${lapsedBefore.toISOString()}::timestamptz`;
  return sql<BookingStatus>`(case when ${bookings.status} = 'booked' and ${bookings.endsAt} < ${cut} then 'lapsed' else ${bookings.status} end)`;
}

/** Bookings holding a slot: open (not lapsed), or kept (checked in). */
function holding(lapsedBefore: Date): SQL {
  return sql`${statusAt(lapsedBefore)} in ('booked', 'checked_in')`;
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function bookingView(executor: Executor, lapsedBefore: Date) {
  return executor
    .select({
      id: bookings.id,
      code: bookings.code,
      status: statusAt(lapsedBefore),
      source: bookings.source,
      supplierId: suppliers.id,
      supplierCode: suppliers.code,
      supplierName: suppliers.name,
      licence: bookings.licence,
      productId: bookings.productId,
      productName: products.name,
      branchQueueTypeId: bookings.branchQueueTypeId,
      queueTypeName: queueTypes.name,
      day: bookings.day,
      windowStart: bookings.windowStart,
      windowEnd: bookings.windowEnd,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      reissue: bookings.reissue,
      queueUuid: queues.uuid,
      queueNumber: queues.queueNumber,
      checkedInAt: bookings.checkedInAt,
      note: bookings.note,
      overQuota: bookings.overQuota,
      created: bookings.created,
    })
    .from(bookings)
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, bookings.branchQueueTypeId))
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .leftJoin(queues, eq(queues.bookingId, bookings.id))
    .$dynamic();
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof bookingView>['execute']>>[number];

function toBooking(row: ViewRow): Booking {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    source: row.source,
    supplier: { id: row.supplierId, code: row.supplierCode, name: row.supplierName },
    truck_license: row.licence,
    product: row.productId,
    product_name: row.productName,
    id_branchQT: row.branchQueueTypeId,
    queue_type_name: row.queueTypeName,
    day: row.day,
    window_start: row.windowStart,
    window_end: row.windowEnd,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    reissue: row.reissue,
    queue: row.queueUuid && row.queueNumber ? { uuid: row.queueUuid, queue_number: row.queueNumber } : null,
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
    note: row.note,
    over_quota: row.overQuota,
    created: row.created.toISOString(),
  };
}

export interface BookingFilter {
  from: string;
  to: string;
  branchQueueTypeId?: number | undefined;
  supplierId?: number | undefined;
  status?: BookingStatus | undefined;
  find: string;
  plateKey: string;
  limit: number;
  offset: number;
  lapsedBefore: Date;
}

export function createBookingsRepository(db: Db) {
  return {
    direct: db as Executor,
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Serialises what is booked on one line's day (or one supplier's bookings) until the transaction ends. */
    async lock(tx: Executor, key: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bookings:${key}`}, 0))`);
    },

    async rules(executor: Executor, branchId: number): Promise<BookingRules> {
      const [row] = await executor
        .select({ rules: bookingRules.rules })
        .from(bookingRules)
        .where(eq(bookingRules.branchId, branchId));
      return { ...DEFAULT_BOOKING_RULES, ...row?.rules };
    },

    async saveRules(executor: Executor, branchId: number, rules: BookingRules, now: Date): Promise<void> {
      await executor
        .insert(bookingRules)
        .values({ branchId, rules, updated: now })
        .onConflictDoUpdate({ target: bookingRules.branchId, set: { rules, updated: now } });
    },

    /** The branch's active lines with their products and plans, in queue type order; or one of them. */
    async lines(executor: Executor, branchId: number, branchQueueTypeId?: number): Promise<LinePlan[]> {
      const rows = await executor
        .select({
          id: branchQueueTypes.id,
          queueTypeName: queueTypes.name,
          orderRule: branchQueueTypes.orderRule,
          enabled: bookingLines.enabled,
          dayCapacity: bookingLines.dayCapacity,
          walkInPercent: bookingLines.walkInPercent,
          windows: bookingLines.windows,
          closedDays: bookingLines.closedDays,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .leftJoin(bookingLines, eq(bookingLines.branchQueueTypeId, branchQueueTypes.id))
        .where(
          and(
            eq(branchQueueTypes.branchId, branchId),
            eq(branchQueueTypes.active, true),
            branchQueueTypeId === undefined ? undefined : eq(branchQueueTypes.id, branchQueueTypeId),
          ),
        )
        .orderBy(asc(branchQueueTypes.id));
      const offered =
        rows.length === 0
          ? []
          : await executor
              .select({
                lineId: branchQueueTypeProducts.branchQueueTypeId,
                id: products.id,
                name: products.name,
              })
              .from(branchQueueTypeProducts)
              .innerJoin(products, eq(products.id, branchQueueTypeProducts.productId))
              .where(
                and(
                  inArray(
                    branchQueueTypeProducts.branchQueueTypeId,
                    rows.map((r) => r.id),
                  ),
                  eq(products.active, true),
                ),
              )
              .orderBy(asc(products.id));
      return rows.map((r) => ({
        id: r.id,
        queueTypeName: r.queueTypeName,
        orderRule: r.orderRule,
        products: offered.filter((p) => p.lineId === r.id).map((p) => ({ id: p.id, name: p.name })),
        plan:
          r.enabled === null
            ? null
            : {
                enabled: r.enabled,
                dayCapacity: r.dayCapacity!,
                walkInPercent: r.walkInPercent!,
                windows: r.windows!,
                closedDays: r.closedDays!,
              },
      }));
    },

    async saveLine(
      executor: Executor,
      branchId: number,
      line: {
        branchQueueTypeId: number;
        enabled: boolean;
        dayCapacity: number;
        walkInPercent: number;
        windows: BookingWindow[];
        closedDays: string[];
      },
      now: Date,
    ): Promise<void> {
      const values = {
        enabled: line.enabled,
        dayCapacity: line.dayCapacity,
        walkInPercent: line.walkInPercent,
        windows: line.windows,
        closedDays: line.closedDays,
        updated: now,
      };
      await executor
        .insert(bookingLines)
        .values({ branchQueueTypeId: line.branchQueueTypeId, branchId, ...values })
        .onConflictDoUpdate({ target: bookingLines.branchQueueTypeId, set: values });
    },

    /** What holds a slot on a line's days, by day, window and status. */
    async loads(executor: Executor, branchQueueTypeId: number, from: string, to: string, lapsedBefore: Date) {
      const held = executor
        .select({
          day: bookings.day,
          windowStart: bookings.windowStart,
          status: statusAt(lapsedBefore).as('status'),
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.branchQueueTypeId, branchQueueTypeId),
            gte(bookings.day, from),
            lte(bookings.day, to),
          ),
        )
        .as('held');
      return executor
        .select({ day: held.day, windowStart: held.windowStart, status: held.status, n: count() })
        .from(held)
        .groupBy(held.day, held.windowStart, held.status);
    },

    /** Bookings a supplier holds on a plant day (open or checked in), every line. */
    async supplierDay(
      executor: Executor,
      supplierId: number,
      day: string,
      lapsedBefore: Date,
    ): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.supplierId, supplierId), eq(bookings.day, day), holding(lapsedBefore)));
      return row?.n ?? 0;
    },

    /** What each supplier holds on each plant day of a range (open or checked in), by `${supplierId} ${day}`. */
    async supplierDays(
      executor: Executor,
      branchId: number,
      from: string,
      to: string,
      lapsedBefore: Date,
    ): Promise<Map<string, number>> {
      const rows = await executor
        .select({ supplierId: bookings.supplierId, day: bookings.day, n: count() })
        .from(bookings)
        .where(
          and(
            eq(bookings.branchId, branchId),
            gte(bookings.day, from),
            lte(bookings.day, to),
            holding(lapsedBefore),
          ),
        )
        .groupBy(bookings.supplierId, bookings.day);
      return new Map(rows.map((r) => [`${r.supplierId} ${r.day}`, r.n]));
    },

    /** The supplier's id when it is an active supplier of the branch. */
    async activeSupplier(executor: Executor, branchId: number, supplierId: number) {
      const [row] = await executor
        .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name })
        .from(suppliers)
        .where(
          and(eq(suppliers.id, supplierId), eq(suppliers.branchId, branchId), eq(suppliers.active, true)),
        );
      return row ?? null;
    },

    /**
     * The plant days' bookings not checked in or cancelled (open, or lapsed): what an entrance
     * camera's read may be. With their suppliers' vehicles, for the bookings of any vehicle.
     */
    async openOfDays(executor: Executor, branchId: number, days: readonly string[]) {
      const rows = await executor
        .select({
          id: bookings.id,
          code: bookings.code,
          licence: bookings.licence,
          supplierId: bookings.supplierId,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.branchId, branchId),
            inArray(bookings.day, [...days]),
            eq(bookings.status, 'booked'),
          ),
        )
        .orderBy(asc(bookings.startsAt), asc(bookings.id));
      const anyVehicle = [...new Set(rows.filter((r) => r.licence === null).map((r) => r.supplierId))];
      const vehicles =
        anyVehicle.length === 0
          ? []
          : await executor
              .select({ supplierId: supplierVehicles.supplierId, licence: supplierVehicles.licence })
              .from(supplierVehicles)
              .where(
                and(
                  eq(supplierVehicles.branchId, branchId),
                  inArray(supplierVehicles.supplierId, anyVehicle),
                ),
              );
      return { rows, vehicles };
    },

    /** The supplier whose vehicle a plate is, in the branch; null: nobody's. */
    async plateOwner(executor: Executor, branchId: number, plateKey: string): Promise<number | null> {
      const [row] = await executor
        .select({ supplierId: supplierVehicles.supplierId })
        .from(supplierVehicles)
        .where(and(eq(supplierVehicles.branchId, branchId), eq(supplierVehicles.plateKey, plateKey)));
      return row?.supplierId ?? null;
    },

    /** Writes a booking; null when its code is taken (the caller draws another). */
    async insert(executor: Executor, values: BookingInsert): Promise<number | null> {
      const [row] = await executor
        .insert(bookings)
        .values(values)
        .onConflictDoNothing({ target: [bookings.branchId, bookings.code] })
        .returning({ id: bookings.id });
      return row?.id ?? null;
    },

    /** A booking as stored, its status as read at the instant. */
    async row(
      executor: Executor,
      branchId: number,
      by: { id: number } | { code: string },
      lapsedBefore: Date,
    ) {
      const [row] = await executor
        .select({ ...getTableColumns(bookings), status: statusAt(lapsedBefore) })
        .from(bookings)
        .where(
          and(
            eq(bookings.branchId, branchId),
            'id' in by ? eq(bookings.id, by.id) : eq(bookings.code, by.code),
          ),
        );
      return row ?? null;
    },

    async view(
      executor: Executor,
      branchId: number,
      id: number,
      lapsedBefore: Date,
    ): Promise<Booking | null> {
      const [row] = await bookingView(executor, lapsedBefore).where(
        and(eq(bookings.id, id), eq(bookings.branchId, branchId)),
      );
      return row ? toBooking(row) : null;
    },

    /** Whether a lapsed booking was re-issued already. */
    async reissued(executor: Executor, bookingId: number): Promise<boolean> {
      const [row] = await executor
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.reissueOf, bookingId))
        .limit(1);
      return row !== undefined;
    },

    async page(executor: Executor, branchId: number, filter: BookingFilter) {
      const conditions: (SQL | undefined)[] = [
        eq(bookings.branchId, branchId),
        gte(bookings.day, filter.from),
        lte(bookings.day, filter.to),
        filter.branchQueueTypeId === undefined
          ? undefined
          : eq(bookings.branchQueueTypeId, filter.branchQueueTypeId),
        filter.supplierId === undefined ? undefined : eq(bookings.supplierId, filter.supplierId),
        filter.status === undefined ? undefined : sql`${statusAt(filter.lapsedBefore)} = ${filter.status}`,
      ];
      if (filter.find) {
        const like = contains(filter.find);
        conditions.push(
          or(
            ilike(bookings.code, like),
            ilike(suppliers.code, like),
            ilike(suppliers.name, like),
            filter.plateKey ? ilike(bookings.plateKey, contains(filter.plateKey)) : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        bookingView(executor, filter.lapsedBefore)
          .where(where)
          .orderBy(asc(bookings.startsAt), asc(suppliers.codeKey), asc(bookings.id))
          .limit(filter.limit)
          .offset(filter.offset),
        executor
          .select({ n: count() })
          .from(bookings)
          .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
          .where(where),
      ]);
      return { bookings: rows.map(toBooking), total: total?.n ?? 0 };
    },

    /** Cancels an open booking (not lapsed); false when it is not open. */
    async cancel(
      executor: Executor,
      id: number,
      reason: string | null,
      now: Date,
      lapsedBefore: Date,
    ): Promise<boolean> {
      const done = await executor
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: now, note: reason })
        .where(and(eq(bookings.id, id), sql`${statusAt(lapsedBefore)} = 'booked'`))
        .returning({ id: bookings.id });
      return done.length === 1;
    },

    /** Marks an open (or lapsed, not re-issued) booking checked in; false when it is not any more. */
    async checkIn(executor: Executor, id: number, now: Date): Promise<boolean> {
      const done = await executor
        .update(bookings)
        .set({ status: 'checked_in', checkedInAt: now })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.status, 'booked'),
            sql`not exists (select 1 from ${bookings} b where b.reissue_of = ${bookings.id})`,
          ),
        )
        .returning({ id: bookings.id });
      return done.length === 1;
    },

    /** The ticket a booking was checked in with, and the key it was issued under. */
    async ticketOf(executor: Executor, bookingId: number) {
      const [row] = await executor
        .select({ id: queues.id, idempotencyKey: queues.idempotencyKey })
        .from(queues)
        .where(eq(queues.bookingId, bookingId));
      return row ?? null;
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

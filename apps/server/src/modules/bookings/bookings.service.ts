import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { allotSlots } from '@truck-queue/shared/booking/allot';
import {
  bookableLoads,
  checkInTime,
  slotLineAt,
  windowOffsets,
  windowProblems,
  windowsInDayOrder,
  type CheckInTime,
} from '@truck-queue/shared/booking/windows';
import {
  BOOKING_CODE_ALPHABET,
  BOOKING_CODE_LENGTH,
  type Booking,
  type BookingLine,
  type BookingLineInput,
  type BookingRules,
  type BookingSource,
  type BookingStatus,
  type BookingWindow,
  type listBookings,
  type WindowLoad,
} from '@truck-queue/shared/contracts/booking.contract';
import type { QuotaUnit } from '@truck-queue/shared/contracts/season.contract';
import { matchPlate } from '@truck-queue/shared/identify/plate-match';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { addDays } from '@truck-queue/shared/plant-day';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlantCalendar, PlantDays } from '../../lib/plant-days.ts';
import { siteInstant } from '../../lib/site-time.ts';
import type { Executor } from '../queue/queue.repository.ts';
import type { QuotaStanding } from '../seasons/seasons.service.ts';
import type { BookingRow, BookingsRepository, LinePlan } from './bookings.repository.ts';

type ListFilter = z.output<(typeof listBookings)['body']>;

/** What the bookings need of the seasons: a supplier's standing, and a season's loads left to hand out. */
export interface SeasonQuotas {
  standing(
    executor: Executor,
    branchId: number,
    supplierId: number,
    productId: number,
    day: string,
    lapsedBefore: Date,
  ): Promise<QuotaStanding | null>;
  /** Where the supplier stands in every active season holding plant day `day`, with the season's product name. */
  standings(
    executor: Executor,
    branchId: number,
    supplierId: number,
    day: string,
    lapsedBefore: Date,
  ): Promise<(QuotaStanding & { productName: string })[]>;
  /** A season of the branch with each supplier's remaining quota (its unit) and open bookings (loads); null: none. */
  remaining(
    branchId: number,
    seasonId: number,
    lapsedBefore: Date,
  ): Promise<{
    productId: number;
    startsOn: string;
    endsOn: string;
    unit: QuotaUnit;
    suppliers: { id: number; code: string; name: string; remaining: number; booked: number }[];
  } | null>;
}

/** A slot asked for: a line's window on a plant day, for a supplier's product and plate. */
export interface SlotRequest {
  branchQueueTypeId: number;
  productId: number;
  day: string;
  windowStart: string;
  /** null: any of the supplier's vehicles. */
  licence: string | null;
  supplierId: number;
}

/** Draws for a free code before giving up (24^8 codes: a clash is already rare). */
const CODE_ATTEMPTS = 8;

function drawCode(): string {
  let code = '';
  for (let i = 0; i < BOOKING_CODE_LENGTH; i++)
    code += BOOKING_CODE_ALPHABET[randomInt(BOOKING_CODE_ALPHABET.length)];
  return code;
}

function invalid(path: string, message: string, summary = message): AppError {
  return new AppError('VALIDATION_FAILED', summary, [{ path, message }]);
}

/**
 * Who may come when (issue 39): each line's plan (capacity per day and window, the walk-ins'
 * share, closed days), the branch's rules, and the bookings that take the slots, made by the
 * office or by the delivery calendar and checked in at the kiosk or the desk. What is booked on a
 * line's day is counted and written under that day's lock, so two officers never book past its
 * capacity. An open booking whose window closed (the late grace after it) lapses; every read
 * lapses what is due first, so no screen shows a stale open booking.
 */
export function createBookingsService(deps: {
  repo: BookingsRepository;
  clock: Clock;
  days: PlantDays;
  siteTimeZone: string;
  quotas: SeasonQuotas;
}) {
  const { repo, clock, days, quotas } = deps;

  /** A window of a line on a plant day, as instants. */
  function windowInstants(
    calendar: PlantCalendar,
    day: string,
    window: Pick<BookingWindow, 'start' | 'end'>,
  ) {
    const { start, end } = windowOffsets(window, calendar.dayStartMinutes);
    return {
      startsAt: siteInstant(day, calendar.dayStartMinutes + start, deps.siteTimeZone),
      endsAt: siteInstant(day, calendar.dayStartMinutes + end, deps.siteTimeZone),
    };
  }

  function toLine(line: LinePlan, dayStartMinutes: number): BookingLine {
    return {
      id_branchQT: line.id,
      queue_type_name: line.queueTypeName,
      products: line.products,
      enabled: line.plan?.enabled ?? false,
      day_capacity: line.plan?.dayCapacity ?? 100,
      walk_in_percent: line.plan?.walkInPercent ?? 0,
      windows: windowsInDayOrder(line.plan?.windows ?? [], dayStartMinutes),
      closed_days: line.plan?.closedDays ?? [],
    };
  }

  /** Open bookings whose window closed before this (now less the late grace) read as lapsed. */
  function lapsedBefore(rules: BookingRules): Date {
    return new Date(clock.now().getTime() - rules.late_minutes * 60_000);
  }

  async function lineOf(
    branchId: number,
    branchQueueTypeId: number,
    path = 'id_branchQT',
  ): Promise<LinePlan> {
    const [line] = await repo.lines(repo.direct, branchId, branchQueueTypeId);
    if (!line)
      throw invalid(path, 'is not a queue type of this branch', 'This queue type is not one of the branch.');
    return line;
  }

  /** How full each window of a line's days is, by day then window start. */
  async function loadsOf(executor: Executor, branchQueueTypeId: number, from: string, to: string, cut: Date) {
    const rows = await repo.loads(executor, branchQueueTypeId, from, to, cut);
    const byWindow = new Map<string, Record<BookingStatus, number>>();
    for (const row of rows) {
      const key = `${row.day} ${row.windowStart}`;
      const counts = byWindow.get(key) ?? { booked: 0, checked_in: 0, cancelled: 0, lapsed: 0 };
      counts[row.status] += row.n;
      byWindow.set(key, counts);
    }
    return (day: string, windowStart: string) =>
      byWindow.get(`${day} ${windowStart}`) ?? { booked: 0, checked_in: 0, cancelled: 0, lapsed: 0 };
  }

  /**
   * Checks a slot may be booked now and writes the booking, under the line's day lock: the
   * line takes bookings that day, the window is the line's and not past its cut-off, there is
   * room in the window and the day, the supplier is within its day's limit and its quota.
   */
  async function book(
    branchId: number,
    slot: SlotRequest,
    how: {
      source: BookingSource;
      officerId: number | null;
      reason?: string | undefined;
      reissueOf?: BookingRow | undefined;
    },
  ): Promise<Booking> {
    const [calendar, rules, line] = await Promise.all([
      days.calendar(branchId),
      repo.rules(repo.direct, branchId),
      lineOf(branchId, slot.branchQueueTypeId),
    ]);
    const plan = line.plan;
    if (!line.products.some((p) => p.id === slot.productId))
      throw invalid(
        'product',
        'is not a product of this queue type',
        'This product is not offered for this queue type.',
      );
    const window = plan?.windows.find((w) => w.start === slot.windowStart);
    if (!plan || !window)
      throw invalid(
        'window_start',
        'is not a booking window of this queue type',
        'The line has no such window.',
      );
    if (!plan.enabled || plan.closedDays.includes(slot.day))
      throw conflict(`The line takes no bookings on ${slot.day}.`, 'BOOKING_CLOSED');
    if (slot.day < calendar.today || slot.day > addDays(calendar.today, rules.days_ahead))
      throw conflict(`Slots may be booked up to ${rules.days_ahead} days ahead.`, 'BOOKING_CLOSED');
    const { startsAt, endsAt } = windowInstants(calendar, slot.day, window);
    const now = clock.now();
    if (now.getTime() > startsAt.getTime() - rules.cutoff_minutes * 60_000)
      throw conflict(
        `The window ${window.start}-${window.end} takes no booking later than ${rules.cutoff_minutes} minutes before it opens.`,
        'BOOKING_CLOSED',
      );
    const supplier = await repo.activeSupplier(repo.direct, branchId, slot.supplierId);
    if (!supplier)
      throw invalid(
        'supplier_id',
        'is not an active supplier of this branch',
        'This supplier is not an active supplier of the branch.',
      );
    const plateKey = slot.licence === null ? null : plateSearchKey(slot.licence);
    if (plateKey !== null) {
      const owner = await repo.plateOwner(repo.direct, branchId, plateKey);
      if (owner !== null && owner !== supplier.id)
        throw conflict(`The plate ${slot.licence} is another supplier's vehicle.`, 'PLATE_NOT_SUPPLIERS');
    }
    return repo.transaction(async (tx) => {
      await repo.lock(tx, `${slot.branchQueueTypeId}:${slot.day}`);
      await repo.lock(tx, `supplier:${supplier.id}`);
      const cut = lapsedBefore(rules);
      const loads = await loadsOf(tx, slot.branchQueueTypeId, slot.day, slot.day, cut);
      const held = (w: BookingWindow) => {
        const c = loads(slot.day, w.start);
        return c.booked + c.checked_in;
      };
      const dayHeld = plan.windows.reduce((sum, w) => sum + held(w), 0);
      if (held(window) >= bookableLoads(window.capacity, plan.walkInPercent))
        throw conflict(`The window ${window.start}-${window.end} is fully booked.`, 'WINDOW_FULL');
      if (dayHeld >= bookableLoads(plan.dayCapacity, plan.walkInPercent))
        throw conflict(`${slot.day} is fully booked.`, 'WINDOW_FULL');
      if ((await repo.supplierDay(tx, supplier.id, slot.day, cut)) >= rules.per_supplier_day)
        throw conflict(
          `Supplier ${supplier.code} already holds ${rules.per_supplier_day} bookings on ${slot.day}.`,
          'SUPPLIER_DAY_LIMIT',
        );
      const standing = await quotas.standing(tx, branchId, supplier.id, slot.productId, slot.day, cut);
      const over = standing?.over ?? false;
      if (over && standing) {
        const past = `Supplier ${supplier.code} has no quota left in season ${standing.seasonName}.`;
        if (standing.overQuota === 'refuse') throw conflict(past, 'OVER_QUOTA');
        if (standing.overQuota === 'reason' && !how.reason)
          throw conflict(`${past} A reason is needed to book past it.`, 'OVER_QUOTA');
      }
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const id = await repo.insert(tx, {
          branchId,
          code: drawCode(),
          supplierId: supplier.id,
          licence: slot.licence,
          plateKey,
          productId: slot.productId,
          branchQueueTypeId: slot.branchQueueTypeId,
          day: slot.day,
          windowStart: window.start,
          windowEnd: window.end,
          startsAt,
          endsAt,
          source: how.source,
          reissue: how.reissueOf ? how.reissueOf.reissue + 1 : 0,
          reissueOf: how.reissueOf?.id ?? null,
          note: over ? (how.reason ?? null) : null,
          overQuota: over,
          createdByOfficerId: how.officerId,
          created: now,
        });
        if (id !== null) return (await repo.view(tx, branchId, id, cut))!;
      }
      throw new AppError('INTERNAL', 'No free booking code was found.');
    });
  }

  /** A booking of the branch by its code. */
  async function byCode(branchId: number, code: string, rules: BookingRules) {
    const row = await repo.row(repo.direct, branchId, { code }, lapsedBefore(rules));
    if (!row) throw notFound('The booking');
    return row;
  }

  /** What checking a booking in would do now: at its slot, as a walk-in, or nothing. */
  function outcomeOf(time: CheckInTime, rules: BookingRules): 'slot' | 'walk_in' | 'refused' {
    if (time === 'early' || time === 'in_window') return 'slot';
    return rules.outside_window === 'walk_in' ? 'walk_in' : 'refused';
  }

  /** A line's days from `from`, each open window with its loads by status against what it may book. */
  async function windowLoads(branchId: number, branchQueueTypeId: number, from: string, dayCount: number) {
    const [line, calendar, rules] = await Promise.all([
      lineOf(branchId, branchQueueTypeId),
      days.calendar(branchId),
      repo.rules(repo.direct, branchId),
    ]);
    const to = addDays(from, dayCount - 1);
    const loads = await loadsOf(repo.direct, branchQueueTypeId, from, to, lapsedBefore(rules));
    const plan = line.plan;
    const windows = windowsInDayOrder(plan?.windows ?? [], calendar.dayStartMinutes);
    const list = Array.from({ length: dayCount }, (_, i) => {
      const day = addDays(from, i);
      const closed = !plan?.enabled || plan.closedDays.includes(day);
      return {
        day,
        closed,
        windows: closed
          ? []
          : windows.map((w): WindowLoad => {
              const c = loads(day, w.start);
              return {
                start: w.start,
                end: w.end,
                capacity: w.capacity,
                bookable: bookableLoads(w.capacity, plan.walkInPercent),
                ...c,
              };
            }),
      };
    });
    return { list, plan, calendar, rules };
  }

  return {
    /** The branch's rules (DEFAULT_BOOKING_RULES until set). */
    rules: (branchId: number) => repo.rules(repo.direct, branchId),

    /** Books a slot: by the office, the supplier on its page, or the calendar. */
    book,

    /**
     * What a supplier may still book on a line's days: each open window's free loads (within the
     * day's too), none past the cut-off or beyond the days the rules let it book ahead.
     */
    async freeSlots(branchId: number, branchQueueTypeId: number, from: string, dayCount: number) {
      const { list, plan, calendar, rules } = await windowLoads(branchId, branchQueueTypeId, from, dayCount);
      const now = clock.now().getTime();
      const last = addDays(calendar.today, rules.days_ahead);
      return list.map(({ day, closed, windows }) => {
        const bookableDay = plan ? bookableLoads(plan.dayCapacity, plan.walkInPercent) : 0;
        let dayFree = bookableDay - windows.reduce((sum, w) => sum + w.booked + w.checked_in, 0);
        const open = !closed && day >= calendar.today && day <= last;
        return {
          day,
          closed: closed || !open,
          windows: windows.map((w) => {
            const { startsAt } = windowInstants(calendar, day, w);
            const free =
              !open || now > startsAt.getTime() - rules.cutoff_minutes * 60_000
                ? 0
                : Math.max(0, Math.min(dayFree, w.bookable - w.booked - w.checked_in));
            dayFree -= free;
            return { start: w.start, end: w.end, free };
          }),
        };
      });
    },

    /** The lines that take bookings, with their products. */
    async openLines(branchId: number) {
      const lines = await repo.lines(repo.direct, branchId);
      return lines
        .filter((l) => l.plan?.enabled && l.plan.windows.length > 0)
        .map((l) => ({ id_branchQT: l.id, queue_type_name: l.queueTypeName, products: l.products }));
    },

    /** A supplier's bookings from `from` on, by window. */
    async ofSupplier(branchId: number, supplierId: number, from: string) {
      const rules = await repo.rules(repo.direct, branchId);
      const page = await repo.page(repo.direct, branchId, {
        from,
        to: '9999-12-31',
        supplierId,
        find: '',
        plateKey: '',
        limit: 200,
        offset: 0,
        lapsedBefore: lapsedBefore(rules),
      });
      return page.bookings;
    },

    /** The supplier cancels an open booking of its own, before its window's cut-off. */
    async cancelBySupplier(branchId: number, supplierId: number, bookingId: number) {
      const rules = await repo.rules(repo.direct, branchId);
      const cut = lapsedBefore(rules);
      const row = await repo.row(repo.direct, branchId, { id: bookingId }, cut);
      if (!row || row.supplierId !== supplierId) throw notFound('The booking');
      if (row.status !== 'booked')
        throw conflict(`Booking ${row.code} is ${row.status.replace('_', ' ')}.`, 'BOOKING_NOT_OPEN');
      if (clock.now().getTime() > row.startsAt.getTime() - rules.cutoff_minutes * 60_000)
        throw conflict(
          `Booking ${row.code} can no longer be cancelled: its window opens within ${rules.cutoff_minutes} minutes.`,
          'BOOKING_CLOSED',
        );
      if (!(await repo.cancel(repo.direct, row.id, null, clock.now(), cut)))
        throw conflict(`Booking ${row.code} is no longer open.`, 'BOOKING_NOT_OPEN');
      return (await repo.view(repo.direct, branchId, row.id, cut))!;
    },

    async plan(auth: AuthContext) {
      const [rules, lines, calendar] = await Promise.all([
        repo.rules(repo.direct, auth.branchId),
        repo.lines(repo.direct, auth.branchId),
        days.calendar(auth.branchId),
      ]);
      return { rules, lines: lines.map((l) => toLine(l, calendar.dayStartMinutes)) };
    },

    async saveLine(auth: AuthContext, input: BookingLineInput): Promise<BookingLine> {
      const calendar = await days.calendar(auth.branchId);
      await lineOf(auth.branchId, input.id_branchQT);
      const problem = windowProblems(input.windows, calendar.dayStartMinutes)[0];
      if (problem) {
        const why = {
          EMPTY: 'ends where it starts or crosses the start of the plant day',
          OVERLAP: 'overlaps another window',
          DUPLICATE: 'starts when another window starts',
        }[problem.problem];
        throw invalid(`windows.${problem.index}`, why, `Window ${problem.index + 1} ${why}.`);
      }
      await repo.saveLine(
        repo.direct,
        auth.branchId,
        {
          branchQueueTypeId: input.id_branchQT,
          enabled: input.enabled,
          dayCapacity: input.day_capacity,
          walkInPercent: input.walk_in_percent,
          windows: windowsInDayOrder(input.windows, calendar.dayStartMinutes),
          closedDays: [...new Set(input.closed_days)].sort(),
        },
        clock.now(),
      );
      return toLine(
        (await repo.lines(repo.direct, auth.branchId, input.id_branchQT))[0]!,
        calendar.dayStartMinutes,
      );
    },

    async saveRules(auth: AuthContext, rules: BookingRules): Promise<BookingRules> {
      await repo.saveRules(repo.direct, auth.branchId, rules, clock.now());
      return repo.rules(repo.direct, auth.branchId);
    },

    /** A line's days from `from`: each window's capacity, bookable loads and bookings by status. */
    async calendar(auth: AuthContext, branchQueueTypeId: number, from: string, dayCount: number) {
      return (await windowLoads(auth.branchId, branchQueueTypeId, from, dayCount)).list;
    },

    async list(auth: AuthContext, filter: ListFilter) {
      const rules = await repo.rules(repo.direct, auth.branchId);
      return repo.page(repo.direct, auth.branchId, {
        lapsedBefore: lapsedBefore(rules),
        from: filter.from,
        to: filter.to,
        branchQueueTypeId: filter.id_branchQT,
        supplierId: filter.supplier_id,
        status: filter.status,
        find: filter.find,
        plateKey: filter.find ? plateSearchKey(filter.find) : '',
        limit: filter.page_size,
        offset: (filter.page - 1) * filter.page_size,
      });
    },

    /** The office books a slot for a supplier (past its quota only with a reason, where the season asks one). */
    async make(auth: AuthContext, slot: SlotRequest, reason: string | undefined) {
      return book(auth.branchId, slot, { source: 'office', officerId: auth.officerId, reason });
    },

    /** The office cancels an open booking, whenever, with its reason. */
    async cancel(auth: AuthContext, bookingId: number, reason: string) {
      const cut = lapsedBefore(await repo.rules(repo.direct, auth.branchId));
      const row = await repo.row(repo.direct, auth.branchId, { id: bookingId }, cut);
      if (!row) throw notFound('The booking');
      if (!(await repo.cancel(repo.direct, row.id, reason, clock.now(), cut)))
        throw conflict(
          `Booking ${row.code} is ${row.status.replace('_', ' ')}: only an open booking is cancelled.`,
          'BOOKING_NOT_OPEN',
        );
      return (await repo.view(repo.direct, auth.branchId, row.id, cut))!;
    },

    /** A lapsed booking booked again for another slot, as a re-issue (as many times as the rules allow). */
    async reissue(auth: AuthContext, bookingId: number, day: string, windowStart: string) {
      const rules = await repo.rules(repo.direct, auth.branchId);
      const row = await repo.row(repo.direct, auth.branchId, { id: bookingId }, lapsedBefore(rules));
      if (!row) throw notFound('The booking');
      if (row.status !== 'lapsed' || (await repo.reissued(repo.direct, row.id)))
        throw conflict(
          `Booking ${row.code} is not a lapsed booking waiting to be re-issued.`,
          'BOOKING_NOT_OPEN',
        );
      if (row.reissue >= rules.max_reissues)
        throw conflict(`Booking ${row.code} was re-issued ${row.reissue} times already.`, 'REISSUE_LIMIT');
      return book(
        auth.branchId,
        {
          branchQueueTypeId: row.branchQueueTypeId,
          productId: row.productId,
          day,
          windowStart,
          licence: row.licence,
          supplierId: row.supplierId,
        },
        { source: row.source, officerId: auth.officerId, reason: row.note ?? undefined, reissueOf: row },
      );
    },

    /**
     * Hands out a season's remaining quota as slots of a line (the delivery calendar). The days
     * are those from `from` to `to` inside the season, from tomorrow on, open and bookable now.
     */
    async generate(
      auth: AuthContext,
      input: {
        seasonId: number;
        branchQueueTypeId: number;
        from: string;
        to: string;
        tonnesPerLoad: number;
        apply: boolean;
      },
    ) {
      const branchId = auth.branchId;
      const rules = await repo.rules(repo.direct, branchId);
      const cut = lapsedBefore(rules);
      const [season, line, calendar] = await Promise.all([
        quotas.remaining(branchId, input.seasonId, cut),
        lineOf(branchId, input.branchQueueTypeId),
        days.calendar(branchId),
      ]);
      if (!season) throw notFound('The season');
      if (!line.products.some((p) => p.id === season.productId))
        throw invalid(
          'id_branchQT',
          "does not take the season's product",
          "This queue type does not take the season's product.",
        );
      const plan = line.plan;
      const first = [input.from, season.startsOn, addDays(calendar.today, 1)].reduce((a, b) =>
        a > b ? a : b,
      );
      const last = [input.to, season.endsOn].reduce((a, b) => (a < b ? a : b));
      const openings: { day: string; windowStart: string; free: number }[] = [];
      const now = clock.now();
      if (plan?.enabled && first <= last) {
        const loads = await loadsOf(repo.direct, line.id, first, last, cut);
        const windows = windowsInDayOrder(plan.windows, calendar.dayStartMinutes);
        for (let day = first; day <= last; day = addDays(day, 1)) {
          if (plan.closedDays.includes(day)) continue;
          let dayFree =
            bookableLoads(plan.dayCapacity, plan.walkInPercent) -
            windows.reduce((sum, w) => sum + loads(day, w.start).booked + loads(day, w.start).checked_in, 0);
          for (const w of windows) {
            const { startsAt } = windowInstants(calendar, day, w);
            if (now.getTime() > startsAt.getTime() - rules.cutoff_minutes * 60_000) continue;
            const c = loads(day, w.start);
            const free = Math.min(
              dayFree,
              bookableLoads(w.capacity, plan.walkInPercent) - c.booked - c.checked_in,
            );
            if (free <= 0) continue;
            openings.push({ day, windowStart: w.start, free });
            dayFree -= free;
          }
        }
      }
      const claimants = season.suppliers.map((s) => ({
        id: s.id,
        left: Math.max(
          0,
          (season.unit === 'loads' ? Math.ceil(s.remaining) : Math.ceil(s.remaining / input.tonnesPerLoad)) -
            s.booked,
        ),
      }));
      const heldByDay = await repo.supplierDays(repo.direct, branchId, first, last, cut);
      const allotment = allotSlots(openings, claimants, {
        perSupplierDay: rules.per_supplier_day,
        held: (id, day) => heldByDay.get(`${id} ${day}`) ?? 0,
      });
      let booked = 0;
      if (input.apply)
        for (const slot of allotment.slots) {
          try {
            await book(
              branchId,
              {
                branchQueueTypeId: line.id,
                productId: season.productId,
                day: slot.day,
                windowStart: slot.windowStart,
                licence: null,
                supplierId: slot.supplierId,
              },
              { source: 'calendar', officerId: auth.officerId },
            );
            booked++;
          } catch (error) {
            // A slot taken meanwhile (another officer's booking) or a supplier past its quota by now is skipped.
            if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
          }
        }
      const byId = new Map(season.suppliers.map((s) => [s.id, s]));
      return {
        suppliers: claimants
          .filter((c) => c.left > 0)
          .map((c) => ({
            supplier_id: c.id,
            code: byId.get(c.id)!.code,
            name: byId.get(c.id)!.name,
            left: c.left,
            slots: allotment.bySupplier.get(c.id) ?? 0,
          })),
        slots: input.apply ? booked : allotment.slots.length,
        applied: input.apply,
      };
    },

    /** A booking by its code, as the kiosk or the desk scans it: where it stands against its window now. */
    async find(branchId: number, code: string) {
      const rules = await repo.rules(repo.direct, branchId);
      const row = await byCode(branchId, code, rules);
      const time = checkInTime(clock.now(), row, {
        earlyMinutes: rules.early_minutes,
        lateMinutes: rules.late_minutes,
      });
      return {
        booking: (await repo.view(repo.direct, branchId, row.id, lapsedBefore(rules)))!,
        time,
        outcome: outcomeOf(time, rules),
      };
    },

    /**
     * The bookings of this plant day an arriving truck's plate may be (an entrance camera's read,
     * or a tag's vehicle): those booked for that plate (plate-match.ts, confusable-safe, so a read
     * without its province finds them), and the any-vehicle bookings of the supplier one of whose
     * vehicles it is. Each with what checking it in would do now, and the licence its ticket takes.
     */
    async arrivals(branchId: number, plate: string) {
      const [rules, calendar] = await Promise.all([
        repo.rules(repo.direct, branchId),
        days.calendar(branchId),
      ]);
      // Yesterday's too: a truck booked into the plant day's last windows may come after it turned over.
      const { rows, vehicles } = await repo.openOfDays(repo.direct, branchId, [
        addDays(calendar.today, -1),
        calendar.today,
      ]);
      const now = clock.now();
      const booked = matchPlate(
        plate,
        rows.filter((row) => row.licence !== null),
        (row) => row.licence!,
      ).matches.map((row) => ({ row, licence: row.licence! }));
      const owned = matchPlate(plate, vehicles, (vehicle) => vehicle.licence).matches;
      const anyVehicle =
        owned.length === 1
          ? rows
              .filter((row) => row.licence === null && row.supplierId === owned[0]!.supplierId)
              .map((row) => ({ row, licence: owned[0]!.licence }))
          : [];
      return [...booked, ...anyVehicle].map(({ row, licence }) => ({
        id: row.id,
        code: row.code,
        licence,
        /** Booked for this plate (not for any vehicle of its supplier). */
        named: row.licence !== null,
        outcome: outcomeOf(
          checkInTime(now, row, { earlyMinutes: rules.early_minutes, lateMinutes: rules.late_minutes }),
          rules,
        ),
      }));
    },

    /**
     * Checks a booked truck in: the ticket its booking says (supplier, product, line), at its
     * slot inside the window or as a walk-in outside it where the rules let it. `issue` issues
     * and prints the ticket (the ticket desk), writing the booking's check-in in its transaction.
     */
    async checkIn<T extends { view: { id: number } }>(
      branchId: number,
      input: { code: string; licence: string | undefined; idempotencyKey: string | undefined },
      issue: (
        ticket: {
          branchQueueTypeId: number;
          productId: number;
          truckLicense: string;
          supplierId: number;
          orderClass: string | undefined;
          idempotencyKey: string | undefined;
          booking: { id: number; lineAt: Date } | undefined;
        },
        alongside: (tx: Executor) => Promise<void>,
      ) => Promise<T>,
    ): Promise<T & { booking: Booking; joined: 'slot' | 'walk_in' }> {
      const rules = await repo.rules(repo.direct, branchId);
      const row = await byCode(branchId, input.code, rules);
      const [line] = await repo.lines(repo.direct, branchId, row.branchQueueTypeId);
      const now = clock.now();
      const time = checkInTime(now, row, {
        earlyMinutes: rules.early_minutes,
        lateMinutes: rules.late_minutes,
      });
      const outcome = outcomeOf(time, rules);
      // A kiosk's retry of a check-in that went through gets its ticket back (the issue answers it by its key).
      const retry =
        row.status === 'checked_in' &&
        input.idempotencyKey !== undefined &&
        (await repo.ticketOf(repo.direct, row.id))?.idempotencyKey === input.idempotencyKey;
      // A lapsed booking still brings its truck in late (as the rules take the late), unless it was re-issued.
      const open =
        row.status === 'booked' || (row.status === 'lapsed' && !(await repo.reissued(repo.direct, row.id)));
      if (!open && !retry)
        throw conflict(`Booking ${row.code} is ${row.status.replace('_', ' ')}.`, 'BOOKING_NOT_OPEN');
      if (outcome === 'refused' && !retry)
        throw conflict(
          time === 'too_early'
            ? `Booking ${row.code} opens at ${row.windowStart}: too early to check in.`
            : `Booking ${row.code} closed at ${row.windowEnd}: too late to check in.`,
          'BOOKING_OUTSIDE_WINDOW',
        );
      const licence = input.licence ?? row.licence;
      if (licence === null)
        throw invalid(
          'truck_license',
          "is needed: the booking is for any of the supplier's vehicles",
          "The truck's plate is needed.",
        );
      if (plateSearchKey(licence) !== row.plateKey) {
        const owner = await repo.plateOwner(repo.direct, branchId, plateSearchKey(licence));
        if (owner !== row.supplierId)
          throw conflict(
            `The plate ${licence} is not a vehicle of the booking's supplier.`,
            'PLATE_NOT_SUPPLIERS',
          );
      }
      const atSlot = outcome === 'slot';
      const bookedClass =
        atSlot && line?.orderRule?.classes.some((c) => c.key === 'booked') ? 'booked' : undefined;
      const issued = await issue(
        {
          branchQueueTypeId: row.branchQueueTypeId,
          productId: row.productId,
          truckLicense: licence,
          supplierId: row.supplierId,
          orderClass: bookedClass,
          idempotencyKey: input.idempotencyKey,
          booking: { id: row.id, lineAt: atSlot ? slotLineAt(now, row.startsAt) : now },
        },
        async (tx) => {
          if (!(await repo.checkIn(tx, row.id, now)))
            throw conflict(`Booking ${row.code} was checked in meanwhile.`, 'BOOKING_NOT_OPEN');
        },
      );
      return {
        ...issued,
        booking: (await repo.view(repo.direct, branchId, row.id, lapsedBefore(rules)))!,
        joined: atSlot ? 'slot' : 'walk_in',
      };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

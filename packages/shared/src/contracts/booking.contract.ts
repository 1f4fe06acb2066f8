import { z } from 'zod';
import { CHECK_IN_TIMES } from '../booking/windows.ts';
import { defineContract, IdSchema, noHidden, OkSchema, text } from './api.ts';
import { PrintOutcomeSchema } from './printing.contract.ts';
import { IdempotencyKeySchema, TicketSchema, TruckLicenseSchema } from './queue.contract.ts';
import { SiteDaySchema } from './report.contract.ts';

/**
 * Who may come when (issue 39): each line's capacity per day and per window, the days it is
 * closed, the share kept for walk-ins, and the bookings that take its slots. A booking is a slot
 * (a plant day and a window) of one line for a supplier, a plate or any of its vehicles, and a
 * product, with a code its QR carries. A driver checks it in at the kiosk (or the desk): inside
 * its window he takes the line at the window's opening, before the walk-ins who came after it.
 */

/** A clock time on the site's clock, 'HH:MM'. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

/** One window of a line's day: from `start` to `end` (site clock; an end before the start is after midnight). */
export const BookingWindowSchema = z.strictObject({
  start: ClockTimeSchema,
  end: ClockTimeSchema,
  /** Truck-loads the window takes, bookings and walk-ins together. */
  capacity: z.int32().min(1).max(10_000),
});
export type BookingWindow = z.infer<typeof BookingWindowSchema>;

export const BOOKING_WINDOWS_MAX = 24;
export const CLOSED_DAYS_MAX = 400;

/** A line's booking plan. */
export const BookingLineInputSchema = z.strictObject({
  id_branchQT: IdSchema,
  /** Bookings are taken for this line. */
  enabled: z.boolean(),
  /** Truck-loads a day, bookings and walk-ins together. */
  day_capacity: z.int32().min(1).max(100_000),
  /** Percent of each window (and of the day) kept for walk-ins: never booked. */
  walk_in_percent: z.int32().min(0).max(100),
  /** The windows of a day, in the order of the day, none overlapping, within one plant day. */
  windows: z.array(BookingWindowSchema).max(BOOKING_WINDOWS_MAX),
  /** Plant days it takes no bookings (holidays, maintenance). */
  closed_days: z.array(SiteDaySchema).max(CLOSED_DAYS_MAX),
});
export type BookingLineInput = z.infer<typeof BookingLineInputSchema>;

/** What a booked truck arriving outside its window (graces included) meets. */
export const OUTSIDE_WINDOW_RULES = ['walk_in', 'refuse'] as const;
export type OutsideWindowRule = (typeof OUTSIDE_WINDOW_RULES)[number];

/** The branch's booking rules. */
export const BookingRulesSchema = z.strictObject({
  /** How many plant days ahead a slot may be booked (1: tomorrow at most). */
  days_ahead: z.int32().min(0).max(120),
  /** A window takes no new booking this many minutes before it opens (the office may still cancel one). */
  cutoff_minutes: z.int32().min(0).max(2880),
  /** Bookings a supplier may hold on one plant day (open and checked in). */
  per_supplier_day: z.int32().min(1).max(1000),
  /** A booked truck may check in this many minutes before its window opens ... */
  early_minutes: z.int32().min(0).max(720),
  /** ... and this many after it closes. */
  late_minutes: z.int32().min(0).max(720),
  /** Outside those, the truck joins the walk-in line or is refused. */
  outside_window: z.enum(OUTSIDE_WINDOW_RULES),
  /** A booking not checked in by its window's end (plus late_minutes) lapses; the calendar re-issues it at most this many times. */
  max_reissues: z.int32().min(0).max(4),
});
export type BookingRules = z.infer<typeof BookingRulesSchema>;

/** A branch's rules before its office sets them. */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  days_ahead: 14,
  cutoff_minutes: 60,
  per_supplier_day: 10,
  early_minutes: 60,
  late_minutes: 30,
  outside_window: 'walk_in',
  max_reissues: 4,
};

export const BookingLineSchema = BookingLineInputSchema.extend({
  queue_type_name: z.string(),
  /** The line's products (a booking names one). */
  products: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type BookingLine = z.infer<typeof BookingLineSchema>;

/** The branch's booking rules and every line's plan (lines without one come disabled, with an empty plan). */
export const bookingPlan = defineContract({
  path: 'admin/booking/plan',
  access: 'suppliers',
  body: z.strictObject({}),
  response: OkSchema.extend({ rules: BookingRulesSchema, lines: z.array(BookingLineSchema) }),
});

/**
 * Sets one line's plan. VALIDATION_FAILED: a line not of the branch (id_branchQT); windows that
 * overlap, start together, are empty or cross the plant day's start (windows.N). The day's
 * capacity binds besides the windows': their capacities may add up to more.
 */
export const saveBookingLine = defineContract({
  path: 'admin/booking/saveLine',
  access: 'suppliers',
  body: BookingLineInputSchema,
  response: OkSchema.extend({ line: BookingLineSchema }),
});

export const saveBookingRules = defineContract({
  path: 'admin/booking/saveRules',
  access: 'suppliers',
  body: BookingRulesSchema,
  response: OkSchema.extend({ rules: BookingRulesSchema }),
});

/** Where a booking stands. */
export const BOOKING_STATUSES = ['booked', 'checked_in', 'cancelled', 'lapsed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who made it: the office, the supplier on its page, or the delivery calendar. */
export const BOOKING_SOURCES = ['office', 'supplier', 'calendar'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/**
 * A booking's code, as its QR carries it and a driver types it: 8 letters and digits that cannot
 * be taken for one another (no O/0, I/1/L, S/5, Z/2, B/8), compared without case.
 */
export const BOOKING_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY3469';
export const BOOKING_CODE_LENGTH = 8;
export const BookingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .overwrite((v) => v.replace(/[\s-]/g, ''))
  .regex(new RegExp(`^[${BOOKING_CODE_ALPHABET}]{${BOOKING_CODE_LENGTH}}$`), 'is not a booking code');

export const BookingSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  supplier: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  /** The plate it was booked for; null: any of the supplier's vehicles. */
  truck_license: z.string().nullable(),
  product: z.number(),
  product_name: z.string(),
  id_branchQT: z.number(),
  queue_type_name: z.string(),
  /** The plant day and the window, as booked ('HH:MM'), and the window's instants. */
  day: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** How many times the calendar re-issued a lapsed booking to make this one (0: not a re-issue). */
  reissue: z.number(),
  /** The ticket it was checked in with. */
  queue: z.object({ uuid: z.string(), queue_number: z.string() }).nullable(),
  checked_in_at: z.string().nullable(),
  /** The office's reason for a booking past the supplier's quota, or for cancelling it. */
  note: z.string().nullable(),
  /** A warning the booking was made with: the supplier is past its season's quota. */
  over_quota: z.boolean(),
  created: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

/** How full one window of one day is. */
export const WindowLoadSchema = z.object({
  start: z.string(),
  end: z.string(),
  capacity: z.number(),
  /** The loads it may book (capacity less the walk-ins' share). */
  bookable: z.number(),
  booked: z.number(),
  checked_in: z.number(),
  lapsed: z.number(),
  cancelled: z.number(),
});
export type WindowLoad = z.infer<typeof WindowLoadSchema>;

/**
 * The bookings calendar of one line: from `from`, `days` plant days, each day's windows with what
 * is booked, checked in and lapsed against capacity. A closed day or a line without bookings has
 * no windows.
 */
export const bookingCalendar = defineContract({
  path: 'admin/booking/calendar',
  access: 'suppliers',
  body: z.strictObject({ id_branchQT: IdSchema, from: SiteDaySchema, days: z.int32().min(1).max(42) }),
  response: OkSchema.extend({
    days: z.array(
      z.object({
        day: z.string(),
        closed: z.boolean(),
        windows: z.array(WindowLoadSchema),
      }),
    ),
  }),
});

/** The branch's bookings, a page at a time, by day and window. */
export const listBookings = defineContract({
  path: 'admin/booking/list',
  access: 'suppliers',
  body: z.strictObject({
    from: SiteDaySchema,
    to: SiteDaySchema,
    id_branchQT: IdSchema.optional(),
    supplier_id: IdSchema.optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    /** A booking code, a plate, or a supplier's code or name. */
    find: noHidden(z.string().trim().max(120)).default(''),
    page: z.int32().min(1).default(1),
    page_size: z.int32().min(1).max(200).default(50),
  }),
  response: OkSchema.extend({ bookings: z.array(BookingSchema), total: z.number() }),
});

/** What a booking is for: a slot of a line, a supplier, a plate or any of its vehicles, a product. */
export const BookingRequestSchema = z.strictObject({
  id_branchQT: IdSchema,
  product: IdSchema,
  day: SiteDaySchema,
  /** The window's start ('HH:MM'), one of the line's windows. */
  window_start: ClockTimeSchema,
  /** null: any of the supplier's vehicles. */
  truck_license: TruckLicenseSchema.nullable(),
});

/**
 * The office books a slot for a supplier. Refused CONFLICT, by `reason`: BOOKING_CLOSED (the line
 * takes no bookings that day, or the window is past its cut-off, or too far ahead), WINDOW_FULL
 * (no bookable load left in the window or the day), SUPPLIER_DAY_LIMIT, OVER_QUOTA (the season
 * refuses it, or asks a reason and `reason` is missing), PLATE_NOT_SUPPLIERS (the plate is
 * another supplier's vehicle). VALIDATION_FAILED: a window the line does not have (window_start).
 */
export const makeBooking = defineContract({
  path: 'admin/booking/make',
  access: 'suppliers',
  body: BookingRequestSchema.extend({
    supplier_id: IdSchema,
    /** Past the supplier's quota, where the season asks a reason. */
    reason: text(200).optional(),
  }),
  response: OkSchema.extend({ booking: BookingSchema }),
});

/** Cancels a booking not yet checked in (CONFLICT BOOKING_NOT_OPEN otherwise), with the office's reason. */
export const cancelBooking = defineContract({
  path: 'admin/booking/cancel',
  access: 'suppliers',
  body: z.strictObject({ booking_id: IdSchema, reason: text(200) }),
  response: OkSchema.extend({ booking: BookingSchema }),
});

/**
 * Re-issues a lapsed booking for another slot, as a new booking marked a re-issue (the lapsed one
 * stays lapsed). Refused CONFLICT BOOKING_NOT_OPEN (not lapsed), REISSUE_LIMIT (re-issued as many
 * times as the rules allow), and as makeBooking would refuse the new slot.
 */
export const reissueBooking = defineContract({
  path: 'admin/booking/reissue',
  access: 'suppliers',
  body: z.strictObject({ booking_id: IdSchema, day: SiteDaySchema, window_start: ClockTimeSchema }),
  response: OkSchema.extend({ booking: BookingSchema }),
});

/**
 * Hands out a season's remaining quota as slots of one line from `from` to `to`: each open day's
 * bookable loads (less what is booked already) shared among the suppliers with a quota left, in
 * proportion to what each has left (tonnes turned into loads by `tonnes_per_load`), the earliest
 * windows first. `apply` false: what it would book; true: booked (source 'calendar', any vehicle).
 */
export const generateBookings = defineContract({
  path: 'admin/booking/generate',
  access: 'suppliers',
  body: z
    .strictObject({
      season_id: IdSchema,
      id_branchQT: IdSchema,
      from: SiteDaySchema,
      to: SiteDaySchema,
      /** The paid tonnes one load brings, for a season counted in tonnes. */
      tonnes_per_load: z.number().min(0.5).max(100).default(15),
      apply: z.boolean(),
    })
    .refine((b) => b.to >= b.from, { path: ['to'], message: 'must not be before from' })
    .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= 92 * 86_400_000, {
      path: ['to'],
      message: 'hands out at most 93 days at once',
    }),
  response: OkSchema.extend({
    /** Per supplier: the loads it has left and the slots handed out. */
    suppliers: z.array(
      z.object({
        supplier_id: z.number(),
        code: z.string(),
        name: z.string(),
        left: z.number(),
        slots: z.number(),
      }),
    ),
    slots: z.number(),
    applied: z.boolean(),
  }),
});

/**
 * A booking as the kiosk or the desk finds it by its code (or QR): whether it may check in now.
 * NOT_FOUND: no booking of the branch has the code.
 */
export const findBooking = defineContract({
  path: 'process/printer/findBooking',
  access: 'calling',
  device: 'printer',
  body: z.strictObject({ code: BookingCodeSchema }),
  response: OkSchema.extend({
    booking: BookingSchema,
    /** Now against its window and the graces (booking/windows.ts checkInTime). */
    time: z.enum(CHECK_IN_TIMES),
    /** What checking in would do now: join at the slot, join as a walk-in, or nothing (refused). */
    outcome: z.enum(['slot', 'walk_in', 'refused']),
  }),
});

/**
 * Checks a booked truck in: issues its ticket linked to the booking (its supplier, product and
 * line). Inside the window (graces included) it joins the line at the window's opening, or at
 * once if it came before; outside, by the rules, as a walk-in or refused (CONFLICT
 * BOOKING_OUTSIDE_WINDOW). Refused CONFLICT BOOKING_NOT_OPEN (cancelled, lapsed or checked in
 * already: a retry with the same idempotency key gets its ticket back), PLATE_NOT_SUPPLIERS (a
 * plate that is neither the booked one nor a vehicle of the supplier), and as issueQueue refuses.
 */
export const checkInBooking = defineContract({
  path: 'process/printer/checkIn',
  access: 'calling',
  device: 'printer',
  body: z.strictObject({
    code: BookingCodeSchema,
    /** The truck's plate: needed where the booking is for any of the supplier's vehicles. */
    truck_license: TruckLicenseSchema.optional(),
    idempotency_key: IdempotencyKeySchema.optional(),
    printer_uuid: z.uuid().nullable().optional(),
  }),
  response: OkSchema.extend({
    queue: TicketSchema,
    print: PrintOutcomeSchema,
    booking: BookingSchema,
    /** Whether it joined the line at its slot or as a walk-in. */
    joined: z.enum(['slot', 'walk_in']),
  }),
});

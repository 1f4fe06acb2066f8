import type { ConflictReason } from '@truck-queue/shared/contracts/api';
import type { WindowLoad } from '@truck-queue/shared/contracts/booking.contract';
import type { Season } from '@truck-queue/shared/contracts/season.contract';
import { windowsInDayOrder } from '@truck-queue/shared/booking/windows';
import { addDays } from '@truck-queue/shared/plant-day';
import { isApiRequestError } from '../../lib/api-client.ts';

/** The fields of the plan's line form a saveBookingLine refusal lands on. */
export type LineField = 'day_capacity' | 'walk_in_percent' | 'windows' | 'closed_days';

/** Where a refusal of saveBookingLine lands: a field (a window by its index), or above the form. */
export interface LineRefusal {
  field: LineField | null;
  /** For a window (windows.N): which one. */
  index?: number | undefined;
}

/**
 * The line form's fields a saveBookingLine VALIDATION_FAILED names in its `issues` ('windows.1' is
 * the second window, 'day_capacity' the day's capacity); a path of no field (id_branchQT) lands
 * above the form. Empty for any other refusal (said above the form).
 */
export function lineRefusals(error: unknown): LineRefusal[] {
  if (!isApiRequestError(error) || error.code !== 'VALIDATION_FAILED') return [];
  const refusals: LineRefusal[] = [];
  for (const issue of error.detail.issues ?? []) {
    const [head, second] = issue.path.split('.');
    const field = (['day_capacity', 'walk_in_percent', 'windows', 'closed_days'] as const).find(
      (f) => f === head,
    );
    const index =
      field === 'windows' && second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined;
    const refusal = { field: field ?? null, index };
    if (!refusals.some((r) => r.field === refusal.field && r.index === refusal.index)) refusals.push(refusal);
  }
  return refusals;
}

/** The CONFLICT reasons a booking call may meet (each said by `errors.reasons.<REASON>`, with what to do). */
export const BOOKING_REFUSALS = [
  'BOOKING_CLOSED',
  'WINDOW_FULL',
  'SUPPLIER_DAY_LIMIT',
  'OVER_QUOTA',
  'PLATE_NOT_SUPPLIERS',
  'BOOKING_NOT_OPEN',
  'REISSUE_LIMIT',
] as const satisfies readonly ConflictReason[];
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number];

/** The booking reason a refusal carries, or undefined (any other failure). */
export function bookingRefusalOf(error: unknown): BookingRefusal | undefined {
  if (!isApiRequestError(error)) return undefined;
  return BOOKING_REFUSALS.find((reason) => reason === error.detail.reason);
}

/** The 7 plant days of a week shown from `from`, and the first days of the weeks before and after. */
export function weekOf(from: string): { days: string[]; previous: string; next: string } {
  return {
    days: Array.from({ length: 7 }, (_v, i) => addDays(from, i)),
    previous: addDays(from, -7),
    next: addDays(from, 7),
  };
}

/** A window's place in a day: its times ('06:00–10:00'), the calendar's row. */
export function windowKey(window: Pick<WindowLoad, 'start' | 'end'>): string {
  return `${window.start}–${window.end}`;
}

/**
 * The calendar's rows: every window any shown day has, in the order of the plant day (a day's
 * windows may differ from another's once the plan changes).
 */
export function calendarRows(
  days: readonly { windows: readonly Pick<WindowLoad, 'start' | 'end'>[] }[],
  dayStartMinutes: number,
): { key: string; start: string; end: string }[] {
  const rows = new Map<string, { key: string; start: string; end: string }>();
  for (const day of days)
    for (const window of day.windows)
      rows.set(windowKey(window), { key: windowKey(window), start: window.start, end: window.end });
  return windowsInDayOrder([...rows.values()], dayStartMinutes);
}

/** What a window has taken (booked and checked in) against what it may book, 0..100 for its bar. */
export function fillPercent(load: Pick<WindowLoad, 'booked' | 'checked_in' | 'bookable'>): number {
  const taken = load.booked + load.checked_in;
  if (load.bookable <= 0) return taken > 0 ? 100 : 0;
  return Math.min(100, Math.round((taken / load.bookable) * 100));
}

/** Loads a window may still book. */
export function leftIn(load: Pick<WindowLoad, 'booked' | 'checked_in' | 'bookable'>): number {
  return Math.max(0, load.bookable - load.booked - load.checked_in);
}

/**
 * The season a booking of `product` on `day` counts against: the active one of that product
 * whose days hold the day (seasons of one product do not overlap while active).
 */
export function seasonOf(seasons: readonly Season[], product: number, day: string): Season | undefined {
  return seasons.find((s) => s.active && s.product === product && s.starts_on <= day && day <= s.ends_on);
}

/**
 * Whether a day may be booked by the rules the office can see: not before today, not past
 * `daysAhead` plant days ahead, not a closed day. (The window's cut-off the server judges.)
 */
export function dayBookable(
  day: string,
  today: string,
  daysAhead: number,
  closedDays: readonly string[],
): boolean {
  return day >= today && day <= addDays(today, daysAhead) && !closedDays.includes(day);
}

/** A closed day added to the plan's list: once, in the order of the days. */
export function withClosedDay(days: readonly string[], day: string): string[] {
  return days.includes(day) ? [...days] : [...days, day].sort();
}

/** The slot form's fields a booking refusal is about. */
export type SlotField = 'day' | 'window_start' | 'truck_license' | 'supplier_id' | 'reason';

/**
 * Where a makeBooking or reissueBooking refusal lands: the slot's window (closed or full), its day
 * (the supplier's bookings that day), the plate, or the reason (past the quota where the season
 * asks one); null: said above the form (a refusal about the booking itself).
 */
export function refusalField(reason: BookingRefusal, asksReason: boolean): SlotField | null {
  switch (reason) {
    case 'BOOKING_CLOSED':
    case 'WINDOW_FULL':
      return 'window_start';
    case 'SUPPLIER_DAY_LIMIT':
      return 'day';
    case 'PLATE_NOT_SUPPLIERS':
      return 'truck_license';
    case 'OVER_QUOTA':
      return asksReason ? 'reason' : 'supplier_id';
    case 'BOOKING_NOT_OPEN':
    case 'REISSUE_LIMIT':
      return null;
  }
}

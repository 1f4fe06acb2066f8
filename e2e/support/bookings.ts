import {
  DEFAULT_BOOKING_RULES,
  type Booking,
  type BookingRules,
} from '@truck-queue/shared/contracts/booking.contract';
import { plantDayOf, wallClock } from '@truck-queue/shared/plant-day';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { demoQueueTypes, post, signIn } from './demo-plant.ts';

/** The demo plant's clock (the e2e server runs on SITE_TIMEZONE's default) and its day start (00:00). */
const SITE_TIME_ZONE = 'Asia/Bangkok';

async function adminSession(baseUrl: string): Promise<string> {
  return (await signIn(baseUrl, 'admin@example.com', 'admin1234')).session;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The site's clock time `minutes` after midnight, 'HH:MM'. */
function clockTime(minutes: number): string {
  return `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`;
}

/** The standard line of the demo (the one Manage Calling's officer calls) and its first product. */
export async function standardLine(baseUrl: string): Promise<{ id: number; product: number }> {
  const line = (await demoQueueTypes(baseUrl)).find((q) => q.flow_engine_id === FLOW_ENGINE.standard);
  if (!line?.product[0]) throw new Error('The demo has no standard line with a product');
  return { id: line.id, product: line.product[0].id };
}

export async function saveRules(baseUrl: string, rules: Partial<BookingRules>): Promise<void> {
  await post(
    baseUrl,
    'admin/booking/saveRules',
    { ...DEFAULT_BOOKING_RULES, ...rules },
    await adminSession(baseUrl),
  );
}

/**
 * A window of one minute on today's plant day that opens at the next minute boundary the
 * bookings can still be made before (the e2e server runs on the real clock, and a window takes
 * no booking once it opened): its day and clock times, and when it opens.
 */
export function nextWindow(now = new Date()): { day: string; start: string; end: string; opens: Date } {
  const clock = wallClock(now, SITE_TIME_ZONE);
  // Less than 15 s to the next minute: the one after, so the bookings are made before it opens.
  const ahead = clock.second > 45 ? 2 : 1;
  const startMinute = clock.hour * 60 + clock.minute + ahead;
  const opens = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + ahead * 60_000);
  return {
    day: plantDayOf(opens, SITE_TIME_ZONE),
    start: clockTime(startMinute),
    end: clockTime(startMinute + 1),
    opens,
  };
}

/**
 * A window of an hour opening `minutes` from now on today's plant day, ending at midnight at the
 * latest (the plant day's start): for screens that need a booking early for its window.
 */
export function windowIn(minutes: number, now = new Date()): PlanWindow {
  const opens = new Date(Math.ceil(now.getTime() / 60_000) * 60_000 + minutes * 60_000);
  const clock = wallClock(opens, SITE_TIME_ZONE);
  const start = clock.hour * 60 + clock.minute;
  if (plantDayOf(opens, SITE_TIME_ZONE) !== plantDayOf(now, SITE_TIME_ZONE))
    throw new Error('The window would open after midnight: run again once the new day has started.');
  return {
    day: plantDayOf(now, SITE_TIME_ZONE),
    start: clockTime(start),
    end: clockTime(Math.min(start + 60, 24 * 60)),
  };
}

/** Whether a one-minute window from now would cross midnight (the plant day's start): wait it out first. */
export function nearMidnight(now = new Date()): boolean {
  const clock = wallClock(now, SITE_TIME_ZONE);
  return clock.hour * 60 + clock.minute >= 24 * 60 - 3;
}

/** One window of the line's plan: its plant day (where the tests book it) and its clock times. */
export interface PlanWindow {
  day: string;
  start: string;
  end: string;
}

export interface BookedPlant<W extends PlanWindow = PlanWindow> {
  line: { id: number; product: number };
  supplier: { id: number; name: string };
  window: W;
  /** Books a slot of the window for the supplier, on its day unless told. */
  book: (truckLicense: string | null, day?: string) => Promise<Booking>;
}

/**
 * The office opens the standard line to bookings with one window and makes a supplier with
 * `vehicles`; `book` books a slot of that window for it. Rules: no cut-off, `rules` over the
 * defaults.
 */
export async function openBookings<W extends PlanWindow>(
  baseUrl: string,
  supplierCode: string,
  vehicles: string[],
  window: W,
  rules: Partial<BookingRules> = {},
): Promise<BookedPlant<W>> {
  const session = await adminSession(baseUrl);
  const line = await standardLine(baseUrl);
  await saveRules(baseUrl, { cutoff_minutes: 0, ...rules });
  await post(
    baseUrl,
    'admin/booking/saveLine',
    {
      id_branchQT: line.id,
      enabled: true,
      day_capacity: 100,
      walk_in_percent: 0,
      windows: [{ start: window.start, end: window.end, capacity: 50 }],
      closed_days: [],
    },
    session,
  );
  const { supplier } = await post<{ supplier: { id: number; name: string } }>(
    baseUrl,
    'admin/supplier/save',
    {
      code: supplierCode,
      name: `สหกรณ์ผู้ปลูกมัน ${supplierCode}`,
      kind: 'grower',
      phone: null,
      tax_id: null,
      leader_id: null,
      active: true,
      vehicles,
    },
    session,
  );
  const book = async (truckLicense: string | null, day = window.day) =>
    (
      await post<{ booking: Booking }>(
        baseUrl,
        'admin/booking/make',
        {
          supplier_id: supplier.id,
          id_branchQT: line.id,
          product: line.product,
          day,
          window_start: window.start,
          truck_license: truckLicense,
        },
        session,
      )
    ).booking;
  return { line, supplier, window, book };
}

/** Where the booking stands now, as the kiosk would find it. */
export async function findBooking(
  baseUrl: string,
  code: string,
): Promise<{ time: string; outcome: string; booking: Booking }> {
  const { session } = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  return post(baseUrl, 'process/printer/findBooking', { code }, session);
}

/** Other files share the server: the line takes no bookings again, and the rules are the defaults. */
export async function closeBookings(baseUrl: string, lineId: number): Promise<void> {
  const session = await adminSession(baseUrl);
  await post(
    baseUrl,
    'admin/booking/saveLine',
    {
      id_branchQT: lineId,
      enabled: false,
      day_capacity: 1,
      walk_in_percent: 0,
      windows: [],
      closed_days: [],
    },
    session,
  );
  await saveRules(baseUrl, {});
}

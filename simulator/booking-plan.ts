import {
  bookingCalendar,
  checkInBooking,
  listBookings,
  makeBooking,
  saveBookingLine,
  saveBookingRules,
  type BookingWindow,
} from '@truck-queue/shared/contracts/booking.contract';
import { ApiErrorSchema } from '@truck-queue/shared/contracts/api';
import { getCardInProcess, type Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { checkInTime, slotLineAt } from '@truck-queue/shared/booking/windows';
import { addDays } from '@truck-queue/shared/plant-day';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import type { Answer, ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import { windowSeconds, type PlayWindow, type TruckPlan } from './plan.ts';
import { siteMinuteOfDay, type PlantCalendar } from './plant-day.ts';
import type { Officer, Plant } from './plant-setup.ts';

/**
 * Bookings as the simulator plays them (issue 39). Before the day, the office opens the cassava
 * line to bookings and books part of its suppliers' trucks (SIM_BOOKED, 60 % by default) into the
 * window each will arrive in; a few are booked a window too early (they come late), and a few
 * bookings are for trucks that never come. The windows are whole real minutes of the site's clock
 * (the server keeps real time; at ×1440 one minute is a whole simulated day, at ×240 four hours).
 * At the kiosk a booked truck checks in with its code instead of taking a ticket; inside its
 * window it joins its line at the window's opening, late it joins as a walk-in. At the end: every
 * booked truck checked in, where its booking says; no window above what it may book; the no-shows
 * lapsed.
 */

const MINUTE_MS = 60_000;
/** At most this many windows (BOOKING_WINDOWS_MAX). */
const MAX_WINDOWS = 24;
/** Booked a window before the one it arrives in: it comes late. */
const LATE_SHARE = 0.1;
/** Bookings for trucks that never come, against the booked trucks. */
const NO_SHOW_SHARE = 0.05;
/** Booked for any of the supplier's vehicles rather than its plate. */
const ANY_VEHICLE_SHARE = 0.3;
/** The walk-ins' share of each window. */
const WALK_IN_PERCENT = 20;
/** Slot check-ins whose place is checked on the calling cards, at most. */
const PLACE_SAMPLES = 40;
/**
 * A truck is booked into the window of its arrival only when it arrives this long (real time)
 * before the window closes: one arriving in the window's last seconds may reach the kiosk, on a
 * loaded machine, after the close, and rightly join as a walk-in. It comes unbooked instead.
 */
const ON_TIME_MARGIN_MS = 15_000;

export interface SimBooking {
  code: string;
  /** Real ms: the window's opening and close. */
  startsAt: number;
  endsAt: number;
  /** Booked a window before its arrival: it comes too late for its slot. */
  late: boolean;
  /** Booked for the truck's plate (else for any of its supplier's vehicles). */
  forPlate: boolean;
}

/** The day's bookings and what became of them at the kiosk. */
export class SimBookings {
  readonly byTruck = new Map<number, SimBooking>();
  /** Codes of the bookings no truck comes for. */
  readonly noShows: string[] = [];
  checkedIn = 0;
  /** Of those, checked in by the entrance camera: on its read, or by the desk's officer on it. */
  checkedInByCamera = 0;
  /** Bookings the office asked for after their window had opened: refused, the truck came unbooked. */
  bookedTooLate = 0;
  /** Check-ins that joined other than their time said (slot inside the window, walk-in late). */
  readonly wrongJoin: string[] = [];
  /** Slot check-ins whose place on the cards was checked, and what was out of place. */
  placesChecked = 0;
  readonly misplaced: string[] = [];
  /** The uuids of the slot check-ins and the real ms their line place starts at. */
  readonly slotLineAt = new Map<string, number>();
  /**
   * Check-ins on their way, by plate, with the window's opening of those due a slot: the server
   * may have placed such a truck on the cards before its answer (and uuid) reaches us.
   */
  readonly checkingIn = new Map<string, number | null>();
  windows: { day: string; start: string }[] = [];

  constructor(readonly typeId: number) {}

  /** Whether this check-in's place on the cards is to be checked. */
  sample(): boolean {
    return this.placesChecked < PLACE_SAMPLES;
  }
}

/** A booking refused because its window had opened by the time it was asked for. */
function closedInTime(answer: Answer, windowStart: number): boolean {
  const error = ApiErrorSchema.safeParse(answer.json);
  return (
    answer.status === 409 &&
    error.success &&
    error.data.reason === 'BOOKING_CLOSED' &&
    Date.now() >= windowStart
  );
}

const clockText = (at: number, timeZone: string) => {
  const minutes = siteMinuteOfDay(at, timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * Opens the cassava line to bookings and books the day's slots: each booked truck into the
 * window of its arrival (real time), the late ones a window before, the no-shows anywhere.
 */
export async function bookTheDay(input: {
  api: ApiClient;
  office: Officer;
  plant: Plant;
  plan: readonly TruckPlan[];
  supplierOf: ReadonlyMap<string, string>;
  idOf: ReadonlyMap<string, number>;
  startedAt: number;
  accel: number;
  window: PlayWindow;
  calendar: PlantCalendar;
  seed: number;
  bookedPercent: number;
}): Promise<SimBookings> {
  const { api, office, plant, calendar } = input;
  const type = plant.types.lab;
  const bookings = new SimBookings(type.id);
  if (input.bookedPercent === 0) return bookings;
  const random = seededRandom((input.seed * 7919 + 39) >>> 0);
  const runEnd = input.startedAt + (windowSeconds(input.window) * 1000) / input.accel;
  // Windows are booked ahead of their opening (a cut-off of 0): the first whole minute from now.
  const first = Math.ceil((Date.now() + 3000) / MINUTE_MS) * MINUTE_MS;
  const starts: number[] = [];
  for (let at = first; at < runEnd && starts.length < MAX_WINDOWS; at += MINUTE_MS) starts.push(at);
  if (starts.length === 0) return bookings;
  const windowOf = (realMs: number) => Math.floor((realMs - first) / MINUTE_MS);

  type Wanted = { truck: TruckPlan | null; window: number; supplierId: number; licence: string | null };
  const wanted: Wanted[] = [];
  for (const truck of input.plan) {
    const code = truck.flow === 'lab' ? input.supplierOf.get(truck.licence) : undefined;
    if (!code || !random.chance(input.bookedPercent / 100)) continue;
    const arrivesAt = input.startedAt + (truck.arrival * 1000) / input.accel;
    const arrives = windowOf(arrivesAt);
    if (arrives < 0 || arrives >= starts.length) continue;
    if (starts[arrives]! + MINUTE_MS - arrivesAt < ON_TIME_MARGIN_MS) continue;
    const late = arrives > 0 && random.chance(LATE_SHARE);
    wanted.push({
      truck,
      window: late ? arrives - 1 : arrives,
      supplierId: input.idOf.get(code)!,
      licence: random.chance(ANY_VEHICLE_SHARE) ? null : truck.licence,
    });
  }
  // No-shows only in windows that close within the run, so they have lapsed by its end.
  const closing = starts.filter((s) => s + MINUTE_MS <= runEnd).length;
  const supplierIds = [...input.idOf.values()];
  const noShows = closing > 0 ? Math.round(wanted.length * NO_SHOW_SHARE) : 0;
  for (let i = 0; i < noShows; i++)
    wanted.push({
      truck: null,
      window: random.int(0, closing - 1),
      supplierId: supplierIds[random.int(0, supplierIds.length - 1)]!,
      licence: null,
    });

  const perWindow = starts.map((_, w) => wanted.filter((b) => b.window === w).length);
  const windows: BookingWindow[] = starts.map((at, w) => ({
    start: clockText(at, calendar.timeZone),
    end: clockText(at + MINUTE_MS, calendar.timeZone),
    // Room for the window's bookings within the share kept for bookings.
    capacity: Math.max(1, Math.ceil(((perWindow[w]! + 2) * 100) / (100 - WALK_IN_PERCENT))),
  }));
  await api.call(
    saveBookingRules,
    {
      days_ahead: 2,
      cutoff_minutes: 0,
      per_supplier_day: 1000,
      early_minutes: 0,
      late_minutes: 0,
      outside_window: 'walk_in',
      max_reissues: 0,
    },
    office,
  );
  await api.call(
    saveBookingLine,
    {
      id_branchQT: type.id,
      enabled: true,
      day_capacity: windows.reduce((sum, w) => sum + w.capacity, 0),
      walk_in_percent: WALK_IN_PERCENT,
      windows,
      closed_days: [],
    },
    office,
  );
  bookings.windows = starts.map((at, w) => ({ day: calendar.dayOf(at), start: windows[w]!.start }));
  // The office books them, a few at once.
  for (let i = 0; i < wanted.length; i += 8)
    await Promise.all(
      wanted.slice(i, i + 8).map(async (b) => {
        const truck = b.truck;
        const product = truck ? type.products[truck.product]! : type.products[0]!;
        const body = {
          supplier_id: b.supplierId,
          id_branchQT: type.id,
          product,
          day: bookings.windows[b.window]!.day,
          window_start: windows[b.window]!.start,
          truck_license: b.licence,
        };
        const answer = await api.post(makeBooking, body, office);
        // The office was slower than the clock: the window opened before its booking was made
        // (a large day's bookings take a while), and the server rightly closed it. Its truck
        // comes unbooked.
        if (closedInTime(answer, starts[b.window]!)) {
          bookings.bookedTooLate += 1;
          return;
        }
        const { booking } = api.expectOk(makeBooking, body, answer);
        const entry: SimBooking = {
          forPlate: b.licence !== null,
          code: booking.code,
          startsAt: Date.parse(booking.starts_at),
          endsAt: Date.parse(booking.ends_at),
          late:
            truck !== null && b.window !== windowOf(input.startedAt + (truck.arrival * 1000) / input.accel),
        };
        if (truck) bookings.byTruck.set(truck.index, entry);
        else bookings.noShows.push(booking.code);
      }),
    );
  return bookings;
}

/**
 * A booked truck at the kiosk: checks in with its code (and its plate), as the kiosk sends it; a
 * retry with the same key gets the same ticket.
 */
export async function checkIn(
  api: ApiClient,
  plant: Plant,
  bookings: SimBookings,
  booking: SimBooking,
  licence: string,
  key: string,
  retry: boolean,
  cardsBy: Officer,
) {
  const body = { code: booking.code, truck_license: licence, idempotency_key: key };
  const answer = await checkingIn(bookings, booking, licence, async () => {
    const first = await api.call(checkInBooking, body, plant.kiosk);
    if (retry) {
      const again = await api.call(checkInBooking, body, plant.kiosk);
      if (again.queue.uuid !== first.queue.uuid)
        bookings.wrongJoin.push(`${booking.code}: a retried check-in gave a second ticket`);
    }
    return first;
  });
  await checkedIn(
    api,
    bookings,
    booking,
    answer.queue,
    answer.booking.checked_in_at!,
    answer.joined,
    cardsBy,
  );
  return answer.queue;
}

/**
 * Runs a check-in (at the kiosk, or by the entrance camera), the truck known to be on its way
 * meanwhile: the server may place it on the cards before its answer (and uuid) reaches us.
 */
export async function checkingIn<T>(
  bookings: SimBookings,
  booking: SimBooking,
  licence: string,
  run: () => Promise<T>,
): Promise<T> {
  bookings.checkingIn.set(licence, booking.late ? null : booking.startsAt);
  try {
    return await run();
  } finally {
    bookings.checkingIn.delete(licence);
  }
}

/**
 * A booked truck checked in, whoever checked it in: inside its window it must join at its slot,
 * late as a walk-in; a sample of slot check-ins is looked up on the calling cards, where every
 * truck that joined before the window opened must stand ahead of it and every one after, behind.
 */
export async function checkedIn(
  api: ApiClient,
  bookings: SimBookings,
  booking: SimBooking,
  ticket: Pick<Ticket, 'uuid' | 'queue_number'>,
  checkedInAt: string,
  joined: 'slot' | 'walk_in',
  cardsBy: Officer,
): Promise<void> {
  bookings.checkedIn += 1;
  const expected = booking.late ? 'walk_in' : 'slot';
  if (joined !== expected)
    bookings.wrongJoin.push(`${booking.code} (${ticket.queue_number}) joined ${joined}, not ${expected}`);
  if (joined === 'slot') {
    const lineAt = slotLineAt(new Date(checkedInAt), new Date(booking.startsAt)).getTime();
    bookings.slotLineAt.set(ticket.uuid, lineAt);
    if (bookings.sample()) {
      bookings.placesChecked += 1;
      await checkPlace(api, bookings, ticket.uuid, ticket.queue_number, lineAt, cardsBy);
    }
  }
}

/** Where a ticket issued at `created` against its booking joined its line, by the server's rule (no graces here). */
export function joinedAt(created: string, booking: SimBooking): 'slot' | 'walk_in' {
  const time = checkInTime(
    new Date(created),
    { startsAt: new Date(booking.startsAt), endsAt: new Date(booking.endsAt) },
    { earlyMinutes: 0, lateMinutes: 0 },
  );
  return time === 'too_late' ? 'walk_in' : 'slot';
}

async function checkPlace(
  api: ApiClient,
  bookings: SimBookings,
  uuid: string,
  queueNumber: string,
  lineAt: number,
  by: Officer,
) {
  const { card } = await api.call(getCardInProcess, { find_total_day: 1 }, by);
  const waiting = (card.find((c) => c._id === bookings.typeId)?.queue_number ?? []).filter(
    (q) => q.line_place !== null,
  );
  const mine = waiting.find((q) => q.uuid === uuid);
  // Called already (a free station took it at once): nothing to compare.
  if (!mine) return;
  const position = mine.line_place!.position;
  for (const other of waiting) {
    if (other.uuid === uuid || other.queue_date !== mine.queue_date) continue;
    const at =
      bookings.slotLineAt.get(other.uuid) ??
      bookings.checkingIn.get(other.truck_license) ??
      Date.parse(other.created);
    if (at === lineAt) continue;
    const ahead = other.line_place!.position < position;
    if (ahead !== at < lineAt)
      bookings.misplaced.push(
        `${queueNumber} (slot at ${new Date(lineAt).toISOString()}) ${ahead ? 'behind' : 'ahead of'} ` +
          `${other.queue_number} (in line at ${new Date(at).toISOString()})`,
      );
  }
}

/** The day's bookings checked at the end, through the office's pages. */
export async function bookingChecks(
  api: ApiClient,
  office: Officer,
  bookings: SimBookings,
): Promise<Check[]> {
  if (bookings.windows.length === 0) return [];
  const booked = bookings.byTruck.size;
  const late = [...bookings.byTruck.values()].filter((b) => b.late).length;
  const days = [...new Set(bookings.windows.map((w) => w.day))].sort();
  const from = days[0]!;
  const count = Math.round((Date.parse(days.at(-1)!) - Date.parse(from)) / 86_400_000) + 1;
  const calendar = await api.call(
    bookingCalendar,
    { id_branchQT: bookings.typeId, from, days: count },
    office,
  );
  const over = calendar.days.flatMap((d) =>
    d.windows
      .filter((w) => w.booked + w.checked_in > w.bookable)
      .map((w) => `${d.day} ${w.start} ${w.booked + w.checked_in}/${w.bookable}`),
  );
  const lapsed = await api.call(
    listBookings,
    { from, to: addDays(days.at(-1)!, 0), id_branchQT: bookings.typeId, status: 'lapsed', page_size: 200 },
    office,
  );
  const lapsedCodes = new Set(lapsed.bookings.map((b) => b.code));
  const noShowsLapsed = bookings.noShows.filter((c) => lapsedCodes.has(c)).length;
  return [
    check(
      `bookings: every booked truck checked in, at the kiosk with its code or by the entrance camera (${bookings.checkedInByCamera}) (${bookings.windows.length} window${bookings.windows.length === 1 ? '' : 's'} of a real minute)`,
      booked,
      bookings.checkedIn,
    ),
    check(
      `bookings: inside its window at its slot, late (${late}) as a walk-in`,
      '0 wrong',
      bookings.wrongJoin.length === 0 ? '0 wrong' : bookings.wrongJoin.slice(0, 3).join('; '),
    ),
    check(
      `bookings: a checked-in truck stood on the cards where its slot puts it (${bookings.placesChecked} looked up)`,
      '0 out of place',
      bookings.misplaced.length === 0 ? '0 out of place' : bookings.misplaced.slice(0, 3).join('; '),
    ),
    check(
      'bookings: no window booked past what it may take',
      '0 over',
      over.length === 0 ? '0 over' : over.join(', '),
    ),
    check(
      'bookings: the bookings no truck came for lapsed',
      `${bookings.noShows.length} of ${bookings.noShows.length}`,
      `${noShowsLapsed} of ${bookings.noShows.length}`,
    ),
  ];
}

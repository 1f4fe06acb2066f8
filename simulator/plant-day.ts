import { saveYardSettings, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { formatDayStart, plantDayOf } from '@truck-queue/shared/plant-day';
import type { ApiClient } from './api-client.ts';
import { midnightOf, windowSeconds, type PlayWindow } from './plan.ts';
import type { Officer } from './plant-setup.ts';

/**
 * The plant's days as the server counts them (shared/plant-day.ts): they start at the branch's
 * day start on the site's clock. The simulator reads its "today" the same way.
 */
export class PlantCalendar {
  constructor(
    readonly timeZone: string,
    readonly dayStartMinutes: number,
  ) {}

  /** The plant day (YYYY-MM-DD) of an instant, now by default. */
  dayOf(at: Date | number = Date.now()): string {
    return plantDayOf(new Date(at), this.timeZone, this.dayStartMinutes);
  }
}

/** When the run's clock starts and, for a night, the real instant its plant day turns over. */
export interface RunStart {
  calendar: PlantCalendar;
  /** The real instant (ms) simulated time 0 falls on. */
  startedAt: number;
  /** The real instant the plant day turns over during the run (the night's simulated midnight). */
  boundaryAt: number | null;
}

/** Time to open the staff screens and the devices between planning the start and the clock starting. */
const SETTLE_MS = 5000;
const MINUTE_MS = 60_000;

export function siteMinuteOfDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part('hour') * 60 + part('minute');
}

/**
 * Where the run's clock starts. A day leaves the plant's day start as it is and starts now. A
 * night makes its simulated midnight real without touching the server's clock: it picks the
 * first whole real minute at which the simulated 00:00 can fall, sets the branch's day start to
 * that minute of the site clock (admin/yard/saveSettings, as the plant's admin would), and
 * starts the clock so that simulated 00:00 lands exactly on it. For the server the plant day then
 * turns over while trucks are inside, exactly as at midnight with the default day start 00:00.
 * The clock starts at `startedAt`, a minute ahead at most (`waitForStart`).
 */
export async function planStart(
  api: ApiClient,
  admin: Officer,
  window: PlayWindow,
  accel: number,
  timeZone: string,
  alignMinute = false,
): Promise<RunStart> {
  const { settings } = await api.call(yardSettings, {}, admin);
  const midnight = midnightOf(window);
  if (midnight === null) {
    // With bookings, a whole real minute falls in the middle of the day: the booking windows are
    // whole minutes of the site's clock, and the day's second half has one at least.
    const half = (windowSeconds(window) * 1000) / accel / 2;
    const startedAt = alignMinute
      ? Math.ceil((Date.now() + SETTLE_MS + half) / MINUTE_MS) * MINUTE_MS - half
      : Date.now();
    return { calendar: new PlantCalendar(timeZone, settings.day_start_minutes), startedAt, boundaryAt: null };
  }
  const lead = (midnight * 1000) / accel;
  const boundaryAt = Math.ceil((Date.now() + lead + SETTLE_MS) / MINUTE_MS) * MINUTE_MS;
  const dayStart = siteMinuteOfDay(boundaryAt, timeZone);
  const saved = await api.call(saveYardSettings, { ...settings, day_start_minutes: dayStart }, admin);
  if (saved.settings.day_start_minutes !== dayStart) {
    throw new Error(
      `The branch's day start is ${saved.settings.day_start_minutes}, not ${dayStart}, after saving`,
    );
  }
  const calendar = new PlantCalendar(timeZone, dayStart);
  if (calendar.dayOf(boundaryAt - 1) === calendar.dayOf(boundaryAt)) {
    throw new Error(`The plant day does not turn over at ${new Date(boundaryAt).toISOString()}`);
  }
  const startedAt = boundaryAt - lead;
  console.log(
    `Across midnight: the branch's day start is now ${formatDayStart(dayStart)} (${timeZone}), the real minute ` +
      `simulated 00:00 lands on (${new Date(boundaryAt).toISOString()}); the clock starts in ` +
      `${((startedAt - Date.now()) / 1000).toFixed(0)} s`,
  );
  return { calendar, startedAt, boundaryAt };
}

/** Waits for the planned start of the clock. */
export function waitForStart(start: RunStart): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, start.startedAt - Date.now())));
}

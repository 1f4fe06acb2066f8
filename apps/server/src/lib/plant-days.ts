import { addDays, plantDayOf } from '@truck-queue/shared/plant-day';
import type { Clock } from './clock.ts';
import { plantDayRange } from './site-time.ts';

/**
 * A ticket counts as inside the plant while its truck has not left and it was issued within
 * this many plant days (today included): a ticket whose exit was never recorded stops counting
 * after that, for the one-ticket-per-licence rule, the lists and a typed number alike.
 */
export const ACTIVE_TICKET_DAYS = 3;

/** A branch's plant days as of now (shared/plant-day.ts). */
export interface PlantCalendar {
  /** Today's plant day, YYYY-MM-DD. */
  today: string;
  dayStartMinutes: number;
  /** The plant day an instant falls in. */
  dayOf(at: Date): string;
  /** [start, end) of a plant day. */
  range(day: string): [Date, Date];
  /** The oldest plant day whose tickets may still be inside (ACTIVE_TICKET_DAYS). */
  insideSince: string;
}

export function plantCalendar(now: Date, dayStartMinutes: number, timeZone: string): PlantCalendar {
  const today = plantDayOf(now, timeZone, dayStartMinutes);
  return {
    today,
    dayStartMinutes,
    dayOf: (at) => plantDayOf(at, timeZone, dayStartMinutes),
    range: (day) => plantDayRange(day, dayStartMinutes, timeZone),
    insideSince: addDays(today, 1 - ACTIVE_TICKET_DAYS),
  };
}

/**
 * Each branch's plant calendar: its day start is read per call (one row by key), so a change on
 * the Yard rules page holds at once on every instance.
 */
export function createPlantDays(deps: {
  dayStartOf(branchId: number): Promise<number>;
  siteTimeZone: string;
  clock: Clock;
}) {
  return {
    async calendar(branchId: number): Promise<PlantCalendar> {
      return plantCalendar(deps.clock.now(), await deps.dayStartOf(branchId), deps.siteTimeZone);
    },
  };
}

export type PlantDays = ReturnType<typeof createPlantDays>;

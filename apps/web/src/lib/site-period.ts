/** Report periods in the plant's days (shared/plant-day.ts), shared by the dashboard and the reports. */
import { addDays } from '@truck-queue/shared/plant-day';

export { addDays };

/** A report period in plant days (YYYY-MM-DD), both ends included. */
export interface Period {
  start: string;
  finish: string;
}

/** The last `days` plant days up to and including `today`. */
export function lastDays(today: string, days: number): Period {
  return { start: addDays(today, -(days - 1)), finish: today };
}

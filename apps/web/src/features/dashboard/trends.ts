import type { DashboardDay } from '@truck-queue/shared/contracts/report.contract';

/** One bar of the arrivals chart: an hour of the clock and the tickets issued in it. */
export interface HourBar {
  hour: number;
  /** "06:00" */
  label: string;
  arrivals: number;
}

/** One day of the trucks and tonnage chart. */
export interface DayBar {
  day: string;
  trucks: number;
  weighed: number;
  /** Net weight in tonnes (to the kilogram). */
  tonnes: number;
}

const MINUTES_PER_HOUR = 60;

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The 24 hours in the order of the plant's day: a plant whose day starts at 06:00 reads 06:00
 * first and 05:00 last, so a night shift's trucks sit together at the end of the day.
 */
export function hourBars(arrivals: readonly number[], dayStartMinutes: number): HourBar[] {
  const first = Math.floor(dayStartMinutes / MINUTES_PER_HOUR);
  return arrivals.map((_, i) => {
    const hour = (first + i) % arrivals.length;
    return { hour, label: hourLabel(hour), arrivals: arrivals[hour] ?? 0 };
  });
}

export function dayBars(days: readonly DashboardDay[]): DayBar[] {
  return days.map((d) => ({
    day: d.day,
    trucks: d.trucks,
    weighed: d.weighed,
    tonnes: Math.round(d.net_kg) / 1000,
  }));
}

export const hasArrivals = (bars: readonly HourBar[]) => bars.some((b) => b.arrivals > 0);
export const hasTrucks = (bars: readonly DayBar[]) => bars.some((b) => b.trucks > 0);

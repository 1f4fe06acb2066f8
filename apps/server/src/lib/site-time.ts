import { numericDateTime, type Calendar } from '@truck-queue/shared/calendar';
import { addDays, plantDayOf, wallClock } from '@truck-queue/shared/plant-day';

export { addDays };

/** The site's calendar day ('YYYY-MM-DD') of an instant: the plant day of a day starting at midnight. */
export function siteDate(at: Date, timeZone: string): string {
  return plantDayOf(at, timeZone, 0);
}

/** Offsets by zone and quarter hour: zones change offset on the quarter hour at the finest. */
const offsets = new Map<string, number>();
const QUARTER_HOUR_MS = 15 * 60_000;

/** How far the site's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = new Date(quarter * QUARTER_HOUR_MS);
    const p = wallClock(start, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start.getTime();
    // A long-running server meets a few thousand quarters a month: keep the map small.
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The site's wall clock at an instant as a Date whose UTC fields hold it: what a spreadsheet
 * cell (which has no time zone) must store to show the plant's time.
 */
export function siteWallClock(at: Date, timeZone: string): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetAt(at, timeZone));
}

/** day/month/year hh:mm on the site's clock (SPEC.md section 9), the year in the branch's calendar. */
export function formatSiteTime(at: Date, timeZone: string, calendar: Calendar): string {
  return numericDateTime(wallClock(at, timeZone), calendar);
}

/** The instant at which the site's clock shows `minutes` past midnight of `day` ('YYYY-MM-DD'). */
export function siteInstant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  const first = guess - offsetAt(new Date(guess), timeZone);
  // A second pass settles days on which the offset changes (daylight saving).
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

/** [start, end) of a plant day: from its day start to the next day's (shared/plant-day.ts). */
export function plantDayRange(day: string, dayStartMinutes: number, timeZone: string): [Date, Date] {
  return [
    siteInstant(day, dayStartMinutes, timeZone),
    siteInstant(addDays(day, 1), dayStartMinutes, timeZone),
  ];
}

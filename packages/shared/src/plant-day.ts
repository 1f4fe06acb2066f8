/**
 * The plant day: the working day a plant counts in. It starts at the branch's day start on the
 * site's clock (00:00 by default; a plant that runs through the night may choose 06:00) and
 * lasts until the next one. A ticket's day (its number restarts each plant day), every "today"
 * list, the reports' days and the exports' file names are plant days, written YYYY-MM-DD.
 */

export const MINUTES_PER_DAY = 24 * 60;
export const DEFAULT_DAY_START_MINUTES = 0;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The site's wall clock at an instant, field by field (24-hour). */
export function wallClock(at: Date, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = Number(part.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The plant day (YYYY-MM-DD) an instant falls in: before the day start it is still yesterday's. */
export function plantDayOf(at: Date, timeZone: string, dayStartMinutes = DEFAULT_DAY_START_MINUTES): string {
  const p = wallClock(at, timeZone);
  const calendarDay = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return p.hour * 60 + p.minute < dayStartMinutes ? addDays(calendarDay, -1) : calendarDay;
}

/** A day start as the plant reads it: "06:00". */
export function formatDayStart(minutes: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** Report periods in the plant's calendar days, shared by the dashboard and the reports. */

/** A report period in site calendar days (YYYY-MM-DD), both ends included. */
export interface Period {
  start: string;
  finish: string;
}

/** Today's date on the plant's wall clock (SITE_TIMEZONE), whatever the zone of this PC. */
export function siteToday(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The last `days` site days up to and including `today`. */
export function lastDays(today: string, days: number): Period {
  return { start: addDays(today, -(days - 1)), finish: today };
}

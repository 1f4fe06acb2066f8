import { REPORT_MAX_DAYS, daysBetween } from '@truck-queue/shared/contracts/report.contract';

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

/** The last `days` site days up to `today`. */
export function lastDays(today: string, days: number): Period {
  return { start: addDays(today, -(days - 1)), finish: today };
}

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * A new start day. The end follows when the period would run backwards or be longer than the
 * server accepts (REPORT_MAX_DAYS), so the report button never sends a period it refuses.
 */
export function withStart(period: Period, start: string, today: string): Period {
  const from = earlier(start, today);
  let finish = period.finish < from ? from : period.finish;
  if (daysBetween(from, finish) >= REPORT_MAX_DAYS)
    finish = earlier(addDays(from, REPORT_MAX_DAYS - 1), today);
  return { start: from, finish };
}

/** A new end day; the start follows, as in `withStart`. */
export function withFinish(period: Period, finish: string, today: string): Period {
  const to = earlier(finish, today);
  let start = period.start > to ? to : period.start;
  if (daysBetween(start, to) >= REPORT_MAX_DAYS) start = addDays(to, -(REPORT_MAX_DAYS - 1));
  return { start, finish: to };
}

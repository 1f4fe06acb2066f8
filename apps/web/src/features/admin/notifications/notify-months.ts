import { formatInCalendar, type Calendar } from '@truck-queue/shared/calendar';
import type { NotifyChannel } from '@truck-queue/shared/notifications/moments';
import { wallClock } from '@truck-queue/shared/plant-day';
import { intlLocale } from '../../../lib/format.ts';

/** What the server counts: one row per month (YYYY-MM on the site's clock) and channel. */
export interface MonthChannelCount {
  month: string;
  channel: NotifyChannel;
  sent: number;
  failed: number;
}

export interface MonthFigures {
  /** YYYY-MM on the site's clock. */
  month: string;
  /** The site's current month: LINE's quota is counted per month, this one is being used. */
  current: boolean;
  web_push: { sent: number; failed: number };
  line: { sent: number; failed: number };
}

/** The admins' page shows this month and the two before it. */
export const MONTHS_SHOWN = 3;

const two = (n: number) => String(n).padStart(2, '0');

/** The month (YYYY-MM) an instant falls in on the site's clock. */
export function siteMonth(at: Date, timeZone: string): string {
  const { year, month } = wallClock(at, timeZone);
  return `${year}-${two(month)}`;
}

/** The month `back` months before `month` (YYYY-MM). */
export function monthBefore(month: string, back: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) - back;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

/**
 * The months to show, newest first: this one on the site's clock and the ones before it, each
 * with both channels, a month or channel without messages as zeros. The server reads from the
 * day before the oldest month (whatever the zone): a row older than the window is left out.
 */
export function monthsShown(
  rows: readonly MonthChannelCount[],
  now: Date,
  timeZone: string,
  count = MONTHS_SHOWN,
): MonthFigures[] {
  const current = siteMonth(now, timeZone);
  return Array.from({ length: count }, (_, back) => {
    const month = monthBefore(current, back);
    const of = (channel: NotifyChannel) => {
      const row = rows.find((r) => r.month === month && r.channel === channel);
      return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
    };
    return { month, current: back === 0, web_push: of('web_push'), line: of('line') };
  });
}

/** "พฤศจิกายน 2569", "November 2026": the month's name in the reader's language, the year in the branch's calendar. */
export function monthLabel(month: string, language: string | undefined, calendar: Calendar): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  if (!year || !number) return month;
  // Mid-month at noon UTC: the same month in every zone.
  const at = new Date(Date.UTC(year, number - 1, 15, 12));
  return formatInCalendar(
    at,
    intlLocale(language),
    { month: 'long', year: 'numeric', timeZone: 'UTC' },
    calendar,
  );
}

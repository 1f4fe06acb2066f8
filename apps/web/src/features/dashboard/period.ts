import { REPORT_MAX_DAYS, daysBetween } from '@truck-queue/shared/contracts/report.contract';
import { addDays, type Period } from '../../lib/site-period.ts';

export { addDays, lastDays, type Period } from '../../lib/site-period.ts';

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

import type { Period } from '../../lib/site-period.ts';

export { addDays, lastDays, type Period } from '../../lib/site-period.ts';

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * A new start day, no later than today. The end stays as the officer set it, even when the
 * period now runs backwards or is too long: the filter says what is wrong (`periodProblem`)
 * rather than move a date the officer did not touch.
 */
export function withStart(period: Period, start: string, today: string): Period {
  return { start: earlier(start, today), finish: period.finish };
}

/** A new end day, no later than today; the start stays, as in `withStart`. */
export function withFinish(period: Period, finish: string, today: string): Period {
  return { start: period.start, finish: earlier(finish, today) };
}

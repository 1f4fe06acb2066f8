import { REPORT_MAX_DAYS, daysBetween } from '@truck-queue/shared/contracts/report.contract';

export { addDays, lastDays, type Period } from '../../lib/site-period.ts';

/** What stops a period from being sent: a missing day, the end before the start, or too long. */
export type PeriodProblem = 'missing' | 'order' | 'tooLong';

/** The server's own rules (report.contract.ts), checked before the call so the message is ours. */
export function periodProblem(
  start: string | null,
  finish: string | null,
  /** The report's longest period (the time report's is shorter). */
  maxDays = REPORT_MAX_DAYS,
): PeriodProblem | null {
  if (!start || !finish) return 'missing';
  if (start > finish) return 'order';
  if (daysBetween(start, finish) >= maxDays) return 'tooLong';
  return null;
}

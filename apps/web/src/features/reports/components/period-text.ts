import type { TFunction } from 'i18next';
import type { Calendar } from '@truck-queue/shared/calendar';
import { REPORT_MAX_DAYS } from '@truck-queue/shared/contracts/report.contract';
import { formatDate } from '../../../lib/format.ts';
import type { Period, PeriodProblem } from '../period.ts';

/** Why a period cannot be sent, in the officer's language. */
export function periodProblemText(t: TFunction, problem: PeriodProblem, maxDays = REPORT_MAX_DAYS): string {
  switch (problem) {
    case 'missing':
      return t('reports.period.missing');
    case 'order':
      return t('reports.period.order');
    case 'tooLong':
      return t('reports.period.tooLong', { max: maxDays });
  }
}

/** "07/03/2568" for one day, "01/03/2568 – 07/03/2568" for a period (BE; CE writes 2025). */
export function periodLabel(period: Period, calendar: Calendar): string {
  const start = formatDate(period.start, calendar);
  return period.start === period.finish ? start : `${start} – ${formatDate(period.finish, calendar)}`;
}

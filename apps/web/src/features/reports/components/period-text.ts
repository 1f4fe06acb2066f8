import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { REPORT_MAX_DAYS } from '@truck-queue/shared/contracts/report.contract';
import { DATE_FORMAT } from '../../../lib/format.ts';
import type { Period, PeriodProblem } from '../period.ts';

/** Why a period cannot be sent, in the officer's language. */
export function periodProblemText(t: TFunction, problem: PeriodProblem): string {
  switch (problem) {
    case 'missing':
      return t('reports.period.missing');
    case 'order':
      return t('reports.period.order');
    case 'tooLong':
      return t('reports.period.tooLong', { max: REPORT_MAX_DAYS });
  }
}

/** "07/03/2025" for one day, "01/03/2025 – 07/03/2025" for a period. */
export function periodLabel(period: Period): string {
  const start = dayjs(period.start).format(DATE_FORMAT);
  return period.start === period.finish ? start : `${start} – ${dayjs(period.finish).format(DATE_FORMAT)}`;
}

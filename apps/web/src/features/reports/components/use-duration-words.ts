import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DurationWords } from '../report-format.ts';

/** Hours and minutes in the officer's language. */
export function useDurationWords(): DurationWords {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      hoursMinutes: (hours, minutes) => t('reports.duration.hoursMinutes', { hours, minutes }),
      minutes: (minutes) => t('reports.duration.minutes', { minutes }),
    }),
    [t],
  );
}

import { useState } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ALERT_HISTORY_MAX_DAYS } from '@truck-queue/shared/contracts/alert.contract';
import { daysBetween } from '@truck-queue/shared/contracts/report.contract';
import { errorMessage } from '../../lib/errors.ts';
import { API_DATE_FORMAT } from '../../lib/format.ts';
import { usePlantToday } from '../auth/use-plant-today.ts';
import { PeriodPicker, type DayRange } from '../reports/components/period-picker.tsx';
import { periodProblemText } from '../reports/components/period-text.ts';
import { periodProblem } from '../reports/period.ts';
import { useAlertHistory } from './api/use-alerts.ts';
import { AlertSummaryCard } from './alert-summary.tsx';
import { AlertTable } from './alert-table.tsx';

/** The alerts raised in a period (the last 7 days first), with who acknowledged each and when they ended. */
export function AlertHistoryTab() {
  const { t } = useTranslation();
  const today = usePlantToday();
  const [range, setRange] = useState<DayRange>(() => [dayjs(today).subtract(6, 'day'), dayjs(today)]);
  const start = range[0]?.format(API_DATE_FORMAT) ?? null;
  const finish = range[1]?.format(API_DATE_FORMAT) ?? null;
  const problem = periodProblem(start, finish);
  const tooLong = !problem && daysBetween(start!, finish!) >= ALERT_HISTORY_MAX_DAYS;
  const error = problem
    ? periodProblemText(t, problem)
    : tooLong
      ? t('alerts.historyTooLong', { days: ALERT_HISTORY_MAX_DAYS })
      : null;
  const history = useAlertHistory(error ? null : { find_start: start!, find_finish: finish! });
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} style={{ maxWidth: 420 }}>
        <PeriodPicker
          id="alert-history-period"
          value={range}
          onChange={setRange}
          today={today}
          error={error}
        />
      </Flex>
      {history.isError && <Alert type="error" showIcon title={errorMessage(t, history.error)} />}
      {history.data && <AlertSummaryCard summary={history.data.summary} />}
      {history.data?.truncated && <Alert type="warning" showIcon title={t('alerts.truncated')} />}
      <AlertTable
        rows={history.data?.alerts ?? []}
        loading={history.isFetching}
        empty={t('alerts.historyEmpty')}
      />
    </Flex>
  );
}

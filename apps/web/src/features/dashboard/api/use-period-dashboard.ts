import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { periodDashboardByQueueType } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';
import type { Period } from '../period.ts';

/** The figures follow the queues, throttled: a busy plant would refetch them several times a second. */
export const dashboardKeys = {
  period: (period: Period) => queueKeys.throttled('dashboard', 'period', period.start, period.finish),
};

/** Offline, the socket cannot say that a queue changed: poll instead. */
export const POLL_WHEN_OFFLINE_MS = 60_000;

export function periodDashboardQueryOptions(period: Period, live: boolean) {
  return queryOptions({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) =>
      callApi(
        periodDashboardByQueueType,
        { find_start: period.start, find_finish: period.finish },
        { signal },
      ),
    // The previous period stays on screen while the next one loads: no flash of empty charts.
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? false : POLL_WHEN_OFFLINE_MS,
  });
}

/** The dashboard's figures for the site days `period.start`..`period.finish`, both included. */
export function usePeriodDashboard(period: Period, live: boolean) {
  return useQuery(periodDashboardQueryOptions(period, live));
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardTrends } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';
import type { Period } from '../period.ts';
import { POLL_WHEN_OFFLINE_MS } from './use-period-dashboard.ts';

/** Arrivals per hour and trucks and tonnage per day: they follow the queues, throttled as the figures are. */
export function useDashboardTrends(period: Period, live: boolean) {
  return useQuery({
    queryKey: queueKeys.throttled('dashboard', 'trends', period.start, period.finish),
    queryFn: ({ signal }) =>
      callApi(dashboardTrends, { find_start: period.start, find_finish: period.finish }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? false : POLL_WHEN_OFFLINE_MS,
  });
}

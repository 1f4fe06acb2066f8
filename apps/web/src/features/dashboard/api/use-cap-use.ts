import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { capUse } from '@truck-queue/shared/contracts/order.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';
import { POLL_WHEN_OFFLINE_MS } from './use-period-dashboard.ts';

/** Each line's daily caps on a plant day (issue 38): they follow the queues, throttled as the figures are. */
export function useCapUse(day: string | null, live: boolean) {
  return useQuery({
    queryKey: queueKeys.throttled('dashboard', 'capUse', day),
    queryFn: ({ signal }) => callApi(capUse, { find_date: day ?? undefined }, { signal }),
    enabled: day !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? false : POLL_WHEN_OFFLINE_MS,
  });
}

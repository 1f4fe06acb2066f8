import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWeighToday } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';

/** Under the queue root: every queue change refetches the list. */
export const weighTodayQueryKey = queueKeys.live('weighing', 'weighToday');

/** Trucks weighed in or out today. */
export function weighTodayQueryOptions() {
  return queryOptions({
    queryKey: weighTodayQueryKey,
    queryFn: ({ signal }) => callApi(getWeighToday, {}, { signal }),
    select: (data) => data.queue,
  });
}

export function useWeighToday() {
  return useQuery(weighTodayQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWeighToday } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';

export const weighTodayQueryKey = ['weighing', 'weighToday'] as const;

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

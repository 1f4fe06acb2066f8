import { queryOptions, useQuery } from '@tanstack/react-query';
import { getExitToday } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';

export const exitTodayQueryKey = ['exit', 'exitToday'] as const;

/** Trucks that left the factory today, newest first. */
export function exitTodayQueryOptions() {
  return queryOptions({
    queryKey: exitTodayQueryKey,
    queryFn: ({ signal }) => callApi(getExitToday, {}, { signal }),
    select: (data) => data.queue,
  });
}

export function useExitToday() {
  return useQuery(exitTodayQueryOptions());
}

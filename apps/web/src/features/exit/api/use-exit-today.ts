import { queryOptions, useQuery } from '@tanstack/react-query';
import { getExitToday } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';

/** Under the queue root: every queue change refetches the list. */
export const exitTodayQueryKey = queueKeys.live('exit', 'exitToday');

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

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAcceptToday } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';

/** Under the queue root: every queue change refetches the list. */
export const acceptTodayQueryKey = queueKeys.live('lab', 'acceptToday');

/** Today's samples the lab accepted, newest first. */
export function acceptTodayQueryOptions() {
  return queryOptions({
    queryKey: acceptTodayQueryKey,
    queryFn: ({ signal }) => callApi(getAcceptToday, {}, { signal }),
    select: (data) => data.queue,
  });
}

export function useAcceptToday() {
  return useQuery(acceptTodayQueryOptions());
}

/** The active measurements of the branch's queue types (the same answer as the list, read once). */
export function useLabMeasures() {
  return useQuery({ ...acceptTodayQueryOptions(), select: (data) => data.lab_measures });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueueByFlow } from '@truck-queue/shared/contracts/queue.contract';
import { callApi } from '../../../lib/api-client.ts';
import { callingKeys } from './query-keys.ts';

const POLL_WHEN_OFFLINE_MS = 15_000;

/** `date` is YYYY-MM-DD; undefined asks for the site's today. */
export function getFlowReport(uuid: string, date: string | undefined, signal?: AbortSignal) {
  return callApi(getQueueByFlow, date ? { uuid, find_date: date } : { uuid }, { signal });
}

/** Report by flow: one flow engine's queues of the officer's queue types on one site day. */
export function useFlowReport(uuid: string, date: string | undefined, live: boolean) {
  return useQuery({
    queryKey: callingKeys.flowReport(uuid, date),
    queryFn: ({ signal }) => getFlowReport(uuid, date, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : POLL_WHEN_OFFLINE_MS,
  });
}

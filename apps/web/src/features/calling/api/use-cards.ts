import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { callApi } from '../../../lib/api-client.ts';
import { callingKeys } from './query-keys.ts';

/** How often to poll while the real-time channel is down (it pushes changes otherwise). */
const POLL_WHEN_OFFLINE_MS = 15_000;

export function getCards(days: 1 | 3, signal?: AbortSignal) {
  return callApi(getCardInProcess, { find_total_day: days }, { signal });
}

/** Manage Calling: one card per queue type the officer calls, with its waiting and called trucks. */
export function useCards(days: 1 | 3, live: boolean) {
  return useQuery({
    queryKey: callingKeys.cards(days),
    queryFn: ({ signal }) => getCards(days, signal),
    select: (response) => response.card,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : POLL_WHEN_OFFLINE_MS,
  });
}

import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { calledQueueIds, type CallingCardsPush } from '@truck-queue/shared/contracts/socket-events';
import { callApi } from '../../../lib/api-client.ts';
import { watchCallingCards } from '../../../lib/socket.ts';
import { callingKeys } from './query-keys.ts';

/** How often to poll while the real-time channel is down (it pushes changes otherwise). */
const POLL_WHEN_OFFLINE_MS = 15_000;

export function getCards(days: 1 | 3, signal?: AbortSignal) {
  return callApi(getCardInProcess, { find_total_day: days }, { signal });
}

/**
 * A push of the cards and their proof into the query cache, as if both had just been fetched: a
 * fetch still running is cancelled first (it may have read the line before this push's change).
 */
async function holdPush(queryClient: QueryClient, state: CallingCardsPush) {
  const key = callingKeys.cards(state.days);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData(key, { status: 1 as const, card: state.card });
  const listUpdatedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
  queryClient.setQueryData(callingKeys.announcements(calledQueueIds(state.card), listUpdatedAt), {
    status: 1 as const,
    calls: state.calls,
    displays: state.displays,
  });
}

/**
 * Manage Calling: one card per queue type the officer calls, with its waiting and called
 * trucks. While the real-time channel is up the server pushes them after every change of the
 * branch (watchCards), with the proof of their called trucks; while it is down they are polled.
 */
export function useCards(days: 1 | 3, live: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live) return;
    // A push like the one before (a display's report about another queue type, say) changes
    // nothing on screen: it is not put in the cache, so the page does not render again.
    let last = '';
    return watchCallingCards(
      days,
      (state) => {
        const text = JSON.stringify(state);
        if (text === last) return;
        last = text;
        void holdPush(queryClient, state);
      },
      () => {
        last = '';
        void queryClient.invalidateQueries({ queryKey: callingKeys.cards(days) });
      },
    );
  }, [days, live, queryClient]);
  return useQuery({
    queryKey: callingKeys.cards(days),
    queryFn: ({ signal }) => getCards(days, signal),
    select: (response) => response.card,
    // Pushed while live: what is held is the latest until the next push.
    staleTime: live ? Infinity : 0,
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : POLL_WHEN_OFFLINE_MS,
  });
}

import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAnnouncements, reannounceCall } from '@truck-queue/shared/contracts/announcement.contract';
import { callApi } from '../../../lib/api-client.ts';
import { useAnnouncementChanges, useDeviceChanges } from '../../../lib/socket.ts';
import { callingKeys } from './query-keys.ts';

/** How often a proof with a pending announcement is asked again (ANNOUNCE_REPORT_MS is 2 minutes). */
const PENDING_REFETCH_MS = 30_000;

/**
 * The proof beside the called queues on screen: each display's part in each one's latest call,
 * and the displays of the officer's queue types with their status. Refetched live when a display
 * reports, connects or goes away, and after every refetch of the list the ids come from
 * (`listUpdatedAt`, the list query's dataUpdatedAt): a queue change refetches that list, so the
 * proof follows every change and every reconnect, once. On the calling page (`pushed`) the
 * server sends the proof with the cards on every one of those events instead.
 */
export function useAnnouncements(
  queueIds: number[],
  listUpdatedAt: number,
  enabled = true,
  /** The list and this proof are pushed together (use-cards.ts): a new list's proof is already held. */
  pushed = false,
) {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => {
    if (!pushed) void queryClient.invalidateQueries({ queryKey: callingKeys.allAnnouncements });
  }, [queryClient, pushed]);
  useAnnouncementChanges(refetch);
  useDeviceChanges(
    useCallback(
      (change: { kind: DeviceKind }) => {
        if (change.kind === 'display') refetch();
      },
      [refetch],
    ),
  );
  const ids = [...queueIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: callingKeys.announcements(ids, listUpdatedAt),
    queryFn: ({ signal }) => callApi(callAnnouncements, { queue_ids: ids }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: pushed ? Infinity : 0,
    // A new list makes a new key: the proofs of lists long gone are not kept.
    gcTime: 30_000,
    // Nothing to show before the list is in.
    enabled: enabled && listUpdatedAt > 0,
    // A pending announcement becomes "not announced" when its report is overdue, with no event
    // to say so: asked again now and then while one is pending.
    refetchInterval: (query) =>
      query.state.data?.calls.some((c) => c.displays.some((d) => d.state === 'pending'))
        ? PENDING_REFETCH_MS
        : false,
  });
}

/** Re-announce a call: its displays announce it again after what they are saying. */
export function useReannounce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: number) => callApi(reannounceCall, { call_id: callId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callingKeys.allAnnouncements }),
  });
}

import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceContracts } from '@truck-queue/shared/contracts/device.contract';
import { RECONNECT_DELAY_MS, type DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { callApi, isApiRequestError } from '../../../lib/api-client.ts';
import type { DeviceState } from '../core/use-device.ts';
import { applyCall, boardQueryKey, type Board } from './board.ts';

/** Every board of this browser (one per identity; only one is ever shown). */
const ALL_BOARDS = ['device', 'display', 'board'] as const;

/** A safety net: the board follows the socket, and "today" starts again at midnight. */
const REFRESH_MS = 60_000;

/** The registered display's board, fetched again on every call and every reconnect. */
export function useDisplayBoard(state: DeviceState) {
  return useQuery({
    queryKey: boardQueryKey(state.identity.id),
    queryFn: ({ signal }) => callApi(deviceContracts.displayBoard, {}, { signal, device: state.identity }),
    enabled: state.status === 'registered',
    staleTime: 0,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: false,
    // A lost connection is retried for ever; a refusal (cancelled meanwhile) waits for the next hello.
    retry: (_count, error) =>
      isApiRequestError(error) && (error.code === 'NETWORK' || error.code === 'INTERNAL'),
    retryDelay: RECONNECT_DELAY_MS,
  });
}

/** Handlers for the socket: show a call at once and refetch; refetch after a reconnect. */
export function useBoardRefresh() {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ALL_BOARDS }),
    [queryClient],
  );
  const showCall = useCallback(
    (call: DeviceCall) => {
      queryClient.setQueriesData<Board>({ queryKey: ALL_BOARDS }, (board) => board && applyCall(board, call));
      refetch();
    },
    [queryClient, refetch],
  );
  return { refetch, showCall };
}

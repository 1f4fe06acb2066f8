import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listDisputes,
  pendingDisputes,
  resolveDispute,
} from '@truck-queue/shared/contracts/dispute.contract';
import { can, ROUTE_PERMISSIONS } from '@truck-queue/shared/roles';
import { callApi } from '../../../lib/api-client.ts';
import { onDisputeChanges, useSocketConnected } from '../../../lib/socket.ts';
import { useAccess } from '../../auth/api/use-access.ts';

/** The disputes' queries: the list and the count of open ones, refetched together when one changes. */
const DISPUTES_KEY = ['admin', 'disputes'] as const;
const PENDING_KEY = [...DISPUTES_KEY, 'pending'] as const;
/** Offline, the socket cannot say that a driver filed one: the list and the badge look again this often. */
const REFRESH_MS = 30_000;

/** Refetches the disputes on screen when one is filed or resolved (the server tells the branch's screens). */
function useDisputesFollow(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onDisputeChanges(() => void queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }));
  }, [enabled, queryClient]);
}

/** The branch's disputes of receiving slips, open ones first. */
export function useDisputes() {
  useDisputesFollow(true);
  const live = useSocketConnected();
  return useQuery({
    queryKey: [...DISPUTES_KEY, 'list'],
    queryFn: ({ signal }) => callApi(listDisputes, {}, { signal }).then((r) => r.dispute),
    refetchInterval: live ? false : REFRESH_MS,
  });
}

/**
 * How many disputes wait for an answer, for the officers who answer them (the side menu's and the
 * dashboard's badge); undefined for the others, and while it loads.
 */
export function usePendingDisputes(): number | undefined {
  const access = useAccess();
  const handles = !!access.data && can(access.data.officer.roles, ROUTE_PERMISSIONS['/System/disputes']);
  useDisputesFollow(handles);
  const live = useSocketConnected();
  const query = useQuery({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => callApi(pendingDisputes, {}, { signal }).then((r) => r.pending),
    enabled: handles,
    refetchInterval: live ? false : REFRESH_MS,
  });
  return handles ? query.data : undefined;
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; resolution: string }) => callApi(resolveDispute, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }),
  });
}

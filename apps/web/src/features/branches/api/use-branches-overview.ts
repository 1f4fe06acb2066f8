import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { branchesOverview } from '@truck-queue/shared/contracts/branches-overview.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';
import { THROTTLED_REFRESH_MS } from '../../../lib/queue-refresh.ts';
import { watchBranches } from '../../../lib/socket.ts';
import { throttle } from '../../../lib/throttle.ts';

/**
 * Under the throttled root: the session's own branch's changes (the shell's refreshUI subscriber)
 * refetch it at most every THROTTLED_REFRESH_MS, as the dashboard.
 */
export const branchesKeys = {
  overview: queueKeys.throttled('branches', 'overview'),
};

/**
 * Read again at least this often, pushed or not: what no event announces moves too (each longest
 * wait grows by the minute; a screen or a scale bridge connects or goes).
 */
export const BRANCHES_REFRESH_MS = 60_000;

export function branchesOverviewQueryOptions() {
  return queryOptions({
    queryKey: branchesKeys.overview,
    queryFn: ({ signal }) => callApi(branchesOverview, {}, { signal }),
    staleTime: 0,
    refetchInterval: BRANCHES_REFRESH_MS,
  });
}

/**
 * Every branch the officer holds, live: a change in any of them (the server's `branchesChanged`,
 * at most one per branch every few seconds) refetches the page, throttled again here to one
 * refetch per THROTTLED_REFRESH_MS whatever the number of branches, so twenty busy plants cost a
 * watching page one read every five seconds. `branchIds` (the branches shown) watches again when
 * the list changes: a branch added or no longer held.
 */
export function useBranchesOverview() {
  const queryClient = useQueryClient();
  const query = useQuery(branchesOverviewQueryOptions());
  const shown = query.data?.branches.map((b) => b.branch_id).join(',') ?? '';
  useEffect(() => {
    const refetch = throttle(
      () => void queryClient.invalidateQueries({ queryKey: branchesKeys.overview }),
      THROTTLED_REFRESH_MS,
    );
    const stop = watchBranches(() => refetch.call());
    return () => {
      stop();
      refetch.cancel();
    };
  }, [queryClient, shown]);
  return query;
}

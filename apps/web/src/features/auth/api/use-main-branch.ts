import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainBranch } from '@truck-queue/shared/contracts/auth.contract';
import { callApi } from '../../../lib/api-client.ts';

export function getBranches(signal?: AbortSignal) {
  return callApi(mainBranch, {}, { signal });
}

export function branchesQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'branches'],
    queryFn: ({ signal }) => getBranches(signal),
    select: (data) => data.branch,
  });
}

/** Branches the officer may switch to; fetched only once the selector is opened. */
export function useMainBranch(enabled: boolean) {
  return useQuery({ ...branchesQueryOptions(), enabled });
}

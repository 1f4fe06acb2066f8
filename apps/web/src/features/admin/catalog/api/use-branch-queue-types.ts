import { useQuery } from '@tanstack/react-query';
import { branchQT } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export function getBranchQueueTypes(signal?: AbortSignal) {
  return callApi(branchQT, {}, { signal });
}

/** The branch's queue types with their prefixes and the products they offer. */
export function useBranchQueueTypes() {
  return useQuery({
    queryKey: catalogKeys.branchQueueTypes,
    queryFn: ({ signal }) => getBranchQueueTypes(signal),
    select: (response) => response.branchQT,
  });
}

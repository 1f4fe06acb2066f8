import { useQuery } from '@tanstack/react-query';
import { mainProduct } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export function getQueueTypeProducts(branchQueueTypeId: number, signal?: AbortSignal) {
  return callApi(mainProduct, { id_branchQT: branchQueueTypeId }, { signal });
}

/** Every product of the branch, `selected` when the queue type offers it; fresh at each opening. */
export function useQueueTypeProducts(branchQueueTypeId: number | null) {
  return useQuery({
    queryKey: catalogKeys.queueTypeProducts(branchQueueTypeId ?? 0),
    queryFn: ({ signal }) => getQueueTypeProducts(branchQueueTypeId!, signal),
    select: (response) => response.product,
    enabled: branchQueueTypeId !== null,
    staleTime: 0,
  });
}

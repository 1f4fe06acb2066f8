import { useQuery } from '@tanstack/react-query';
import { mainProduct } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export function getProducts(signal?: AbortSignal) {
  return callApi(mainProduct, {}, { signal });
}

/** The branch's products. */
export function useProducts() {
  return useQuery({
    queryKey: catalogKeys.products,
    queryFn: ({ signal }) => getProducts(signal),
    select: (response) => response.product,
  });
}

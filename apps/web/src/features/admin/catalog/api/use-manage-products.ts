import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { manageProduct } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

/** `id` is the branch queue type, `product` every product it offers from now on. */
export type ManageProductsInput = BodyOf<typeof manageProduct>;

export function manageProducts(body: ManageProductsInput) {
  return callApi(manageProduct, body);
}

export function useManageProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageProducts,
    onSuccess: (_response, body) =>
      afterCatalogChange(queryClient, [catalogKeys.branchQueueTypes, catalogKeys.queueTypeProducts(body.id)]),
  });
}

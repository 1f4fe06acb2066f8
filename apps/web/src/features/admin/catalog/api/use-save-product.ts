import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { doMainProduct } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { errorCodeOf } from '../../../../lib/errors.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

/** Create `{name}` or rename `{uuid, name}`. */
export type SaveProductInput = BodyOf<typeof doMainProduct>;

export function saveProduct(body: SaveProductInput) {
  return callApi(doMainProduct, body);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    // The queue types list their products by name, and their product dialogs list every product.
    onSuccess: () =>
      afterCatalogChange(queryClient, [
        catalogKeys.products,
        catalogKeys.branchQueueTypes,
        catalogKeys.allQueueTypeProducts,
      ]),
    // A name or prefix taken meanwhile by another admin: fetch the list the dialog checks against.
    onError: (error) => {
      if (errorCodeOf(error) === 'CONFLICT')
        void queryClient.invalidateQueries({ queryKey: catalogKeys.products });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { cancelQT } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

export type CancelQueueTypeInput = BodyOf<typeof cancelQT>;

export function cancelQueueType(body: CancelQueueTypeInput) {
  return callApi(cancelQT, body);
}

/** Removes a queue type from the branch. */
export function useCancelQueueType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelQueueType,
    // A refusal may mean the list on screen is out of date: refetch it either way.
    onSettled: () => afterCatalogChange(queryClient, [catalogKeys.branchQueueTypes]),
  });
}

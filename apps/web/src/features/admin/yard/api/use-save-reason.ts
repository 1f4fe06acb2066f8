import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { saveReason } from '@truck-queue/shared/contracts/yard.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { afterYardChange } from './query-keys.ts';

/** Add (no id), or rename, reorder, retire or restore (id) one reason. */
export type SaveReasonInput = BodyOf<typeof saveReason>;

export function saveYardReason(body: SaveReasonInput) {
  return callApi(saveReason, body);
}

export function useSaveReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveYardReason,
    // A name taken meanwhile by another admin: the list the dialog checks against is refetched too.
    onSettled: () => afterYardChange(queryClient),
  });
}

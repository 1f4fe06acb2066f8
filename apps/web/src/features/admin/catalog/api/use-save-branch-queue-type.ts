import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { doBranchQT } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { errorCodeOf } from '../../../../lib/errors.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

/** Create `{queue_type | name + flow_engine_id, prefix, status: "1"}`, or edit `{uuid, prefix, name?}`. */
export type SaveBranchQueueTypeInput = BodyOf<typeof doBranchQT>;

export function saveBranchQueueType(body: SaveBranchQueueTypeInput) {
  return callApi(doBranchQT, body);
}

export function useSaveBranchQueueType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBranchQueueType,
    onSuccess: () => afterCatalogChange(queryClient, [catalogKeys.branchQueueTypes]),
    // A name or prefix taken meanwhile by another admin: fetch the list the dialog checks against.
    onError: (error) => {
      if (errorCodeOf(error) === 'CONFLICT')
        void queryClient.invalidateQueries({ queryKey: catalogKeys.branchQueueTypes });
    },
  });
}

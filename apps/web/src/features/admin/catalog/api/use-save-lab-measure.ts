import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { saveLabMeasure } from '@truck-queue/shared/contracts/lab.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export type LabMeasureBody = BodyOf<typeof saveLabMeasure>;

/** Adds, edits, retires or restores a lab measurement; the queue types list reads them again. */
export function useSaveLabMeasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabMeasureBody) => callApi(saveLabMeasure, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.branchQueueTypes }),
  });
}

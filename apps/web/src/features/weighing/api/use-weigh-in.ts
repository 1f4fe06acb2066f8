import { useMutation, useQueryClient } from '@tanstack/react-query';
import { weighIn } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { weighTodayQueryKey } from './use-weigh-today.ts';

/** Records the weight of a truck entering the weighbridge (kg). */
export function recordWeighIn(body: BodyOf<typeof weighIn>) {
  return callApi(weighIn, body);
}

export function useWeighIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordWeighIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: weighTodayQueryKey }),
  });
}

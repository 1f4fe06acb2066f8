import { useMutation, useQueryClient } from '@tanstack/react-query';
import { weighOut } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { weighTodayQueryKey } from './use-weigh-today.ts';

/** Records the weight of a truck leaving the weighbridge (kg). */
export function recordWeighOut(body: BodyOf<typeof weighOut>) {
  return callApi(weighOut, body);
}

export function useWeighOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordWeighOut,
    onSettled: () => queryClient.invalidateQueries({ queryKey: weighTodayQueryKey }),
  });
}

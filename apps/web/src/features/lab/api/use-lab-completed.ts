import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labCompleted } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';
import { acceptTodayQueryKey } from './use-accept-today.ts';

/** Checkout: the lab result is ready (LS -> LF, stamps the lab finish). */
export function completeLabSample(queueNumber: string) {
  return callApi(labCompleted, { queue_number: queueNumber });
}

export function useLabCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLabSample,
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }),
  });
}

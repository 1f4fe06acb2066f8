import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labCompleted } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { acceptTodayQueryKey } from './use-accept-today.ts';

/**
 * Checkout: the lab result is ready (LS -> LF, stamps the lab finish). From a row of today's
 * list, so the ticket's uuid goes with its number: never another truck holding the same number.
 */
export function completeLabSample(body: BodyOf<typeof labCompleted>) {
  return callApi(labCompleted, body);
}

export function useLabCompleted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLabSample,
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }),
  });
}

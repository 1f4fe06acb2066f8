import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labAccept } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';
import { acceptTodayQueryKey } from './use-accept-today.ts';

/** The lab receives a truck's sample (QS -> LS, stamps the lab start). */
export function acceptLabSample(queueNumber: string) {
  return callApi(labAccept, { queue_number: queueNumber });
}

export function useLabAccept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptLabSample,
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }),
  });
}

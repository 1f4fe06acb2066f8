import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exitFactory } from '@truck-queue/shared/contracts/station-work.contract';
import { callApi } from '../../../lib/api-client.ts';
import { exitTodayQueryKey } from './use-exit-today.ts';

/** The gate records that a truck left the factory. */
export function recordExit(queueNumber: string) {
  return callApi(exitFactory, { queue_number: queueNumber });
}

export function useExitFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordExit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exitTodayQueryKey }),
  });
}

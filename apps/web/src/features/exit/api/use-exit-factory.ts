import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exitFactory } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { exitTodayQueryKey } from './use-exit-today.ts';

/**
 * The gate records that a truck left the factory: by its number, with the uuid once the officer
 * picked among several trucks, and `confirm_unfinished` once they confirmed an unfinished truck.
 */
export function recordExit(body: BodyOf<typeof exitFactory>) {
  return callApi(exitFactory, body);
}

export function useExitFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordExit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exitTodayQueryKey }),
  });
}

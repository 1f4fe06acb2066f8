import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { finishOnStoredTare, storedTareOf } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { weighTodayQueryKey } from './use-weigh-today.ts';

/**
 * The stored tare of the truck in the box (issue 42), and whether the branch lets it finish on
 * one: read once the truck is weighed in and not yet out (null: no truck to ask about).
 */
export function useStoredTare(uuid: string | null) {
  return useQuery({
    queryKey: ['weighing', 'storedTare', uuid],
    queryFn: () => callApi(storedTareOf, { uuid: uuid! }),
    enabled: uuid !== null,
    staleTime: 30_000,
  });
}

/** Finishes a weighed-in truck on its vehicle's stored tare instead of weighing it out. */
export function useFinishOnStoredTare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof finishOnStoredTare>) => callApi(finishOnStoredTare, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: weighTodayQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labCorrect } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { acceptTodayQueryKey } from './use-accept-today.ts';

/** The lab corrects a result saved by mistake, with its reason (kept in the ticket's history). */
export function useLabCorrect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof labCorrect>) => callApi(labCorrect, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }),
  });
}

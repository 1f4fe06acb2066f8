import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labAccept } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { acceptTodayQueryKey } from './use-accept-today.ts';

/** The lab receives a truck's sample (QS -> LS, stamps the lab start); the uuid once the officer picked a truck. */
export function acceptLabSample(body: BodyOf<typeof labAccept>) {
  return callApi(labAccept, body);
}

export function useLabAccept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptLabSample,
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptTodayQueryKey }),
  });
}

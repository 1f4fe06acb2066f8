import { useMutation, useQueryClient } from '@tanstack/react-query';
import { captureWeight } from '@truck-queue/shared/contracts/station-work.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { weighTodayQueryKey } from './use-weigh-today.ts';

/** Records the weight the scale shows now (the server takes it from the scale, not from the page). */
export function recordCapturedWeight(body: BodyOf<typeof captureWeight>) {
  return callApi(captureWeight, body);
}

export function useCaptureWeight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCapturedWeight,
    onSettled: () => queryClient.invalidateQueries({ queryKey: weighTodayQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { saveYardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { afterYardChange } from './query-keys.ts';

export type SaveYardSettingsInput = BodyOf<typeof saveYardSettings>;

export function saveYardRules(body: SaveYardSettingsInput) {
  return callApi(saveYardSettings, body);
}

/** The no-show rule: after how many recalls the card offers it, and what it does. */
export function useSaveYardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveYardRules,
    onSuccess: () => afterYardChange(queryClient),
  });
}

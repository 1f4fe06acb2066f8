import { useQuery } from '@tanstack/react-query';
import { yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { yardKeys } from './query-keys.ts';

export function getYardSettings(signal?: AbortSignal) {
  return callApi(yardSettings, {}, { signal });
}

/** Every reason of the branch (retired ones too) and its no-show rule. */
export function useYardSettings() {
  return useQuery({
    queryKey: yardKeys.settings,
    queryFn: ({ signal }) => getYardSettings(signal),
  });
}

import { useQuery } from '@tanstack/react-query';
import { yardRules } from '@truck-queue/shared/contracts/yard.contract';
import { callApi } from '../../../lib/api-client.ts';
import { callingKeys } from './query-keys.ts';

export function getYardRules(signal?: AbortSignal) {
  return callApi(yardRules, {}, { signal });
}

/**
 * The branch's active reasons, its no-show rule and the queue types a waiting ticket may move
 * to. They change only on the admin's Yard rules page (which refetches them), so a minute's
 * cache spares a request per opened dialog.
 */
export function useYardRules(enabled = true) {
  return useQuery({
    queryKey: callingKeys.yardRules,
    queryFn: ({ signal }) => getYardRules(signal),
    staleTime: 60_000,
    enabled,
  });
}

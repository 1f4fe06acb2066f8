import { useQuery } from '@tanstack/react-query';
import { queueType } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export function getMasterQueueTypes(signal?: AbortSignal) {
  return callApi(queueType, {}, { signal });
}

/** The master list of queue types (name and flow) a branch picks from. */
export function useMasterQueueTypes(enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.masterQueueTypes,
    queryFn: ({ signal }) => getMasterQueueTypes(signal),
    select: (response) => response.queueType,
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { queueHistory } from '@truck-queue/shared/contracts/yard.contract';
import { callApi } from '../../../lib/api-client.ts';

/** Query keys of the history drawer; every key starts with 'queueHistory'. */
export const historyKeys = {
  all: ['queueHistory'] as const,
  one: (uuid: string) => ['queueHistory', uuid] as const,
};

export function getQueueHistory(uuid: string, signal?: AbortSignal) {
  return callApi(queueHistory, { uuid }, { signal });
}

/** One ticket's transitions, oldest first; fetched afresh each time the drawer opens. */
export function useQueueHistory(uuid: string | null) {
  return useQuery({
    queryKey: historyKeys.one(uuid ?? ''),
    queryFn: ({ signal }) => getQueueHistory(uuid!, signal),
    enabled: uuid !== null,
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { findFlowEngineByUUID } from '@truck-queue/shared/contracts/queue.contract';
import { callApi } from '../../../lib/api-client.ts';
import { callingKeys } from './query-keys.ts';

/** Whether a route parameter can be a flow engine's uuid at all (the server answers 400 otherwise). */
export function isFlowEngineUuid(value: string | undefined): value is string {
  return findFlowEngineByUUID.body.safeParse({ uuid: value }).success;
}

export function getFlowEngine(uuid: string, signal?: AbortSignal) {
  return callApi(findFlowEngineByUUID, { uuid }, { signal });
}

export function useFlowEngine(uuid: string | null) {
  return useQuery({
    queryKey: callingKeys.flowEngine(uuid ?? ''),
    queryFn: ({ signal }) => getFlowEngine(uuid!, signal),
    enabled: uuid !== null,
    staleTime: Infinity,
  });
}

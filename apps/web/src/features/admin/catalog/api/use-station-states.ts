import { useQuery } from '@tanstack/react-query';
import { loadState } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export function getStationStates(stationId: number, signal?: AbortSignal) {
  return callApi(loadState, { id: stationId }, { signal });
}

/** Every flow state a station may handle, `selected` when it does; fresh at each opening. */
export function useStationStates(stationId: number | null) {
  return useQuery({
    queryKey: catalogKeys.stationStates(stationId ?? 0),
    queryFn: ({ signal }) => getStationStates(stationId!, signal),
    select: (response) => response.state,
    enabled: stationId !== null,
    staleTime: 0,
  });
}

/**
 * The flow states themselves (id, flow engine, state code), read through any station: the
 * station list names a handled state only in words, this tells which flow and code it is.
 */
export function useFlowStates(probeStationId: number | undefined) {
  return useQuery({
    queryKey: catalogKeys.flowStates(probeStationId ?? 0),
    queryFn: ({ signal }) => getStationStates(probeStationId!, signal),
    select: (response) => response.state,
    enabled: probeStationId !== undefined,
    staleTime: Infinity,
  });
}

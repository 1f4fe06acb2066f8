import { useQuery } from '@tanstack/react-query';
import { mainStation } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { catalogKeys } from './query-keys.ts';

export function getStations(signal?: AbortSignal) {
  return callApi(mainStation, {}, { signal });
}

/** The branch's stations with the flow states each handles. */
export function useStations() {
  return useQuery({
    queryKey: catalogKeys.stations,
    queryFn: ({ signal }) => getStations(signal),
    select: (response) => response.station,
  });
}

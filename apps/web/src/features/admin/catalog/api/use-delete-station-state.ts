import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { deleteStationUS } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

/** `id` is the station-state link (`sus_id` of the station list). */
export type DeleteStationStateInput = BodyOf<typeof deleteStationUS>;

export function deleteStationState(body: DeleteStationStateInput) {
  return callApi(deleteStationUS, body);
}

export function useDeleteStationState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStationState,
    onSettled: () => afterCatalogChange(queryClient, [catalogKeys.stations, catalogKeys.allStationStates]),
  });
}

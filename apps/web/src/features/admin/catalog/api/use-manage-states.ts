import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { manageState } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

/** `id` is the station, `flow_state` every flow state it handles from now on. */
export type ManageStatesInput = BodyOf<typeof manageState>;

export function manageStates(body: ManageStatesInput) {
  return callApi(manageState, body);
}

export function useManageStates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageStates,
    onSuccess: (_response, body) =>
      afterCatalogChange(queryClient, [catalogKeys.stations, catalogKeys.stationStates(body.id)]),
  });
}

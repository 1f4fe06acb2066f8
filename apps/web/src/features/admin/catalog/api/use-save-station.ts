import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { doMainStation } from '@truck-queue/shared/contracts/catalog.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { errorCodeOf } from '../../../../lib/errors.ts';
import { afterCatalogChange, catalogKeys } from './query-keys.ts';

/** Create `{name}` or rename `{uuid, name}`. */
export type SaveStationInput = BodyOf<typeof doMainStation>;

export function saveStation(body: SaveStationInput) {
  return callApi(doMainStation, body);
}

export function useSaveStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStation,
    onSuccess: () => afterCatalogChange(queryClient, [catalogKeys.stations]),
    // A name or prefix taken meanwhile by another admin: fetch the list the dialog checks against.
    onError: (error) => {
      if (errorCodeOf(error) === 'CONFLICT')
        void queryClient.invalidateQueries({ queryKey: catalogKeys.stations });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys } from '../../controllers/api/query-keys.ts';
import { userKeys } from './query-keys.ts';

/** Deletes an officer: they can no longer sign in. */
export function deleteOfficer(uuid: string) {
  return callApi(cancelOfficer, { uuid });
}

export function useCancelOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfficer,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.officers }),
        queryClient.invalidateQueries({ queryKey: controllerKeys.calling }),
      ]),
  });
}

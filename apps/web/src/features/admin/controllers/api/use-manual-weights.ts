import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scaleContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { ManualWeightRole } from '@truck-queue/shared/queue/weighing';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys } from './query-keys.ts';

/** The roles besides admins the branch allows to type a weight by hand. */
export function useManualWeights() {
  return useQuery({
    queryKey: controllerKeys.manualWeights,
    queryFn: ({ signal }) => callApi(scaleContracts.main, {}, { signal }).then((r) => r.manual_weight_roles),
  });
}

export function useSaveManualWeights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: ManualWeightRole[]) => callApi(scaleContracts.saveManualWeights, { roles }),
    onSuccess: (saved) => queryClient.setQueryData(controllerKeys.manualWeights, saved.manual_weight_roles),
  });
}

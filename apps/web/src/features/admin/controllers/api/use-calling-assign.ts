import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callingManageOT, callingManageStation } from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import type { CallingAssignment } from './use-calling-choices.ts';
import { controllerKeys } from './query-keys.ts';

export interface CallingAssignInput {
  what: CallingAssignment;
  officerId: number;
  /** The full set the officer handles after saving. */
  ids: number[];
}

export function assignCalling({ what, officerId, ids }: CallingAssignInput) {
  return what === 'queueType'
    ? callApi(callingManageOT, { id: officerId, branch_queue_type: ids })
    : callApi(callingManageStation, { id: officerId, station: ids });
}

/** Saves a checkbox dialog of the calling controller. */
export function useCallingAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCalling,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controllerKeys.calling }),
  });
}

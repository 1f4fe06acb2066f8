import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  callingDeleteQueueType,
  callingDeleteStation,
} from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import type { CallingAssignment } from './use-calling-choices.ts';
import { controllerKeys } from './query-keys.ts';

export interface CallingUnassignInput {
  what: CallingAssignment;
  /** The assignment's id (aQTCtrl[].id or aStationCtrl[].id), not the queue type's or station's. */
  assignmentId: number;
}

export function unassignCalling({ what, assignmentId }: CallingUnassignInput) {
  return what === 'queueType'
    ? callApi(callingDeleteQueueType, { id: assignmentId })
    : callApi(callingDeleteStation, { id: assignmentId });
}

/** Takes one queue type or station away from an officer (the x on its tag). */
export function useCallingUnassign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignCalling,
    onSettled: () => queryClient.invalidateQueries({ queryKey: controllerKeys.calling }),
  });
}

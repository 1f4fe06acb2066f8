import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { queueTypeContracts } from './device-contracts.ts';
import { controllerKeys, type QueueTypeDeviceKind } from './query-keys.ts';

export interface DeviceUnassignInput {
  kind: QueueTypeDeviceKind;
  /** The assignment's id (aCtrl[].id), not the queue type's. */
  assignmentId: number;
}

export function unassignDeviceQueueType({ kind, assignmentId }: DeviceUnassignInput) {
  return callApi(queueTypeContracts(kind).deleteDeviceCtrl, { id: assignmentId });
}

/** Takes one queue type off a display or kiosk (the x on its tag). */
export function useDeviceUnassign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignDeviceQueueType,
    onSettled: (_data, _error, { kind }) =>
      queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { queueTypeContracts } from './device-contracts.ts';
import { controllerKeys, type QueueTypeDeviceKind } from './query-keys.ts';

export interface DeviceAssignInput {
  kind: QueueTypeDeviceKind;
  /** The display's or kiosk's row id. */
  deviceId: number;
  /** The full set of queue types after saving. */
  ids: number[];
}

export function assignDeviceQueueTypes({ kind, deviceId, ids }: DeviceAssignInput) {
  return callApi(queueTypeContracts(kind).manageOT, { id: deviceId, branch_queue_type: ids });
}

/** Saves the queue type dialog of a display or kiosk. */
export function useDeviceAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDeviceQueueTypes,
    onSuccess: (_data, { kind }) => queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) }),
  });
}

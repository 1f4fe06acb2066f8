import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { deviceContracts } from './device-contracts.ts';
import { controllerKeys, type DeviceKind } from './query-keys.ts';

export interface CancelDeviceInput {
  kind: DeviceKind;
  uuid: string;
}

/** Cancel connection: forgets the device; the entry keeps its name and queue types. */
export function cancelDevice({ kind, uuid }: CancelDeviceInput) {
  return callApi(deviceContracts(kind).cancelDevice, { uuid });
}

export function useCancelDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDevice,
    onSettled: (_data, _error, { kind }) =>
      queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';
import { deviceContracts } from './device-contracts.ts';
import { controllerKeys, type DeviceKind } from './query-keys.ts';

export interface RegisterDeviceInput {
  kind: DeviceKind;
  uuid: string;
  /** The short code the screen or kiosk shows. */
  deviceId: string;
}

/** Binds a display or kiosk entry to the device showing `deviceId`; it is verified on its next contact. */
export function registerDevice({ kind, uuid, deviceId }: RegisterDeviceInput) {
  return callApi(deviceContracts(kind).addDevice, { uuid, device_id: deviceId });
}

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: (_data, { kind }) => queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) }),
  });
}

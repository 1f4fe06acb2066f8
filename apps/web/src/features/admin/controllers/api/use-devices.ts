import { useQuery } from '@tanstack/react-query';
import { displayContracts, printerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys, type DeviceKind } from './query-keys.ts';

export function getDevices(kind: DeviceKind, signal?: AbortSignal) {
  return kind === 'display'
    ? callApi(displayContracts.main, {}, { signal }).then((r) => r.display)
    : callApi(printerContracts.main, {}, { signal }).then((r) => r.printer);
}

/** The branch's display screens or ticket kiosks, with their device and queue types. */
export function useDevices(kind: DeviceKind) {
  return useQuery({
    queryKey: controllerKeys.devices(kind),
    queryFn: ({ signal }) => getDevices(kind, signal),
  });
}

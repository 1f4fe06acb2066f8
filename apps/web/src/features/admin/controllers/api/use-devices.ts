import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  displayContracts,
  printerContracts,
  readerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { useDeviceChanges, usePrinterChanges } from '../../../../lib/socket.ts';
import { controllerKeys, type DeviceKind } from './query-keys.ts';

export function getDevices(kind: DeviceKind, signal?: AbortSignal) {
  if (kind === 'scale') return callApi(scaleContracts.main, {}, { signal }).then((r) => r.scale);
  if (kind === 'reader') return callApi(readerContracts.main, {}, { signal }).then((r) => r.reader);
  return kind === 'display'
    ? callApi(displayContracts.main, {}, { signal }).then((r) => r.display)
    : callApi(printerContracts.main, {}, { signal }).then((r) => r.printer);
}

/** How often the Weighbridge controller reads its scales' weights again while open. */
const SCALE_REFRESH_MS = 5000;

/**
 * The branch's display screens, ticket kiosks or scales, with their device and queue types (scales: station and weight); refetched
 * live when a device is verified (its first contact after registration) or changed elsewhere,
 * and (kiosks) when a printer's health changes.
 */
export function useDevices(kind: DeviceKind) {
  const queryClient = useQueryClient();
  useDeviceChanges(
    useCallback(
      (change) => {
        if (change.kind === kind)
          void queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) });
      },
      [kind, queryClient],
    ),
  );
  // A kiosk's printer ran out of paper, was fixed...: its health column follows.
  usePrinterChanges(
    useCallback(() => {
      if (kind === 'printer') void queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) });
    }, [kind, queryClient]),
  );
  return useQuery({
    queryKey: controllerKeys.devices(kind),
    queryFn: ({ signal }) => getDevices(kind, signal),
    // A scale's weight and signal change every second: the list shows them a few seconds old at most.
    refetchInterval: kind === 'scale' ? SCALE_REFRESH_MS : false,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { displayContracts, printerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys, type DeviceKind } from './query-keys.ts';

export interface SaveDeviceInput {
  kind: DeviceKind;
  /** Absent for a new display or kiosk. */
  uuid?: string | undefined;
  name: string;
  /** Kiosks only, on edit: the printer it prints on; null clears it. */
  printerName?: string | null | undefined;
  /** Displays only, on edit: how long a call stays under "now calling". */
  nowCallingSeconds?: number | undefined;
  /** Displays only, on edit: how many of the latest calls its board lists. */
  recentCount?: number | undefined;
}

/**
 * Creates `{name}` (kiosks `{name, printer: 1}`) or edits `{uuid, name}` (kiosks also
 * `printer_name`, displays `now_calling_seconds` and `recent_count`).
 */
export function saveDevice({
  kind,
  uuid,
  name,
  printerName,
  nowCallingSeconds,
  recentCount,
}: SaveDeviceInput) {
  if (kind === 'display') {
    const nowCalling = nowCallingSeconds === undefined ? {} : { now_calling_seconds: nowCallingSeconds };
    const recent = recentCount === undefined ? {} : { recent_count: recentCount };
    return callApi(displayContracts.save, uuid ? { uuid, name, ...nowCalling, ...recent } : { name });
  }
  return callApi(
    printerContracts.save,
    uuid ? { uuid, name, printer_name: printerName ?? null } : { name, printer: 1 },
  );
}

export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: (_data, { kind }) => queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) }),
  });
}

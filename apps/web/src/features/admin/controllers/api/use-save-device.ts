import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  displayContracts,
  printerContracts,
  readerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import type { PaperWidth, PrintTarget } from '@truck-queue/shared/printing/printer-status';
import type { ReaderAction } from '@truck-queue/shared/identify/readers';
import { callApi } from '../../../../lib/api-client.ts';
import { controllerKeys, type DeviceKind } from './query-keys.ts';

/** A kiosk's print settings: the browser's dialog, a network printer at host:port, or its USB printer. */
export interface PrintSettings {
  target: PrintTarget;
  /** Network only; kept (not cleared) for the other targets so switching back keeps the address. */
  host: string | null;
  port: number;
  paperWidth: PaperWidth;
}

export interface SaveDeviceInput {
  kind: DeviceKind;
  /** Absent for a new display or kiosk. */
  uuid?: string | undefined;
  name: string;
  /** Kiosks only, on edit: the printer it prints on; null clears it. */
  printerName?: string | null | undefined;
  /** Kiosks only, on edit: where its tickets print (PrintSettingsFields). */
  print?: PrintSettings | undefined;
  /** Displays only, on edit: how long a call stays under "now calling". */
  nowCallingSeconds?: number | undefined;
  /** Displays only, on edit: how many of the latest calls its board lists. */
  recentCount?: number | undefined;
  /** Displays only, on edit: its voice; the sentence null is the standard one. */
  announce?: { sentence: string | null; rate: number; volume: number; repeat: 1 | 2 } | undefined;
  /** Scales only: the weighbridge station it weighs at (null: none). Readers: the station at a weighbridge. */
  stationId?: number | null | undefined;
  /** Readers only: where it stands and the least confidence to act alone (issue 42). */
  reader?: { action: ReaderAction; minConfidence: number; printerId: number | null } | undefined;
}

/**
 * Creates `{name}` (kiosks `{name, printer: 1}`, scales `{name, station_id}`) or edits `{uuid, name}` (kiosks also
 * `printer_name` and the print settings, displays `now_calling_seconds`, `recent_count` and
 * their voice `announce_*`).
 */
export function saveDevice({
  kind,
  uuid,
  name,
  printerName,
  print,
  nowCallingSeconds,
  recentCount,
  announce,
  stationId,
  reader,
}: SaveDeviceInput) {
  if (kind === 'reader' && reader) {
    const body = {
      name,
      action: reader.action,
      station_id: reader.action === 'weighbridge' ? (stationId ?? null) : null,
      min_confidence: reader.minConfidence,
      printer_id: reader.action === 'check_in' ? reader.printerId : null,
    };
    return callApi(readerContracts.save, uuid ? { uuid, ...body } : body);
  }
  if (kind === 'scale') {
    return callApi(
      scaleContracts.save,
      uuid ? { uuid, name, station_id: stationId ?? null } : { name, station_id: stationId ?? null },
    );
  }
  if (kind === 'display') {
    const nowCalling = nowCallingSeconds === undefined ? {} : { now_calling_seconds: nowCallingSeconds };
    const recent = recentCount === undefined ? {} : { recent_count: recentCount };
    const voice = announce
      ? {
          announce_sentence: announce.sentence,
          announce_rate: announce.rate,
          announce_volume: announce.volume,
          announce_repeat: announce.repeat,
        }
      : {};
    return callApi(
      displayContracts.save,
      uuid ? { uuid, name, ...nowCalling, ...recent, ...voice } : { name },
    );
  }
  const printing = print
    ? {
        print_target: print.target,
        printer_host: print.host,
        printer_port: print.port,
        paper_width: print.paperWidth,
      }
    : {};
  return callApi(
    printerContracts.save,
    uuid ? { uuid, name, printer_name: printerName ?? null, ...printing } : { name, printer: 1 },
  );
}

export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: (_data, { kind }) => queryClient.invalidateQueries({ queryKey: controllerKeys.devices(kind) }),
  });
}

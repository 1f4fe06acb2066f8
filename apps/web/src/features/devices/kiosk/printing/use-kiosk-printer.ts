import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import {
  devicePrintJob,
  devicePrintResult,
  type PrintOutcome,
} from '@truck-queue/shared/contracts/printing.contract';
import {
  failureOf,
  PRINTER_CHECK_INTERVAL_MS,
  type PrinterHealth,
  type PrintFailure,
  type PrintTarget,
} from '@truck-queue/shared/printing/printer-status';
import { callApi, type DeviceCredentials } from '../../../../lib/api-client.ts';
import { errorCodeOf } from '../../../../lib/errors.ts';
import type { DeviceState } from '../../core/use-device.ts';
import { UsbPrintQueue, type UsbJobResult } from './usb-print-queue.ts';
import { findPermittedPrinter, requestPrinter, webUsb } from './usb-printer.ts';

/** A result the server did not take (it could not be reached) is sent again, a few times. */
const REPORT_ATTEMPTS = 4;
const REPORT_RETRY_MS = 2_000;

export interface KioskPrinter {
  target: PrintTarget;
  /** USB kiosks: whether this browser offers WebUSB here (Chromium, on https or localhost). */
  webUsb: boolean;
  /** USB kiosks: whether a permitted printer is plugged in; null until looked for. */
  usbFound: boolean | null;
  /** Why the printer cannot print, as far as the kiosk knows (its USB health, or a print just now); null: fine or not known. */
  trouble: PrintFailure | null;
  /** USB kiosks: asks for the printer (Chromium's chooser, needs a tap); whether one was picked. */
  connectUsb: () => Promise<boolean>;
  /** USB kiosks: prints a job the server holds for this kiosk (one at a time; once per job). */
  printJob: (jobId: number) => Promise<UsbJobResult>;
  /** What the server said of a ticket's paper (a network printer's print, as issuing answers it). */
  noteOutcome: (outcome: PrintOutcome) => void;
}

/** base64 (device/printJob's `data`) to bytes. */
export function bytesOfBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function reportResult(result: UsbJobResult, device: DeviceCredentials): Promise<void> {
  for (let attempt = 1; attempt <= REPORT_ATTEMPTS; attempt++) {
    try {
      await callApi(devicePrintResult, result, { device });
      return;
    } catch (error) {
      // Refused (the job is no longer this kiosk's, or was already told): saying it again changes nothing.
      const code = errorCodeOf(error);
      if (code !== 'NETWORK' && code !== 'INTERNAL') return;
      if (attempt < REPORT_ATTEMPTS) await pause(REPORT_RETRY_MS);
    }
  }
}

/**
 * The kiosk's printer as the kiosk sees it. A USB kiosk prints its jobs itself through WebUSB
 * (its tickets after issuing, and officers' reprints the server pushes), reads its printer's
 * health every PRINTER_CHECK_INTERVAL_MS while idle and on plug and unplug, and tells the
 * server over its socket. A network kiosk learns of its printer from what issuing answers.
 */
export function useKioskPrinter(state: DeviceState, device: DeviceInfo): KioskPrinter {
  const target = device.print_target;
  const usb = useMemo(() => (target === 'usb' ? webUsb() : null), [target]);
  const [health, setHealth] = useState<PrinterHealth | null>(null);
  const [lastFailure, setLastFailure] = useState<PrintFailure | null>(null);
  const [usbFound, setUsbFound] = useState<boolean | null>(null);
  const { identity, printerStatus, onPrintJob } = state;

  const queue = useMemo(
    () =>
      new UsbPrintQueue({
        fetchJob: async (jobId) =>
          bytesOfBase64((await callApi(devicePrintJob, { job_id: jobId }, { device: identity })).data),
        printer: async () => {
          const found = usb ? await findPermittedPrinter(usb).catch(() => null) : null;
          setUsbFound(found !== null);
          return found;
        },
        report: (result) => reportResult(result, identity),
        onHealth: (read) => {
          setHealth(read);
          printerStatus({ health: read });
        },
      }),
    [usb, identity, printerStatus],
  );

  const printJob = useCallback(
    async (jobId: number) => {
      const result = await queue.print(jobId);
      setLastFailure(result.reason);
      return result;
    },
    [queue],
  );

  // A check that finds the printer fit again clears a failure seen before it.
  const check = useCallback(
    () =>
      queue.check().then((read) => {
        if (failureOf(read) === null) setLastFailure(null);
      }),
    [queue],
  );

  useEffect(() => {
    if (target !== 'usb') return;
    // Without WebUSB the printer is out of reach: the Printing controller should know.
    if (!usb) {
      printerStatus({ health: 'unreachable' });
      return;
    }
    void check();
    const timer = window.setInterval(() => void check(), PRINTER_CHECK_INTERVAL_MS);
    const plugged = () => void check();
    usb.addEventListener('connect', plugged);
    usb.addEventListener('disconnect', plugged);
    return () => {
      window.clearInterval(timer);
      usb.removeEventListener('connect', plugged);
      usb.removeEventListener('disconnect', plugged);
    };
  }, [target, usb, check, printerStatus]);

  // An officer's reprint on this kiosk's printer.
  const printing = useRef(printJob);
  useEffect(() => {
    printing.current = printJob;
  });
  useEffect(
    () =>
      onPrintJob((job) => {
        if (target === 'usb') void printing.current(job.job_id);
      }),
    [onPrintJob, target],
  );

  const connectUsb = useCallback(async () => {
    if (!usb) return false;
    const picked = await requestPrinter(usb);
    if (picked) await check();
    return picked !== null;
  }, [usb, check]);

  const noteOutcome = useCallback((outcome: PrintOutcome) => {
    if (outcome.state === 'printed') setLastFailure(null);
    if (outcome.state === 'failed') setLastFailure(outcome.reason ?? 'error');
  }, []);

  const trouble =
    lastFailure ?? (target === 'usb' ? (usb ? health && failureOf(health) : 'unreachable') : null);
  return { target, webUsb: usb !== null, usbFound, trouble, connectUsb, printJob, noteOutcome };
}

import {
  canPrint,
  failureOf,
  healthOf,
  isConfirmationByte,
  isStatusByte,
  parsePrintedConfirmation,
  parseStatus,
  PRINT_DEADLINE_MS,
  PRINTED_CONFIRMATION_REQUEST,
  STATUS_ANSWER_MS,
  STATUS_REQUESTS,
  statusRequest,
  type PrinterHealth,
  type PrintFailure,
} from '@truck-queue/shared/printing/printer-status';

/**
 * A kiosk's USB receipt printer through WebUSB, the same way the server talks to a network
 * printer (printing/printer-status.ts): read its real-time status, refuse to send when it
 * cannot print, send the job, ask GS r 1 (answered only once the paper is out), read the status
 * again; all within PRINT_DEADLINE_MS, so a dead printer never holds the kiosk.
 *
 * WebUSB is typed here by the few members this file uses (USBDevice and navigator.usb have
 * no types in TypeScript's DOM library); a test passes a fake device of the same shape.
 */
export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}
export interface UsbAlternateLike {
  alternateSetting: number;
  interfaceClass: number;
  endpoints: readonly UsbEndpointLike[];
}
export interface UsbInterfaceLike {
  interfaceNumber: number;
  alternates: readonly UsbAlternateLike[];
  claimed: boolean;
}
export interface UsbConfigurationLike {
  configurationValue: number;
  interfaces: readonly UsbInterfaceLike[];
}
export interface UsbTransferOutResult {
  bytesWritten: number;
  status: 'ok' | 'stall' | 'babble';
}
export interface UsbTransferInResult {
  data?: DataView | undefined;
  status: 'ok' | 'stall' | 'babble';
}
export interface UsbPrinterDevice {
  readonly opened: boolean;
  readonly configuration: UsbConfigurationLike | null;
  readonly configurations: readonly UsbConfigurationLike[];
  readonly productName?: string | undefined;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(configurationValue: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  selectAlternateInterface(interfaceNumber: number, alternateSetting: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array<ArrayBuffer>): Promise<UsbTransferOutResult>;
  transferIn(endpointNumber: number, length: number): Promise<UsbTransferInResult>;
}
/** navigator.usb, as far as the kiosk uses it. */
export interface UsbAccess {
  getDevices(): Promise<UsbPrinterDevice[]>;
  requestDevice(options: { filters: object[] }): Promise<UsbPrinterDevice>;
  addEventListener(type: 'connect' | 'disconnect', listener: () => void): void;
  removeEventListener(type: 'connect' | 'disconnect', listener: () => void): void;
}

/** USB's printer class: what a receipt printer's interface calls itself. */
const PRINTER_CLASS = 7;
/** The job goes out in pieces, so a printer that stops taking bytes is noticed at the deadline. */
const CHUNK_BYTES = 4096;
/** A printer that answers an empty packet is asked again after this long (no busy loop). */
const EMPTY_READ_PAUSE_MS = 20;
/** Kept from the confirmation's wait for reading the status after it. */
const STATUS_AFTER_RESERVE_MS = 500;
/** Closing the device after a failure must not hold the kiosk either. */
const CLOSE_MS = 500;

/** WebUSB when the browser offers it here (Chromium, on https or localhost); null otherwise. */
export function webUsb(): UsbAccess | null {
  if (typeof navigator === 'undefined' || !window.isSecureContext) return null;
  return (navigator as Navigator & { usb?: UsbAccess }).usb ?? null;
}

/** Where a printer's bytes go and its answers come from on one interface. */
export interface PrinterInterface {
  configurationValue: number;
  interfaceNumber: number;
  alternateSetting: number;
  out: number;
  /** null: a one-way printer, which can neither say its status nor confirm a ticket. */
  in: number | null;
}

/**
 * The interface to print on: the printer-class one with a way back (bulk IN) first, then any
 * interface with bulk IN and OUT (printers that call themselves vendor-specific), then a
 * one-way printer-class interface. Null when the device is no printer at all.
 */
export function printerInterface(device: Pick<UsbPrinterDevice, 'configurations'>): PrinterInterface | null {
  const candidates: (PrinterInterface & { printerClass: boolean })[] = [];
  for (const configuration of device.configurations) {
    for (const iface of configuration.interfaces) {
      for (const alternate of iface.alternates) {
        const bulk = (direction: 'in' | 'out') =>
          alternate.endpoints.find((e) => e.type === 'bulk' && e.direction === direction)?.endpointNumber ??
          null;
        const out = bulk('out');
        if (out === null) continue;
        candidates.push({
          configurationValue: configuration.configurationValue,
          interfaceNumber: iface.interfaceNumber,
          alternateSetting: alternate.alternateSetting,
          out,
          in: bulk('in'),
          printerClass: alternate.interfaceClass === PRINTER_CLASS,
        });
      }
    }
  }
  const chosen =
    candidates.find((c) => c.printerClass && c.in !== null) ??
    candidates.find((c) => c.in !== null) ??
    candidates.find((c) => c.printerClass);
  if (!chosen) return null;
  const { printerClass: _printerClass, ...found } = chosen;
  return found;
}

/** The first device this browser may already use that has a printer's interface (no tap needed). */
export async function findPermittedPrinter(usb: UsbAccess): Promise<UsbPrinterDevice | null> {
  const devices = await usb.getDevices();
  return devices.find((device) => printerInterface(device) !== null) ?? null;
}

/**
 * Asks the person at the kiosk to pick the printer (Chromium's device chooser; needs a tap).
 * Every device is listed: some receipt printers call themselves vendor-specific, not printers.
 * Null when the chooser was closed or the device picked has no printer interface.
 */
export async function requestPrinter(usb: UsbAccess): Promise<UsbPrinterDevice | null> {
  try {
    const device = await usb.requestDevice({ filters: [] });
    return printerInterface(device) ? device : null;
  } catch {
    return null;
  }
}

/** What became of one job: printed with the printer healthy, or why not (and its health then). */
export type UsbPrintAttempt =
  { ok: true; health: PrinterHealth } | { ok: false; reason: PrintFailure; health: PrinterHealth };

/** A step that went wrong, carried out to the attempt's answer. */
class PrinterTrouble extends Error {
  constructor(
    readonly reason: PrintFailure,
    readonly health: PrinterHealth,
  ) {
    super(reason);
  }
}

const TIMED_OUT = Symbol('timed out');

/** The promise's value, or TIMED_OUT after `ms` (the promise is left to settle on its own). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An open, claimed printer for one attempt, with the attempt's deadline. */
class PrinterLink {
  /** The read in flight: a read that timed out stays queued on the endpoint, so the next one waits for it. */
  private reading: Promise<UsbTransferInResult> | null = null;
  /** Bytes read but not used yet. */
  private unread: number[] = [];

  private constructor(
    private readonly device: UsbPrinterDevice,
    private readonly endpoints: PrinterInterface,
    private readonly deadline: number,
  ) {}

  /** Opens and claims the printer's interface; unreachable when it cannot be. */
  static async open(device: UsbPrinterDevice, deadline: number): Promise<PrinterLink> {
    const endpoints = printerInterface(device);
    if (!endpoints) throw new PrinterTrouble('usb_error', 'unreachable');
    const step = async (action: () => Promise<void>) => {
      let result;
      try {
        result = await within(action(), deadline - Date.now());
      } catch {
        throw new PrinterTrouble('usb_error', 'unreachable');
      }
      if (result === TIMED_OUT) throw new PrinterTrouble('usb_error', 'unreachable');
    };
    if (!device.opened) await step(() => device.open());
    if (device.configuration?.configurationValue !== endpoints.configurationValue)
      await step(() => device.selectConfiguration(endpoints.configurationValue));
    const iface = device.configuration?.interfaces.find(
      (i) => i.interfaceNumber === endpoints.interfaceNumber,
    );
    if (!iface?.claimed) await step(() => device.claimInterface(endpoints.interfaceNumber));
    if (endpoints.alternateSetting !== 0)
      await step(() =>
        device.selectAlternateInterface(endpoints.interfaceNumber, endpoints.alternateSetting),
      );
    return new PrinterLink(device, endpoints, deadline);
  }

  get twoWay(): boolean {
    return this.endpoints.in !== null;
  }

  private left(): number {
    return this.deadline - Date.now();
  }

  /** Sends bytes in pieces; a printer that stops taking them by the deadline has not printed. */
  async send(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
      const chunk = new Uint8Array(bytes.subarray(at, at + CHUNK_BYTES));
      let result;
      try {
        result = await within(this.device.transferOut(this.endpoints.out, chunk), this.left());
      } catch {
        throw new PrinterTrouble('usb_error', 'unreachable');
      }
      if (result === TIMED_OUT) throw new PrinterTrouble('not_confirmed', 'no_answer');
      if (result.status !== 'ok' || result.bytesWritten !== chunk.length)
        throw new PrinterTrouble('usb_error', 'error');
    }
  }

  /** The first byte read within `ms` that `accept`s (others are dropped); null when none came. */
  private async readByte(ms: number, accept: (byte: number) => boolean): Promise<number | null> {
    const inEndpoint = this.endpoints.in;
    if (inEndpoint === null) return null;
    const until = Math.min(Date.now() + ms, this.deadline);
    for (;;) {
      while (this.unread.length > 0) {
        const byte = this.unread.shift()!;
        if (accept(byte)) return byte;
      }
      if (Date.now() >= until) return null;
      if (!this.reading) {
        this.reading = this.device.transferIn(inEndpoint, 64);
        // A read still queued when the link closes is cancelled: nobody waits for it then.
        this.reading.catch(() => undefined);
      }
      let result;
      try {
        result = await within(this.reading, until - Date.now());
      } catch {
        throw new PrinterTrouble('usb_error', 'unreachable');
      }
      if (result === TIMED_OUT) return null;
      this.reading = null;
      if (result.status !== 'ok') throw new PrinterTrouble('usb_error', 'error');
      const data = result.data;
      if (!data || data.byteLength === 0) {
        await pause(Math.min(EMPTY_READ_PAUSE_MS, Math.max(0, until - Date.now())));
        continue;
      }
      for (let i = 0; i < data.byteLength; i++) this.unread.push(data.getUint8(i));
    }
  }

  /** The printer's health from DLE EOT 1 to 4; `unknown` for a one-way printer. */
  async health(): Promise<PrinterHealth> {
    if (!this.twoWay) return 'unknown';
    const answers: number[] = [];
    for (const n of STATUS_REQUESTS) {
      await this.send(statusRequest(n));
      const byte = await this.readByte(STATUS_ANSWER_MS, isStatusByte);
      if (byte === null) return 'no_answer';
      answers.push(byte);
    }
    const status = parseStatus(answers);
    return status ? healthOf(status) : 'no_answer';
  }

  /** GS r 1's answer (sent after everything printed), or null when it did not come in time. */
  async confirmation(): Promise<ReturnType<typeof parsePrintedConfirmation> | null> {
    await this.send(PRINTED_CONFIRMATION_REQUEST);
    // A stray status byte (bit 4 set) is not its answer.
    const byte = await this.readByte(this.left() - STATUS_AFTER_RESERVE_MS, isConfirmationByte);
    return byte === null ? null : parsePrintedConfirmation(byte);
  }

  /** Closes the device, which also cancels a read still queued. */
  async close(): Promise<void> {
    try {
      await within(this.device.close(), CLOSE_MS);
    } catch {
      // Unplugged: nothing left to close.
    }
  }
}

function failed(reason: PrintFailure, health: PrinterHealth): UsbPrintAttempt {
  return { ok: false, reason, health };
}

/** Reads the printer's health now (unreachable without a device, or when it cannot be opened). */
export async function readUsbHealth(
  device: UsbPrinterDevice | null,
  opts: { deadlineMs?: number } = {},
): Promise<PrinterHealth> {
  if (!device) return 'unreachable';
  let link: PrinterLink | null = null;
  try {
    link = await PrinterLink.open(device, Date.now() + (opts.deadlineMs ?? PRINT_DEADLINE_MS));
    return await link.health();
  } catch (error) {
    return error instanceof PrinterTrouble ? error.health : 'unreachable';
  } finally {
    await link?.close();
  }
}

/**
 * Prints a job (ESC/POS bytes) and says whether it came out: status before (nothing is sent to
 * a printer that cannot print), the job, GS r 1, status after. Printed only when the printer
 * confirmed it and is still fit to print; a one-way printer prints but is never confirmed.
 */
export async function printOnUsbPrinter(
  device: UsbPrinterDevice | null,
  job: Uint8Array,
  opts: { deadlineMs?: number } = {},
): Promise<UsbPrintAttempt> {
  if (!device) return failed('unreachable', 'unreachable');
  let link: PrinterLink | null = null;
  try {
    link = await PrinterLink.open(device, Date.now() + (opts.deadlineMs ?? PRINT_DEADLINE_MS));
    const before = await link.health();
    const refusal = failureOf(before);
    if (refusal) return failed(refusal, before);
    await link.send(job);
    if (!link.twoWay) return failed('not_confirmed', 'unknown');
    const confirmed = await link.confirmation();
    const after = await link.health();
    const stopped = failureOf(after);
    // Never said it printed: the status says why when it can (the paper ran out mid-ticket).
    if (!confirmed) return failed(stopped && stopped !== 'no_answer' ? stopped : 'not_confirmed', after);
    if (confirmed.paperEnd) return failed('paper_end', canPrint(after) ? 'paper_end' : after);
    // The printer said it printed it, with paper left; a status after that went unanswered does
    // not take that back (the network printers' rule, network-printer.ts).
    if (after === 'no_answer') return { ok: true, health: confirmed.paperNearEnd ? 'paper_near_end' : 'ok' };
    if (stopped) return failed(stopped, after);
    return { ok: true, health: after };
  } catch (error) {
    if (error instanceof PrinterTrouble) return failed(error.reason, error.health);
    return failed('usb_error', 'unreachable');
  } finally {
    await link?.close();
  }
}

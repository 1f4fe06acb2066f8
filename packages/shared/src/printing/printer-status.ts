/**
 * What a thermal ESC/POS printer says of itself, read the same way by the server (network
 * printers, over TCP) and by a kiosk (USB printers, over WebUSB): the real-time status bytes
 * (DLE EOT n), what they mean, and whether a ticket may print.
 *
 * DLE EOT n is answered at once, even while the printer is offline or busy, with one byte:
 *  - n = 1 printer status:  bit 3 offline.
 *  - n = 2 offline cause:   bit 2 cover open, bit 3 paper fed by the button, bit 5 stopped at
 *                           paper end, bit 6 an error.
 *  - n = 3 error cause:     bit 3 autocutter error, bit 5 unrecoverable error, bit 6
 *                           auto-recoverable error (e.g. the head too hot).
 *  - n = 4 paper sensor:    bits 2 and 3 paper near end, bits 5 and 6 paper end.
 * Every answer has bit 1 and bit 4 set and bits 0 and 7 clear: a byte without that pattern is
 * not a status answer (a printer that talks another protocol, or noise).
 *
 * GS r 1 (the paper sensor again, bits 0-1 near end and 2-3 end) is NOT real-time: the printer
 * answers it only once everything sent before it is printed. Sent after a ticket, its answer is
 * the printer's word that the ticket came out.
 */

export const DLE_EOT = 0x10;
export const EOT = 0x04;
/** The four real-time status requests, in the order a check sends them. */
export const STATUS_REQUESTS = [1, 2, 3, 4] as const;
export type StatusRequest = (typeof STATUS_REQUESTS)[number];

export function statusRequest(n: StatusRequest): Uint8Array {
  return Uint8Array.of(DLE_EOT, EOT, n);
}

/** GS r 1: answered after everything before it has printed (the job's confirmation). */
export const PRINTED_CONFIRMATION_REQUEST = Uint8Array.of(0x1d, 0x72, 0x01);

/** Whether a byte has the fixed bits of a DLE EOT answer (bit 1 and 4 set, 0 and 7 clear). */
export function isStatusByte(byte: number): boolean {
  return (byte & 0b1001_0011) === 0b0001_0010;
}

/** The printer's state as its four status bytes tell it. */
export interface PrinterStatus {
  online: boolean;
  coverOpen: boolean;
  paperEnd: boolean;
  paperNearEnd: boolean;
  cutterError: boolean;
  unrecoverableError: boolean;
  autoRecoverableError: boolean;
}

/** Reads the answers to DLE EOT 1, 2, 3 and 4 (in that order); null when one is not a status byte. */
export function parseStatus(bytes: ArrayLike<number>): PrinterStatus | null {
  if (bytes.length < 4) return null;
  const [printer, offline, error, paper] = [bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!];
  if (![printer, offline, error, paper].every(isStatusByte)) return null;
  const bit = (byte: number, n: number) => (byte & (1 << n)) !== 0;
  return {
    online: !bit(printer, 3),
    coverOpen: bit(offline, 2),
    paperEnd: bit(offline, 5) || bit(paper, 5) || bit(paper, 6),
    paperNearEnd: bit(paper, 2) || bit(paper, 3),
    cutterError: bit(error, 3),
    unrecoverableError: bit(error, 5),
    autoRecoverableError: bit(error, 6) || bit(offline, 6),
  };
}

/** Whether a byte can be GS r 1's answer: bits 4 and 7 clear (a DLE EOT answer has bit 4 set). */
export function isConfirmationByte(byte: number): boolean {
  return (byte & 0b1001_0000) === 0;
}

/** The answer to GS r 1: paper end (bits 2-3), near end (bits 0-1). */
export function parsePrintedConfirmation(byte: number): { paperEnd: boolean; paperNearEnd: boolean } {
  return { paperEnd: (byte & 0b1100) !== 0, paperNearEnd: (byte & 0b0011) !== 0 };
}

/**
 * A printer's health as officers see it, worst first after `ok`:
 *  - ok, paper_near_end: prints (near end warns: change the roll soon);
 *  - paper_end, cover_open, offline, error: it does not print until someone fixes it;
 *  - no_answer: connected but said nothing (switched off mid-way, not an ESC/POS printer);
 *  - unreachable: nothing at that address or port, or the kiosk's USB printer is unplugged;
 *  - unknown: not checked yet (or a browser-print kiosk: the browser never says).
 */
export const PRINTER_HEALTHS = [
  'ok',
  'paper_near_end',
  'paper_end',
  'cover_open',
  'offline',
  'error',
  'no_answer',
  'unreachable',
  'unknown',
] as const;
export type PrinterHealth = (typeof PRINTER_HEALTHS)[number];

/** Whether a ticket may be sent to a printer in this health (unknown: try, the check will tell). */
export function canPrint(health: PrinterHealth): boolean {
  return health === 'ok' || health === 'paper_near_end' || health === 'unknown';
}

/** Whether officers should be told (anything but ok and unknown). */
export function needsAttention(health: PrinterHealth): boolean {
  return health !== 'ok' && health !== 'unknown';
}

/** The one health a status comes to: the problem that stops printing first, else near end, else ok. */
export function healthOf(status: PrinterStatus): PrinterHealth {
  if (status.coverOpen) return 'cover_open';
  if (status.paperEnd) return 'paper_end';
  if (status.cutterError || status.unrecoverableError || status.autoRecoverableError) return 'error';
  if (!status.online) return 'offline';
  if (status.paperNearEnd) return 'paper_near_end';
  return 'ok';
}

/**
 * Why a ticket did not print (queues.print_failure, print_jobs.reason): a health that stops
 * printing, or what went wrong on the way.
 *  - not_confirmed: the ticket was sent, but the printer never said it printed it;
 *  - kiosk_offline: a USB kiosk was asked to print but is not connected;
 *  - no_report: a USB kiosk took a job and never said what became of it;
 *  - usb_error: the kiosk's browser could not talk to its USB printer.
 */
export const PRINT_FAILURES = [
  'paper_end',
  'cover_open',
  'offline',
  'error',
  'no_answer',
  'unreachable',
  'not_confirmed',
  'kiosk_offline',
  'no_report',
  'usb_error',
] as const;
export type PrintFailure = (typeof PRINT_FAILURES)[number];

/** The failure a health that cannot print stands for (null when it can print). */
export function failureOf(health: PrinterHealth): PrintFailure | null {
  if (canPrint(health)) return null;
  return health as Exclude<PrinterHealth, 'ok' | 'paper_near_end' | 'unknown'>;
}

/**
 * How long issuing may wait for a printer, all told (connect, status before, the job, its
 * confirmation): after this the ticket is print_failed and the kiosk shows it on screen.
 */
export const PRINT_DEADLINE_MS = 5_000;
/** How long a single status answer may take before the printer counts as not answering. */
export const STATUS_ANSWER_MS = 1_000;
/** How often the server reads a network printer's status between jobs (paper near end warns early). */
export const PRINTER_CHECK_INTERVAL_MS = 30_000;

/**
 * What became of a ticket's paper (queues.print_state, print_jobs.state):
 *  - printed: the printer said it printed it, healthy (printed_at);
 *  - failed:  it did not print, and why (print_failure): the card says "not printed";
 *  - pending: a USB kiosk is printing it and has not said yet;
 *  - browser: sent to a browser's print dialog, which never says whether paper came out;
 *  - null:    never sent to a printer (an officer issued it without printing).
 */
export const PRINT_STATES = ['printed', 'failed', 'pending', 'browser'] as const;
export type PrintState = (typeof PRINT_STATES)[number];

/**
 * What a print job prints: a ticket's first print at issue, an officer's reprint, a test print
 * from the Printing controller (no ticket), or a weighed-out truck's receiving slip.
 */
export const PRINT_JOB_KINDS = ['issue', 'reprint', 'test', 'slip'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** Where a printer kiosk's tickets go. */
export const PRINT_TARGETS = ['browser', 'network', 'usb'] as const;
export type PrintTarget = (typeof PRINT_TARGETS)[number];

/** Thermal paper: 80 mm rolls print 576 dots a line, 58 mm rolls 384 (203 dpi heads). */
export const PAPER_WIDTHS = [80, 58] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PAPER_DOTS: Record<PaperWidth, number> = { 80: 576, 58: 384 };

/** The raw TCP port of Ethernet receipt printers ("JetDirect" / AppSocket). */
export const DEFAULT_PRINTER_PORT = 9100;

import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { isPlantAddress } from '@truck-queue/shared/printing/plant-address';
import {
  failureOf,
  healthOf,
  isConfirmationByte,
  parsePrintedConfirmation,
  parseStatus,
  PRINT_DEADLINE_MS,
  PRINTED_CONFIRMATION_REQUEST,
  type PrinterHealth,
  type PrintFailure,
  STATUS_ANSWER_MS,
  STATUS_REQUESTS,
  statusRequest,
} from '@truck-queue/shared/printing/printer-status';

/**
 * Talking to an Ethernet ESC/POS printer over its raw TCP port (9100): read its real-time
 * status, send a ticket only when it can print, and take its word that the ticket came out.
 * Every call ends within one deadline whatever the printer does (switched off, silent, out of
 * paper, not a printer at all), so issuing never waits long for a dead printer; nothing here
 * throws.
 */

export interface PrinterAddress {
  host: string;
  port: number;
}

export type PrintAttempt =
  { ok: true; health: PrinterHealth } | { ok: false; reason: PrintFailure; health: PrinterHealth };

export interface PrinterCallOptions {
  /** The whole call, connecting included (default PRINT_DEADLINE_MS). */
  deadlineMs?: number;
}

/** How long a hang-up waits for the printer's side to close before the socket is dropped. */
const CLOSE_WAIT_MS = 300;

/** DLE EOT 1, 2, 3 and 4 in one write: the printer answers each with one byte, at once. */
const STATUS_REQUEST_BYTES = Uint8Array.from(STATUS_REQUESTS.flatMap((n) => [...statusRequest(n)]));

/** Reads the printer's health now: unreachable, no_answer, or what its status bytes say. */
export async function readPrinterHealth(
  address: PrinterAddress,
  opts: PrinterCallOptions = {},
): Promise<PrinterHealth> {
  const deadline = performance.now() + (opts.deadlineMs ?? PRINT_DEADLINE_MS);
  return oneAtATime(address, async () => {
    const link = await PrinterLink.open(address, deadline);
    if (!link) return 'unreachable';
    try {
      return await link.health();
    } finally {
      await link.close();
    }
  });
}

/**
 * Prints one job (the ticket's ESC/POS bytes): status before (a printer that cannot print is
 * not sent the ticket), the job, GS r 1 (answered once it is printed), status after (paper
 * that ran out on this ticket fails it). ok only when the printer confirmed and is healthy.
 */
export async function printOnNetworkPrinter(
  address: PrinterAddress,
  job: Uint8Array,
  opts: PrinterCallOptions = {},
): Promise<PrintAttempt> {
  const deadline = performance.now() + (opts.deadlineMs ?? PRINT_DEADLINE_MS);
  return oneAtATime(address, () => printWithin(address, job, deadline));
}

async function printWithin(
  address: PrinterAddress,
  job: Uint8Array,
  deadline: number,
): Promise<PrintAttempt> {
  const link = await PrinterLink.open(address, deadline);
  if (!link) return { ok: false, reason: 'unreachable', health: 'unreachable' };
  try {
    const before = await link.health();
    const refused = failureOf(before);
    if (refused) return { ok: false, reason: refused, health: before };

    link.discard();
    link.write(job);
    link.write(PRINTED_CONFIRMATION_REQUEST);
    // Keep one status answer's time for the check after, inside the deadline.
    const confirmation = await link.read(1, deadline - performance.now() - STATUS_ANSWER_MS);
    const after = await link.health();
    const stopped = stoppedBy(after);
    if (stopped) return { ok: false, reason: stopped, health: after };
    // A stray status byte (bit 4 set) is not the confirmation's answer.
    if (!confirmation || !isConfirmationByte(confirmation[0]!)) {
      return { ok: false, reason: 'not_confirmed', health: after };
    }
    const paper = parsePrintedConfirmation(confirmation[0]!);
    if (paper.paperEnd) return { ok: false, reason: 'paper_end', health: 'paper_end' };
    // The printer said it printed it, with paper left; a status after that went unanswered does
    // not take that back (the confirmation itself carried the paper sensor).
    if (after === 'no_answer') return { ok: true, health: paper.paperNearEnd ? 'paper_near_end' : 'ok' };
    return { ok: true, health: after };
  } finally {
    await link.close();
  }
}

/**
 * Common Ethernet print servers take one connection at a time: a second one (the health
 * watcher while a ticket prints, two officers' reprints) would get no answer and fail a healthy
 * printer. So this server talks to each printer one call at a time, the later ones waiting
 * their turn inside their own deadline.
 */
const busyPrinters = new Map<string, Promise<void>>();

async function oneAtATime<T>(address: PrinterAddress, work: () => Promise<T>): Promise<T> {
  const key = `${address.host.toLowerCase()}:${address.port}`;
  const before = busyPrinters.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const queue = before.then(() => mine);
  busyPrinters.set(key, queue);
  try {
    await before;
    return await work();
  } finally {
    release();
    if (busyPrinters.get(key) === queue) busyPrinters.delete(key);
  }
}

/** The problem a health says stops the printer (paper end, cover, offline, error); null otherwise. */
function stoppedBy(health: PrinterHealth): PrintFailure | null {
  return health === 'no_answer' ? null : failureOf(health);
}

/**
 * Bytes a link keeps from its printer at most: its answers are a byte or a few (DLE EOT's four
 * status bytes, the printed confirmation). Whatever else arrives (a device at the printer's
 * address that streams at line speed until the deadline) is dropped, so it cannot fill memory.
 */
export const PRINTER_BYTES_KEPT = 256;

/** Appends what there is room for of `chunk` to `kept` (at most `max` bytes in all). */
export function keepBytes(kept: number[], chunk: Uint8Array, max: number = PRINTER_BYTES_KEPT): void {
  const room = max - kept.length;
  if (room > 0) kept.push(...chunk.subarray(0, room));
}

/** One TCP connection to a printer: bytes in arrive in a buffer that `read` takes from. */
class PrinterLink {
  private received: number[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  private constructor(
    private readonly socket: net.Socket,
    private readonly deadline: number,
  ) {
    socket.on('data', (chunk: Buffer) => {
      keepBytes(this.received, chunk);
      this.wake?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
    // A reset or a write after the printer hung up: the reads that follow see it as closed.
    socket.on('error', () => {});
  }

  /** Connects within the deadline; null when the address is not local or nothing answers there. */
  static async open(address: PrinterAddress, deadline: number): Promise<PrinterLink | null> {
    const ip = await withinDeadline(resolveHost(address.host), deadline);
    if (!ip || !isPlantAddress(ip)) return null;
    const socket = net.connect({ host: ip, port: address.port });
    socket.setNoDelay(true);
    const connected = await withinDeadline(
      new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('error', () => resolve(false));
      }),
      deadline,
    );
    if (!connected) {
      socket.destroy();
      return null;
    }
    return new PrinterLink(socket, deadline);
  }

  /** Forgets bytes received so far (a late status answer must not pass for what comes next). */
  discard(): void {
    this.received = [];
  }

  write(bytes: Uint8Array): void {
    if (!this.closed) this.socket.write(bytes);
  }

  /** The next `n` bytes, waiting at most `waitMs` (and never past the deadline); null if not. */
  async read(n: number, waitMs: number): Promise<Uint8Array | null> {
    const until = Math.min(performance.now() + Math.max(0, waitMs), this.deadline);
    while (this.received.length < n && !this.closed && performance.now() < until) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, until - performance.now());
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    if (this.received.length < n) return null;
    return Uint8Array.from(this.received.splice(0, n));
  }

  /** DLE EOT 1-4: the health they tell, or no_answer (no answer in time, or not status bytes). */
  async health(): Promise<PrinterHealth> {
    this.received = [];
    this.write(STATUS_REQUEST_BYTES);
    const answers = await this.read(STATUS_REQUESTS.length, STATUS_ANSWER_MS);
    const status = answers && parseStatus(answers);
    return status ? healthOf(status) : 'no_answer';
  }

  /**
   * Hangs up politely and waits (briefly) for the printer to hang up too, so the next call's
   * connection never overlaps this one on a printer that takes one at a time.
   */
  async close(): Promise<void> {
    if (!this.closed) {
      this.socket.end();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_WAIT_MS);
        this.socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.socket.destroy();
  }
}

/** The address to connect to: an IP literal as is, a host name through the system resolver. */
async function resolveHost(host: string): Promise<string | null> {
  if (net.isIP(host)) return host;
  try {
    return (await lookup(host)).address;
  } catch {
    return null;
  }
}

/** The promise's value, or null once the deadline passes first. */
async function withinDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

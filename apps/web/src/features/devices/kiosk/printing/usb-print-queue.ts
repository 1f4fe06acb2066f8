import type { PrinterHealth, PrintFailure } from '@truck-queue/shared/printing/printer-status';
import { printOnUsbPrinter, readUsbHealth, type UsbPrinterDevice } from './usb-printer.ts';

/** What became of one USB job, as device/printResult tells the server. */
export interface UsbJobResult {
  job_id: number;
  outcome: 'printed' | 'failed';
  reason: PrintFailure | null;
  health: PrinterHealth;
}

export interface UsbPrintQueueDeps {
  /** The job's ESC/POS bytes (device/printJob). */
  fetchJob: (jobId: number) => Promise<Uint8Array>;
  /** The printer to use now; null when none is plugged in and permitted (or no WebUSB). */
  printer: () => Promise<UsbPrinterDevice | null>;
  /** Tells the server what became of the job (device/printResult); its failure is its own business. */
  report: (result: UsbJobResult) => Promise<void>;
  /** Every health read, around a job or by a check. */
  onHealth: (health: PrinterHealth) => void;
  deadlineMs?: number;
}

/** Results kept to answer a job asked twice (a remount, the same push again). */
const KEEP_RESULTS = 50;

/**
 * A USB kiosk's printer work, one thing at a time: the kiosk's own tickets, officers' reprints
 * pushed by the server, and health checks never interleave on the one USB pipe. A job asked for
 * again answers its first result rather than printing twice.
 */
export class UsbPrintQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly jobs = new Map<number, Promise<UsbJobResult>>();

  constructor(private readonly deps: UsbPrintQueueDeps) {}

  /** Prints job `jobId` (once) and reports it; resolves when the paper is out or known not to be. */
  print(jobId: number): Promise<UsbJobResult> {
    const known = this.jobs.get(jobId);
    if (known) return known;
    const job = this.serial(() => this.run(jobId));
    this.jobs.set(jobId, job);
    for (const old of this.jobs.keys()) {
      if (this.jobs.size <= KEEP_RESULTS) break;
      this.jobs.delete(old);
    }
    return job;
  }

  /** Reads the printer's health between jobs. */
  check(): Promise<PrinterHealth> {
    return this.serial(async () => {
      const health = await readUsbHealth(await this.deps.printer(), { deadlineMs: this.deps.deadlineMs });
      this.deps.onHealth(health);
      return health;
    });
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }

  private async run(jobId: number): Promise<UsbJobResult> {
    let bytes: Uint8Array;
    try {
      bytes = await this.deps.fetchJob(jobId);
    } catch {
      // The server cannot be reached (or no longer holds the job): nothing was sent to the
      // printer, and the server marks the job failed itself when no report comes.
      return { job_id: jobId, outcome: 'failed', reason: 'kiosk_offline', health: 'unknown' };
    }
    const attempt = await printOnUsbPrinter(await this.deps.printer(), bytes, {
      deadlineMs: this.deps.deadlineMs,
    });
    this.deps.onHealth(attempt.health);
    const result: UsbJobResult = attempt.ok
      ? { job_id: jobId, outcome: 'printed', reason: null, health: attempt.health }
      : { job_id: jobId, outcome: 'failed', reason: attempt.reason, health: attempt.health };
    void this.deps.report(result).catch(() => undefined);
    return result;
  }
}

import type {
  BranchPrinter,
  PrintJobEntry,
  PrintOutcome,
} from '@truck-queue/shared/contracts/printing.contract';
import {
  canPrint,
  failureOf,
  PRINT_DEADLINE_MS,
  PRINTER_HEALTHS,
  type PrinterHealth,
  type PrintFailure,
  type PrintTarget,
} from '@truck-queue/shared/printing/printer-status';
import {
  isClosedState,
  isOpenTicket,
  isQueueState,
  waitingStates,
} from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext, DeviceContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { createRateLimiter, RATE_LIMITS, retryAfterSeconds } from '../../lib/rate-limit.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import type { Executor, QueueRepository, QueueView } from '../queue/queue.repository.ts';
import type { PrintAttempt, PrinterAddress, PrinterCallOptions } from './network-printer.ts';
import { NO_LAB, type LabService } from '../lab/lab.service.ts';
import type { JobOutcome, KioskPrinter, PrintingRepository, PrintJobKind } from './printing.repository.ts';
import { ticketPng } from './raster.ts';
import { renderSlip } from './slip-raster.ts';
import { slipBytes, slipInput } from './slip-print.ts';
import { testTicketInput, ticketBytes, ticketInput, type TicketSettings } from './ticket-print.ts';

/** A USB kiosk that took a job and said nothing for this long has died: the job failed (no_report). */
export const USB_REPORT_MS = 30_000;
/** How often pending jobs are looked at (a card turns "not printed" within this of the kiosk's timeout). */
export const PENDING_SWEEP_MS = 5_000;
/**
 * The least a network printer is given, however long issuing took before it: a connection and
 * two status answers. The deadline bounds the wait on a dead printer, not on the database.
 */
const PRINTER_FLOOR_MS = 2_500;
/** How often a retried issue looks at the first call's network print still under way. */
const RETRY_POLL_MS = 200;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the print jobs need of the outside: network printers, printer health, kiosks' sockets. */
export interface PrintingPorts {
  /** Sends a job to a network printer within the deadline (network-printer.ts). */
  printOnNetwork(address: PrinterAddress, job: Uint8Array, opts: PrinterCallOptions): Promise<PrintAttempt>;
  /** Keeps a printer's health learnt from a job or a kiosk's report (staff are told on a change). */
  recordHealth(deviceId: number, health: PrinterHealth): Promise<void>;
  /** The kiosks among these whose screen is connected now (on any instance). */
  connectedKiosks(deviceIds: readonly number[]): Promise<Set<number>>;
  /**
   * The plant's LINE chat for a ticket (notifications/line.ts), printed as a second QR; absent
   * or null: no LINE account, and the ticket prints as before.
   */
  lineChatUrl?(queue: { id: number; uuid: string }): Promise<string | null>;
}

/** Who asked for a print: a kiosk issuing its own ticket, or an officer. */
type Requester = { deviceId: number; officerId: null } | { deviceId: null; officerId: number };

/** What became of a print job, as the call that asked for it answers. */
function outcomeOf(jobId: number, outcome: JobOutcome, printer: KioskPrinter | null): PrintOutcome {
  return {
    state: outcome.state,
    reason: outcome.reason,
    job_id: outcome.state === 'browser' ? null : jobId,
    printer_name: printer?.name ?? null,
  };
}

const healthOf = (value: string | null): PrinterHealth =>
  PRINTER_HEALTHS.find((h) => h === value) ?? 'unknown';

/**
 * Every ticket reaches paper or is marked (issue 18): the print of a newly issued ticket, an
 * officer's reprint and test print, USB kiosks' jobs and their reports, and the sweep of jobs a
 * kiosk never reported. A network printer is printed on here, within PRINT_DEADLINE_MS; a USB
 * kiosk fetches its job's bytes and says what became of it; a browser prints on its own.
 */
export function createPrintingService(deps: {
  db: Db;
  repo: PrintingRepository;
  queues: QueueRepository;
  reads: QueueReadsRepository;
  /** The lab's values a slip prints. */
  labs: Pick<LabService, 'resultsOf'>;
  events: EventHub;
  clock: Clock;
  settings: TicketSettings;
  ports: PrintingPorts;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, repo, queues, reads, labs, events, clock, settings, ports, log } = deps;
  const officerPrints = createRateLimiter(RATE_LIMITS.officerPrints, { clock });
  const kioskCalls = createRateLimiter(RATE_LIMITS.kioskPrintCalls, { clock });

  /** Refuses a caller past its bucket (RATE_LIMITED, with when to try again). */
  function limit(limiter: ReturnType<typeof createRateLimiter>, key: string, message: string) {
    const wait = limiter.take(key);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', message, undefined, {
        retryAfterSeconds: retryAfterSeconds(wait),
      });
    }
  }

  /** The initial outcome of a job for this printer (a USB kiosk that is not connected fails at once). */
  async function startingOutcome(printer: KioskPrinter | null, pushed: boolean): Promise<JobOutcome> {
    const target: PrintTarget = printer?.printTarget ?? 'browser';
    if (target === 'browser') return { state: 'browser', reason: null };
    if (target === 'usb' && pushed && !(await ports.connectedKiosks([printer!.id])).has(printer!.id)) {
      return { state: 'failed', reason: 'kiosk_offline' };
    }
    return { state: 'pending', reason: null };
  }

  /** The branch's pages refetch: the ticket's card shows its print state. */
  async function tellBranch(queueId: number | null, branchId: number) {
    if (queueId === null) return;
    const view = await queues.view(db, branchId, queueId);
    if (!view) return;
    events.publish('ticketPrintChanged', {
      branchId,
      queueUuid: view.uuid,
      queueNumber: view.queueNumber,
      branchQueueTypeId: view.branchQueueTypeId,
      state: view.state,
      stationName: view.stationName,
    });
  }

  /** A ticket of the officer's branch by its uuid, else NOT_FOUND. */
  async function ticketOf(auth: AuthContext, uuid: string): Promise<QueueView> {
    const queue = await queues.findByUuid(db, auth.branchId, uuid);
    if (!queue) throw notFound('The ticket');
    return queue;
  }

  /** A weighed-out truck's slip as it prints (NO_SLIP before weigh-out). */
  async function slipOf(queue: QueueView, origin: string) {
    const [branch, lab, photo] = await Promise.all([
      repo.branchNames(queue.branchId),
      labs.resultsOf(db, [queue.id]).then((found) => found.get(queue.id) ?? NO_LAB),
      repo.cameraPhotoOf(queue.id),
    ]);
    if (!branch) throw notFound('The ticket');
    return slipInput(queue, lab, branch, settings, origin, clock.now(), photo);
  }

  /** The bytes of a job: its ticket, its slip, or a test sample, rendered for the kiosk's paper. */
  async function jobBytes(
    job: { queueId: number | null; kind: PrintJobKind },
    printer: KioskPrinter,
    origin: string,
  ): Promise<Uint8Array> {
    const { queueId } = job;
    if (queueId === null) {
      const branch = await repo.branchNames(printer.branchId);
      return ticketBytes(
        testTicketInput(printer.name, branch, settings, origin, clock.now()),
        printer.paperWidth,
      );
    }
    const queue = await queues.view(db, printer.branchId, queueId);
    if (!queue) throw notFound('The ticket');
    if (job.kind === 'slip') return slipBytes(await slipOf(queue, origin), printer.paperWidth);
    const branch = await repo.branchNames(printer.branchId);
    if (!branch) throw notFound('The ticket');
    const lineChatUrl = (await ports.lineChatUrl?.(queue)) ?? null;
    return ticketBytes(ticketInput(queue, branch, settings, origin, lineChatUrl), printer.paperWidth);
  }

  /**
   * Prints a pending job on a network printer, all within PRINT_DEADLINE_MS from `started`
   * (rendering included), and writes what became of it. Never throws: a failure is the job's.
   */
  async function printOnNetwork(
    jobId: number,
    job: { queueId: number | null; kind: PrintJobKind },
    printer: KioskPrinter,
    origin: string,
    started: number,
  ): Promise<JobOutcome> {
    let outcome: JobOutcome;
    if (!printer.printerHost) {
      outcome = { state: 'failed', reason: 'unreachable' };
    } else {
      try {
        const bytes = await jobBytes(job, printer, origin);
        const deadlineMs = Math.max(PRINTER_FLOOR_MS, PRINT_DEADLINE_MS - (performance.now() - started));
        const attempt = await ports.printOnNetwork(
          { host: printer.printerHost, port: printer.printerPort },
          bytes,
          { deadlineMs },
        );
        outcome = attempt.ok
          ? { state: 'printed', reason: null }
          : { state: 'failed', reason: attempt.reason };
        await ports
          .recordHealth(printer.id, attempt.health)
          .catch((error: unknown) =>
            log.warn({ err: error, device: printer.id }, 'could not keep a printer health'),
          );
      } catch (error) {
        log.warn({ err: error, job: jobId }, 'a print job failed before reaching the printer');
        outcome = { state: 'failed', reason: 'error' };
      }
    }
    try {
      await repo.finishJob(jobId, outcome, clock.now());
    } catch (error) {
      // The ticket's paper is what it is; a job left pending is settled by the sweep (no_report).
      log.warn({ err: error, job: jobId }, 'could not keep what became of a print job');
    }
    return outcome;
  }

  /**
   * The first print of a ticket, for a retried issue: a network print the first call still has
   * under way is waited for (within PRINT_DEADLINE_MS), so the kiosk never mistakes it for a
   * job of its own to print.
   */
  async function firstPrintOf(queueId: number) {
    const until = performance.now() + PRINT_DEADLINE_MS;
    let job = await repo.issueJobOf(queueId);
    while (job?.state === 'pending' && job.target === 'network' && performance.now() < until) {
      await sleep(RETRY_POLL_MS);
      job = await repo.issueJobOf(queueId);
    }
    return job;
  }

  /**
   * Sends a job on its way once its row exists: a network printer prints it now; a USB kiosk an
   * officer chose is told to fetch it (the kiosk issuing its own ticket fetches it anyway).
   */
  async function deliver(
    jobId: number,
    outcome: JobOutcome,
    job: { queueId: number | null; kind: PrintJobKind },
    printer: KioskPrinter | null,
    origin: string,
    pushed: boolean,
    started: number,
  ): Promise<JobOutcome> {
    if (!printer || outcome.state !== 'pending') return outcome;
    if (printer.printTarget === 'network') {
      const done = await printOnNetwork(jobId, job, printer, origin, started);
      if (job.kind !== 'slip') void tellBranch(job.queueId, printer.branchId).catch(() => undefined);
      return done;
    }
    if (pushed) events.publish('printJobQueued', { deviceId: printer.id, jobId });
    return outcome;
  }

  /**
   * A reprint, test print or slip on a kiosk's printer (or the officer's browser). A slip leaves
   * the ticket's own print state, and the cards that show it, as they are.
   */
  async function printAgain(
    auth: AuthContext,
    kind: Exclude<PrintJobKind, 'issue'>,
    queueId: number | null,
    printer: KioskPrinter | null,
    origin: string,
  ): Promise<PrintOutcome> {
    const started = performance.now();
    const initial = await startingOutcome(printer, true);
    const jobId = await repo.insertJob({
      queueId,
      branchId: auth.branchId,
      kind,
      deviceId: printer?.id ?? null,
      officerId: auth.officerId,
      target: printer?.printTarget ?? 'browser',
      outcome: initial,
      at: clock.now(),
    });
    if (kind !== 'slip') void tellBranch(queueId, auth.branchId).catch(() => undefined);
    const outcome = await deliver(jobId, initial, { queueId, kind }, printer, origin, true, started);
    return outcomeOf(jobId, outcome, printer);
  }

  /**
   * A kiosk's printer of the officer's branch by uuid, for the server to print on: NOT_FOUND for
   * another branch's, a display or an unknown one; a kiosk printing through its browser cannot
   * be printed on from here (PRINTS_IN_BROWSER).
   */
  async function serverPrinter(branchId: number, uuid: string): Promise<KioskPrinter> {
    const printer = await repo.branchPrinter(branchId, uuid);
    if (!printer) throw notFound('The printer');
    if (printer.printTarget === 'browser') {
      throw conflict(
        `${printer.name} prints through its browser's dialog: choose a network or USB printer, or print here.`,
        'PRINTS_IN_BROWSER',
      );
    }
    return printer;
  }

  /**
   * Jobs pending past USB_REPORT_MS fail (no_report): a USB kiosk that died with a ticket, or
   * a server stopped mid-print. Their cards then say "not printed".
   */
  async function sweepPending(): Promise<number> {
    const now = clock.now();
    const failed = await repo.failPendingBefore(new Date(now.getTime() - USB_REPORT_MS), 'no_report', now);
    for (const job of failed) await tellBranch(job.queueId, job.branchId);
    return failed.length;
  }

  return {
    /**
     * Where a ticket about to be issued prints, checked before it is issued (a refused printer
     * issues nothing): the issuing kiosk's own printer; the kiosk an officer chose; else the
     * officer's browser (null).
     */
    /** A ticket printer on the network by its device id (an entrance reader's), or null when it is not (any longer). */
    async networkPrinter(deviceId: number): Promise<KioskPrinter | null> {
      const printer = await repo.printerById(deviceId);
      return printer?.printTarget === 'network' ? printer : null;
    },

    async printerForIssue(
      who: { device: DeviceContext | null; auth: AuthContext | null },
      printerUuid: string | null | undefined,
    ): Promise<KioskPrinter | null> {
      if (who.device) {
        if (printerUuid) {
          throw new AppError('VALIDATION_FAILED', 'A kiosk prints its tickets on its own printer.', [
            { path: 'printer_uuid', message: 'is for officers only' },
          ]);
        }
        return repo.printerById(who.device.deviceId);
      }
      return printerUuid ? serverPrinter(who.auth!.branchId, printerUuid) : null;
    },

    /**
     * The first print of a ticket about to be issued. `onIssued` runs in the issuing
     * transaction of a new ticket: its job and its trucks ahead at issue (the driver's page's
     * count) are kept with it. `print` then prints it on a network printer (within
     * PRINT_DEADLINE_MS of this call) and answers what became of it; for a retry of the same
     * issue it answers what the first print became, and prints nothing again.
     */
    async issuePrint(printer: KioskPrinter | null, requester: Requester) {
      const started = performance.now();
      const pushed = requester.officerId !== null;
      const initial = await startingOutcome(printer, pushed);
      let recorded: { jobId: number; ahead: number } | null = null;
      return {
        onIssued: async (tx: Executor, queue: QueueView): Promise<void> => {
          const ahead = await reads.countAhead(queue, waitingStates(queue.flowEngineId), tx);
          const jobId = await repo.recordIssueJob(tx, {
            queueId: queue.id,
            branchId: queue.branchId,
            deviceId: printer?.id ?? null,
            officerId: requester.officerId,
            target: printer?.printTarget ?? 'browser',
            outcome: initial,
            aheadAtIssue: ahead,
            at: clock.now(),
          });
          recorded = { jobId, ahead };
        },
        print: async (
          queue: QueueView,
          origin: string,
        ): Promise<{ queue: QueueView; print: PrintOutcome }> => {
          if (!recorded) {
            const earlier = await firstPrintOf(queue.id);
            const print = earlier
              ? outcomeOf(earlier.id, { state: earlier.state, reason: earlier.reason }, printer)
              : outcomeOf(0, { state: 'browser', reason: null }, null);
            return { queue, print };
          }
          const { jobId, ahead } = recorded;
          const outcome = await deliver(
            jobId,
            initial,
            { queueId: queue.id, kind: 'issue' },
            printer,
            origin,
            pushed,
            started,
          );
          return { queue: { ...queue, aheadAtIssue: ahead }, print: outcomeOf(jobId, outcome, printer) };
        },
      };
    },

    /**
     * An officer prints a ticket of the branch again, on a kiosk's printer or (null) their own
     * browser: same number, same trucks ahead; the job row (with the officer) is the audit. A
     * voided, cancelled, finished, rejected or exited ticket is refused (QUEUE_CLOSED).
     */
    async reprint(
      auth: AuthContext,
      uuid: string,
      printerUuid: string | null,
      origin: string,
    ): Promise<PrintOutcome> {
      const queue = await ticketOf(auth, uuid);
      const exited = queue.exitAt !== null;
      if (!isOpenTicket(queue.state, exited) || (isQueueState(queue.state) && isClosedState(queue.state))) {
        throw conflict(
          `Ticket ${queue.queueNumber} is closed (voided, cancelled, finished or out of the gate): it is not printed again.`,
          'QUEUE_CLOSED',
          queue.queueNumber,
        );
      }
      const printer = printerUuid ? await serverPrinter(auth.branchId, printerUuid) : null;
      limit(officerPrints, String(auth.officerId), 'Tickets were just printed again: wait a few seconds.');
      return printAgain(auth, 'reprint', queue.id, printer, origin);
    },

    /** A sample ticket marked as a test on a kiosk's network or USB printer. */
    async testPrint(auth: AuthContext, uuid: string, origin: string): Promise<PrintOutcome> {
      const printer = await serverPrinter(auth.branchId, uuid);
      limit(officerPrints, String(auth.officerId), 'Tickets were just printed: wait a few seconds.');
      return printAgain(auth, 'test', null, printer, origin);
    },

    /**
     * A weighed-out truck's receiving slip as the weighbridge sees it before printing: the slip,
     * and the very image a thermal printer burns (80 mm), as a PNG data URL.
     */
    async slipPreview(auth: AuthContext, uuid: string, origin: string) {
      const queue = await ticketOf(auth, uuid);
      const input = await slipOf(queue, origin);
      const png = ticketPng(await renderSlip(input, 80));
      return {
        queue_number: queue.queueNumber,
        slip: input.slip,
        image: `data:image/png;base64,${png.toString('base64')}`,
      };
    },

    /**
     * Prints a weighed-out truck's receiving slip on a kiosk's printer, or (null) records that
     * the officer's browser prints it. Before weigh-out there is none (NO_SLIP), and nothing is
     * recorded; every print is kept (print_jobs, kind slip) in the ticket's history.
     */
    async printSlip(
      auth: AuthContext,
      uuid: string,
      printerUuid: string | null,
      origin: string,
    ): Promise<PrintOutcome> {
      const queue = await ticketOf(auth, uuid);
      await slipOf(queue, origin);
      const printer = printerUuid ? await serverPrinter(auth.branchId, printerUuid) : null;
      limit(officerPrints, String(auth.officerId), 'A slip was just printed: wait a few seconds.');
      return printAgain(auth, 'slip', queue.id, printer, origin);
    },

    /** The branch's kiosks and their printers' health, with whether each kiosk is connected now. */
    async branchPrinters(auth: AuthContext): Promise<BranchPrinter[]> {
      const printers = await repo.branchPrinters(auth.branchId);
      const connected = await ports.connectedKiosks(printers.map((p) => p.id));
      return printers.map((p) => ({
        uuid: p.uuid,
        name: p.name,
        print_target: p.printTarget,
        paper_width: p.paperWidth === 58 ? 58 : 80,
        health: p.printTarget === 'browser' ? 'unknown' : healthOf(p.printerHealth),
        checked_at: p.printTarget === 'browser' ? null : (p.printerHealthAt?.toISOString() ?? null),
        connected: connected.has(p.id),
      }));
    },

    /** A USB kiosk fetches the bytes of one of its own pending jobs (else NOT_FOUND). */
    async kioskJob(device: DeviceContext, jobId: number, origin: string) {
      limit(kioskCalls, `fetch:${device.deviceId}`, 'Too many print calls from this kiosk: wait a moment.');
      const job = await repo.pendingJobOf(jobId, device.deviceId);
      const printer = job ? await repo.printerById(device.deviceId) : null;
      if (!job || !printer) throw notFound('The print job');
      const bytes = await jobBytes(job, printer, origin);
      return { job_id: job.id, data: Buffer.from(bytes).toString('base64') };
    },

    /**
     * A USB kiosk says what became of its job, with its printer's health. Printed counts only
     * with a printer that can still print (one out of paper after the ticket cut it short); a
     * failure needs its reason. A job already reported is left as it is.
     */
    async kioskResult(
      device: DeviceContext,
      report: {
        job_id: number;
        outcome: 'printed' | 'failed';
        reason: PrintFailure | null;
        health: PrinterHealth;
      },
    ) {
      if (report.outcome === 'failed' && report.reason === null) {
        throw new AppError('VALIDATION_FAILED', 'Say why the ticket did not print.', [
          { path: 'reason', message: 'is required when the outcome is failed' },
        ]);
      }
      if (report.outcome === 'printed' && report.reason !== null) {
        throw new AppError('VALIDATION_FAILED', 'A printed ticket has no failure reason.', [
          { path: 'reason', message: 'must be null when the outcome is printed' },
        ]);
      }
      limit(kioskCalls, `report:${device.deviceId}`, 'Too many print calls from this kiosk: wait a moment.');
      const mine = await repo.jobOf(report.job_id, device.deviceId);
      if (!mine) throw notFound('The print job');
      const outcome: JobOutcome =
        report.outcome === 'failed'
          ? { state: 'failed', reason: report.reason }
          : canPrint(report.health)
            ? { state: 'printed', reason: null }
            : { state: 'failed', reason: failureOf(report.health) };
      const finished = await repo.finishJob(report.job_id, outcome, clock.now(), device.deviceId);
      if (!finished) return; // reported before: a late repeat must not undo a newer health
      await ports.recordHealth(device.deviceId, report.health);
      await tellBranch(finished.queueId, finished.branchId);
    },

    /**
     * A USB kiosk's report of its printer's health (its socket's `printerStatus`). Only a kiosk
     * that prints on its own USB printer knows it: any other kiosk's report would hide what the
     * server reads of its network printer, and is ignored.
     */
    async kioskHealth(device: DeviceContext, health: PrinterHealth) {
      const printer = await repo.printerById(device.deviceId);
      if (printer?.printTarget !== 'usb') return;
      await ports.recordHealth(device.deviceId, health);
    },

    /** Every print of a ticket of the branch (issue and reprints), oldest first. */
    async printsOfTicket(branchId: number, uuid: string): Promise<PrintJobEntry[]> {
      const queue = await queues.findByUuid(db, branchId, uuid);
      if (!queue) return [];
      const rows = await repo.printsOf(queue.id);
      return rows.flatMap((r) =>
        r.kind === 'test'
          ? []
          : [
              {
                id: r.id,
                at: r.at.toISOString(),
                kind: r.kind,
                state: r.state,
                reason: r.reason,
                printer_name: r.printerName,
                officer_name: r.officerName,
              },
            ],
      );
    },

    sweepPending,

    /** Runs the sweep every PENDING_SWEEP_MS until the returned stop is called. */
    startSweep(): () => void {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        sweepPending()
          .catch((error: unknown) => log.warn({ err: error }, 'could not sweep pending print jobs'))
          .finally(() => {
            running = false;
          });
      }, PENDING_SWEEP_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;

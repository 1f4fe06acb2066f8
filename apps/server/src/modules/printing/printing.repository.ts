import { and, asc, desc, eq, gt, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type {
  PrintFailure,
  PrintJobKind,
  PrintState,
  PrintTarget,
} from '@truck-queue/shared/printing/printer-status';
import type { Db } from '../../db/database.ts';
import { branches, devices, identifications, officers, printJobs, queues } from '../../db/schema.ts';

/** A transaction or the database itself. */
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export type { PrintJobKind } from '@truck-queue/shared/printing/printer-status';

/** A kiosk as a printer: where its tickets go and what it last said of its health. */
export interface KioskPrinter {
  id: number;
  uuid: string;
  branchId: number;
  name: string;
  printTarget: PrintTarget;
  printerHost: string | null;
  printerPort: number;
  paperWidth: number;
  printerHealth: string | null;
  printerHealthAt: Date | null;
}

const kioskPrinterColumns = {
  id: devices.id,
  uuid: devices.uuid,
  branchId: devices.branchId,
  name: devices.name,
  printTarget: devices.printTarget,
  printerHost: devices.printerHost,
  printerPort: devices.printerPort,
  paperWidth: devices.paperWidth,
  printerHealth: devices.printerHealth,
  printerHealthAt: devices.printerHealthAt,
};

/** The branch's kiosks that print: active, and registered to a screen (a Device ID is bound). */
const registeredKiosks = (branchId: number) =>
  and(
    eq(devices.branchId, branchId),
    eq(devices.kind, 'printer'),
    eq(devices.active, true),
    isNotNull(devices.deviceId),
  );

/** A job's outcome as written once it is known (or as it starts). */
export interface JobOutcome {
  state: PrintState;
  reason: PrintFailure | null;
}

/** What a new job needs: where it goes, who asked, and its first outcome (finished unless pending). */
interface NewJob {
  queueId: number | null;
  branchId: number;
  kind: PrintJobKind;
  deviceId: number | null;
  officerId: number | null;
  target: PrintTarget;
  outcome: JobOutcome;
  at: Date;
}

/** The print_jobs row of a new job. */
function jobRow(job: NewJob) {
  return {
    queueId: job.queueId,
    branchId: job.branchId,
    kind: job.kind,
    deviceId: job.deviceId,
    officerId: job.officerId,
    target: job.target,
    state: job.outcome.state,
    reason: job.outcome.reason,
    created: job.at,
    finishedAt: job.outcome.state === 'pending' ? null : job.at,
  };
}

/**
 * Print jobs (print_jobs) and what they change: a ticket's print state (queues.print_state,
 * printed_at, print_failure follow its latest ticket job; a slip's job is not the ticket's
 * paper), and the kiosks they print on.
 */
export function createPrintingRepository(db: Db) {
  /**
   * The queue's print state follows this ticket job, unless a later ticket job of the queue
   * exists (an old USB job reported after a reprint started must not override it).
   */
  async function followJob(tx: Executor, queueId: number, jobId: number, outcome: JobOutcome, at: Date) {
    const later = db
      .select({ one: sql`1` })
      .from(printJobs)
      .where(and(eq(printJobs.queueId, queueId), gt(printJobs.id, jobId), ne(printJobs.kind, 'slip')));
    await tx
      .update(queues)
      .set({
        printState: outcome.state,
        printFailure: outcome.reason,
        ...(outcome.state === 'printed' ? { printedAt: at } : {}),
      })
      .where(and(eq(queues.id, queueId), notExists(later)));
  }

  /**
   * A pending job's outcome: written once (a job no longer pending is left as it is: a repeat
   * report changes nothing) and followed by its queue. Returns the job as it was, or null.
   */
  async function finishJob(jobId: number, outcome: JobOutcome, at: Date, deviceId?: number) {
    return db.transaction(async (tx) => {
      const [job] = await tx
        .update(printJobs)
        .set({ state: outcome.state, reason: outcome.reason, finishedAt: at })
        .where(
          and(
            eq(printJobs.id, jobId),
            eq(printJobs.state, 'pending'),
            deviceId === undefined ? undefined : eq(printJobs.deviceId, deviceId),
          ),
        )
        .returning({
          id: printJobs.id,
          queueId: printJobs.queueId,
          branchId: printJobs.branchId,
          kind: printJobs.kind,
        });
      if (job?.queueId && job.kind !== 'slip') await followJob(tx, job.queueId, job.id, outcome, at);
      return job ?? null;
    });
  }

  return {
    /** The branch's registered, active kiosks, by name. */
    branchPrinters(branchId: number): Promise<KioskPrinter[]> {
      return db
        .select(kioskPrinterColumns)
        .from(devices)
        .where(registeredKiosks(branchId))
        .orderBy(asc(devices.name), asc(devices.id));
    },

    /** One registered, active kiosk of the branch by its uuid, or null. */
    async branchPrinter(branchId: number, uuid: string): Promise<KioskPrinter | null> {
      const [row] = await db
        .select(kioskPrinterColumns)
        .from(devices)
        .where(and(registeredKiosks(branchId), eq(devices.uuid, uuid)));
      return row ?? null;
    },

    /** A kiosk by its row id (the kiosk making a call). */
    async printerById(deviceId: number): Promise<KioskPrinter | null> {
      const [row] = await db.select(kioskPrinterColumns).from(devices).where(eq(devices.id, deviceId));
      return row ?? null;
    },

    /** The names a ticket prints at its top, and the branch's calendar. */
    async branchNames(branchId: number) {
      const [row] = await db
        .select({ name: branches.name, companyName: branches.companyName, calendar: branches.calendar })
        .from(branches)
        .where(eq(branches.id, branchId));
      return row ?? null;
    },

    /**
     * The latest picture a plate camera took of a ticket's truck (issue 42: the slip prints it),
     * or null when none is kept (none taken, or older than SNAPSHOT_DAYS).
     */
    async cameraPhotoOf(queueId: number): Promise<{ jpeg: Buffer; at: Date } | null> {
      const [row] = await db
        .select({ jpeg: identifications.snapshot, at: identifications.at })
        .from(identifications)
        .where(and(eq(identifications.queueId, queueId), isNotNull(identifications.snapshot)))
        .orderBy(desc(identifications.at), desc(identifications.id))
        .limit(1);
      return row?.jpeg ? { jpeg: row.jpeg, at: row.at } : null;
    },

    /**
     * The first print of a ticket being issued, in its issuing transaction: the job, and the
     * ticket's print state and trucks ahead at issue.
     */
    async recordIssueJob(
      tx: Executor,
      values: Omit<NewJob, 'kind' | 'queueId'> & { queueId: number; aheadAtIssue: number },
    ): Promise<number> {
      const [job] = await tx
        .insert(printJobs)
        .values(jobRow({ ...values, kind: 'issue' }))
        .returning({ id: printJobs.id });
      await tx
        .update(queues)
        .set({
          aheadAtIssue: values.aheadAtIssue,
          printState: values.outcome.state,
          printFailure: values.outcome.reason,
        })
        .where(eq(queues.id, values.queueId));
      return job!.id;
    },

    /** The first print of a ticket (a retry of its issue answers what became of it). */
    async issueJobOf(queueId: number) {
      const [row] = await db
        .select({
          id: printJobs.id,
          state: printJobs.state,
          reason: printJobs.reason,
          target: printJobs.target,
        })
        .from(printJobs)
        .where(and(eq(printJobs.queueId, queueId), eq(printJobs.kind, 'issue')))
        .orderBy(asc(printJobs.id))
        .limit(1);
      return row ?? null;
    },

    /** A reprint, test print or slip; a reprint's job also becomes its queue's print state. */
    async insertJob(values: NewJob & { kind: Exclude<PrintJobKind, 'issue'> }): Promise<number> {
      return db.transaction(async (tx) => {
        const [job] = await tx.insert(printJobs).values(jobRow(values)).returning({ id: printJobs.id });
        if (values.queueId !== null && values.kind === 'reprint') {
          await followJob(tx, values.queueId, job!.id, values.outcome, values.at);
        }
        return job!.id;
      });
    },

    finishJob,

    /** A job of this kiosk that is still pending (what it may fetch), with its queue. */
    async pendingJobOf(jobId: number, deviceId: number) {
      const [row] = await db
        .select({ id: printJobs.id, queueId: printJobs.queueId, kind: printJobs.kind })
        .from(printJobs)
        .where(
          and(
            eq(printJobs.id, jobId),
            eq(printJobs.deviceId, deviceId),
            eq(printJobs.target, 'usb'),
            eq(printJobs.state, 'pending'),
          ),
        );
      return row ?? null;
    },

    /**
     * A USB job of this kiosk, in any state: a report of another kiosk's job, or of a job the
     * server prints itself (network), is refused.
     */
    async jobOf(jobId: number, deviceId: number) {
      const [row] = await db
        .select({ id: printJobs.id })
        .from(printJobs)
        .where(and(eq(printJobs.id, jobId), eq(printJobs.deviceId, deviceId), eq(printJobs.target, 'usb')));
      return row ?? null;
    },

    /**
     * Jobs still pending that started before `before` (a USB kiosk that died, or a server that
     * stopped mid-print) become failed with `reason`; returns them with their queues.
     */
    async failPendingBefore(before: Date, reason: PrintFailure, at: Date) {
      const stale = await db
        .select({ id: printJobs.id })
        .from(printJobs)
        .where(and(eq(printJobs.state, 'pending'), lt(printJobs.created, before)))
        .orderBy(asc(printJobs.id))
        .limit(500);
      const failed: { id: number; queueId: number | null; branchId: number }[] = [];
      for (const { id } of stale) {
        const job = await finishJob(id, { state: 'failed', reason }, at);
        if (job) failed.push(job);
      }
      return failed;
    },

    /** Every print of a queue's ticket and slip (tests aside), oldest first, with printer and officer names. */
    printsOf(queueId: number) {
      return db
        .select({
          id: printJobs.id,
          at: printJobs.created,
          kind: printJobs.kind,
          state: printJobs.state,
          reason: printJobs.reason,
          printerName: devices.name,
          officerName: sql<
            string | null
          >`case when ${officers.id} is null then null else trim(${officers.name} || ' ' || ${officers.lastname}) end`,
        })
        .from(printJobs)
        .leftJoin(devices, eq(devices.id, printJobs.deviceId))
        .leftJoin(officers, eq(officers.id, printJobs.officerId))
        .where(eq(printJobs.queueId, queueId))
        .orderBy(asc(printJobs.id));
    },
  };
}

export type PrintingRepository = ReturnType<typeof createPrintingRepository>;

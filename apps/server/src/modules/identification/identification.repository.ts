import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ReaderAction, ReadOutcome, ReadReason } from '@truck-queue/shared/identify/readers';
import type { Db } from '../../db/database.ts';
import {
  bookings,
  devices,
  identifications,
  queues,
  stations,
  suppliers,
  supplierVehicles,
} from '../../db/schema.ts';
import { inside } from '../queue/queue-reads.repository.ts';
import { selectTrucks, type Executor } from '../queue/queue.repository.ts';

/** A read as it is written. */
export interface NewRead {
  branchId: number;
  readerId: number;
  at: Date;
  action: ReaderAction;
  stationId: number | null;
  plate: string | null;
  confidence: number | null;
  tag: string | null;
  readKey: string;
  outcome: ReadOutcome;
  reason: ReadReason | null;
  queueId: number | null;
  suggestions: number[];
  /** Entrance reads: the bookings offered (none elsewhere). */
  bookings?: number[];
  snapshot: Buffer | null;
}

const readColumns = {
  id: identifications.id,
  at: identifications.at,
  readerName: devices.name,
  action: identifications.action,
  stationId: identifications.stationId,
  stationName: stations.name,
  plate: identifications.plate,
  confidence: identifications.confidence,
  tag: identifications.tag,
  outcome: identifications.outcome,
  reason: identifications.reason,
  queueId: identifications.queueId,
  suggestions: identifications.suggestions,
  bookings: identifications.bookings,
  hasSnapshot: sql<boolean>`${identifications.snapshot} is not null`,
  resolvedAt: identifications.resolvedAt,
};

/** The reads of plate cameras and RFID readers (issue 42), and what they are matched against. */
export function createIdentificationRepository(db: Db) {
  const selectReads = (executor: Executor) =>
    executor
      .select(readColumns)
      .from(identifications)
      .innerJoin(devices, eq(devices.id, identifications.readerId))
      .leftJoin(stations, eq(stations.id, identifications.stationId));

  return {
    /** A registered reader's settings. */
    async reader(deviceId: number) {
      const [row] = await db
        .select({
          id: devices.id,
          branchId: devices.branchId,
          action: devices.readerAction,
          minConfidence: devices.readerMinConfidence,
          stationId: devices.stationId,
          printerId: devices.readerPrinterId,
        })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.kind, 'reader')));
      return row ?? null;
    },

    /**
     * The plates of the trucks inside the branch (a read is one of them), oldest ticket first: a
     * read is matched on these alone, and only the trucks it names are read whole (at the
     * harvest's peak some 550 are inside, and a camera reads every few seconds).
     */
    insidePlates(branchId: number, sinceDate: string) {
      return db
        .select({ id: queues.id, truckLicense: queues.truckLicense })
        .from(queues)
        .where(and(eq(queues.branchId, branchId), inside(sinceDate)))
        .orderBy(asc(queues.created));
    },

    /** The plates of tickets since `sinceDate` that left the branch's gate since `since`, latest first. */
    leftPlatesSince(branchId: number, sinceDate: string, since: Date) {
      return db
        .select({ id: queues.id, truckLicense: queues.truckLicense })
        .from(queues)
        .where(
          and(eq(queues.branchId, branchId), gte(queues.queueDate, sinceDate), gte(queues.exitAt, since)),
        )
        .orderBy(desc(queues.exitAt));
    },

    /** Trucks by ticket id (a read's truck and suggestions). */
    trucks(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return selectTrucks(db).where(inArray(queues.id, [...ids]));
    },

    /** A ticket of the branch by uuid. */
    async truckByUuid(branchId: number, uuid: string) {
      const [row] = await selectTrucks(db).where(and(eq(queues.branchId, branchId), eq(queues.uuid, uuid)));
      return row ?? null;
    },

    /** Bookings of the branch by id, as an entrance read offers them. */
    bookings(branchId: number, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: bookings.id,
          code: bookings.code,
          supplierName: suppliers.name,
          windowStart: bookings.windowStart,
          windowEnd: bookings.windowEnd,
          licence: bookings.licence,
        })
        .from(bookings)
        .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
        .where(and(eq(bookings.branchId, branchId), inArray(bookings.id, [...ids])));
    },

    /** The licence of the supplier vehicle carrying the tag, or null. */
    async vehicleOfTag(branchId: number, tag: string): Promise<string | null> {
      const [row] = await db
        .select({ licence: supplierVehicles.licence })
        .from(supplierVehicles)
        .where(and(eq(supplierVehicles.branchId, branchId), eq(supplierVehicles.tag, tag)));
      return row?.licence ?? null;
    },

    /** The reader's latest read of the same plate or tag since `since` (its repeats are that read). */
    async recentRead(readerId: number, readKey: string, since: Date) {
      const [row] = await db
        .select({
          id: identifications.id,
          outcome: identifications.outcome,
          reason: identifications.reason,
          queueId: identifications.queueId,
          resolvedAt: identifications.resolvedAt,
        })
        .from(identifications)
        .where(
          and(
            eq(identifications.readerId, readerId),
            eq(identifications.readKey, readKey),
            gte(identifications.at, since),
          ),
        )
        .orderBy(desc(identifications.at), desc(identifications.id))
        .limit(1);
      return row ?? null;
    },

    async insertRead(executor: Executor, read: NewRead): Promise<number> {
      const [row] = await executor.insert(identifications).values(read).returning({ id: identifications.id });
      return row!.id;
    },

    /** The reads of the branch's readers of one kind since `since` that wait for an officer, oldest first. */
    openReads(branchId: number, action: ReaderAction, since: Date) {
      return selectReads(db)
        .where(
          and(
            eq(identifications.branchId, branchId),
            eq(identifications.action, action),
            eq(identifications.outcome, 'needs_officer'),
            isNull(identifications.resolvedAt),
            gte(identifications.at, since),
          ),
        )
        .orderBy(asc(identifications.at), asc(identifications.id));
    },

    /** The latest reads of the branch's readers of one kind since `since`, newest first. */
    latestReads(branchId: number, action: ReaderAction, since: Date, limit: number) {
      return selectReads(db)
        .where(
          and(
            eq(identifications.branchId, branchId),
            eq(identifications.action, action),
            gte(identifications.at, since),
          ),
        )
        .orderBy(desc(identifications.at), desc(identifications.id))
        .limit(limit);
    },

    async findRead(branchId: number, id: number) {
      const [row] = await selectReads(db).where(
        and(eq(identifications.branchId, branchId), eq(identifications.id, id)),
      );
      return row ?? null;
    },

    /**
     * An officer's decision, once: the truck chosen (null: set aside). False when another
     * officer decided first.
     */
    async resolveRead(
      executor: Executor,
      id: number,
      decision: { queueId: number | null; officerId: number; at: Date },
    ): Promise<boolean> {
      const rows = await executor
        .update(identifications)
        .set({
          resolvedAt: decision.at,
          resolvedBy: decision.officerId,
          ...(decision.queueId !== null ? { queueId: decision.queueId } : {}),
        })
        .where(and(eq(identifications.id, id), isNull(identifications.resolvedAt)))
        .returning({ id: identifications.id });
      return rows.length === 1;
    },

    async snapshot(branchId: number, id: number) {
      const [row] = await db
        .select({ snapshot: identifications.snapshot, at: identifications.at })
        .from(identifications)
        .where(
          and(
            eq(identifications.branchId, branchId),
            eq(identifications.id, id),
            isNotNull(identifications.snapshot),
          ),
        );
      return row?.snapshot ? { bytes: row.snapshot, at: row.at } : null;
    },

    /** The latest snapshot of a read that named this ticket of the branch (its slip shows it), or null. */
    async snapshotOfTicket(branchId: number, uuid: string) {
      const [row] = await db
        .select({ id: identifications.id, at: identifications.at, snapshot: identifications.snapshot })
        .from(identifications)
        .innerJoin(queues, eq(queues.id, identifications.queueId))
        .where(and(eq(queues.branchId, branchId), eq(queues.uuid, uuid), isNotNull(identifications.snapshot)))
        .orderBy(desc(identifications.at), desc(identifications.id))
        .limit(1);
      return row?.snapshot ? { id: row.id, at: row.at, bytes: row.snapshot } : null;
    },

    /** Drops the snapshots taken before `before` (the reads stay); how many. */
    async pruneSnapshots(before: Date): Promise<number> {
      const rows = await db
        .update(identifications)
        .set({ snapshot: null })
        .where(and(isNotNull(identifications.snapshot), lt(identifications.at, before)))
        .returning({ id: identifications.id });
      return rows.length;
    },
  };
}

export type IdentificationRepository = ReturnType<typeof createIdentificationRepository>;

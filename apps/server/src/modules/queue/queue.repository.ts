import { and, asc, desc, eq, gte, is, isNull, ne, notInArray, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { CALLED_STATE, ENDED_STATES, VOIDED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { LastChange } from '@truck-queue/shared/queue/decide';
import type { Db } from '../../db/database.ts';
import { insertSelecting } from '../../db/insert-selecting.ts';
import {
  branchQueueTypeProducts,
  branchQueueTypes,
  devices,
  officers,
  products,
  queueCounters,
  queueReasons,
  queueReasonTypes,
  queues,
  queueTransitions,
  queueTypes,
  stations,
  suppliers,
  supplierVehicles,
} from '../../db/schema.ts';

/** A transaction or the database itself: repository calls run on either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '$with' | 'with'>;

/** The name of the scale a weight was captured from; null for a typed one (no device). */
export function scaleName(deviceId: AnyPgColumn) {
  return sql<
    string | null
  >`(select ${devices.name} from ${devices} where ${devices.id} = ${deviceId} and ${deviceId} is not null)`;
}

/** What every screen shows of a queue: the ticket joined with its type, product and station names. */
export const queueViewColumns = {
  id: queues.id,
  uuid: queues.uuid,
  branchId: queues.branchId,
  branchQueueTypeId: queues.branchQueueTypeId,
  queueNumber: queues.queueNumber,
  queueDate: queues.queueDate,
  seq: queues.seq,
  truckLicense: queues.truckLicense,
  state: queues.state,
  created: queues.created,
  calledAt: queues.calledAt,
  lastCalledAt: queues.lastCalledAt,
  finishedAt: queues.finishedAt,
  labStart: queues.labStart,
  labFinish: queues.labFinish,
  exitAt: queues.exitAt,
  weighInKg: queues.weighInKg,
  weighInAt: queues.weighInAt,
  weighOutKg: queues.weighOutKg,
  weighOutAt: queues.weighOutAt,
  weighInSource: queues.weighInSource,
  weighOutSource: queues.weighOutSource,
  weighInReason: queues.weighInReason,
  weighOutReason: queues.weighOutReason,
  weighOutTareAt: queues.weighOutTareAt,
  weightWarnings: queues.weightWarnings,
  weighInScale: scaleName(queues.weighInDeviceId),
  weighOutScale: scaleName(queues.weighOutDeviceId),
  lineAt: queues.lineAt,
  recallCount: queues.recallCount,
  previousNumber: queues.previousNumber,
  productId: queues.productId,
  orderClass: queues.orderClass,
  cutAt: queues.cutAt,
  admittedAt: queues.admittedAt,
  bookingId: queues.bookingId,
  reasonNote: queues.reasonNote,
  leftUnfinished: queues.leftUnfinished,
  aheadAtIssue: queues.aheadAtIssue,
  printState: queues.printState,
  printFailure: queues.printFailure,
  queueTypeName: queueTypes.name,
  flowEngineId: queueTypes.flowEngineId,
  productName: sql<string>`coalesce(${products.name}, '')`,
  stationName: stations.name,
  reasonName: queueReasons.name,
};

/**
 * The same view, written as the RETURNING of the statement that inserts or updates the ticket:
 * the names come from subqueries instead of joins, so a change has its view without another
 * read (each statement is a round trip on the embedded database's one connection).
 */
const queueViewReturning = {
  ...queueViewColumns,
  queueTypeName: sql<string>`(select qt.name from ${branchQueueTypes} bqt join ${queueTypes} qt on qt.id = bqt.queue_type_id where bqt.id = ${queues.branchQueueTypeId})`,
  flowEngineId: sql<number>`(select qt.flow_engine_id from ${branchQueueTypes} bqt join ${queueTypes} qt on qt.id = bqt.queue_type_id where bqt.id = ${queues.branchQueueTypeId})`,
  productName: sql<string>`coalesce((select p.name from ${products} p where p.id = ${queues.productId}), '')`,
  stationName: sql<string | null>`(select s.name from ${stations} s where s.id = ${queues.stationId})`,
  reasonName: sql<string | null>`(select r.name from ${queueReasons} r where r.id = ${queues.reasonId})`,
};

/** The same, as a WITH's RETURNING: what is not a plain column is named, so the WITH can be read. */
const queueViewAliased = Object.fromEntries(
  Object.entries(queueViewReturning).map(([key, field]) => [key, is(field, SQL) ? field.as(key) : field]),
) as unknown as typeof queueViewReturning;

export function selectQueueView(executor: Executor) {
  return executor
    .select(queueViewColumns)
    .from(queues)
    .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
    .leftJoin(products, eq(products.id, queues.productId))
    .leftJoin(stations, eq(stations.id, queues.stationId))
    .leftJoin(queueReasons, eq(queueReasons.id, queues.reasonId));
}

/**
 * What a counter needs of the truck an officer means (station-work.service.ts): its id for the
 * change, and what tells it from another truck holding the same number. No names but its type's,
 * no scales: the counters look a truck up before every action.
 */
const truckColumns = {
  id: queues.id,
  uuid: queues.uuid,
  queueNumber: queues.queueNumber,
  truckLicense: queues.truckLicense,
  queueTypeName: queueTypes.name,
  created: queues.created,
  queueDate: queues.queueDate,
};

export function selectTrucks(executor: Executor) {
  return executor
    .select(truckColumns)
    .from(queues)
    .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId));
}

export type TruckFound = Awaited<ReturnType<typeof selectTrucks>>[number];

/** Voided tickets leave every list: each list's query adds this. */
export const notVoided = ne(queues.state, VOIDED_STATE);

/** A line is served in the order its tickets joined it (a no-show's requeue joins at the back). */
export const lineOrder = [asc(queues.lineAt), asc(queues.created), asc(queues.id)] as const;

export type QueueView = Awaited<ReturnType<typeof selectQueueView>>[number];

/**
 * Runs the WITH that writes a ticket (its insert or update, returning its view) with the audit
 * row inserted from it, and reads the view and the audit row's id back: none when the write
 * matched no row, and then no audit row is written either.
 */
async function withAuditRow(
  executor: Executor,
  written: WithSubqueryWithSelection<typeof queueViewReturning, string>,
  transition: Omit<typeof queueTransitions.$inferInsert, 'queueId'>,
): Promise<{ view: QueueView; transitionId: number } | null> {
  const appended = executor
    .$with('appended', { id: sql<number>`id`.as('id') })
    .as(insertSelecting(queueTransitions, { ...transition, queueId: sql`id` }, written));
  // The written row's fields, read from the WITH by name, and the audit row's id beside them.
  const view = Object.fromEntries(
    Object.keys(queueViewAliased).map((key) => [key, written[key as keyof typeof queueViewAliased]]),
  ) as typeof written._.selectedFields;
  const [row] = await executor
    .with(written, appended)
    .select({ ...view, transitionId: sql<number>`(select id from ${appended})` })
    .from(written);
  if (!row) return null;
  const { transitionId, ...writtenView } = row;
  return { view: writtenView, transitionId: Number(transitionId) };
}

/** What a change is decided on (readQueue): the ticket, its flow, and its row version. */
function selectForChange(executor: Executor) {
  return executor
    .select({
      id: queues.id,
      uuid: queues.uuid,
      queueNumber: queues.queueNumber,
      previousNumber: queues.previousNumber,
      queueDate: queues.queueDate,
      branchQueueTypeId: queues.branchQueueTypeId,
      state: queues.state,
      calledAt: queues.calledAt,
      calledClass: queues.calledClass,
      lastCalledAt: queues.lastCalledAt,
      recallCount: queues.recallCount,
      calledFrom: queues.calledFrom,
      exitAt: queues.exitAt,
      weighInAt: queues.weighInAt,
      weighOutAt: queues.weighOutAt,
      weighInKg: queues.weighInKg,
      flowEngineId: queueTypes.flowEngineId,
      updated: queues.updated,
      version: sql<string>`${queues}.xmin::text`,
    })
    .from(queues)
    .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
    .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId));
}

export function createQueueRepository(db: Db) {
  // Built once: the read before every change (drizzle builds a query's SQL anew each time).
  const readQueueBuilt = selectForChange(db)
    .where(and(eq(queues.id, sql.placeholder('queueId')), eq(queues.branchId, sql.placeholder('branchId'))))
    .prepare('read_queue');
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),
    /** The database outside any transaction: each statement commits on its own. */
    direct: db as Executor,

    /** Hands out the next running number of a queue type for a site day; concurrent callers never share one. */
    async nextSeq(tx: Executor, branchQueueTypeId: number, queueDate: string): Promise<number> {
      const [row] = await tx
        .insert(queueCounters)
        .values({ branchQueueTypeId, queueDate, lastSeq: 1 })
        .onConflictDoUpdate({
          target: [queueCounters.branchQueueTypeId, queueCounters.queueDate],
          set: { lastSeq: sql`${queueCounters.lastSeq} + 1` },
        })
        .returning({ seq: queueCounters.lastSeq });
      return row!.seq;
    },

    /**
     * An active queue type of the branch, with its prefix and flow; with a product, whether the
     * type offers it (an active product of its list), in the same read.
     */
    async findQueueType(executor: Executor, branchId: number, branchQueueTypeId: number, productId?: number) {
      const offered =
        productId === undefined
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from ${branchQueueTypeProducts} bqtp join ${products} p on p.id = bqtp.product_id
              where bqtp.branch_queue_type_id = ${branchQueueTypes.id} and bqtp.product_id = ${productId} and p.active)`;
      const [row] = await executor
        .select({
          id: branchQueueTypes.id,
          prefix: branchQueueTypes.prefix,
          flowEngineId: queueTypes.flowEngineId,
          orderRule: branchQueueTypes.orderRule,
          offersProduct: offered,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(
          and(
            eq(branchQueueTypes.id, branchQueueTypeId),
            eq(branchQueueTypes.branchId, branchId),
            eq(branchQueueTypes.active, true),
          ),
        );
      return row ?? null;
    },

    /**
     * Serialises ticket issuance for one plate in one branch until the transaction ends: its
     * plate key (plateSearchKey), so look-alike spellings of one plate wait for each other too.
     */
    async lockPlate(tx: Executor, branchId: number, plateKey: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${branchId}:${plateKey}`}, 0))`);
    },

    /**
     * Whether a station is free for a call (no other truck called to it), the station held until
     * the transaction ends: two calls to one station at once are judged one after the other, the
     * second on what the first wrote.
     */
    async stationFree(tx: Executor, branchId: number, stationId: number, queueId: number): Promise<boolean> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`station-call:${stationId}`}, 0))`,
      );
      const [held] = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            eq(queues.state, CALLED_STATE),
            isNull(queues.exitAt),
            eq(queues.stationId, stationId),
            ne(queues.id, queueId),
          ),
        )
        .limit(1);
      return held === undefined;
    },

    /**
     * Serialises the numbering of one queue type until the transaction ends, so a ticket's
     * issue time is taken in number order: A002 is never stamped before A001, and the first
     * ticket stamped after the plant day's start is 001.
     */
    async lockNumbering(tx: Executor, branchQueueTypeId: number): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`queue-number:${branchQueueTypeId}`}, 1))`,
      );
    },

    /**
     * A ticket of this plate (however typed: its plate key) still inside the plant (no exit),
     * not ended (a cancelled no-show or a voided ticket frees the plate) and issued since `sinceDate`.
     */
    async findActiveByPlate(tx: Executor, branchId: number, plateKey: string, sinceDate: string) {
      const [row] = await tx
        .select({ id: queues.id, queueNumber: queues.queueNumber })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            eq(queues.plateKey, plateKey),
            isNull(queues.exitAt),
            notInArray(queues.state, ENDED_STATES),
            gte(queues.queueDate, sinceDate),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The active supplier of the branch whose vehicles hold the plate (issue 39), if one does. */
    async supplierOfPlate(tx: Executor, branchId: number, plateKey: string): Promise<number | null> {
      const [row] = await tx
        .select({ id: suppliers.id })
        .from(supplierVehicles)
        .innerJoin(suppliers, eq(suppliers.id, supplierVehicles.supplierId))
        .where(
          and(
            eq(supplierVehicles.branchId, branchId),
            eq(supplierVehicles.plateKey, plateKey),
            eq(suppliers.active, true),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    async isActiveSupplier(tx: Executor, branchId: number, supplierId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(
          and(eq(suppliers.id, supplierId), eq(suppliers.branchId, branchId), eq(suppliers.active, true)),
        );
      return row !== undefined;
    },

    async findByIdempotencyKey(tx: Executor, key: string) {
      const [row] = await tx
        .select({ id: queues.id, branchId: queues.branchId })
        .from(queues)
        .where(eq(queues.idempotencyKey, key));
      return row ?? null;
    },

    /**
     * Inserts a ticket and its audit row ("issue") in one statement: the audit insert selects
     * from the ticket's insert in a WITH. The ticket's view and the audit row's id come back.
     */
    async insertQueue(
      tx: Executor,
      values: typeof queues.$inferInsert,
      transition: Omit<typeof queueTransitions.$inferInsert, 'queueId'>,
    ): Promise<{ view: QueueView; transitionId: number }> {
      const issued = tx.$with('issued').as(tx.insert(queues).values(values).returning(queueViewAliased));
      const row = await withAuditRow(tx, issued, transition);
      return row!;
    },

    async view(executor: Executor, branchId: number, queueId: number): Promise<QueueView | null> {
      const [row] = await selectQueueView(executor).where(
        and(eq(queues.id, queueId), eq(queues.branchId, branchId)),
      );
      return row ?? null;
    },

    async findByUuid(executor: Executor, branchId: number, uuid: string): Promise<QueueView | null> {
      const [row] = await selectQueueView(executor).where(
        and(eq(queues.uuid, uuid), eq(queues.branchId, branchId)),
      );
      return row ?? null;
    },

    /**
     * The truck an officer means by a typed number: the latest ticket with that number in the
     * branch that has not left the plant, else the latest one at all (to say it already left).
     */
    async findByNumber(
      executor: Executor,
      branchId: number,
      queueNumber: string,
    ): Promise<TruckFound | null> {
      const [row] = await selectTrucks(executor)
        .where(and(eq(queues.branchId, branchId), eq(queues.queueNumber, queueNumber)))
        .orderBy(sql`${queues.exitAt} is null desc`, desc(queues.created))
        .limit(1);
      return row ?? null;
    },

    /** A truck of the branch by its ticket's id or uuid (a scanned code, a pick among several). */
    async findTruck(executor: Executor, branchId: number, ref: { id: number } | { uuid: string }) {
      const [row] = await selectTrucks(executor).where(
        and(eq(queues.branchId, branchId), 'id' in ref ? eq(queues.id, ref.id) : eq(queues.uuid, ref.uuid)),
      );
      return row ?? null;
    },

    /**
     * What a change is decided on: the ticket as it is now, with its row version (PostgreSQL's
     * `xmin`, which every update of the row changes). `lock` holds the row until the transaction
     * ends, so two officers cannot move it at once (the changes that write more than the ticket).
     */
    async readQueue(executor: Executor, branchId: number, queueId: number, lock = false) {
      if (!lock && executor === db) {
        const [row] = await readQueueBuilt.execute({ queueId, branchId });
        return row ?? null;
      }
      const query = selectForChange(executor).where(
        and(eq(queues.id, queueId), eq(queues.branchId, branchId)),
      );
      const [row] = lock ? await query.for('update', { of: queues }) : await query;
      return row ?? null;
    },

    /**
     * Changes a ticket and appends the change's audit row, in one statement: the update is a
     * WITH whose row the audit insert selects from, and the ticket's view as changed and the
     * audit row's id come back. With `version` (the row's `xmin` as read), a ticket changed by
     * someone else since it was read is left as it is, no audit row is written, and null comes
     * back: the caller decides again on what the ticket is now. One statement and no
     * transaction, where BEGIN, the row lock, the change and COMMIT were four round trips.
     */
    async changeQueue(
      executor: Executor,
      queueId: number,
      values: Partial<typeof queues.$inferInsert>,
      transition: Omit<typeof queueTransitions.$inferInsert, 'queueId'>,
      version?: string,
    ): Promise<{ view: QueueView; transitionId: number } | null> {
      const changed = executor.$with('changed').as(
        executor
          .update(queues)
          .set(values)
          .where(
            and(
              eq(queues.id, queueId),
              version === undefined ? undefined : sql`${queues}.xmin = ${version}::xid`,
            ),
          )
          .returning(queueViewAliased),
      );
      return withAuditRow(executor, changed, transition);
    },

    /**
     * An active reason of the branch's list of that kind, or null; `applies`: it is one for the
     * ticket's queue type (it names none of the branch's active queue types, or names that one).
     */
    async findReason(tx: Executor, branchId: number, kind: string, reasonId: number, queueId: number) {
      const [row] = await tx
        .select({
          id: queueReasons.id,
          name: queueReasons.name,
          // The reason's own id, written out: a bare column would name the subquery's table.
          applies: sql<boolean>`(not exists (
              select 1 from ${queueReasonTypes} rt
              join ${branchQueueTypes} bqt on bqt.id = rt.branch_queue_type_id and bqt.active
              where rt.reason_id = ${queueReasons}.id)
            or exists (
              select 1 from ${queueReasonTypes} rt
              join ${queues} q on q.branch_queue_type_id = rt.branch_queue_type_id
              where rt.reason_id = ${queueReasons}.id and q.id = ${queueId}))`,
          queueNumber: sql<string | null>`(select q.queue_number from ${queues} q where q.id = ${queueId})`,
        })
        .from(queueReasons)
        .where(
          and(
            eq(queueReasons.id, reasonId),
            eq(queueReasons.branchId, branchId),
            eq(queueReasons.kind, kind),
            eq(queueReasons.active, true),
          ),
        );
      return row ?? null;
    },

    /** The ticket's latest audit row: what a refused command is compared with (decide's isRepeat). */
    async lastChange(executor: Executor, queueId: number): Promise<LastChange | null> {
      const [row] = await executor
        .select({
          action: queueTransitions.action,
          officerId: queueTransitions.officerId,
          stationId: queueTransitions.stationId,
          reasonId: queueTransitions.reasonId,
          note: queueTransitions.note,
          at: queueTransitions.created,
        })
        .from(queueTransitions)
        .where(eq(queueTransitions.queueId, queueId))
        .orderBy(desc(queueTransitions.id))
        .limit(1);
      return row ?? null;
    },

    /** Every transition of one queue of the branch, oldest first, with the names a person reads. */
    async history(executor: Executor, branchId: number, queueId: number) {
      return executor
        .select({
          at: queueTransitions.created,
          action: queueTransitions.action,
          fromState: queueTransitions.fromState,
          toState: queueTransitions.toState,
          stationName: stations.name,
          officerName: sql<
            string | null
          >`case when ${officers.id} is null then null else trim(${officers.name} || ' ' || ${officers.lastname}) end`,
          deviceName: devices.name,
          reasonName: queueReasons.name,
          note: queueTransitions.note,
          fromNumber: queueTransitions.fromNumber,
          toNumber: queueTransitions.toNumber,
          lab: queueTransitions.lab,
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .leftJoin(stations, eq(stations.id, queueTransitions.stationId))
        .leftJoin(officers, eq(officers.id, queueTransitions.officerId))
        .leftJoin(devices, eq(devices.id, queueTransitions.deviceId))
        .leftJoin(queueReasons, eq(queueReasons.id, queueTransitions.reasonId))
        .where(and(eq(queueTransitions.queueId, queueId), eq(queues.branchId, branchId)))
        .orderBy(asc(queueTransitions.id));
    },

    /** Appends to the audit trail; the row's id identifies the change (displays dedupe calls by it). */
  };
}

export type QueueRepository = ReturnType<typeof createQueueRepository>;

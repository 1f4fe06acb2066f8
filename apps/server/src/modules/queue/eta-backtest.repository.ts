import { and, asc, between, eq, gte, lte, max, min, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branches, branchQueueTypes, queues, queueTransitions, queueTypes } from '../../db/schema.ts';

/** A ticket as the backtest replays it: what it is now, and what its history rows changed on the way. */
export interface StoredTicket {
  id: number;
  uuid: string;
  branchId: number;
  queueNumber: string;
  /** Its queue type now (a transfer's history says which it had before). */
  branchQueueTypeId: number;
  flowEngineId: number;
  queueDate: string;
  state: string;
  created: Date;
  lineAt: Date;
  calledAt: Date | null;
  calledClass: string | null;
  productId: number | null;
  orderClass: string | null;
  cutAt: Date | null;
  admittedAt: Date | null;
  bookingId: number | null;
  weighInKg: string | null;
  weighOutKg: string | null;
}

/** A row of a ticket's history (queue_transitions). */
export interface StoredChange {
  id: number;
  queueId: number;
  action: string;
  toState: string;
  at: Date;
  fromNumber: string | null;
  toNumber: string | null;
}

/** What the backtest of the expected wait reads of a branch's stored days: one read per kind of row. */
export function createEtaBacktestRepository(db: Db) {
  return {
    /** The active branches and the rest, by id. */
    branches(): Promise<{ id: number; uuid: string; name: string }[]> {
      return db
        .select({ id: branches.id, uuid: branches.uuid, name: branches.name })
        .from(branches)
        .orderBy(asc(branches.id));
    },

    /** The last plant day the branch issued a ticket on; null before its first. */
    async lastDay(branchId: number): Promise<string | null> {
      const [row] = await db
        .select({ day: max(queues.queueDate) })
        .from(queues)
        .where(eq(queues.branchId, branchId));
      return row?.day ?? null;
    },

    /** The branch's queue types (active or not): their prefixes name a transferred ticket's types. */
    queueTypes(branchId: number): Promise<{ id: number; prefix: string; flowEngineId: number }[]> {
      return db
        .select({
          id: branchQueueTypes.id,
          prefix: branchQueueTypes.prefix,
          flowEngineId: queueTypes.flowEngineId,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(eq(branchQueueTypes.branchId, branchId));
    },

    /**
     * The tickets of the period's plant days, and those of other days first called while the
     * period's trucks waited (each such call moved their lines too), with every row of their
     * histories, oldest first.
     */
    async period(
      branchId: number,
      from: string,
      to: string,
    ): Promise<{ tickets: StoredTicket[]; changes: StoredChange[] }> {
      const ofPeriod = and(eq(queues.branchId, branchId), between(queues.queueDate, from, to));
      const [bounds] = await db
        .select({ first: min(queues.created), last: max(queues.calledAt) })
        .from(queues)
        .where(ofPeriod);
      if (!bounds?.first) return { tickets: [], changes: [] };
      const calledMeanwhile: SQL | undefined = bounds.last
        ? and(
            eq(queues.branchId, branchId),
            gte(queues.calledAt, bounds.first),
            lte(queues.calledAt, bounds.last),
          )
        : undefined;
      const read = or(ofPeriod, calledMeanwhile);
      const tickets = await db
        .select({
          id: queues.id,
          uuid: queues.uuid,
          branchId: queues.branchId,
          queueNumber: queues.queueNumber,
          branchQueueTypeId: queues.branchQueueTypeId,
          flowEngineId: queueTypes.flowEngineId,
          queueDate: queues.queueDate,
          state: queues.state,
          created: queues.created,
          lineAt: queues.lineAt,
          calledAt: queues.calledAt,
          calledClass: queues.calledClass,
          productId: queues.productId,
          orderClass: queues.orderClass,
          cutAt: queues.cutAt,
          admittedAt: queues.admittedAt,
          bookingId: queues.bookingId,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
        })
        .from(queues)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(read);
      const changes = await db
        .select({
          id: queueTransitions.id,
          queueId: queueTransitions.queueId,
          action: queueTransitions.action,
          toState: queueTransitions.toState,
          at: queueTransitions.created,
          fromNumber: queueTransitions.fromNumber,
          toNumber: queueTransitions.toNumber,
        })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .where(read)
        .orderBy(asc(queueTransitions.created), asc(queueTransitions.id));
      return { tickets, changes };
    },
  };
}

export type EtaBacktestRepository = ReturnType<typeof createEtaBacktestRepository>;

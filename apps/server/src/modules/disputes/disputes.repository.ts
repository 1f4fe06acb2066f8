import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { officers, queueDisputes, queues, queueTransitions } from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

const disputeColumns = {
  id: queueDisputes.id,
  queueId: queueDisputes.queueId,
  note: queueDisputes.note,
  created: queueDisputes.created,
  resolvedAt: queueDisputes.resolvedAt,
  resolution: queueDisputes.resolution,
  resolvedBy: sql<string | null>`nullif(trim(concat_ws(' ', ${officers.name}, ${officers.lastname})), '')`,
};

export function createDisputesRepository(db: Db) {
  const select = (executor: Executor) =>
    executor
      .select(disputeColumns)
      .from(queueDisputes)
      .leftJoin(officers, eq(officers.id, queueDisputes.resolvedByOfficerId));

  return {
    /** The ticket's latest dispute. */
    async latestOf(queueId: number) {
      const [row] = await select(db)
        .where(eq(queueDisputes.queueId, queueId))
        .orderBy(desc(queueDisputes.created), desc(queueDisputes.id))
        .limit(1);
      return row ?? null;
    },

    /** A dispute and its audit row, together; a second open one breaks queue_disputes_open_key. */
    async file(values: { queueId: number; branchId: number; note: string; state: string; now: Date }) {
      return db.transaction(async (tx) => {
        await tx.insert(queueDisputes).values({
          queueId: values.queueId,
          branchId: values.branchId,
          note: values.note,
          created: values.now,
        });
        await tx.insert(queueTransitions).values({
          queueId: values.queueId,
          action: 'dispute',
          fromState: values.state,
          toState: values.state,
          note: values.note,
          created: values.now,
        });
      });
    },

    /** The branch's disputes: open ones first, then the latest resolved. */
    async list(branchId: number, limit: number) {
      return select(db)
        .where(eq(queueDisputes.branchId, branchId))
        .orderBy(
          sql`${queueDisputes.resolvedAt} is null desc`,
          desc(queueDisputes.created),
          desc(queueDisputes.id),
        )
        .limit(limit);
    },

    /** How many of the branch's disputes wait for an answer. */
    async countOpen(branchId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(queueDisputes)
        .where(and(eq(queueDisputes.branchId, branchId), isNull(queueDisputes.resolvedAt)));
      return row?.n ?? 0;
    },

    async find(branchId: number, id: number) {
      const [row] = await select(db).where(
        and(eq(queueDisputes.id, id), eq(queueDisputes.branchId, branchId)),
      );
      return row ?? null;
    },

    /** Closes an open dispute and writes its audit row; false when it was not open. */
    async resolve(values: {
      id: number;
      queueId: number;
      state: string;
      officerId: number;
      resolution: string;
      now: Date;
    }) {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(queueDisputes)
          .set({
            resolvedAt: values.now,
            resolvedByOfficerId: values.officerId,
            resolution: values.resolution,
          })
          .where(and(eq(queueDisputes.id, values.id), isNull(queueDisputes.resolvedAt)))
          .returning({ id: queueDisputes.id });
        if (closed.length === 0) return false;
        await tx.insert(queueTransitions).values({
          queueId: values.queueId,
          action: 'dispute_resolved',
          fromState: values.state,
          toState: values.state,
          officerId: values.officerId,
          note: values.resolution,
          created: values.now,
        });
        return true;
      });
    },

    /** The states of these queues now (an audit row keeps the state it happened in). */
    async statesOf(queueIds: readonly number[]) {
      if (queueIds.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: queues.id, state: queues.state })
        .from(queues)
        .where(inArray(queues.id, [...queueIds]));
      return new Map(rows.map((r) => [r.id, r.state]));
    },
  };
}

export type DisputesRepository = ReturnType<typeof createDisputesRepository>;

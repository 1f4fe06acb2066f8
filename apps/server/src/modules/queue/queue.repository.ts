import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, queueCounters, queues, queueTransitions, queueTypes } from '../../db/schema.ts';

/** A transaction or the database itself: repository calls run on either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export function createQueueRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),

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

    async findQueueType(tx: Executor, branchId: number, branchQueueTypeId: number) {
      const [row] = await tx
        .select({
          id: branchQueueTypes.id,
          prefix: branchQueueTypes.prefix,
          flowEngineId: queueTypes.flowEngineId,
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

    async insertQueue(tx: Executor, values: typeof queues.$inferInsert) {
      const [row] = await tx.insert(queues).values(values).returning();
      return row!;
    },

    /** The queue, locked until the transaction ends, so two officers cannot move it at once. */
    async lockQueue(tx: Executor, branchId: number, queueId: number) {
      const [row] = await tx
        .select({
          id: queues.id,
          state: queues.state,
          calledAt: queues.calledAt,
          exitAt: queues.exitAt,
          flowEngineId: queueTypes.flowEngineId,
        })
        .from(queues)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(queues.id, queueId), eq(queues.branchId, branchId)))
        .for('update', { of: queues });
      return row ?? null;
    },

    async updateQueue(tx: Executor, queueId: number, values: Partial<typeof queues.$inferInsert>) {
      const [row] = await tx.update(queues).set(values).where(eq(queues.id, queueId)).returning();
      return row!;
    },

    async appendTransition(tx: Executor, values: typeof queueTransitions.$inferInsert) {
      await tx.insert(queueTransitions).values(values);
    },
  };
}

export type QueueRepository = ReturnType<typeof createQueueRepository>;

import { and, asc, eq, ne } from 'drizzle-orm';
import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, queueTypes } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { productsOfQueueTypes } from './queue-type-products.ts';

/** Define Queue: the branch's queue types, each a master type with a prefix and its products. */
export function createQueueTypesService(db: Db) {
  async function list(auth: AuthContext, only?: number): Promise<BranchQueueType[]> {
    const rows = await db
      .select({
        id: branchQueueTypes.id,
        uuid: branchQueueTypes.uuid,
        queue_type_id: queueTypes.id,
        queue_type_name: queueTypes.name,
        flow_engine_id: queueTypes.flowEngineId,
        prefix: branchQueueTypes.prefix,
      })
      .from(branchQueueTypes)
      .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .where(
        and(
          eq(branchQueueTypes.branchId, auth.branchId),
          eq(branchQueueTypes.active, true),
          only ? eq(branchQueueTypes.id, only) : undefined,
        ),
      )
      .orderBy(asc(branchQueueTypes.prefix));
    const offered = await productsOfQueueTypes(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      aProductUI: offered.get(r.id) ?? [],
    }));
  }

  async function find(auth: AuthContext, uuid: string) {
    const [row] = await db
      .select({ id: branchQueueTypes.id })
      .from(branchQueueTypes)
      .where(
        and(
          eq(branchQueueTypes.uuid, uuid),
          eq(branchQueueTypes.branchId, auth.branchId),
          eq(branchQueueTypes.active, true),
        ),
      );
    if (!row) throw notFound('The queue type');
    return row;
  }

  async function assertPrefixFree(auth: AuthContext, prefix: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: branchQueueTypes.id })
      .from(branchQueueTypes)
      .where(
        and(
          eq(branchQueueTypes.branchId, auth.branchId),
          eq(branchQueueTypes.active, true),
          eq(branchQueueTypes.prefix, prefix),
          exceptId ? ne(branchQueueTypes.id, exceptId) : undefined,
        ),
      );
    if (taken) throw conflict(`The prefix ${prefix} is already used in this branch.`, 'PREFIX_TAKEN');
  }

  const uniqueViolation = (error: unknown): never => {
    if (isUniqueViolation(error, 'branch_queue_types_prefix_key')) {
      throw conflict('The prefix is already used in this branch.', 'PREFIX_TAKEN');
    }
    if (isUniqueViolation(error, 'branch_queue_types_type_key')) {
      throw conflict('This branch already has this queue type.', 'QUEUE_TYPE_TAKEN');
    }
    throw error;
  };

  return {
    list: (auth: AuthContext) => list(auth),

    masters: () =>
      db
        .select({ id: queueTypes.id, name: queueTypes.name, flow_engine_id: queueTypes.flowEngineId })
        .from(queueTypes)
        .orderBy(asc(queueTypes.flowEngineId), asc(queueTypes.name)),

    async create(auth: AuthContext, masterId: number, prefix: string): Promise<BranchQueueType> {
      const [master] = await db
        .select({ id: queueTypes.id })
        .from(queueTypes)
        .where(eq(queueTypes.id, masterId));
      if (!master) throw notFound('The master queue type');
      const [existing] = await db
        .select({ id: branchQueueTypes.id })
        .from(branchQueueTypes)
        .where(
          and(
            eq(branchQueueTypes.branchId, auth.branchId),
            eq(branchQueueTypes.queueTypeId, masterId),
            eq(branchQueueTypes.active, true),
          ),
        );
      if (existing) throw conflict('This branch already has this queue type.', 'QUEUE_TYPE_TAKEN');
      await assertPrefixFree(auth, prefix);
      const [row] = await db
        .insert(branchQueueTypes)
        .values({ branchId: auth.branchId, queueTypeId: masterId, prefix, status: 1 })
        .returning({ id: branchQueueTypes.id })
        .catch(uniqueViolation);
      return (await list(auth, row!.id))[0]!;
    },

    async update(auth: AuthContext, uuid: string, prefix: string): Promise<BranchQueueType> {
      const current = await find(auth, uuid);
      await assertPrefixFree(auth, prefix, current.id);
      await db
        .update(branchQueueTypes)
        .set({ prefix })
        .where(eq(branchQueueTypes.id, current.id))
        .catch(uniqueViolation);
      return (await list(auth, current.id))[0]!;
    },

    /** Deactivates: tickets already issued keep their type's name in every report. */
    async cancel(auth: AuthContext, uuid: string) {
      const current = await find(auth, uuid);
      await db.update(branchQueueTypes).set({ active: false }).where(eq(branchQueueTypes.id, current.id));
    },

    /** The branch queue type, checked to be the admin's, for product assignment. */
    async require(auth: AuthContext, id: number) {
      const [row] = await db
        .select({ id: branchQueueTypes.id })
        .from(branchQueueTypes)
        .where(
          and(
            eq(branchQueueTypes.id, id),
            eq(branchQueueTypes.branchId, auth.branchId),
            eq(branchQueueTypes.active, true),
          ),
        );
      if (!row) throw notFound('The queue type');
      return row;
    },
  };
}

export type QueueTypesService = ReturnType<typeof createQueueTypesService>;

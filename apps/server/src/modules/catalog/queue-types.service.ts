import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import type { LabService } from '../lab/lab.service.ts';

/**
 * Define Queue: the branch's queue types, each a master type with a prefix and its products.
 * `changed` hears of every edit (catalog.module.ts publishes referenceChanged: cached scopes are
 * dropped).
 */
export function createQueueTypesService(deps: {
  db: Db;
  /** Each queue type's lab measurements (the lab's). */
  lab: Pick<LabService, 'measures'>;
  changed?: (branchId: number) => void;
}) {
  const { db, lab, changed } = deps;
  const repo = createCatalogRepository(db);

  async function list(auth: AuthContext, only?: number): Promise<BranchQueueType[]> {
    const rows = await repo.listBranchQueueTypes(auth.branchId, only);
    const [offered, measures] = await Promise.all([
      repo.productsOfQueueTypes(rows.map((r) => r.id)),
      lab.measures(auth.branchId, false),
    ]);
    return rows.map((r) => ({
      ...r,
      aProductUI: offered.get(r.id) ?? [],
      lab_measures: measures.filter((m) => m.branch_queue_type_id === r.id),
    }));
  }

  /** The branch's active queue type, by id or uuid, or NOT_FOUND. */
  async function find(auth: AuthContext, key: { id: number } | { uuid: string }) {
    const row = await repo.findBranchQueueType(auth.branchId, key);
    if (!row) throw notFound('The queue type');
    return row;
  }

  async function assertPrefixFree(auth: AuthContext, prefix: string, exceptId?: number) {
    const taken = await repo.findQueueTypeWithPrefix(auth.branchId, prefix, exceptId);
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

    masters: () => repo.listMasterQueueTypes(),

    async create(auth: AuthContext, masterId: number, prefix: string): Promise<BranchQueueType> {
      const master = await repo.findMasterQueueType(masterId);
      if (!master) throw notFound('The master queue type');
      const existing = await repo.findBranchQueueTypeOfMaster(auth.branchId, masterId);
      if (existing) throw conflict('This branch already has this queue type.', 'QUEUE_TYPE_TAKEN');
      await assertPrefixFree(auth, prefix);
      const id = await repo.insertBranchQueueType(auth.branchId, masterId, prefix).catch(uniqueViolation);
      changed?.(auth.branchId);
      return (await list(auth, id))[0]!;
    },

    async update(auth: AuthContext, uuid: string, prefix: string): Promise<BranchQueueType> {
      const current = await find(auth, { uuid });
      await assertPrefixFree(auth, prefix, current.id);
      await repo.setQueueTypePrefix(current.id, prefix).catch(uniqueViolation);
      changed?.(auth.branchId);
      return (await list(auth, current.id))[0]!;
    },

    /** Deactivates: tickets already issued keep their type's name in every report. */
    async cancel(auth: AuthContext, uuid: string) {
      const current = await find(auth, { uuid });
      await repo.deactivateBranchQueueType(current.id);
      changed?.(auth.branchId);
    },

    /** The branch queue type, checked to be the admin's, for product assignment. */
    require: (auth: AuthContext, id: number) => find(auth, { id }),
  };
}

export type QueueTypesService = ReturnType<typeof createQueueTypesService>;

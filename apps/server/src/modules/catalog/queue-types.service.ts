import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { createCatalogRepository, type Tx } from './catalog.repository.ts';
import type { LabService } from '../lab/lab.service.ts';

/**
 * Define Queue: the branch's queue types, each a master type (or one the branch named) with a
 * prefix and its products.
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

  /**
   * The type a name stands for in this branch: the master type of that name (when its flow is the
   * same), or a new type of the branch's own; refused when another queue type of the branch, or a
   * master type of another flow, already has the name.
   */
  async function typeForName(
    auth: AuthContext,
    name: string,
    flowEngineId: number,
    exceptId: number | undefined,
    tx: Tx,
  ): Promise<{ masterId: number } | { own: { name: string; flowEngineId: number } }> {
    const named = await repo.queueTypeNamed(auth.branchId, name, exceptId, tx);
    if (!named) return { own: { name, flowEngineId } };
    if ('masterId' in named && named.flowEngineId === flowEngineId) return { masterId: named.masterId };
    throw conflict(`A queue type named ${name} already exists.`, 'NAME_TAKEN');
  }

  return {
    list: (auth: AuthContext) => list(auth),

    masters: () => repo.listMasterQueueTypes(),

    /** Adds a master type to the branch, or a type the admin names (`{name, flowEngineId}`). */
    async create(
      auth: AuthContext,
      type: { masterId: number } | { name: string; flowEngineId: number },
      prefix: string,
    ): Promise<BranchQueueType> {
      if ('masterId' in type) {
        const master = await repo.findMasterQueueType(type.masterId);
        if (!master) throw notFound('The master queue type');
        const existing = await repo.findBranchQueueTypeOfMaster(auth.branchId, type.masterId);
        if (existing) throw conflict('This branch already has this queue type.', 'QUEUE_TYPE_TAKEN');
      }
      await assertPrefixFree(auth, prefix);
      const id = await repo
        // A name is checked free and taken under the branch's name lock (a master type named so
        // and already in the branch is refused by branch_queue_types_type_key).
        .withNameLock(auth.branchId, 'queue-type', async (tx) => {
          const chosen =
            'masterId' in type ? type : await typeForName(auth, type.name, type.flowEngineId, undefined, tx);
          const typeId =
            'masterId' in chosen
              ? chosen.masterId
              : await repo.insertOwnQueueType(tx, auth.branchId, chosen.own.name, chosen.own.flowEngineId);
          return repo.insertBranchQueueType(auth.branchId, typeId, prefix, tx);
        })
        .catch(uniqueViolation);
      changed?.(auth.branchId);
      return (await list(auth, id))[0]!;
    },

    /**
     * A new prefix, and a new name if given: the name is this branch's alone (a master type's name
     * is left as it is for the other branches), its tickets show the new name in every report.
     */
    async update(auth: AuthContext, uuid: string, prefix: string, name?: string): Promise<BranchQueueType> {
      const current = await find(auth, { uuid });
      await assertPrefixFree(auth, prefix, current.id);
      const type = await repo.typeOfBranchQueueType(current.id);
      const renamed = name !== undefined && name !== type.name;
      await repo
        .withNameLock(auth.branchId, 'queue-type', async (tx) => {
          const target = renamed ? await typeForName(auth, name, type.flowEngineId, current.id, tx) : null;
          await repo.setQueueTypePrefix(current.id, prefix, tx);
          if (!target) return;
          if ('masterId' in target) await repo.setTypeOfBranchQueueType(tx, current.id, target.masterId);
          else if (type.branchId !== null)
            await repo.renameOwnQueueType(tx, type.queueTypeId, target.own.name);
          else {
            const own = await repo.insertOwnQueueType(tx, auth.branchId, target.own.name, type.flowEngineId);
            await repo.setTypeOfBranchQueueType(tx, current.id, own);
          }
        })
        .catch(uniqueViolation);
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

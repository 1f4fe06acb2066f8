import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { createCatalogRepository, type Tx } from './catalog.repository.ts';
import type { QueueTypesService } from './queue-types.service.ts';

/**
 * Products of the branch, and which queue types offer them. `changed` hears of every edit
 * (catalog.module.ts publishes referenceChanged: the kiosks' queue types held in memory).
 */
export function createProductsService(
  db: Db,
  queueTypes: QueueTypesService,
  changed: (branchId: number) => void = () => undefined,
) {
  const repo = createCatalogRepository(db);

  async function assertNameFree(auth: AuthContext, name: string, exceptId: number | undefined, tx: Tx) {
    const taken = await repo.findProductNamed(auth.branchId, name, exceptId, tx);
    if (taken) throw conflict(`A product named ${name} already exists.`, 'NAME_TAKEN');
  }

  return {
    list: (auth: AuthContext) => repo.listActiveProducts(auth.branchId),

    /** Every product, marked when the queue type offers it. */
    async forQueueType(auth: AuthContext, branchQueueTypeId: number) {
      await queueTypes.require(auth, branchQueueTypeId);
      const ids = new Set(await repo.productIdsOfQueueType(branchQueueTypeId));
      const all = await this.list(auth);
      return all.map((p) => ({ ...p, selected: ids.has(p.id) }));
    },

    async assign(auth: AuthContext, branchQueueTypeId: number, productIds: number[]) {
      await queueTypes.require(auth, branchQueueTypeId);
      await repo.assertBranchProducts(auth.branchId, productIds);
      const unique = [...new Set(productIds)];
      await repo.transaction((tx) => repo.replaceQueueTypeProducts(tx, branchQueueTypeId, unique));
      changed(auth.branchId);
    },

    async create(auth: AuthContext, name: string) {
      return repo.withNameLock(auth.branchId, 'product', async (tx) => {
        await assertNameFree(auth, name, undefined, tx);
        return repo.insertProduct(auth.branchId, name, tx);
      });
    },

    async update(auth: AuthContext, uuid: string, name: string) {
      const current = await repo.findActiveProductByUuid(auth.branchId, uuid);
      if (!current) throw notFound('The product');
      const renamed = await repo.withNameLock(auth.branchId, 'product', async (tx) => {
        await assertNameFree(auth, name, current.id, tx);
        return repo.renameProduct(current.id, name, tx);
      });
      changed(auth.branchId);
      return renamed;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branchQueueTypeProducts, products } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { assertBranchRows } from '../../db/branch-scope.ts';
import type { QueueTypesService } from './queue-types.service.ts';

const columns = { id: products.id, uuid: products.uuid, name: products.name };

/** Products of the branch, and which queue types offer them. */
export function createProductsService(db: Db, queueTypes: QueueTypesService) {
  const active = (auth: AuthContext) => and(eq(products.branchId, auth.branchId), eq(products.active, true));

  async function assertNameFree(auth: AuthContext, name: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(active(auth), eq(products.name, name), exceptId ? ne(products.id, exceptId) : undefined));
    if (taken) throw conflict(`A product named ${name} already exists.`, 'NAME_TAKEN');
  }

  return {
    list: (auth: AuthContext) =>
      db.select(columns).from(products).where(active(auth)).orderBy(asc(products.name)),

    /** Every product, marked when the queue type offers it. */
    async forQueueType(auth: AuthContext, branchQueueTypeId: number) {
      await queueTypes.require(auth, branchQueueTypeId);
      const offered = await db
        .select({ id: branchQueueTypeProducts.productId })
        .from(branchQueueTypeProducts)
        .where(eq(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeId));
      const ids = new Set(offered.map((o) => o.id));
      const all = await this.list(auth);
      return all.map((p) => ({ ...p, selected: ids.has(p.id) }));
    },

    async assign(auth: AuthContext, branchQueueTypeId: number, productIds: number[]) {
      await queueTypes.require(auth, branchQueueTypeId);
      await assertBranchRows(db, products, auth.branchId, productIds, 'product');
      await db.transaction(async (tx) => {
        await tx
          .delete(branchQueueTypeProducts)
          .where(eq(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeId));
        const unique = [...new Set(productIds)];
        if (unique.length) {
          await tx
            .insert(branchQueueTypeProducts)
            .values(unique.map((productId) => ({ branchQueueTypeId, productId })));
        }
      });
    },

    async create(auth: AuthContext, name: string) {
      await assertNameFree(auth, name);
      const [row] = await db.insert(products).values({ branchId: auth.branchId, name }).returning(columns);
      return row!;
    },

    async update(auth: AuthContext, uuid: string, name: string) {
      const [current] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(active(auth), eq(products.uuid, uuid)));
      if (!current) throw notFound('The product');
      await assertNameFree(auth, name, current.id);
      const [row] = await db
        .update(products)
        .set({ name })
        .where(eq(products.id, current.id))
        .returning(columns);
      return row!;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { ProductLimits } from '@truck-queue/shared/contracts/catalog.contract';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { createCatalogRepository, type ProductLimitsInput, type Tx } from './catalog.repository.ts';
import type { QueueTypesService } from './queue-types.service.ts';

/**
 * Products of the branch, and which queue types offer them. `changed` hears of every edit
 * (catalog.module.ts publishes referenceChanged: the kiosks' queue types held in memory).
 */
/** The limits as an admin gave them (left out: unchanged), checked against what stays. */
export type LimitsGiven = { [K in keyof ProductLimits]?: ProductLimits[K] | undefined };

const RANGES = [
  ['min_net_kg', 'max_net_kg'],
  ['min_gross_kg', 'max_gross_kg'],
] as const;

/**
 * The columns to write for the limits given, after checking that each minimum is not above its
 * maximum as the product will have them (a limit left out keeps its stored value).
 */
function limitColumns(given: LimitsGiven, stored: ProductLimits | null): Partial<ProductLimitsInput> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(given))
    if (value !== undefined) Object.assign(merged, { [key]: value });
  for (const [min, max] of RANGES) {
    const low = merged[min];
    const high = merged[max];
    if (low != null && high != null && low > high)
      throw new AppError('VALIDATION_FAILED', 'A minimum is above its maximum.', [
        { path: min, message: `is above ${max}` },
      ]);
  }
  const text = (kg: number | null | undefined) =>
    kg === undefined ? undefined : kg === null ? null : kg.toFixed(1);
  const columns: Partial<ProductLimitsInput> = {
    minNetKg: text(given.min_net_kg),
    maxNetKg: text(given.max_net_kg),
    minGrossKg: text(given.min_gross_kg),
    maxGrossKg: text(given.max_gross_kg),
    vehicleClass: given.vehicle_class,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

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

    async create(auth: AuthContext, name: string, limits: LimitsGiven = {}) {
      const columns = limitColumns(limits, null);
      return repo.withNameLock(auth.branchId, 'product', async (tx) => {
        await assertNameFree(auth, name, undefined, tx);
        return repo.insertProduct(auth.branchId, name, columns, tx);
      });
    },

    /** Renames a product and sets the weighing limits given (issue 42); the weighbridge reads them at once. */
    async update(auth: AuthContext, uuid: string, name: string, limits: LimitsGiven = {}) {
      const current = await repo.findActiveProductByUuid(auth.branchId, uuid);
      if (!current) throw notFound('The product');
      const columns = limitColumns(limits, current);
      const renamed = await repo.withNameLock(auth.branchId, 'product', async (tx) => {
        await assertNameFree(auth, name, current.id, tx);
        return repo.renameProduct(current.id, name, columns, tx);
      });
      changed(auth.branchId);
      return renamed;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

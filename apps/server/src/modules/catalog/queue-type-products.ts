import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branchQueueTypeProducts, products } from '../../db/schema.ts';

/** The active products each of these queue types offers, by name; one query for all of them. */
export async function productsOfQueueTypes(
  db: Db,
  branchQueueTypeIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byType = new Map<number, { id: number; name: string }[]>();
  if (branchQueueTypeIds.length === 0) return byType;
  const links = await db
    .select({ typeId: branchQueueTypeProducts.branchQueueTypeId, id: products.id, name: products.name })
    .from(branchQueueTypeProducts)
    .innerJoin(products, eq(products.id, branchQueueTypeProducts.productId))
    .where(
      and(inArray(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeIds), eq(products.active, true)),
    )
    .orderBy(asc(products.name));
  for (const { typeId, id, name } of links) byType.set(typeId, [...(byType.get(typeId) ?? []), { id, name }]);
  return byType;
}

/** Each queue type with the active products it offers (`product`), as ticket screens list them. */
export async function withProducts<T extends { id: number }>(
  db: Db,
  types: T[],
): Promise<(T & { product: { id: number; name: string }[] })[]> {
  const offered = await productsOfQueueTypes(
    db,
    types.map((t) => t.id),
  );
  return types.map((t) => ({ ...t, product: offered.get(t.id) ?? [] }));
}

import {
  doBranchQT,
  doMainProduct,
  manageProduct,
  queueType,
} from '@truck-queue/shared/contracts/catalog.contract';
import type { ApiClient } from './api-client.ts';

export interface IssuableType {
  /** The branch queue type (id_branchQT). */
  id: number;
  prefix: string;
  productId: number;
}

/**
 * What an admin sets up on a fresh server before tickets can be issued, through the API: one
 * branch queue type per master type (prefixes A, B, C ...), each offering one product.
 */
export async function setUpQueueTypes(api: ApiClient, adminSession: string): Promise<IssuableType[]> {
  const masters = (await api.call(queueType, {}, adminSession)).queueType;
  const types: IssuableType[] = [];
  for (const [index, master] of masters.entries()) {
    const prefix = String.fromCharCode(65 + index);
    const { branchQT } = await api.call(
      doBranchQT,
      { queue_type: master.id, prefix, status: '1' },
      adminSession,
    );
    const { product } = await api.call(doMainProduct, { name: `Product ${prefix}` }, adminSession);
    await api.call(manageProduct, { id: branchQT.id, product: [product.id] }, adminSession);
    types.push({ id: branchQT.id, prefix, productId: product.id });
  }
  return types;
}

import * as contracts from '@truck-queue/shared/contracts/goods-receipt.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { GoodsReceiptsService } from './goods-receipts.service.ts';

/** The office's list and export of a day's receipts, an integration key's reads, the ERP settings. */
export function registerGoodsReceiptRoutes(register: RegisterCall, receipts: GoodsReceiptsService): void {
  register(contracts.goodsReceipts, async ({ auth, body }) => ({
    status: 1,
    receipts: await receipts.ofDay(auth.branchId, body.day),
  }));

  register(contracts.goodsReceiptsExport, async ({ auth, body }) => ({
    status: 1,
    ...(await receipts.export(auth.branchId, body.day, body.format)),
  }));

  // A key reads its own branch's: a day's, or what is new since the last id it has.
  register(contracts.integrationGoodsReceipts, async ({ integration, body }) =>
    'day' in body
      ? { status: 1, receipts: await receipts.ofDay(integration.branchId, body.day), more: false }
      : { status: 1, ...(await receipts.after(integration.branchId, body.since_id, body.limit)) },
  );

  register(contracts.erpSettings, async ({ auth }) => ({
    status: 1,
    settings: await receipts.settings(auth.branchId),
  }));

  register(contracts.saveErpSettings, async ({ auth, body }) => ({
    status: 1,
    settings: await receipts.saveSettings(auth.branchId, body),
  }));
}

import {
  integrationGoodsReceipts,
  type GoodsReceipt,
} from '@truck-queue/shared/contracts/goods-receipt.contract';
import { createIntegrationKey } from '@truck-queue/shared/contracts/integration.contract';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { TruckRecord } from './journey.ts';
import type { Officer } from './plant-setup.ts';

/**
 * The ERP's side of the day (issue 42): a key with `receipts:read`, made by the admin, polls the
 * goods receipts from the start as an ERP would (since the last id it has, 500 at a time), and
 * each truck's latest version is held against what the simulator did: one receipt per truck
 * weighed in and out and finished, none for the others, each with the net it was weighed at.
 */
export async function receiptChecks(
  api: ApiClient,
  admin: Officer,
  records: readonly TruckRecord[],
): Promise<Check[]> {
  const { secret } = await api.call(
    createIntegrationKey,
    { name: 'ERP (simulator)', scopes: ['receipts:read'], rate_per_minute: 600, expires_on: null },
    admin,
  );
  const receipts: GoodsReceipt[] = [];
  let since = 0;
  let polls = 0;
  for (;;) {
    const response = await fetch(`${api.baseUrl}/api/${integrationGoodsReceipts.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ since_id: since, limit: 500 }),
    });
    polls++;
    if (!response.ok) return [check('goods receipts: read by key', 200, response.status)];
    const page = (await response.json()) as { receipts: GoodsReceipt[]; more: boolean };
    receipts.push(...page.receipts);
    if (!page.more || page.receipts.length === 0) break;
    since = page.receipts.at(-1)!.id;
  }
  const latest = new Map<string, GoodsReceipt>();
  for (const r of receipts) latest.set(r.ticket.uuid, r);
  const owed = records.filter(
    (r) => r.uuid !== null && r.weighedIn !== null && r.weighedOut !== null && r.ending === 'finished',
  );
  const live = [...latest.values()].filter((r) => !r.cancelled);
  const missing = owed.filter((r) => !latest.has(r.uuid!)).map((r) => r.queueNumber ?? r.uuid!);
  const owedIds = new Set(owed.map((r) => r.uuid!));
  const extra = live.filter((r) => !owedIds.has(r.ticket.uuid)).map((r) => r.ticket.queue_number);
  const wrongNet = owed.filter((r) => {
    const receipt = latest.get(r.uuid!);
    return receipt && Math.abs(receipt.net_kg - Math.abs(r.weighedIn! - r.weighedOut!)) > 0.05;
  });
  console.log(
    `Goods receipts: ${receipts.length} read by key in ${polls} poll${polls === 1 ? '' : 's'} ` +
      `(${receipts.filter((r) => r.version > 1).length} corrections), ${owed.length} trucks weighed and finished.`,
  );
  return [
    check('goods receipts: one per truck weighed in and out and finished', owed.length, live.length),
    check('goods receipts: no truck weighed and finished without one', 0, missing.length),
    check('goods receipts: none for a truck rejected, voided or not weighed', 0, extra.length),
    check('goods receipts: each with the net it was weighed at', 0, wrongNet.length),
  ];
}

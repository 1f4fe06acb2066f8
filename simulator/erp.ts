import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWebhook } from '@truck-queue/shared/contracts/webhook.contract';
import type { WebhookEvent } from '@truck-queue/shared/integrations/webhooks';
import {
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from '../apps/server/src/test/fake-webhook-receiver.ts';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { TruckRecord } from './journey.ts';
import type { Officer } from './plant-setup.ts';

/** What the plant's ERP subscribes to: every ticket's day, and its goods receipts. */
const EVENTS: WebhookEvent[] = [
  'ticket.issued',
  'ticket.called',
  'ticket.lab_result',
  'ticket.weighed',
  'ticket.exited',
];

/**
 * The plant's ERP (issue 42): an https endpoint on this machine that the server trusts
 * (NODE_EXTRA_CA_CERTS) and may send to (WEBHOOK_PRIVATE_HOSTS), subscribed by the admin to
 * every ticket's events. At the end: did every truck that left arrive, each ticket's events in
 * the order they happened, signed, and how long after the change.
 */
export class Erp {
  private secret = '';
  private constructor(private readonly receiver: FakeWebhookReceiver) {}

  static async start(): Promise<Erp> {
    return new Erp(await startFakeWebhookReceiver());
  }

  /** What the server needs to send here. */
  serverEnv(): Record<string, string> {
    const certificate = path.join(mkdtempSync(path.join(os.tmpdir(), 'tq-sim-erp-')), 'erp.pem');
    writeFileSync(certificate, this.receiver.certificate);
    return { WEBHOOK_PRIVATE_HOSTS: this.receiver.host, NODE_EXTRA_CA_CERTS: certificate };
  }

  async subscribe(api: ApiClient, admin: Officer): Promise<void> {
    const made = await api.call(
      createWebhook,
      { name: 'ERP (simulated)', url: this.receiver.url('/erp/truck-queue'), events: EVENTS },
      admin,
    );
    this.secret = made.secret;
  }

  /** Waits (bounded) until every truck that left has its exit here, then checks what arrived. */
  async report(records: TruckRecord[]): Promise<Check[]> {
    const left = records.filter((r) => r.exited && r.uuid !== null).map((r) => r.uuid!);
    const received = this.receiver.received;
    const exitsOf = () =>
      new Set(
        received
          .filter((r) => r.event.type === 'ticket.exited')
          .map((r) => (r.event.data.ticket as { uuid: string }).uuid),
      );
    const deadline = Date.now() + 30_000;
    while (left.some((uuid) => !exitsOf().has(uuid)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    const exits = exitsOf();

    const byTicket = new Map<string, number[]>();
    const ids = new Set<string>();
    let duplicates = 0;
    let badSignatures = 0;
    const lags: number[] = [];
    for (const webhook of received) {
      if (ids.has(webhook.event.id)) duplicates += 1;
      ids.add(webhook.event.id);
      if (!this.receiver.verify(webhook, this.secret)) badSignatures += 1;
      lags.push(webhook.at - Date.parse(webhook.event.occurred_at));
      const uuid = (webhook.event.data.ticket as { uuid?: string } | undefined)?.uuid;
      if (uuid) byTicket.set(uuid, [...(byTicket.get(uuid) ?? []), Date.parse(webhook.event.occurred_at)]);
    }
    const outOfOrder = [...byTicket.values()].filter((times) =>
      times.some((t, i) => i > 0 && t < times[i - 1]!),
    ).length;
    const types = new Map<string, number>();
    for (const r of received) types.set(r.event.type, (types.get(r.event.type) ?? 0) + 1);
    lags.sort((a, b) => a - b);
    const mean = lags.length ? lags.reduce((a, b) => a + b, 0) / lags.length : 0;
    console.log(
      `ERP webhooks: ${received.length} events for ${byTicket.size} tickets (` +
        [...types].map(([type, n]) => `${type} ${n}`).join(', ') +
        `); from the change to the ERP (real time) mean ${(mean / 1000).toFixed(1)} s, ` +
        `95th ${((lags[Math.floor(lags.length * 0.95)] ?? 0) / 1000).toFixed(1)} s, longest ${((lags.at(-1) ?? 0) / 1000).toFixed(1)} s.`,
    );
    return [
      check(
        "every truck that left reached the ERP's webhook with its exit",
        left.length,
        left.filter((u) => exits.has(u)).length,
      ),
      check(
        "each ticket's webhooks reached the ERP in the order they happened (tickets out of order)",
        0,
        outOfOrder,
      ),
      check('every webhook signed with the endpoint secret (bad signatures)', 0, badSignatures),
      check('no webhook delivered twice in a run without failures', 0, duplicates),
    ];
  }

  /** How many ticket.exited events each ticket's uuid got. */
  exitCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.receiver.received) {
      if (r.event.type !== 'ticket.exited') continue;
      const uuid = (r.event.data.ticket as { uuid: string }).uuid;
      counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
    }
    return counts;
  }

  close(): Promise<void> {
    return this.receiver.close();
  }
}

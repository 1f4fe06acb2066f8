import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contracts from '@truck-queue/shared/contracts/webhook.contract';
import { WEBHOOK_HEADERS, WEBHOOK_RETRY_DELAYS_MS } from '@truck-queue/shared/integrations/webhooks';
import {
  alertRules,
  alerts,
  bookings,
  printJobs,
  suppliers,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema.ts';
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from '../../test/fake-webhook-receiver.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;
let receiver: FakeWebhookReceiver;
/** A second instance on the same database (another server behind the load balancer). */
let second: FastifyInstance;
let url: string;
let plates = 0;

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
  t = await createTestContext({ webhookPrivateHosts: [receiver.host] }, { webhookAgent: receiver.agent });
  plant = await createPlant(t);
  other = await createPlant(t, 'Other plant');
  second = await t.anotherInstance();
  url = await listen(t);
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  // Each test's endpoints start from nothing: the deliveries of the last test's are gone with them.
  await t.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.setDown(false);
  // What happened before a test's endpoint was made is never sent to it.
  t.clock.advance(1_000);
});

const admin = () => plant.officers.admin.session;
const TYPED = 'ตาชั่งขัดข้อง';
const ALL_TICKET_EVENTS = ['ticket.issued', 'ticket.called', 'ticket.weighed', 'ticket.exited'] as const;

async function subscribe(events: readonly string[] = ALL_TICKET_EVENTS, path = '/hooks') {
  const response = await t.post(
    contracts.createWebhook.path,
    { name: 'SAP', url: receiver.url(path), events },
    { session: admin() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ endpoint: contracts.WebhookEndpoint; secret: string }>();
}

/** Sessions end when the clock moves a day: the officers sign in again. */
async function signInAgain() {
  for (const officer of [plant.officers.admin, plant.officers.caller, plant.officers.security]) {
    officer.session = await t.signIn(officer.email, officer.password);
  }
}

/** What the webhooks do every two seconds where the server runs: look for events, send what is due. */
async function tick(app: FastifyInstance = t.app) {
  await app.webhooks.look();
  await app.webhooks.sendDue();
}

const weigh = (which: 'weighIn' | 'weighOut', queueNumber: string, weight: number) =>
  t.post(
    `process/weighing/${which}`,
    { queue_number: queueNumber, weight, reason: TYPED },
    { session: admin() },
  );

/** A truck's day at the plant: issued, weighed in, called, weighed out, out through the gate. */
async function truckDay() {
  plates += 1;
  const ticket = await issueTicket(t, plant, 'standard', `WH ${plates}`);
  expect((await weigh('weighIn', ticket.queue_number, 31_500)).statusCode).toBe(200);
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(
    await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
  ).toMatchObject({ status: 1 });
  expect(await emitAck(socket, 'doFinish', plant.branch.id, ticket.id)).toMatchObject({ status: 1 });
  socket.disconnect();
  expect((await weigh('weighOut', ticket.queue_number, 11_200)).statusCode).toBe(200);
  const exit = await t.post(
    'process/security/exitFactory',
    { queue_number: ticket.queue_number },
    { session: plant.officers.security.session },
  );
  expect(exit.statusCode, exit.body).toBe(200);
  return ticket;
}

const typesOf = (queueNumber?: string) =>
  receiver.received
    .filter(
      (r) =>
        !queueNumber ||
        (r.event.data.ticket as { queue_number?: string } | undefined)?.queue_number === queueNumber,
    )
    .map((r) => {
      const action = r.event.data.action as string | undefined;
      return action ? `${r.event.type}:${action}` : r.event.type;
    });

describe('webhook endpoints', () => {
  it('show their signing secret once and never list it', async () => {
    const { endpoint, secret } = await subscribe();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ name: 'SAP', active: true, pending: 0, failed: 0, last_sent_at: null });
    const { endpoints } = await t.call(contracts.listWebhooks, {}, admin());
    expect(endpoints).toEqual([endpoint]);
    expect(JSON.stringify(endpoints)).not.toContain(secret);
    // Another branch's admin neither sees nor changes it.
    expect((await t.call(contracts.listWebhooks, {}, other.officers.admin.session)).endpoints).toEqual([]);
    const theirs = await t.post(
      contracts.updateWebhook.path,
      { id: endpoint.id, name: 'x', url: receiver.url(), events: ['ticket.issued'], active: false },
      { session: other.officers.admin.session },
    );
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuse addresses the server must not send to, and save nothing', async () => {
    for (const bad of [
      'http://erp.example.com/hooks',
      'https://10.0.0.5/hooks',
      'https://192.168.1.20/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/hooks',
      'https://127.0.0.1:9/hooks',
      'https://[::1]/hooks',
      'https://user:pw@erp.example.com/hooks',
      'https://127.0.0.1;.example.com/x',
    ]) {
      const response = await t.post(
        contracts.createWebhook.path,
        { name: 'bad', url: bad, events: ['ticket.issued'] },
        { session: admin() },
      );
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'url' }] });
    }
    expect((await t.call(contracts.listWebhooks, {}, admin())).endpoints).toEqual([]);
  });
});

describe('a truck day by webhook', () => {
  it('arrives signed, in order, once, for the endpoint branch only', async () => {
    const before = await truckDay(); // before the endpoint: never sent
    t.clock.advance(1_000);
    const { secret } = await subscribe();
    const ticket = await truckDay();
    await issueTicket(t, other, 'standard', 'OTHER 1');
    await tick();

    expect(typesOf(before.queue_number)).toEqual([]);
    expect(typesOf()).toEqual([
      'ticket.issued:issue',
      'ticket.weighed:weigh_in',
      'ticket.called:call',
      'ticket.weighed:weigh_out',
      'ticket.exited:exit',
    ]);
    for (const webhook of receiver.received) {
      expect(receiver.verify(webhook, secret)).toBe(true);
      expect(receiver.verify(webhook, `${secret}x`)).toBe(false);
      expect(webhook.headers[WEBHOOK_HEADERS.event]).toBe(webhook.event.type);
      expect(webhook.headers[WEBHOOK_HEADERS.eventId]).toBe(webhook.event.id);
      expect(webhook.event.branch_id).toBe(plant.branch.id);
    }
    const weighedOut = receiver.received[3]!.event.data;
    expect(weighedOut).toMatchObject({
      state: expect.any(String),
      ticket: {
        queue_number: ticket.queue_number,
        uuid: ticket.uuid,
        weigh_in_kg: 31_500,
        weigh_out_kg: 11_200,
        net_kg: 20_300,
      },
    });
    expect(receiver.received[2]!.event.data.station).toBe(plant.stations.standardCall.name);

    // Looked at again, on another instance too: nothing twice.
    await tick(second);
    await tick();
    expect(receiver.received).toHaveLength(5);
  });

  it('holds a ticket later events until the earlier one is delivered, and retries with back-off', async () => {
    await subscribe();
    plates += 1;
    const first = await issueTicket(t, plant, 'standard', `WH ${plates}`);
    await t.app.webhooks.look();
    // The issue is refused once; the weigh-in after it must wait for it.
    receiver.respond(500);
    expect(await t.app.webhooks.sendDue()).toBe(0);
    expect((await weigh('weighIn', first.queue_number, 30_000)).statusCode).toBe(200);
    plates += 1;
    const another = await issueTicket(t, plant, 'standard', `WH ${plates}`);
    await tick();
    expect(typesOf(first.queue_number)).toEqual([]);
    expect(typesOf(another.queue_number)).toEqual(['ticket.issued:issue']);

    const { endpoints } = await t.call(contracts.listWebhooks, {}, admin());
    const log = await t.call(
      contracts.webhookDeliveries,
      { id: endpoints[0]!.id, status: 'pending' },
      admin(),
    );
    expect(log.deliveries.map((d) => [d.type, d.attempts, d.waiting, d.last_status])).toEqual([
      ['ticket.weighed', 0, true, null],
      ['ticket.issued', 1, false, 500],
    ]);
    expect(log.deliveries[1]!.last_error).toContain('500');

    // Not before its retry is due.
    t.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0] - 1_000);
    await tick();
    expect(typesOf(first.queue_number)).toEqual([]);
    t.clock.advance(1_000);
    await tick();
    expect(typesOf(first.queue_number)).toEqual(['ticket.issued:issue', 'ticket.weighed:weigh_in']);
  });

  it('gives up after the last retry, and a replay since the outage delivers everything in order', async () => {
    const { endpoint } = await subscribe();
    const outageFrom = t.clock.now();
    receiver.setDown(true);
    const ticket = await truckDay();
    await tick();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      await tick();
    }
    expect(receiver.received).toEqual([]);
    await signInAgain();
    const [listed] = (await t.call(contracts.listWebhooks, {}, admin())).endpoints;
    expect(listed).toMatchObject({ failed: 1, pending: 4 });
    const failed = await t.call(contracts.webhookDeliveries, { id: endpoint.id, status: 'failed' }, admin());
    expect(failed.deliveries).toEqual([
      expect.objectContaining({
        type: 'ticket.issued',
        attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
        last_status: 503,
        next_attempt_at: null,
      }),
    ]);

    // The endpoint is back; the admin replays from the moment it went down.
    receiver.setDown(false);
    const replay = await t.call(
      contracts.replayWebhook,
      { id: endpoint.id, since: outageFrom.toISOString() },
      admin(),
    );
    expect(replay.replayed).toBe(5);
    await tick();
    expect(typesOf(ticket.queue_number)).toEqual([
      'ticket.issued:issue',
      'ticket.weighed:weigh_in',
      'ticket.called:call',
      'ticket.weighed:weigh_out',
      'ticket.exited:exit',
    ]);
    // One delivery replayed again: the same event (its id), sent once more.
    const sent = await t.call(contracts.webhookDeliveries, { id: endpoint.id, status: 'sent' }, admin());
    const last = sent.deliveries[0]!;
    expect(
      (await t.call(contracts.replayWebhook, { id: endpoint.id, delivery_id: last.id }, admin())).replayed,
    ).toBe(1);
    await tick();
    expect(receiver.received.at(-1)!.event.id).toBe(String(last.event_id));
    expect(
      await t.post(
        contracts.replayWebhook.path,
        { id: endpoint.id, delivery_id: 999_999 },
        { session: admin() },
      ),
    ).toMatchObject({ statusCode: 404 });
  });

  it('sends nothing to a paused endpoint, keeps its events, and sends them when resumed', async () => {
    const { endpoint } = await subscribe(['ticket.issued']);
    const { id, name, url: address, events } = endpoint;
    await t.call(contracts.updateWebhook, { id, name, url: address, events, active: false }, admin());
    plates += 1;
    await issueTicket(t, plant, 'standard', `WH ${plates}`);
    await tick();
    expect(receiver.received).toEqual([]);
    expect((await t.call(contracts.listWebhooks, {}, admin())).endpoints[0]).toMatchObject({ pending: 1 });
    await t.call(contracts.updateWebhook, { id, name, url: address, events, active: true }, admin());
    await tick();
    expect(typesOf()).toEqual(['ticket.issued:issue']);
  });

  it('are sent once when two instances send at the same moment', async () => {
    await subscribe(['ticket.issued']);
    for (let i = 0; i < 6; i++) {
      plates += 1;
      await issueTicket(t, plant, 'standard', `WH ${plates}`);
    }
    await t.app.webhooks.look();
    await Promise.all([t.app.webhooks.sendDue(), second.webhooks.sendDue()]);
    const ids = receiver.received.map((r) => r.event.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });
});

describe('other events', () => {
  it('send a slip, a booking change and an alert raised', async () => {
    await subscribe(['ticket.slip', 'booking.changed', 'alert.raised']);
    plates += 1;
    const ticket = await issueTicket(t, plant, 'standard', `WH ${plates}`);
    const now = t.clock.now();
    await t.db.insert(printJobs).values({
      queueId: ticket.id,
      branchId: plant.branch.id,
      kind: 'slip',
      target: 'browser',
      state: 'browser',
      created: now,
    });
    const [supplier] = await t.db
      .insert(suppliers)
      .values({ branchId: plant.branch.id, code: 'S001', codeKey: 'S001', name: 'ไร่สมศรี', kind: 'grower' })
      .returning();
    const [booking] = await t.db
      .insert(bookings)
      .values({
        branchId: plant.branch.id,
        code: 'BK7Q2M',
        supplierId: supplier!.id,
        productId: plant.products.starch.id,
        branchQueueTypeId: plant.types.standard.id,
        day: '2026-11-21',
        windowStart: '08:00',
        windowEnd: '09:00',
        startsAt: new Date('2026-11-21T01:00:00Z'),
        endsAt: new Date('2026-11-21T02:00:00Z'),
        source: 'office',
        created: now,
      })
      .returning();
    const [rule] = await t.db
      .insert(alertRules)
      .values({ branchId: plant.branch.id, kind: 'waiting_call', thresholdMinutes: 30 })
      .returning();
    await t.db.insert(alerts).values({
      branchId: plant.branch.id,
      ruleId: rule!.id,
      subject: `queue:${ticket.id}`,
      queueId: ticket.id,
      since: now,
      raisedAt: now,
    });
    await tick();
    expect(receiver.received.map((r) => r.event.type).sort()).toEqual([
      'alert.raised',
      'booking.changed',
      'ticket.slip',
    ]);
    const byType = Object.fromEntries(receiver.received.map((r) => [r.event.type, r.event.data]));
    expect(byType['ticket.slip']).toMatchObject({ ticket: { queue_number: ticket.queue_number } });
    expect(byType['booking.changed']).toMatchObject({
      change: 'booked',
      booking: { code: 'BK7Q2M', supplier: { code: 'S001' } },
    });
    expect(byType['alert.raised']).toMatchObject({
      alert: { kind: 'waiting_call', queue_number: ticket.queue_number },
    });

    // Cancelled later: another event for the booking.
    t.clock.advance(60_000);
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: t.clock.now() })
      .where(eq(bookings.id, booking!.id));
    await tick();
    expect(receiver.received.at(-1)!.event.data).toMatchObject({
      change: 'cancelled',
      booking: { status: 'cancelled' },
    });
  });
});

describe('the ERP goods receipt', () => {
  it("goes after the ticket's weigh-out and exit, with the slip's figures", async () => {
    await subscribe(['ticket.weighed', 'ticket.exited', 'goods_receipt']);
    const ticket = await truckDay();
    await t.app.goodsReceipts.scan();
    await tick();
    expect(typesOf(ticket.queue_number)).toEqual([
      'ticket.weighed:weigh_in',
      'ticket.weighed:weigh_out',
      'ticket.exited:exit',
    ]);
    // Earlier tests' finished trucks get their receipts in this scan too: this truck's is the one.
    const ofTicket = receiver.received.filter(
      (r) =>
        r.event.type !== 'goods_receipt' ||
        (r.event.data.receipt as { ticket: { uuid: string } }).ticket.uuid === ticket.uuid,
    );
    const receipt = ofTicket.find((r) => r.event.type === 'goods_receipt')!;
    expect(receipt.event.data.receipt).toMatchObject({
      version: 1,
      corrects: null,
      cancelled: false,
      ticket: { uuid: ticket.uuid, queue_number: ticket.queue_number },
    });
    // In its ticket's order: after the weigh-out it comes from.
    const order = ofTicket.map((r) => r.event.type);
    expect(order.indexOf('goods_receipt')).toBeGreaterThan(order.indexOf('ticket.weighed'));
  });
});

describe('the test send and the secret', () => {
  it('pings the endpoint and says what it answered; a rotated secret signs what follows', async () => {
    const { endpoint, secret } = await subscribe(['ticket.issued']);
    const ok = await t.call(contracts.testWebhook, { id: endpoint.id }, admin());
    expect(ok).toMatchObject({ delivered: true, http_status: 200, error: null });
    expect(receiver.received.at(-1)!.event.type).toBe('ping');
    expect(receiver.verify(receiver.received.at(-1)!, secret)).toBe(true);

    receiver.setDown(true);
    const down = await t.call(contracts.testWebhook, { id: endpoint.id }, admin());
    expect(down).toMatchObject({ delivered: false, http_status: 503 });
    expect(down.error).toContain('503');
    receiver.setDown(false);

    const { secret: rotated } = await t.call(contracts.rotateWebhookSecret, { id: endpoint.id }, admin());
    expect(rotated).not.toBe(secret);
    await t.call(contracts.testWebhook, { id: endpoint.id }, admin());
    const last = receiver.received.at(-1)!;
    expect(receiver.verify(last, rotated)).toBe(true);
    expect(receiver.verify(last, secret)).toBe(false);

    // A month on, the log is pruned: what was delivered, and the events nothing needs.
    t.clock.advance(31 * 24 * 60 * 60_000);
    await t.app.webhooks.prune();
    await signInAgain();
    expect((await t.call(contracts.webhookDeliveries, { id: endpoint.id }, admin())).deliveries).toEqual([]);
    expect(await t.db.$count(webhookEvents)).toBe(0);

    await t.call(contracts.deleteWebhook, { id: endpoint.id }, admin());
    expect((await t.call(contracts.listWebhooks, {}, admin())).endpoints).toEqual([]);
  });
});

describe('what the review found', () => {
  it('sends a slip printed before a weigh-in first, when one look reads both', async () => {
    await subscribe(['ticket.slip', 'ticket.weighed']);
    plates += 1;
    const ticket = await issueTicket(t, plant, 'standard', `WH ${plates}`);
    await t.db.insert(printJobs).values({
      queueId: ticket.id,
      branchId: plant.branch.id,
      kind: 'slip',
      target: 'browser',
      state: 'browser',
      created: t.clock.now(),
    });
    t.clock.advance(60_000);
    expect((await weigh('weighIn', ticket.queue_number, 30_000)).statusCode).toBe(200);
    await tick();
    expect(receiver.received.map((r) => r.event.type)).toEqual(['ticket.slip', 'ticket.weighed']);
  });

  it("stamps a change whose clock was read before the ticket's last change after it, so it arrives in order", async () => {
    // CI's day (×1440): a weigh-in read its clock, waited for the database while the call wrote,
    // and was stamped seconds before the call it followed: the ERP saw the ticket go back in time.
    await subscribe();
    plates += 1;
    const ticket = await issueTicket(t, plant, 'standard', `WH ${plates}`);
    t.clock.advance(60_000);
    expect((await weigh('weighIn', ticket.queue_number, 30_000)).statusCode).toBe(200);
    t.clock.advance(-30_000); // the next change's clock, read before the weigh-in was written
    const exit = await t.post(
      'process/security/exitFactory',
      { queue_number: ticket.queue_number, confirm_unfinished: true },
      { session: plant.officers.security.session },
    );
    expect(exit.statusCode, exit.body).toBe(200);
    t.clock.advance(30_000);
    await tick();
    const times = receiver.received.map((r) => Date.parse(r.event.occurred_at));
    expect(receiver.received.map((r) => r.event.type)).toEqual([
      'ticket.issued',
      'ticket.weighed',
      'ticket.exited',
    ]);
    expect(times[2]).toBeGreaterThanOrEqual(times[1]!);
  });

  it('keeps what another instance delivered when a sender whose lease ran out answers late', async () => {
    const { endpoint } = await subscribe(['ticket.issued']);
    const repo = createWebhooksRepository(t.db);
    plates += 1;
    await issueTicket(t, plant, 'standard', `WH ${plates}`);
    await t.app.webhooks.look();
    const [slow] = await repo.claimDue(t.clock.now(), 1, { endpointId: endpoint.id });
    t.clock.advance(61_000);
    const [again] = await repo.claimDue(t.clock.now(), 1, { endpointId: endpoint.id });
    expect(again!.id).toBe(slow!.id);
    const sent = { ok: true, status: 200, failure: null, error: null, ms: 5 };
    const late = { ok: false, status: null, failure: 'timeout', error: 'no answer', ms: 70_000 };
    expect(await repo.attempted(again!, t.clock.now(), sent, null)).toBe(true);
    expect(await repo.attempted(slow!, t.clock.now(), late, null)).toBe(false);
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, slow!.id));
    expect(row).toMatchObject({ status: 'sent', lastStatus: 200, attempts: 1 });
  });

  it('refuses to send again from a moment the log cannot hold, saying so', async () => {
    const { endpoint } = await subscribe(['ticket.issued']);
    const day = 24 * 60 * 60_000;
    for (const since of [
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
      new Date(t.clock.now().getTime() - 31 * day).toISOString(),
      new Date(t.clock.now().getTime() + day).toISOString(),
    ]) {
      const response = await t.post(
        contracts.replayWebhook.path,
        { id: endpoint.id, since },
        { session: admin() },
      );
      expect(response.statusCode, since).toBe(400);
      expect(response.json(), since).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'since' }],
      });
    }
  });

  it('sends no test to a paused endpoint, and queues nothing for later', async () => {
    const { endpoint } = await subscribe(['ticket.issued']);
    const { id, name, url: address, events } = endpoint;
    await t.call(contracts.updateWebhook, { id, name, url: address, events, active: false }, admin());
    expect(await t.call(contracts.testWebhook, { id }, admin())).toMatchObject({
      delivered: false,
      failure: 'paused',
    });
    await t.call(contracts.updateWebhook, { id, name, url: address, events, active: true }, admin());
    await tick();
    expect(receiver.received).toEqual([]);
    expect((await t.call(contracts.webhookDeliveries, { id }, admin())).deliveries).toEqual([]);
  });
});

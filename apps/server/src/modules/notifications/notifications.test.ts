import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationsOverview,
  saveNotifySettings,
  type NotifyOptions,
} from '@truck-queue/shared/contracts/notification.contract';
import { driverSubscriptions, notificationDeliveries, officerQueueTypes, queues } from '../../db/schema.ts';
import {
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '../../test/fake-push-service.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addQueueType, createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { MAX_PUSH_PER_TICKET } from './notifications.service.ts';
import { periodDashboardByQueueType } from '@truck-queue/shared/contracts/report.contract';
import { ANONYMISED_PLATE } from './retention.ts';
import { WEB_PUSH_TTL_SECONDS } from './web-push.channel.ts';

/**
 * A driver follows his ticket with Web Push (issue 21): his page offers it after the privacy
 * notice, the server tells him when N trucks are ahead, when he is called (with the station) and
 * when the lab's result is out, in his page's language, and nothing once he left. Through the
 * real sender to a stand-in push service that decrypts what it gets (RFC 8291).
 */

const DAY = 86_400_000;
let t: TestContext;
let plant: Plant;
let push: FakePushService;
let socket: Socket;
let plates = 0;

let url: string;

/** A plant of its own for a group of tests: its lines hold only their trucks. */
async function newPlant(name: string) {
  plant = await createPlant(t, name);
  socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
}

beforeAll(async () => {
  push = await startFakePushService();
  t = await createTestContext({ pushServiceHosts: [push.host] }, { webPushAgent: push.agent });
  url = await listen(t);
  await newPlant('Notify plant');
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await push.close();
});

const issue = async (type: 'standard' | 'lab' = 'standard') => {
  const plate = `NT ${String(++plates).padStart(3, '0')}`;
  return { ...(await issueTicket(t, plant, type, plate)), plate };
};
const options = async (uuid: string, endpoint?: string) => {
  const response = await t.post('process/user/notifyOptions', {
    queue_number_id: uuid,
    ...(endpoint ? { endpoint } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ options: NotifyOptions }>().options;
};
const subscribe = (
  uuid: string,
  subscription: FakeSubscription,
  choice = { ahead: 3 as number | null, called: true, lab: true },
  language = 'th',
) =>
  t.post('process/user/subscribePush', {
    queue_number_id: uuid,
    subscription,
    choice,
    language,
    consent: true,
  });
const call = async (id: number, stationId = plant.stations.standardCall.id) =>
  expect(await emitAck(socket, 'doCalling', plant.branch.id, id, stationId)).toEqual({ status: 1 });
/** What the stand-in push service decrypted for one browser: title and body. */
const told = async (subscription: FakeSubscription) => {
  await t.app.notifier.settle();
  return push.of(subscription).map((m) => {
    const { title, body } = m as { title: string; body: string };
    return `${title} | ${body}`;
  });
};

describe("the driver's notify-me options", () => {
  it('offer the privacy notice, the Web Push key, no LINE without an account, and nothing for an unknown ticket', async () => {
    const ticket = await issue();
    const admin = plant.officers.admin.session;
    await t.call(
      saveNotifySettings,
      {
        privacy_notice: 'โรงงานเก็บข้อมูลการแจ้งเตือน 30 วัน',
        contact_retention_days: 30,
        plate_retention_days: 400,
      },
      admin,
    );
    const offered = await options(ticket.uuid);
    expect(offered).toMatchObject({
      privacy_notice: 'โรงงานเก็บข้อมูลการแจ้งเตือน 30 วัน',
      retention_days: 30,
      line: null,
      subscription: null,
      line_linked: false,
      ended: false,
    });
    expect(offered.web_push?.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const unknown = await t.post('process/user/notifyOptions', {
      queue_number_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuse a subscription without consent, to an unknown push service, or with keys that are not keys', async () => {
    const ticket = await issue();
    const browser = push.subscribe();
    const noConsent = await t.post('process/user/subscribePush', {
      queue_number_id: ticket.uuid,
      subscription: browser,
      choice: { ahead: 3, called: true, lab: false },
      language: 'th',
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    const elsewhere = await subscribe(ticket.uuid, {
      ...browser,
      endpoint: 'https://10.0.0.5/wpush/abc',
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ reason: 'PUSH_SERVICE_NOT_ALLOWED' });
    const badKeys = await subscribe(ticket.uuid, { ...browser, keys: { ...browser.keys, auth: '!!' } });
    expect(badKeys.statusCode).toBe(400);
    // The right length, but not a point of P-256: nothing could ever be encrypted for it.
    const notAPoint = await subscribe(ticket.uuid, {
      ...browser,
      keys: { ...browser.keys, p256dh: `BA${'A'.repeat(85)}` },
    });
    expect(notAPoint.statusCode).toBe(400);
    expect(notAPoint.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const plainHttp = await subscribe(ticket.uuid, {
      ...browser,
      endpoint: browser.endpoint.replace('https:', 'http:'),
    });
    expect(plainHttp.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.queueId, ticket.id));
    expect(rows).toEqual([]);
  });

  it('take a few browsers per ticket, not a crowd', async () => {
    const ticket = await issue();
    for (let i = 0; i < MAX_PUSH_PER_TICKET; i++)
      expect((await subscribe(ticket.uuid, push.subscribe())).statusCode).toBe(200);
    const one = await subscribe(ticket.uuid, push.subscribe());
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({ reason: 'TOO_MANY_FOLLOWERS' });
  });
});

describe('what a following driver is told', () => {
  beforeAll(() => newPlant('Told plant'));
  it('"3 ahead" once, then "called" with the station, in Thai; nothing after he left', async () => {
    const line = [await issue(), await issue(), await issue(), await issue(), await issue()];
    const mine = line[4]!;
    const phone = push.subscribe();
    expect((await subscribe(mine.uuid, phone)).statusCode).toBe(200);
    expect(await options(mine.uuid, phone.endpoint)).toMatchObject({
      subscription: { ahead: 3, called: true, lab: true },
    });
    // Four ahead: nothing yet.
    expect(await told(phone)).toEqual([]);
    await call(line[0]!.id);
    expect(await told(phone)).toEqual([
      `ใกล้ถึงคิว ${mine.queue_number} แล้ว | อีก 3 คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม`,
    ]);
    // Told once: the next call brings nothing new.
    await call(line[1]!.id);
    await call(line[2]!.id);
    await call(line[3]!.id);
    expect(await told(phone)).toHaveLength(1);
    await call(mine.id);
    expect((await told(phone))[1]).toBe(`เรียกคิว ${mine.queue_number} แล้ว | เชิญที่ ช่องขึ้นสินค้า 1`);
    // Signed with the key his page subscribed with; "ahead" kept two hours at normal urgency, the call high.
    const [ahead, called] = push.received.filter((r) => r.endpoint === phone.endpoint);
    expect(ahead).toMatchObject({
      vapidKey: (await options(mine.uuid)).web_push!.public_key,
      urgency: 'normal',
      ttl: WEB_PUSH_TTL_SECONDS,
    });
    expect(called!.urgency).toBe('high');

    // He leaves: the subscription ends, and a call of the next truck tells him nothing.
    const exit = await t.post(
      'process/security/exitFactory',
      { uuid: mine.uuid, confirm_unfinished: true },
      { session: plant.officers.security.session },
    );
    expect(exit.statusCode).toBe(200);
    await t.app.notifier.settle();
    const [row] = await t.db
      .select()
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.queueId, mine.id));
    expect(row).toMatchObject({ endReason: 'exit' });
    expect(row!.endedAt).not.toBeNull();
    expect(await options(mine.uuid, phone.endpoint)).toMatchObject({
      ended: true,
      web_push: null,
      subscription: null,
    });
    expect((await subscribe(mine.uuid, push.subscribe())).json()).toMatchObject({ reason: 'ALREADY_LEFT' });
  });

  it('follows his ticket into the line an officer moved it to, and tells him there', async () => {
    await newPlant('Notify transfer plant');
    // A second line of the standard flow, that the caller calls too.
    const other = await addQueueType(t, plant, 'ส่งสินค้าทั่วไป', 'D', plant.products.starch.id);
    await t.db
      .insert(officerQueueTypes)
      .values({ officerId: plant.officers.caller.id, branchQueueTypeId: other.id });
    const issueInOther = async (plate: string) => {
      const answer = await t.post(
        'process/printer/issueQueue',
        { id_branchQT: other.id, product: plant.products.starch.id, truck_license: plate },
        { session: plant.officers.caller.session },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const { uuid } = answer.json<{ queue: { uuid: string } }>().queue;
      return (await t.db.select().from(queues).where(eq(queues.uuid, uuid)))[0]!;
    };
    const ahead = [await issueInOther('NT 901'), await issueInOther('NT 902'), await issueInOther('NT 903')];
    // Two trucks before him in his own line; he asked to hear when one is left.
    await issue();
    await issue();
    const mine = await issue();
    const phone = push.subscribe();
    expect((await subscribe(mine.uuid, phone, { ahead: 1, called: true, lab: false })).statusCode).toBe(200);
    expect(await told(phone)).toEqual([]);
    // Moved behind three trucks of the other line: two of them called, one is left.
    expect(await emitAck(socket, 'doTransfer', plant.branch.id, mine.id, other.id)).toEqual({ status: 1 });
    await call(ahead[0]!.id);
    expect(await told(phone)).toEqual([]);
    await call(ahead[1]!.id);
    const [moved] = await t.db.select().from(queues).where(eq(queues.id, mine.id));
    expect(await told(phone)).toEqual([
      `ใกล้ถึงคิว ${moved!.queueNumber} แล้ว | อีก 1 คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม`,
    ]);
  });

  it("tells a lab truck's driver its result in English when his page was in English, and only what he asked for", async () => {
    const ticket = await issue('lab');
    const phone = push.subscribe();
    expect(
      (await subscribe(ticket.uuid, phone, { ahead: null, called: false, lab: true }, 'en')).statusCode,
    ).toBe(200);
    const lab = { session: plant.officers.lab.session };
    expect((await t.post('process/example/accept', { uuid: ticket.uuid }, lab)).statusCode).toBe(200);
    expect((await t.post('process/example/completed', { uuid: ticket.uuid }, lab)).statusCode).toBe(200);
    // Sent to recheck: sample 2's result is news again.
    expect(await emitAck(socket, 'doRecheck', plant.branch.id, ticket.id, plant.stations.recheck.id)).toEqual(
      { status: 1 },
    );
    expect((await t.post('process/example/accept', { uuid: ticket.uuid }, lab)).statusCode).toBe(200);
    expect((await t.post('process/example/completed', { uuid: ticket.uuid }, lab)).statusCode).toBe(200);
    await call(ticket.id, plant.stations.labCall.id);
    const out = `Lab result for ${ticket.queue_number} is out | Open your queue page to see it and what comes next.`;
    expect(await told(phone)).toEqual([out, out]);
  });

  it('tells him at once when the line is already short, and stops when he asks', async () => {
    const first = await issue();
    const phone = push.subscribe();
    expect(
      (await subscribe(first.uuid, phone, { ahead: 2, called: true, lab: false }, 'de')).statusCode,
    ).toBe(200);
    expect((await told(phone))[0]).toMatch(/^Nummer .* ist als Nächstes dran|^Nummer .* ist bald dran/);
    const stopped = await t.post('process/user/unsubscribePush', {
      queue_number_id: first.uuid,
      endpoint: phone.endpoint,
    });
    expect(stopped.json()).toMatchObject({ options: { subscription: null } });
    await call(first.id);
    expect(await told(phone)).toHaveLength(1);
  });

  it('retries a push service that is busy, and ends a subscription the browser dropped', async () => {
    const first = await issue();
    const second = await issue();
    const busy = push.subscribe();
    const dropped = push.subscribe();
    expect((await subscribe(first.uuid, busy, { ahead: null, called: true, lab: false })).statusCode).toBe(
      200,
    );
    expect(
      (await subscribe(second.uuid, dropped, { ahead: null, called: true, lab: false })).statusCode,
    ).toBe(200);
    push.respond({ status: 503, retryAfter: '1' });
    await call(first.id);
    expect(await told(busy)).toEqual([]);
    const [waiting] = await t.db
      .select()
      .from(notificationDeliveries)
      .innerJoin(driverSubscriptions, eq(driverSubscriptions.id, notificationDeliveries.subscriptionId))
      .where(eq(driverSubscriptions.queueId, first.id));
    expect(waiting!.notification_deliveries).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.notification_deliveries.lastError).toMatch(/503/);
    // Its retry is due after 10 s.
    t.clock.advance(11_000);
    expect(await told(busy)).toHaveLength(1);

    push.expire(dropped);
    await call(second.id);
    await t.app.notifier.settle();
    const [row] = await t.db
      .select()
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.queueId, second.id));
    expect(row).toMatchObject({ endReason: 'gone' });

    const overview = await t.call(notificationsOverview, {}, plant.officers.admin.session);
    expect(
      overview.failures.some((f) => f.queue_number === second.queue_number && f.next_attempt_at === null),
    ).toBe(true);
    expect(overview.months[0]).toMatchObject({ channel: 'web_push' });
    expect(overview.months[0]!.sent).toBeGreaterThan(0);
    expect(overview.line_configured).toBe(false);
  });
});

describe('the retention job', () => {
  beforeAll(async () => {
    await newPlant('Retention plant');
    await t.call(
      saveNotifySettings,
      { privacy_notice: '', contact_retention_days: 30, plate_retention_days: 400 },
      plant.officers.admin.session,
    );
  });
  it("erases drivers' contact data and old plates past the branch's periods, and the reports still count the trucks", async () => {
    const old = await issue();
    expect((await subscribe(old.uuid, push.subscribe())).statusCode).toBe(200);
    const countBefore = (await t.db.select().from(queues).where(eq(queues.branchId, plant.branch.id))).length;
    // 31 days on: the branch keeps contact data 30 days (set above), plates 400.
    t.clock.advance(31 * DAY);
    const result = await t.app.retention.run();
    expect(result.subscriptions).toBeGreaterThan(0);
    expect(
      await t.db.select().from(driverSubscriptions).where(eq(driverSubscriptions.queueId, old.id)),
    ).toEqual([]);
    const [still] = await t.db.select().from(queues).where(eq(queues.id, old.id));
    expect(still!.truckLicense).toBe(old.plate);

    // The branch's dashboard over the ticket's day, before and after its plates are gone.
    const day = (await t.db.select().from(queues).where(eq(queues.id, old.id)))[0]!.queueDate;
    const { email, password } = plant.officers.admin;
    // A year on, the admin signs in again.
    const dashboard = async () =>
      t.call(
        periodDashboardByQueueType,
        { find_start: day, find_finish: day },
        await t.signIn(email, password),
      );
    const before = await dashboard();
    t.clock.advance(370 * DAY);
    expect((await t.app.retention.run()).plates).toBeGreaterThan(0);
    expect(await dashboard()).toEqual(before);
    const rows = await t.db.select().from(queues).where(eq(queues.branchId, plant.branch.id));
    expect(rows).toHaveLength(countBefore);
    expect(rows.every((r) => r.truckLicense === ANONYMISED_PLATE)).toBe(true);
    expect(
      await t.db
        .select()
        .from(queues)
        .where(and(eq(queues.truckLicense, old.plate))),
    ).toEqual([]);
    // Once a site day, whichever instance claims it.
    expect(await t.app.retention.runIfDue()).toBe(true);
    expect(await t.app.retention.runIfDue()).toBe(false);
    t.clock.advance(DAY);
    expect(await t.app.retention.runIfDue()).toBe(true);
  });
});

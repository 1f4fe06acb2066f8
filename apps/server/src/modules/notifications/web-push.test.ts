import https from 'node:https';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyOptions } from '@truck-queue/shared/contracts/notification.contract';
import { driverSubscriptions } from '../../db/schema.ts';
import {
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '../../test/fake-push-service.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * Web Push through the real flow (issue 21): a driver subscribes from his page with a browser
 * of the fake push service's, officers call the trucks ahead of him, and what the fake decrypts
 * is what he would read: "N ahead" once, "called" with the station, the lab's result, in the
 * language he subscribed in; after the exit, nothing more.
 */

let t: TestContext;
let plant: Plant;
let push: FakePushService;
let caller: Socket;
const systemCa = https.globalAgent.options.ca;

beforeAll(async () => {
  push = await startFakePushService();
  // The server's sender posts with the default TLS agent: it trusts the fake's certificate here.
  https.globalAgent.options.ca = push.certificate;
  t = await createTestContext({ pushServiceHosts: [push.host] });
  plant = await createPlant(t, 'Push plant');
  caller = await staffSocket(await listen(t), {
    session: plant.officers.caller.session,
    apiKey: t.config.apiKey,
  });
  expect(await emitAck(caller, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await push.close();
  https.globalAgent.options.ca = systemCa;
});

let plates = 0;
const issue = (type: 'standard' | 'lab' = 'standard') =>
  issueTicket(t, plant, type, `PUSH ${String(++plates).padStart(3, '0')}`);

async function call(id: number, station = plant.stations.standardCall.id) {
  expect(await emitAck(caller, 'doCalling', plant.branch.id, id, station)).toEqual({ status: 1 });
  await t.app.notifier.settle();
}

async function subscribe(
  uuid: string,
  browser: FakeSubscription,
  choice: { ahead: number | null; called: boolean; lab: boolean },
  language: string,
) {
  const response = await t.post('process/user/subscribePush', {
    queue_number_id: uuid,
    subscription: browser,
    choice,
    language,
    consent: true,
  });
  return response;
}

const messages = (browser: FakeSubscription) =>
  push.of(browser) as { title: string; body: string; url: string; tag: string }[];

describe('Web Push through the real flow', () => {
  it('tells an English driver once at 3 ahead, then his call with the station, and nothing after the exit', async () => {
    const ahead = [await issue(), await issue(), await issue(), await issue(), await issue()];
    const mine = await issue();
    const browser = push.subscribe();

    const before = await t.post('process/user/notifyOptions', { queue_number_id: mine.uuid });
    const offered = before.json<{ options: NotifyOptions }>().options;
    expect(offered).toMatchObject({ subscription: null, ended: false, line: null });
    expect(offered.web_push?.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const subscribed = await subscribe(mine.uuid, browser, { ahead: 3, called: true, lab: false }, 'en');
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json<{ options: NotifyOptions }>().options.subscription).toEqual({
      ahead: 3,
      called: true,
      lab: false,
    });
    await t.app.notifier.settle();
    expect(messages(browser)).toEqual([]);

    await call(ahead[0]!.id);
    expect(messages(browser)).toEqual([]);
    await call(ahead[1]!.id);
    expect(messages(browser)).toEqual([
      {
        title: `Queue ${mine.queue_number} is coming up`,
        body: '3 trucks to go before yours. Please get ready.',
        url: expect.stringContaining(`/Queue/data/${mine.uuid}`),
        tag: `queue-${mine.queue_number}`,
      },
    ]);
    // Signed with the key the page subscribed with, normal urgency, kept two hours.
    const [first] = push.received.filter((r) => r.endpoint === browser.endpoint);
    expect(first).toMatchObject({ vapidKey: offered.web_push!.public_key, urgency: 'normal', ttl: 7200 });

    // Two ahead, one ahead: told once only.
    await call(ahead[2]!.id);
    await call(ahead[3]!.id);
    expect(messages(browser)).toHaveLength(1);

    await call(mine.id);
    expect(messages(browser)).toHaveLength(2);
    expect(messages(browser)[1]).toMatchObject({
      title: `Queue ${mine.queue_number} is called`,
      body: `Please go to ${plant.stations.standardCall.name}.`,
    });
    expect(push.received.filter((r) => r.endpoint === browser.endpoint)[1]!.urgency).toBe('high');

    const exit = await t.post(
      'process/security/exitFactory',
      { uuid: mine.uuid, confirm_unfinished: true },
      { session: plant.officers.security.session },
    );
    expect(exit.statusCode).toBe(200);
    await t.app.notifier.settle();
    const [row] = await t.db
      .select({ endedAt: driverSubscriptions.endedAt })
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.endpoint, browser.endpoint));
    expect(row!.endedAt).not.toBeNull();

    // Calls go on; he hears nothing more, and cannot subscribe again.
    await call(ahead[4]!.id);
    expect(messages(browser)).toHaveLength(2);
    const again = await subscribe(mine.uuid, browser, { ahead: 3, called: true, lab: false }, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ reason: string }>().reason).toBe('ALREADY_LEFT');
    const after = await t.post('process/user/notifyOptions', {
      queue_number_id: mine.uuid,
      endpoint: browser.endpoint,
    });
    expect(after.json<{ options: NotifyOptions }>().options).toMatchObject({
      ended: true,
      subscription: null,
      web_push: null,
    });
  });

  it("tells a Thai driver of a lab truck when the lab's result is out", async () => {
    const mine = await issue('lab');
    const browser = push.subscribe();
    expect(
      (await subscribe(mine.uuid, browser, { ahead: null, called: true, lab: true }, 'th')).statusCode,
    ).toBe(200);

    const lab = (path: string) =>
      t.post(`process/example/${path}`, { uuid: mine.uuid }, { session: plant.officers.lab.session });
    expect((await lab('accept')).statusCode).toBe(200);
    await t.app.notifier.settle();
    expect(messages(browser)).toEqual([]);
    expect((await lab('completed')).statusCode).toBe(200);
    await t.app.notifier.settle();
    expect(messages(browser)).toEqual([
      expect.objectContaining({
        title: `ผลแล็บคิว ${mine.queue_number} ออกแล้ว`,
        body: 'เปิดหน้าคิวเพื่อดูผลและขั้นตอนถัดไป',
      }),
    ]);

    await call(mine.id, plant.stations.labCall.id);
    expect(messages(browser)[1]).toMatchObject({
      title: `เรียกคิว ${mine.queue_number} แล้ว`,
      body: `เชิญที่ ${plant.stations.labCall.name}`,
    });
  });

  it('a browser the push service says is gone stops being followed', async () => {
    const mine = await issue();
    const browser = push.subscribe();
    expect(
      (await subscribe(mine.uuid, browser, { ahead: null, called: true, lab: false }, 'en')).statusCode,
    ).toBe(200);
    push.expire(browser);
    await call(mine.id);
    expect(messages(browser)).toEqual([]);
    const [row] = await t.db
      .select({ endedAt: driverSubscriptions.endedAt })
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.endpoint, browser.endpoint));
    expect(row!.endedAt).not.toBeNull();
  });

  it('refuses a push service outside PUSH_SERVICE_HOSTS, and a subscription without consent', async () => {
    const mine = await issue();
    const browser = push.subscribe();
    const elsewhere = { ...browser, endpoint: browser.endpoint.replace('127.0.0.1', 'localhost') };
    const refused = await subscribe(mine.uuid, elsewhere, { ahead: 3, called: true, lab: false }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ reason: string }>().reason).toBe('PUSH_SERVICE_NOT_ALLOWED');
    const noConsent = await t.post('process/user/subscribePush', {
      queue_number_id: mine.uuid,
      subscription: browser,
      choice: { ahead: 3, called: true, lab: false },
      language: 'en',
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
  });
});

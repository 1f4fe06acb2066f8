import https from 'node:https';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { appSettings } from '../../db/schema.ts';
import {
  DialRecorder,
  PARSER_TRICK_ENDPOINTS,
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '../../test/fake-push-service.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { OutgoingMessage, SubscriptionAddress } from './channels.ts';
import { createVapidKeys, VAPID_SETTING } from './vapid.ts';
import {
  createWebPushSender,
  isPushKeyPair,
  retryAfterMs,
  WEB_PUSH_TTL_SECONDS,
} from './web-push.channel.ts';

/**
 * The Web Push sender against a push service of the tests' own that checks the VAPID signature
 * and decrypts what it gets as a browser would (RFC 8291/8188): what it sends, and what each of
 * the service's answers means for the notifier.
 */

let database: Database;
let push: FakePushService;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };
/** The app's clock, standing still: a Retry-After date is read against it. */
const clock = { now: () => new Date('2026-11-20T03:00:00Z'), monotonicMs: () => 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  push = await startFakePushService();
});
afterAll(async () => {
  await push.close();
  await database.close();
});

let ids = 0;
const address = (subscription: FakeSubscription, language = 'th'): SubscriptionAddress => ({
  id: ++ids,
  branchId: 1,
  channel: 'web_push',
  endpoint: subscription.endpoint,
  p256dh: subscription.keys.p256dh,
  auth: subscription.keys.auth,
  lineUserId: null,
  language,
});

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  deliveryId: ++ids,
  moment: 'ahead',
  title: 'ใกล้ถึงคิว A012 แล้ว',
  body: 'อีก 3 คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม',
  url: 'https://plant.example/queue/3f0e4c1a-8a7e-4f55-9c3e-0a4f2b5d6e7f',
  queueNumber: 'A012',
  ...over,
});

describe('VAPID keys', () => {
  it('are made once, kept in app_settings, and the same for every instance', async () => {
    const one = createVapidKeys(database.db, 'mailto:admin@plant.example');
    const two = createVapidKeys(database.db, 'mailto:admin@plant.example');
    const [a, b] = await Promise.all([one.keys(), two.keys()]);
    expect(a).toEqual(b);
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(a.privateKey, 'base64url')).toHaveLength(32);
    expect(a.subject).toBe('mailto:admin@plant.example');
    const rows = await database.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
    expect(rows).toHaveLength(1);
    // A restart reads them back.
    expect(await createVapidKeys(database.db, 'https://plant.example').keys()).toEqual({
      ...a,
      subject: 'https://plant.example',
    });
  });

  it('refuse a stored value that is not a key pair, with what to do', async () => {
    const [saved] = await database.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
    await database.db
      .update(appSettings)
      .set({ value: '{"publicKey":"x"}' })
      .where(eq(appSettings.key, VAPID_SETTING));
    await expect(createVapidKeys(database.db, 'mailto:a@b.example').keys()).rejects.toThrow(
      /delete that row/,
    );
    await database.db
      .update(appSettings)
      .set({ value: saved!.value })
      .where(eq(appSettings.key, VAPID_SETTING));
  });
});

describe('Web Push sender', () => {
  const vapid = () => createVapidKeys(database.db, 'mailto:admin@plant.example');
  const sender = (timeoutMs?: number) =>
    createWebPushSender({
      vapid: vapid(),
      log,
      clock,
      allowedHosts: [push.host, '127.0.0.1:1'],
      agent: push.agent,
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it('delivers the message encrypted for the browser, signed with the stored key', async () => {
    const browser = push.subscribe();
    const before = push.received.length;
    expect(await sender().send(address(browser), message())).toEqual({ ok: true });
    const got = push.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.json).toEqual({
      title: 'ใกล้ถึงคิว A012 แล้ว',
      body: 'อีก 3 คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม',
      url: 'https://plant.example/queue/3f0e4c1a-8a7e-4f55-9c3e-0a4f2b5d6e7f',
      tag: 'queue-A012',
    });
    expect(got[0]!.ttl).toBe(WEB_PUSH_TTL_SECONDS);
    expect(got[0]!.urgency).toBe('normal');
    expect(got[0]!.vapidKey).toBe((await vapid().keys()).publicKey);
    expect(got[0]!.subject).toBe('mailto:admin@plant.example');
  });

  it('sends a call with high urgency', async () => {
    const browser = push.subscribe();
    const called = message({
      moment: 'called',
      title: 'Queue A012 is called',
      body: 'Please go to Scale 2.',
    });
    expect(await sender().send(address(browser, 'en'), called)).toEqual({ ok: true });
    expect(push.received.at(-1)!.urgency).toBe('high');
    expect(push.of(browser)).toEqual([
      expect.objectContaining({ title: 'Queue A012 is called', body: 'Please go to Scale 2.' }),
    ]);
  });

  it('410 and 404: the subscription is gone', async () => {
    const browser = push.subscribe();
    push.expire(browser);
    const outcome = await sender().send(address(browser), message());
    expect(outcome).toMatchObject({ ok: false, gone: true });
    expect(!outcome.ok && outcome.error).toMatch(/expired or was withdrawn \(push service answered 410\)/);

    push.respond({ status: 404, body: 'not found' });
    expect(await sender().send(address(push.subscribe()), message())).toMatchObject({
      ok: false,
      gone: true,
    });
  });

  it('429: tried again after Retry-After', async () => {
    push.respond({ status: 429, retryAfter: '120', body: 'slow down' });
    const outcome = await sender().send(address(push.subscribe()), message());
    expect(outcome).toEqual({
      ok: false,
      gone: false,
      error: 'too many messages, asked to wait (429): slow down',
      retryAfterMs: 120_000,
    });
  });

  it('500 and 503: tried again, after Retry-After when given as a date', async () => {
    push.respond({ status: 500 });
    const five = await sender().send(address(push.subscribe()), message());
    expect(five).toEqual({ ok: false, gone: false, error: 'push service unavailable (500)' });

    push.respond({ status: 503, retryAfter: new Date(clock.now().getTime() + 60_000).toUTCString() });
    const three = await sender().send(address(push.subscribe()), message());
    expect(three).toMatchObject({ ok: false, gone: false });
    expect(!three.ok && three.retryAfterMs).toBeGreaterThan(55_000);
  });

  it('400, 403, 413: kept, not gone, with a reason an admin can read', async () => {
    for (const [status, reason] of [
      [400, /malformed \(400\)/],
      [403, /VAPID key \(the browser subscribed with another key\) \(403\): wrong key/],
      [413, /larger than the push service accepts \(413\)/],
    ] as const) {
      push.respond({ status, body: 'wrong key' });
      const outcome = await sender().send(address(push.subscribe()), message());
      expect(outcome).toMatchObject({ ok: false, gone: false });
      expect(!outcome.ok && outcome.error).toMatch(reason);
      expect(!outcome.ok && outcome.retryAfterMs).toBeUndefined();
    }
  });

  it('a service that does not answer: tried again, and the send ends at its timeout', async () => {
    push.respond({ hang: true });
    const started = Date.now();
    const outcome = await sender(300).send(address(push.subscribe()), message());
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcome).toMatchObject({ ok: false, gone: false });
    expect(!outcome.ok && outcome.error).toMatch(/^push service not reached/);
  });

  it('a service that cannot be reached: tried again', async () => {
    const browser = push.subscribe();
    const nowhere = { ...browser, endpoint: 'https://127.0.0.1:1/push/x' };
    const outcome = await sender().send(address(nowhere), message());
    expect(outcome).toMatchObject({ ok: false, gone: false });
    expect(!outcome.ok && outcome.error).toMatch(/not reached \(ECONNREFUSED\)/);
  });

  it('an endpoint that is not canonical or not listed is never dialled: the subscription is gone', async () => {
    const recorder = new DialRecorder(push);
    const recording = createWebPushSender({
      vapid: vapid(),
      log,
      clock,
      allowedHosts: ['*.notify.windows.com', push.host],
      agent: recorder,
    });
    const browser = push.subscribe();
    for (const endpoint of [...PARSER_TRICK_ENDPOINTS, 'https://10.0.0.5/wpush/x']) {
      const outcome = await recording.send(address({ ...browser, endpoint }), message());
      expect(outcome, endpoint).toMatchObject({ ok: false, gone: true });
    }
    expect(recorder.dials).toEqual([]);
    expect(await recording.send(address(browser), message())).toEqual({ ok: true });
    expect(recorder.dials).toEqual([push.host]);
    recorder.destroy();
  });

  it('a subscription whose keys are not a P-256 point is of no use', async () => {
    const browser = push.subscribe();
    const noise = Buffer.alloc(65, 7);
    noise[0] = 4;
    const bad = { ...browser, keys: { ...browser.keys, p256dh: noise.toString('base64url') } };
    expect(isPushKeyPair(bad.keys.p256dh, bad.keys.auth)).toBe(false);
    expect(isPushKeyPair(browser.keys.p256dh, browser.keys.auth)).toBe(true);
    const before = push.requests;
    expect(await sender().send(address(bad), message())).toMatchObject({ ok: false, gone: true });
    expect(push.requests).toBe(before);
  });

  it('a long Thai message arrives whole', async () => {
    const browser = push.subscribe();
    const long = message({ body: 'ก'.repeat(1200) });
    expect(await sender().send(address(browser), long)).toEqual({ ok: true });
    expect(push.of(browser)).toEqual([expect.objectContaining({ body: 'ก'.repeat(1200) })]);
  });
});

describe('the fake push service', () => {
  const post = (endpoint: string, headers: Record<string, string>, body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const request = https.request(endpoint, { method: 'POST', headers, agent: push.agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject).end(body);
    });

  it('refuses what a browser could not read: another auth secret, a signature by another key', async () => {
    const keys = await createVapidKeys(database.db, 'mailto:admin@plant.example').keys();
    const browser = push.subscribe();
    const other = push.subscribe();
    const mixed = { endpoint: browser.endpoint, keys: { ...browser.keys, auth: other.keys.auth } };
    const encryptedForOther = webPush.generateRequestDetails(mixed, 'hello', {
      vapidDetails: keys,
      contentEncoding: 'aes128gcm',
    });
    expect(
      await post(
        browser.endpoint,
        encryptedForOther.headers as Record<string, string>,
        encryptedForOther.body,
      ),
    ).toBe(400);
    expect(push.rejected.at(-1)!.reason).toMatch(/cannot decrypt/);

    const good = webPush.generateRequestDetails(browser, 'hello', {
      vapidDetails: keys,
      contentEncoding: 'aes128gcm',
    });
    const stranger = webPush.generateVAPIDKeys().publicKey;
    const forged = {
      ...(good.headers as Record<string, string>),
      Authorization: (good.headers as Record<string, string>).Authorization!.replace(
        /k=[\w-]+/,
        `k=${stranger}`,
      ),
    };
    expect(await post(browser.endpoint, forged, good.body)).toBe(403);
    expect(push.rejected.at(-1)!.reason).toMatch(/signature does not verify/);

    expect(await post(browser.endpoint, good.headers as Record<string, string>, good.body)).toBe(201);
    expect(push.received.at(-1)!.text).toBe('hello');
  });
});

describe('Retry-After', () => {
  it('reads seconds and dates, caps at a day, ignores nonsense', () => {
    const now = Date.parse('2026-11-20T03:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(['5'], now)).toBe(5000);
    expect(retryAfterMs('Fri, 20 Nov 2026 03:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Fri, 20 Nov 2026 02:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('99999999', now)).toBe(24 * 3600_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

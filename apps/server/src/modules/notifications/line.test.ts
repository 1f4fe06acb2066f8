import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { ConfigError, DEFAULT_LINE_API_BASE, loadConfig } from '../../config.ts';
import { driverSubscriptions, queues } from '../../db/schema.ts';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import {
  chatText,
  chatUrlOf,
  findTicketCode,
  keysIn,
  lineKeyOf,
  outcomeOfPushError,
  retryKeyOf,
} from './line.ts';
import { LINE_WEBHOOK_PATH, validLineSignature } from './line.routes.ts';
import { HTTPFetchError } from '@line/bot-sdk';

const SECRET = '0123456789abcdef0123456789abcdef';
const DRIVER = `U${'a'.repeat(32)}`;
const OTHER = `U${'b'.repeat(32)}`;
/** The app's clock when a refusal is read (a Retry-After date is read against it). */
const NOW = Date.parse('2026-11-20T03:00:00Z');

describe('LINE configuration', () => {
  const token = 'x'.repeat(40);
  it('is off without the secret and the token, and wants both', () => {
    expect(loadConfig({}).line).toBeNull();
    expect(() => loadConfig({ LINE_CHANNEL_SECRET: SECRET })).toThrow(ConfigError);
    expect(() => loadConfig({ LINE_CHANNEL_SECRET: SECRET })).toThrow(/LINE_CHANNEL_ACCESS_TOKEN: is needed/);
    expect(() => loadConfig({ LINE_CHANNEL_ACCESS_TOKEN: token })).toThrow(/LINE_CHANNEL_SECRET: is needed/);
    expect(loadConfig({ LINE_CHANNEL_SECRET: SECRET, LINE_CHANNEL_ACCESS_TOKEN: token }).line).toEqual({
      channelSecret: SECRET,
      channelAccessToken: token,
      apiBase: DEFAULT_LINE_API_BASE,
      basicId: null,
    });
  });
  it('checks the API address and the basic id', () => {
    const both = { LINE_CHANNEL_SECRET: SECRET, LINE_CHANNEL_ACCESS_TOKEN: token };
    expect(
      loadConfig({ ...both, LINE_API_BASE: 'http://127.0.0.1:9/', LINE_BOT_BASIC_ID: '@123abcde' }).line,
    ).toMatchObject({
      apiBase: 'http://127.0.0.1:9',
      basicId: '@123abcde',
    });
    expect(() => loadConfig({ ...both, LINE_API_BASE: 'api.line.me' })).toThrow(/LINE_API_BASE/);
    expect(() => loadConfig({ ...both, LINE_BOT_BASIC_ID: '123abcde' })).toThrow(/LINE_BOT_BASIC_ID/);
    expect(() =>
      loadConfig({ LINE_CHANNEL_SECRET: 'not a secret!', LINE_CHANNEL_ACCESS_TOKEN: token }),
    ).toThrow(/LINE_CHANNEL_SECRET/);
  });
});

describe('LINE pieces', () => {
  it('reads a ticket code back from what the driver sends, leniently', () => {
    const code = encodeTicketCode(1234);
    expect(code).toBe('T-016JD');
    for (const text of [
      'ติดตามคิว T-016JD',
      'T-016JD',
      't-016jd',
      'ติดตามคิวT-016JD ครับ',
      'T - 016 JD',
      'Ｔ－０１６ＪＤ',
      'คิวของผม T-O16JD',
    ])
      expect(findTicketCode(text), text).toEqual({ ok: true, id: 1234, code });
    expect(findTicketCode('T-016JE')).toEqual({ ok: false, problem: 'check' });
    expect(findTicketCode('สวัสดีครับ')).toEqual({ ok: false, problem: 'none' });
    expect(findTicketCode('A012')).toEqual({ ok: false, problem: 'none' });
  });

  it('keys a ticket by its uuid, and reads the key back as the chat link typed it or a driver copied it', () => {
    const key = lineKeyOf('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(lineKeyOf('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(key);
    expect(lineKeyOf('0f8fad5b-d9cb-469f-a165-70867728950f')).not.toBe(key);
    expect(keysIn(chatText('T-016JD', key))).toContain(key);
    expect(keysIn(`t-016jd รหัส ${key.toLowerCase().replace('-', ' - ')}`)).toContain(key);
    expect(keysIn('T-016JD')).toEqual([]);
  });

  it('makes the chat link with the text typed, and a retry key that is a UUID, the same on every retry', () => {
    expect(chatUrlOf('@123abcde', 'ติดตามคิว T-016JD')).toBe(
      `https://line.me/R/oaMessage/@123abcde/?${encodeURIComponent('ติดตามคิว T-016JD')}`,
    );
    const key = retryKeyOf(42, DRIVER);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retryKeyOf(42, DRIVER)).toBe(key);
    expect(retryKeyOf(43, DRIVER)).not.toBe(key);
  });

  it("maps LINE's refusals of a push", () => {
    const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
      new HTTPFetchError('refused', {
        status,
        statusText: '',
        headers: new Headers(headers),
        body: JSON.stringify({ message }),
      });
    expect(outcomeOfPushError(refusal(409, 'The retry key is already accepted'), NOW)).toEqual({ ok: true });
    expect(outcomeOfPushError(refusal(429, 'You have reached your monthly limit.'), NOW)).toMatchObject({
      ok: false,
      gone: false,
      error: expect.stringMatching(/^LINE monthly message limit reached/),
    });
    expect(outcomeOfPushError(refusal(429, 'Too Many Requests', { 'retry-after': '30' }), NOW)).toMatchObject(
      {
        gone: false,
        retryAfterMs: 30_000,
      },
    );
    const dated = { 'retry-after': 'Fri, 20 Nov 2026 03:01:00 GMT' };
    expect(outcomeOfPushError(refusal(429, 'Too Many Requests', dated), NOW)).toMatchObject({
      gone: false,
      retryAfterMs: 60_000,
    });
    expect(outcomeOfPushError(refusal(400, 'Failed to send messages'), NOW)).toMatchObject({
      ok: false,
      gone: true,
    });
    expect(outcomeOfPushError(refusal(500, 'Internal Server Error'), NOW)).toMatchObject({
      ok: false,
      gone: false,
    });
    expect(outcomeOfPushError(new TypeError('fetch failed'), NOW)).toMatchObject({ ok: false, gone: false });
  });

  it('checks signatures over the exact bytes, timing-safe', () => {
    const body = Buffer.from('{"destination":"x","events":[]}');
    const good = createHmac('sha256', SECRET).update(body).digest('base64');
    expect(validLineSignature(body, SECRET, good)).toBe(true);
    expect(validLineSignature(Buffer.from(`${body.toString()} `), SECRET, good)).toBe(false);
    expect(validLineSignature(body, SECRET, undefined)).toBe(false);
    expect(validLineSignature(body, SECRET, 'short')).toBe(false);
    expect(validLineSignature(body, SECRET, [good])).toBe(false);
  });
});

describe('without LINE', () => {
  it('has no webhook (404) and no LINE sender', async () => {
    const t = await createTestContext();
    try {
      const body = '{"destination":"x","events":[]}';
      const response = await t.app.inject({
        method: 'POST',
        url: LINE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-line-signature': createHmac('sha256', SECRET).update(body).digest('base64'),
        },
        payload: body,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/line/webhook', () => {
  let t: TestContext;
  let plant: Plant;
  let stub: FakeLineApi;

  beforeAll(async () => {
    stub = await startFakeLineApi();
    t = await createTestContext({
      line: { channelSecret: SECRET, channelAccessToken: stub.token, apiBase: stub.url, basicId: null },
    });
    plant = await createPlant(t);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.replies.length = 0;
    stub.pushes.length = 0;
  });

  let seq = 0;
  const event = (
    fields: Record<string, unknown>,
    opts: { user?: string; id?: string; redelivery?: boolean } = {},
  ) => {
    seq += 1;
    return {
      mode: 'active',
      timestamp: t.clock.now().getTime(),
      webhookEventId: opts.id ?? `01JTESTEVENT${String(seq).padStart(14, '0')}`,
      deliveryContext: { isRedelivery: opts.redelivery ?? false },
      replyToken: `reply-token-${seq}`,
      source: { type: 'user', userId: opts.user ?? DRIVER },
      ...fields,
    };
  };
  const text = (message: string, opts?: Parameters<typeof event>[1]) =>
    event(
      { type: 'message', message: { id: String(seq), type: 'text', quoteToken: 'q', text: message } },
      opts,
    );

  const send = (
    events: unknown[],
    opts: { signature?: string | null; contentType?: string; raw?: string } = {},
  ) => {
    const payload = opts.raw ?? JSON.stringify({ destination: `U${'0'.repeat(32)}`, events });
    const headers: Record<string, string> = {
      'content-type': opts.contentType ?? 'application/json; charset=utf-8',
    };
    const signature =
      opts.signature === undefined
        ? createHmac('sha256', SECRET).update(payload).digest('base64')
        : opts.signature;
    if (signature !== null) headers['x-line-signature'] = signature;
    return t.app.inject({ method: 'POST', url: LINE_WEBHOOK_PATH, headers, payload });
  };

  /** What the ticket's "follow on LINE" link types: its code and its key. */
  const followText = (ticket: { id: number; uuid: string }) =>
    chatText(encodeTicketCode(ticket.id), lineKeyOf(ticket.uuid));

  const live = (queueId: number, user = DRIVER) =>
    t.db
      .select()
      .from(driverSubscriptions)
      .where(
        and(
          eq(driverSubscriptions.queueId, queueId),
          eq(driverSubscriptions.lineUserId, user),
          isNull(driverSubscriptions.endedAt),
        ),
      );

  it('links the chat that sends a ticket code, and answers in Thai with the privacy line', async () => {
    const ticket = await issueTicket(t, plant, 'lab', 'LINE 1');
    const response = await send([text(followText(ticket))]);
    expect(response.statusCode).toBe(200);
    const [row] = await live(ticket.id);
    expect(row).toMatchObject({
      channel: 'line',
      language: 'th',
      notifyAhead: 3,
      notifyCalled: true,
      notifyLab: true,
      branchId: plant.branch.id,
    });
    expect(row!.consentedAt).toEqual(t.clock.now());
    const [reply] = await stub.waitForReplies(1);
    expect(reply!.texts[0]).toContain(`ติดตามคิว ${ticket.queue_number} แล้ว`);
    expect(reply!.texts[0]).toContain('ลบภายใน 90 วัน');
    expect(reply!.texts[0]).toContain('หยุด');
  });

  it('refuses a wrong or missing signature, and anything not JSON, writing nothing', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'LINE 2');
    const events = [text(followText(ticket))];
    const wrong = createHmac('sha256', 'another-secret-0123456789abcdef').update('{}').digest('base64');
    for (const [response, status] of [
      [await send(events, { signature: wrong }), 401],
      [await send(events, { signature: null }), 401],
      [await send(events, { signature: 'bm90IGEgc2lnbmF0dXJl' }), 401],
      [await send(events, { contentType: 'text/plain' }), 400],
      [await send([], { raw: '{"destination": "x", "events": [' }), 400],
      [await send([], { raw: '{"events": "none"}' }), 400],
    ] as const) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({
        status: 0,
        code: status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION_FAILED',
      });
    }
    const get = await t.app.inject({ method: 'GET', url: LINE_WEBHOOK_PATH });
    expect(get.statusCode).toBe(404);
    const big = await send([], {
      raw: JSON.stringify({ destination: 'x', events: [], pad: 'x'.repeat(300_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(await live(ticket.id)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.replies).toHaveLength(0);
  });

  it('links once and answers once when the same event comes twice, or is redelivered', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'LINE 3');
    const first = text(followText(ticket), { user: OTHER });
    expect((await send([first])).statusCode).toBe(200);
    expect((await send([first])).statusCode).toBe(200);
    // The same event again as LINE redelivers it (after a restart, say: another id in memory).
    expect(
      (await send([{ ...first, webhookEventId: 'OTHER-ID', deliveryContext: { isRedelivery: true } }]))
        .statusCode,
    ).toBe(200);
    expect(await live(ticket.id, OTHER)).toHaveLength(1);
    await stub.waitForReplies(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stub.replies).toHaveLength(1);
  });

  it('answers an unknown code, a misread one and a code of a truck that left, linking nothing', async () => {
    const gone = await issueTicket(t, plant, 'standard', 'LINE 4');
    await t.db.update(queues).set({ state: 'F', exitAt: t.clock.now() }).where(eq(queues.id, gone.id));
    const waiting = await issueTicket(t, plant, 'standard', 'LINE 8');
    await send([
      text(chatText(encodeTicketCode(999_999), 'K7P2-QX9A')),
      text('T-016JE'),
      text(followText(gone)),
      text('สวัสดี'),
      // A ticket code alone (counted ids anyone could guess), or with another ticket's key.
      text(encodeTicketCode(waiting.id)),
      text(chatText(encodeTicketCode(waiting.id), lineKeyOf(gone.uuid))),
    ]);
    // Each reply leaves on its own after the webhook's answer: put them back in the events' order.
    const order = (token: string) => Number(token.split('-').pop());
    const replies = [...(await stub.waitForReplies(6))].sort((a, b) => order(a.to) - order(b.to));
    expect(replies.map((r) => r.texts[0])).toEqual([
      expect.stringContaining('ไม่พบคิว'),
      expect.stringContaining('ไม่พบคิว'),
      expect.stringContaining('ออกจากโรงงานแล้ว'),
      expect.stringContaining('สแกนคิวอาร์โค้ด'),
      expect.stringContaining('ต้องมีรหัสติดตาม'),
      expect.stringContaining('ไม่พบคิว'),
    ]);
    expect(await live(gone.id)).toHaveLength(0);
    expect(await live(waiting.id)).toHaveLength(0);
  });

  it('greets a new friend, stops on "หยุด", and ends everything when he blocks the account', async () => {
    const user = `U${'c'.repeat(32)}`;
    const a = await issueTicket(t, plant, 'standard', 'LINE 5');
    const b = await issueTicket(t, plant, 'general', 'LINE 6');
    await send([event({ type: 'follow', follow: { isUnblocked: false } }, { user })]);
    expect((await stub.waitForReplies(1))[0]!.texts[0]).toContain('สแกนคิวอาร์โค้ด');

    await send([text(followText(a), { user })]);
    await stub.waitForReplies(2);
    expect(await live(a.id, user)).toHaveLength(1);
    await send([text(' หยุด ', { user })]);
    expect((await stub.waitForReplies(3))[2]!.texts[0]).toContain(`หยุดแจ้งเตือนคิว ${a.queue_number}`);
    expect(await live(a.id, user)).toHaveLength(0);
    const [ended] = await t.db
      .select()
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.lineUserId, user));
    expect(ended).toMatchObject({ endReason: 'unsubscribed' });

    await send([text(followText(a), { user }), text(followText(b), { user })]);
    await stub.waitForReplies(5);
    expect(await live(a.id, user)).toHaveLength(1);
    expect(await live(b.id, user)).toHaveLength(1);
    const unfollow = event({ type: 'unfollow' }, { user });
    delete (unfollow as { replyToken?: string }).replyToken;
    expect((await send([unfollow])).statusCode).toBe(200);
    expect(await live(a.id, user)).toHaveLength(0);
    expect(await live(b.id, user)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.replies).toHaveLength(5);
  });

  it("answers 200 to the console's check (no events) and skips events it does not know", async () => {
    expect((await send([])).statusCode).toBe(200);
    const response = await send([
      { type: 'beacon', weird: true },
      { nonsense: 1 },
      text('hello', { user: 'not-a-user-id' }),
    ]);
    expect(response.statusCode).toBe(200);
  });

  it('a reply LINE refuses is logged, the link stays', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'LINE 7');
    stub.failReplies('invalid-reply-token');
    expect((await send([text(followText(ticket))])).statusCode).toBe(200);
    expect(await live(ticket.id)).toHaveLength(1);
  });
});

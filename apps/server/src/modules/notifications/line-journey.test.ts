import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { lineKeyOf } from './line.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationsOverview,
  type NotifyOptions,
} from '@truck-queue/shared/contracts/notification.contract';
import { driverSubscriptions, notificationDeliveries } from '../../db/schema.ts';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { RETRY_DELAYS_MS } from './notifier.ts';
import { sendInChat as sendChat, typedBy } from '../../test/line-chat.ts';

/**
 * A driver follows his ticket in LINE (issue 21), end to end through the API: his page offers
 * the chat link, the text it types links his chat through the webhook, and the notifier pushes
 * "3 ahead" and "called" in Thai through the Messaging API (a stub on 127.0.0.1); LINE's
 * monthly limit is retried, a user LINE cannot reach ends his subscription, and nothing is sent
 * after the truck left.
 */

const SECRET = 'fedcba9876543210fedcba9876543210';
const DRIVER = `U${'d'.repeat(32)}`;
const BLOCKER = `U${'e'.repeat(32)}`;
let t: TestContext;
let plant: Plant;
let stub: FakeLineApi;
let socket: Socket;
let plates = 0;

beforeAll(async () => {
  stub = await startFakeLineApi({ basicId: '@987zyxwv' });
  t = await createTestContext({
    line: { channelSecret: SECRET, channelAccessToken: stub.token, apiBase: stub.url, basicId: null },
  });
  const url = await listen(t);
  plant = await createPlant(t, 'LINE plant');
  socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await stub.close();
});

const issue = () => issueTicket(t, plant, 'standard', `LN ${String(++plates).padStart(3, '0')}`);
const call = async (id: number) =>
  expect(await emitAck(socket, 'doCalling', plant.branch.id, id, plant.stations.standardCall.id)).toEqual({
    status: 1,
  });
const options = async (uuid: string) => {
  const response = await t.post('process/user/notifyOptions', { queue_number_id: uuid });
  expect(response.statusCode).toBe(200);
  return response.json<{ options: NotifyOptions }>().options;
};
/** The driver sends `text` in the chat: LINE signs and posts the event to the webhook. */
const sendInChat = (text: string, userId = DRIVER) => sendChat(t, SECRET, userId, text);
const pushed = async () => {
  await t.app.notifier.settle();
  return stub.pushes.map((p) => ({ to: p.to, text: p.texts.join('|') }));
};
const subscriptionOf = async (queueId: number) =>
  (await t.db.select().from(driverSubscriptions).where(eq(driverSubscriptions.queueId, queueId)))[0];

describe('a driver who follows his ticket in LINE', () => {
  it('is told "3 ahead" and "called" in Thai, the monthly limit retried, and nothing after he left', async () => {
    const line = [await issue(), await issue(), await issue(), await issue(), await issue()];
    const mine = line[4]!;
    const offered = await options(mine.uuid);
    expect(offered.line?.chat_url).toMatch(/^https:\/\/line\.me\/R\/oaMessage\/@987zyxwv\/\?/);
    expect(typedBy(offered.line!.chat_url)).toBe(`ติดตามคิว ${offered.line!.code} รหัส ${lineKeyOf(mine.uuid)}`);
    expect(offered.line_linked).toBe(false);
    await options(line[0]!.uuid);
    // The account's @id was asked of LINE once, then kept.
    expect(stub.botInfoCalls).toBe(1);

    await sendInChat(typedBy(offered.line!.chat_url));
    expect((await stub.waitForReplies(1))[0]!.texts[0]).toContain(`ติดตามคิว ${mine.queue_number} แล้ว`);
    expect(await options(mine.uuid)).toMatchObject({ line_linked: true });
    expect(await pushed()).toEqual([]);

    await call(line[0]!.id);
    expect(await pushed()).toEqual([
      {
        to: DRIVER,
        text: `ใกล้ถึงคิว ${mine.queue_number} แล้ว\nอีก 3 คันจะถึงคิวของคุณ กรุณาเตรียมรถให้พร้อม`,
      },
    ]);
    expect(stub.pushes[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    await call(line[1]!.id);
    await call(line[2]!.id);
    await call(line[3]!.id);
    expect(await pushed()).toHaveLength(1);

    // LINE refuses the call's message: the month's messages are used up. Kept, tried again.
    stub.failPushes('monthly-limit');
    await call(mine.id);
    expect(await pushed()).toHaveLength(1);
    const [waiting] = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'pending'));
    expect(waiting?.lastError).toMatch(/^LINE monthly message limit reached/);
    const overview = await t.call(notificationsOverview, {}, plant.officers.admin.session);
    expect(overview.line_configured).toBe(true);
    expect(overview.failures[0]).toMatchObject({ channel: 'line', error: expect.stringMatching(/monthly/) });

    t.clock.advance(RETRY_DELAYS_MS[0]! + 1_000);
    await t.app.notifier.sendDue();
    expect((await pushed())[1]).toEqual({
      to: DRIVER,
      text: `เรียกคิว ${mine.queue_number} แล้ว\nเชิญที่ ช่องขึ้นสินค้า 1`,
    });
    // One message per try that LINE accepted: the retry key makes a repeated try a no-op.
    expect(new Set(stub.pushes.map((p) => p.retryKey)).size).toBe(2);

    const exit = await t.post(
      'process/security/exitFactory',
      { uuid: mine.uuid, confirm_unfinished: true },
      { session: plant.officers.security.session },
    );
    expect(exit.statusCode).toBe(200);
    await t.app.notifier.settle();
    expect(await subscriptionOf(mine.id)).toMatchObject({ endReason: 'exit' });
    expect(await options(mine.uuid)).toMatchObject({ ended: true, line: null });
    const next = await issue();
    await call(next.id);
    expect(await pushed()).toHaveLength(2);
  });

  it('ends the subscription of a user LINE cannot reach (blocked, gone)', async () => {
    await issue();
    const ticket = await issue();
    const offered = await options(ticket.uuid);
    const before = stub.pushes.length;
    const pushCalls = () => stub.requests.filter((r) => r === 'POST /v2/bot/message/push').length;
    const triedBefore = pushCalls();
    // One truck ahead: "ahead" is due as soon as he links, and LINE refuses it for good.
    stub.failPushes('unknown-user');
    await sendInChat(typedBy(offered.line!.chat_url), BLOCKER);
    await stub.waitForReplies(2);
    await t.app.notifier.settle();
    expect(stub.pushes.length).toBe(before);
    expect(pushCalls()).toBe(triedBefore + 1);
    const row = await subscriptionOf(ticket.id);
    expect(row).toMatchObject({ endReason: 'gone' });
    expect(row!.endedAt).not.toBeNull();
  });

  it('puts the same chat link on the ticket the kiosk or the New ticket dialog prints in the browser', async () => {
    const response = await t.post(
      'process/printer/issueQueue',
      { id_branchQT: plant.types.standard.id, product: plant.products.starch.id, truck_license: 'LN 900' },
      { session: plant.officers.caller.session },
    );
    expect(response.statusCode).toBe(200);
    const { queue } = response.json<{ queue: { uuid: string; line_chat_url: string | null } }>();
    expect(queue.line_chat_url).toBe((await options(queue.uuid)).line!.chat_url);
    expect(typedBy(queue.line_chat_url!)).toContain(lineKeyOf(queue.uuid));
  });
});

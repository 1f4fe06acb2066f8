import { createHmac } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import {
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '../../test/fake-push-service.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { chatText, lineKeyOf } from './line.ts';
import { LINE_WEBHOOK_PATH } from './line.routes.ts';
import { MAX_PUSH_PER_TICKET } from './notifications.service.ts';

/**
 * Issue 37, hole 7: push endpoints that never answer held everyone's notifications, because the
 * notifier sent in batches and waited for the slowest send of a batch before the next. Here 15
 * browsers' push service holds every POST open (and the sender would wait a minute for each):
 * while all 15 are still held, a LINE driver's call and another browser's call arrive. No clock
 * is read: the test waits for the held requests and for the messages, and looks at what is
 * still held when they arrive.
 */

const SECRET = 'fedcba9876543210fedcba9876543210';
const DRIVER = `U${'9'.repeat(32)}`;
const SILENT_TICKETS = 3;
const SILENT = SILENT_TICKETS * MAX_PUSH_PER_TICKET;

let t: TestContext;
let plant: Plant;
let push: FakePushService;
let stub: FakeLineApi;
let socket: Socket;
let plates = 0;

beforeAll(async () => {
  push = await startFakePushService();
  stub = await startFakeLineApi();
  t = await createTestContext(
    {
      pushServiceHosts: [push.host],
      line: { channelSecret: SECRET, channelAccessToken: stub.token, apiBase: stub.url, basicId: null },
    },
    // A send that gets no answer waits a minute: far longer than this test.
    { webPushAgent: push.agent, webPushTimeoutMs: 60_000 },
  );
  const url = await listen(t);
  plant = await createPlant(t, 'Silent plant');
  socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
});
afterAll(async () => {
  closeSockets();
  // The held requests end here (the sends under way fail and are kept for a retry), then the app.
  await push.close();
  await t.close();
  await stub.close();
});

const issue = () => issueTicket(t, plant, 'standard', `SP ${String(++plates).padStart(3, '0')}`);
const call = async (id: number) =>
  expect(await emitAck(socket, 'doCalling', plant.branch.id, id, plant.stations.standardCall.id)).toEqual({
    status: 1,
  });
const subscribe = async (uuid: string, browser: FakeSubscription) => {
  const response = await t.post('process/user/subscribePush', {
    queue_number_id: uuid,
    subscription: browser,
    choice: { ahead: null, called: true, lab: false },
    language: 'th',
    consent: true,
  });
  expect(response.statusCode).toBe(200);
};
const followInLine = async (ticket: { id: number; uuid: string }) => {
  const payload = JSON.stringify({
    destination: `U${'0'.repeat(32)}`,
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: t.clock.now().getTime(),
        webhookEventId: '01JSILENT0000000000000000001',
        deliveryContext: { isRedelivery: false },
        replyToken: 'silent-reply-1',
        source: { type: 'user', userId: DRIVER },
        message: {
          id: '1',
          type: 'text',
          quoteToken: 'q',
          text: chatText(encodeTicketCode(ticket.id), lineKeyOf(ticket.uuid)),
        },
      },
    ],
  });
  const response = await t.app.inject({
    method: 'POST',
    url: LINE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-line-signature': createHmac('sha256', SECRET).update(payload).digest('base64'),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
};

describe('push services that never answer', () => {
  it("hold only their own sends: a LINE driver's call and another browser's call go out while they are held", async () => {
    const silentTickets = [];
    for (let i = 0; i < SILENT_TICKETS; i += 1) {
      const ticket = await issue();
      for (let b = 0; b < MAX_PUSH_PER_TICKET; b += 1) await subscribe(ticket.uuid, push.subscribe());
      silentTickets.push(ticket);
    }
    const lineTicket = await issue();
    await followInLine(lineTicket);
    const pushTicket = await issue();
    const phone = push.subscribe();
    await subscribe(pushTicket.uuid, phone);
    // Whatever linking wrote ("N ahead") is sent before the push service falls silent.
    await t.app.notifier.settle();
    const linePushes = stub.pushes.length;
    const received = push.received.length;

    // The push service holds the next 15 POSTs open and never answers them.
    push.respond(...Array.from({ length: SILENT }, () => ({ hang: true as const })));
    for (const ticket of silentTickets) await call(ticket.id);
    await push.waitForHanging(SILENT);

    await call(lineTicket.id);
    await stub.waitForPushes(linePushes + 1);
    expect(push.hanging).toBe(SILENT);
    expect(stub.pushes.at(-1)).toMatchObject({ to: DRIVER, texts: [expect.stringContaining('เรียกคิว')] });

    await call(pushTicket.id);
    await push.waitFor(received + 1);
    expect(push.hanging).toBe(SILENT);
    expect(push.of(phone)).toEqual([expect.objectContaining({ title: expect.stringContaining('เรียกคิว') })]);
  });
});

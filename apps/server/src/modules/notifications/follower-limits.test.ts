import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { driverSubscriptions } from '../../db/schema.ts';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { chatText, lineKeyOf, MAX_CHATS_PER_TICKET, MAX_TICKETS_PER_CHAT } from './line.ts';
import { sendInChat as sendChat } from '../../test/line-chat.ts';
import { MAX_PUSH_PER_TICKET } from './notifications.service.ts';

/**
 * Issue 37, holes 2 and 6: the followers' limits (5 browsers and 5 LINE chats per ticket, 3
 * tickets per chat) were a count read before the insert, so parallel requests all read "room
 * for one more": 30 parallel subscribes kept up to 30. Each round below sends 30 at once; the
 * limits must hold in every one of 20 rounds, on PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */

const ROUNDS = 20;
const PARALLEL = 30;
const SECRET = '0123456789abcdef0123456789abcdef';

let t: TestContext;
let plant: Plant;
let push: FakePushService;
let stub: FakeLineApi;
let plates = 0;

beforeAll(async () => {
  push = await startFakePushService();
  stub = await startFakeLineApi();
  t = await createTestContext(
    {
      pushServiceHosts: [push.host],
      line: { channelSecret: SECRET, channelAccessToken: stub.token, apiBase: stub.url, basicId: null },
    },
    { webPushAgent: push.agent },
  );
  plant = await createPlant(t, 'Limits plant');
});
afterAll(async () => {
  await t.close();
  await stub.close();
  await push.close();
});

const issue = () => issueTicket(t, plant, 'standard', `FL ${String(++plates).padStart(3, '0')}`);

const live = (where: Parameters<typeof and>[0]) =>
  t.db
    .select()
    .from(driverSubscriptions)
    .where(and(where, isNull(driverSubscriptions.endedAt)));

/** Ends every live subscription, so the next round starts from none. */
const endAll = () =>
  t.db
    .update(driverSubscriptions)
    .set({ endedAt: t.clock.now(), endReason: 'unsubscribed' })
    .where(isNull(driverSubscriptions.endedAt));

/** A chat sends `text`: LINE signs and posts the event to the webhook. */
const sendInChat = (userId: string, text: string) => sendChat(t, SECRET, userId, text);
const followText = (ticket: { id: number; uuid: string }) =>
  chatText(encodeTicketCode(ticket.id), lineKeyOf(ticket.uuid));
const chat = (round: number, i: number) =>
  `U${round.toString(16).padStart(4, '0')}${i.toString(16).padStart(28, '0')}`;

describe('the followers of a ticket, under concurrency', () => {
  it(`keep at most ${MAX_PUSH_PER_TICKET} browsers: ${ROUNDS} rounds of ${PARALLEL} parallel subscribes`, async () => {
    const ticket = await issue();
    for (let round = 0; round < ROUNDS; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          t.post(
            'process/user/subscribePush',
            {
              queue_number_id: ticket.uuid,
              subscription: push.subscribe(),
              choice: { ahead: null, called: true, lab: false },
              language: 'th',
              consent: true,
            },
            { ip: `198.51.100.${i + 1}` },
          ),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}`,
      ).toHaveLength(MAX_PUSH_PER_TICKET);
      for (const refused of answers.filter((a) => a.statusCode !== 200))
        expect(refused.json()).toMatchObject({ reason: 'TOO_MANY_FOLLOWERS' });
      const kept = await live(
        and(eq(driverSubscriptions.queueId, ticket.id), eq(driverSubscriptions.channel, 'web_push')),
      );
      expect(kept, `round ${round}`).toHaveLength(MAX_PUSH_PER_TICKET);
      await endAll();
    }
  });

  it(`keep at most ${MAX_CHATS_PER_TICKET} LINE chats: ${ROUNDS} rounds of ${PARALLEL} chats at once`, async () => {
    const ticket = await issue();
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => sendInChat(chat(round, i), followText(ticket))),
      );
      const kept = await live(
        and(eq(driverSubscriptions.queueId, ticket.id), eq(driverSubscriptions.channel, 'line')),
      );
      expect(kept, `round ${round}`).toHaveLength(MAX_CHATS_PER_TICKET);
      await endAll();
    }
  });

  it(`let one LINE chat follow at most ${MAX_TICKETS_PER_CHAT} tickets: ${ROUNDS} rounds of ${PARALLEL} tickets at once`, async () => {
    const tickets = [];
    for (let i = 0; i < PARALLEL; i += 1) tickets.push(await issue());
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = chat(1000 + round, 0);
      await Promise.all(tickets.map((ticket) => sendInChat(user, followText(ticket))));
      const kept = await live(eq(driverSubscriptions.lineUserId, user));
      expect(kept, `round ${round}`).toHaveLength(MAX_TICKETS_PER_CHAT);
      await endAll();
    }
  });
});

import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import { driverSubscriptions, notificationDeliveries } from '../../db/schema.ts';
import {
  DialRecorder,
  PARSER_TRICK_ENDPOINTS,
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '../../test/fake-push-service.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * Issue 37, hole 1: a push endpoint such as `https://127.0.0.1;.notify.windows.com/x` passed the
 * allow-list (WHATWG URL: a host of notify.windows.com) and the web-push package then dialled
 * 127.0.0.1:443 (legacy url.parse). The server's Web Push goes through an agent that writes down
 * every host:port it is asked to connect to: only the allowed push service may ever appear
 * there, whether the endpoint came through the subscribe call or was already in the database.
 */

let t: TestContext;
let plant: Plant;
let push: FakePushService;
let recorder: DialRecorder;
let socket: Socket;
let plates = 0;

beforeAll(async () => {
  push = await startFakePushService();
  recorder = new DialRecorder(push);
  // The real push services are allowed too: the tricks name a host under *.notify.windows.com.
  t = await createTestContext(
    { pushServiceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS, push.host] },
    { webPushAgent: recorder },
  );
  const url = await listen(t);
  plant = await createPlant(t, 'Dial plant');
  socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
});
afterAll(async () => {
  closeSockets();
  await t.close();
  recorder.destroy();
  await push.close();
});

const issue = () => issueTicket(t, plant, 'standard', `DL ${String(++plates).padStart(3, '0')}`);
const subscribe = (uuid: string, subscription: FakeSubscription) =>
  t.post('process/user/subscribePush', {
    queue_number_id: uuid,
    subscription,
    choice: { ahead: null, called: true, lab: false },
    language: 'th',
    consent: true,
  });

describe('push endpoints that readers of URLs read differently', () => {
  it('are refused at subscribe with PUSH_ENDPOINT_NOT_CANONICAL, and nothing is dialled', async () => {
    const ticket = await issue();
    const browser = push.subscribe();
    for (const endpoint of PARSER_TRICK_ENDPOINTS) {
      const response = await subscribe(ticket.uuid, { ...browser, endpoint });
      expect(response.statusCode, endpoint).toBe(409);
      expect(response.json(), endpoint).toMatchObject({
        code: 'CONFLICT',
        reason: 'PUSH_ENDPOINT_NOT_CANONICAL',
      });
    }
    expect(
      await t.db.select().from(driverSubscriptions).where(eq(driverSubscriptions.queueId, ticket.id)),
    ).toEqual([]);
    expect(recorder.dials).toEqual([]);
  });

  it('already in the database are never dialled: their subscriptions end, the good one is told', async () => {
    const ticket = await issue();
    const good = push.subscribe();
    expect((await subscribe(ticket.uuid, good)).statusCode).toBe(200);
    // Rows written before the check existed (or by hand): the same keys, a trick endpoint each.
    const stored = await t.db
      .insert(driverSubscriptions)
      .values(
        PARSER_TRICK_ENDPOINTS.map((endpoint) => ({
          queueId: ticket.id,
          branchId: plant.branch.id,
          channel: 'web_push' as const,
          endpoint,
          p256dh: good.keys.p256dh,
          auth: good.keys.auth,
          notifyCalled: true,
          consentedAt: t.clock.now(),
          created: t.clock.now(),
        })),
      )
      .returning({ id: driverSubscriptions.id });
    expect(stored).toHaveLength(PARSER_TRICK_ENDPOINTS.length);

    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    await t.app.notifier.settle();

    // The good browser heard of the call; the only host:port ever dialled is the push service's.
    expect(push.of(good)).toHaveLength(1);
    expect(recorder.dials.length).toBeGreaterThan(0);
    expect(new Set(recorder.dials)).toEqual(new Set([push.host]));

    const rows = await t.db
      .select()
      .from(driverSubscriptions)
      .where(eq(driverSubscriptions.queueId, ticket.id));
    for (const row of rows.filter((r) => r.endpoint !== good.endpoint)) {
      expect(row, row.endpoint ?? '').toMatchObject({ endReason: 'gone' });
      const [delivery] = await t.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.subscriptionId, row.id));
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
      expect(delivery!.lastError).toMatch(/not a plain https address/);
    }
    expect(rows.find((r) => r.endpoint === good.endpoint)).toMatchObject({ endedAt: null });
  });
});

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, emitAck, listen, next, staffSocket } from '../test/sockets.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two server instances on one database and one Redis: a change made through one reaches the other's screens. */
describe.skipIf(!redisUrl)('several instances with the Redis adapter', () => {
  let t: TestContext;
  let second: FastifyInstance;
  let plant: Plant;
  let secondUrl: string;

  beforeAll(async () => {
    t = await createTestContext({ redisUrl: redisUrl! });
    plant = await createPlant(t);
    await listen(t);
    second = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      logger: false,
      serveWeb: false,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    closeSockets();
    await second.close();
    await t.close();
  });

  it('delivers refreshUI to a socket on the other instance, with the same session', async () => {
    const socket = await staffSocket(secondUrl, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    await new Promise((r) => setTimeout(r, 200)); // the room join travels through Redis
    const refreshed = next<{ queue_number: string }>(socket, 'refreshUI', 5000);
    const ticket = await issueTicket(t, plant, 'standard', 'REDIS 1');
    expect((await refreshed).queue_number).toBe(ticket.queue_number);
  });
});

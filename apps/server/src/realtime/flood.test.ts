import { performance } from 'node:perf_hooks';
import { and, count, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ack } from '@truck-queue/shared/contracts/socket-events';
import { authEvents } from '../db/schema.ts';
import { RATE_LIMITS } from '../lib/rate-limit.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, emitAck, listen, next, staffSocket } from '../test/sockets.ts';

/** Issue 13, item 7: one staff socket sending events as fast as it can. */

let t: TestContext;
let url: string;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

async function joined(session: string): Promise<Socket> {
  const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  return socket;
}

/** A session of its own for the plant's caller, who may call every queue type of the plant. */
const floodingOfficer = () => t.signIn(plant.officers.caller.email, plant.officers.caller.password);

/** The officer's `forbidden` audit rows from socket events. */
async function forbiddenRows(officerId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(authEvents)
    .where(and(eq(authEvents.officerId, officerId), eq(authEvents.kind, 'forbidden')));
  return row!.n;
}

/** Polls `read` until it gives the same answer twice, 300 ms apart. */
async function settled(read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await read();
    if (now === last) return now;
    last = now;
  }
}

const limit = RATE_LIMITS.staffEvents;
const refusals = RATE_LIMITS.staffRefusals;

describe('a staff socket that floods', () => {
  it('gets RATE_LIMITED at once past its bucket, is disconnected, and the server keeps serving others', async () => {
    // A security officer may not call: every event that gets past the bucket checks the session
    // and writes a `forbidden` audit row, so the rows count what reached the database.
    const security = plant.officers.security;
    const session = await t.signIn(security.email, security.password);
    const socket = await joined(session);
    const acks = new Map<string, number>();
    const dropped = next<string>(socket, 'disconnect', 20_000);
    const started = performance.now();
    for (let i = 0; i < 5000; i++) {
      socket.emit('doCalling', plant.branch.id, 1_000_000 + i, plant.stations.standardCall.id, (ack: Ack) => {
        const code = ack.status === 1 ? 'ok' : ack.code;
        acks.set(code, (acks.get(code) ?? 0) + 1);
      });
    }
    // While the flood is under way: the health check and another officer's screen answer.
    const [health, other] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      joined(plant.officers.caller.session),
    ]);
    expect(health.statusCode, health.body).toBe(200);
    expect(other.connected).toBe(true);

    expect(await dropped).toBe('io server disconnect');
    const seconds = (performance.now() - started) / 1000;
    // The socket went once it had been refused as often as its second bucket allows...
    const limited = acks.get('RATE_LIMITED') ?? 0;
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThanOrEqual(refusals.burst + Math.ceil(refusals.perSecond * seconds) + 1);
    // ...and at most what its bucket let through reached the database (events still under way
    // finish; those queued behind the refusals are dropped with the socket).
    const reached = await settled(() => forbiddenRows(security.id));
    expect(reached).toBeLessThanOrEqual(limit.burst + Math.ceil(limit.perSecond * seconds));

    // The other screen still works, and the flooder's session is not ended: a new socket is a new bucket.
    const ticket = await issueTicket(t, plant, 'standard', 'FL 1');
    expect(
      await emitAck(other, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    await joined(session);
  });

  it('counts junk too: unknown events and bad arguments take tokens before anything else', async () => {
    const socket = await joined(await floodingOfficer());
    for (let i = 0; i < limit.burst + 20; i++) socket.emit('noSuchEvent', i);
    expect(await emitAck(socket, 'doFinish', 'not a branch', {})).toMatchObject({
      status: 0,
      code: 'RATE_LIMITED',
    });
  });

  it('lets an officer click at a human pace, refuses a burst past the limit without a disconnect, and recovers', async () => {
    const socket = await joined(await floodingOfficer());
    // Ten clicks a second for three seconds on the app's clock: more than any officer manages.
    // None is limited.
    const paced = [];
    for (let i = 0; i < 30; i++) {
      paced.push(await emitAck(socket, 'doReject', plant.branch.id, 4_000_000 + i));
      t.clock.advance(100);
    }
    expect(paced.filter((a) => a.status === 0 && a.code === 'RATE_LIMITED')).toEqual([]);

    const burst = await Promise.all(
      Array.from({ length: limit.burst + 20 }, (_, i) =>
        emitAck(socket, 'doFinish', plant.branch.id, 2_000_000 + i),
      ),
    );
    const limited = burst.filter((a) => a.status === 0 && a.code === 'RATE_LIMITED');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]).toMatchObject({ message: expect.stringContaining('Too many') as string });
    // A second later on the clock the buckets have refilled a second's worth.
    t.clock.advance(1000);
    expect(socket.connected).toBe(true);
    expect(await emitAck(socket, 'doFinish', plant.branch.id, 3_000_000)).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

const sessionLimit = RATE_LIMITS.staffSessionEvents;
const sessionHandshakes = RATE_LIMITS.staffSessionHandshakes;

describe('one session that floods through many sockets', () => {
  it('is bounded as a whole: handshakes past its burst are refused, and its sockets share one bucket', async () => {
    const security = plant.officers.security;
    const session = await t.signIn(security.email, security.password);
    const before = await forbiddenRows(security.id);

    // 30 sockets at once: the session's handshake bucket lets its burst in and refuses the rest
    // before the session is looked up.
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () => staffSocket(url, { session, apiKey: t.config.apiKey })),
    );
    const sockets = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const refused = attempts.flatMap((a) => (a.status === 'rejected' ? [(a.reason as Error).message] : []));
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.length).toBeLessThanOrEqual(sessionHandshakes.burst + 1);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set(['RATE_LIMITED']));

    // Each socket sends 140 calls: within one socket's bucket, far past the session's.
    const dropped = sockets.map((socket) => next<string>(socket, 'disconnect', 20_000));
    const started = performance.now();
    for (const socket of sockets)
      for (let i = 0; i < 140; i++)
        socket.emit(
          'doCalling',
          plant.branch.id,
          5_000_000 + i,
          plant.stations.standardCall.id,
          () => undefined,
        );

    // Meanwhile another officer's screen calls a truck, and the health check answers.
    const other = await joined(plant.officers.caller.session);
    const ticket = await issueTicket(t, plant, 'standard', 'FL 2');
    const [health, call] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      emitAck(other, 'doCalling', plant.branch.id, ticket.id, plant.stations.standardCall.id),
    ]);
    expect(health.statusCode, health.body).toBe(200);
    expect(call).toEqual({ status: 1 });

    // Every flooding socket is disconnected...
    expect(new Set(await Promise.all(dropped))).toEqual(new Set(['io server disconnect']));
    const seconds = (performance.now() - started) / 1000;
    // ...and at most the session's bucket reached the database, not 30 sockets' worth.
    const reached = (await settled(() => forbiddenRows(security.id))) - before;
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThanOrEqual(sessionLimit.burst + Math.ceil(sessionLimit.perSecond * seconds));
    expect(reached).toBeLessThan(sockets.length * 140);
    expect(other.connected).toBe(true);
  });
});

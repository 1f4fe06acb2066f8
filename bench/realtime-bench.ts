import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { ms, percentile } from './support.ts';

interface Setup {
  app: FastifyInstance;
  apiKey: string;
  session: string;
  /** Another session of the officer: a session opens at most RATE_LIMITS.staffSessionHandshakes' burst at once. */
  newSession: () => Promise<string>;
  branchId: number;
  /** Queue ids waiting in QS and a station they may be called to. */
  queueIds: number[];
  stationId: number;
}

/** Waits until every socket has seen `event` once, returning each socket's delay from `start`. */
function arrivals(sockets: Socket[], event: string, start: () => number): Promise<number[]> {
  return Promise.all(
    sockets.map(
      (s) =>
        new Promise<number>((resolve) => {
          s.once(event, () => resolve(performance.now() - start()));
        }),
    ),
  );
}

/**
 * doCalling -> refreshUI on N staff sockets of the branch, beside a bare Socket.IO broadcast to
 * the same sockets. Clients run in this process too: the figures include their share of the CPU.
 */
export async function benchCallingLatency(setup: Setup, socketCount: number): Promise<string[]> {
  const { app } = setup;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  let session = setup.session;
  for (let i = 0; i < socketCount; i++) {
    // Twenty sockets per session, as many screens of many officers would be.
    if (i > 0 && i % 20 === 0) session = await setup.newSession();
    const s = connect(url, {
      auth: { session, apiKey: setup.apiKey },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    await s.emitWithAck('joinRoom', setup.branchId, 'System');
    sockets.push(s);
  }
  const caller = sockets[0]!;

  const callDelays: number[] = [];
  for (const queueId of setup.queueIds) {
    let t0 = 0;
    const seen = arrivals(sockets, 'refreshUI', () => t0);
    t0 = performance.now();
    const ack = (await caller.emitWithAck('doCalling', setup.branchId, queueId, setup.stationId)) as {
      status: number;
    };
    if (ack.status !== 1) throw new Error(`doCalling failed: ${JSON.stringify(ack)}`);
    callDelays.push(...(await seen));
  }

  const broadcastDelays: number[] = [];
  for (let i = 0; i < setup.queueIds.length; i++) {
    let t0 = 0;
    const seen = arrivals(sockets, 'bench', () => t0);
    t0 = performance.now();
    app.realtime.io.to(`branch:${setup.branchId}`).emit('bench' as never);
    broadcastDelays.push(...(await seen));
  }
  for (const s of sockets) s.close();

  const n = setup.queueIds.length;
  return [
    `doCalling -> refreshUI, ${socketCount} staff sockets, ${n} calls | p50 ${ms(percentile(callDelays, 50))}, p99 ${ms(percentile(callDelays, 99))}`,
    `bare Socket.IO broadcast, same ${socketCount} sockets, ${n} times | p50 ${ms(percentile(broadcastDelays, 50))}, p99 ${ms(percentile(broadcastDelays, 99))}`,
  ];
}

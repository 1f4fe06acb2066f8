import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, HTTP_TIMEOUTS } from '../app.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, type Plant } from '../test/plant.ts';
import { emitAck } from '../test/sockets.ts';

/**
 * Slow clients against the real HTTP server (the one main.ts listens on), with its timeouts
 * shortened so that the test takes seconds: a client that trickles its request is closed,
 * while Socket.IO's long-polling and WebSocket connections, which stay open far longer than
 * one request, are not.
 */
const REQUEST_MS = 2000;
const HEADERS_MS = 1000;
/** Node looks for late requests once a second; then scheduling on a busy machine. */
const CHECK_MS = 1000;
const SLACK_MS = 1500;

let t: TestContext;
let plant: Plant;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  app = await buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock,
    logger: false,
    serveWeb: false,
    httpTimeouts: { requestMs: REQUEST_MS, headersMs: HEADERS_MS },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/**
 * A raw client that sends `head` at once, then one byte of `trickle` every `everyMs`, for as
 * long as the server keeps the connection. Resolves when the server closes it: after how long,
 * and what the server answered.
 */
function slowClient(head: string, trickle: string, everyMs: number): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const start = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(trickle[sent++ % trickle.length]!);
      }, everyMs);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Math.round(performance.now() - start), answer });
    });
  });
}

/** A sign-in with the right API key, so that the server waits for its body. */
const signinHead = () =>
  'POST /api/authen/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  `Authorization: ${t.config.apiKey}\r\nContent-Length: 400\r\n\r\n`;

describe('HTTP timeouts', () => {
  it('applies its limits to the server it listens on', () => {
    // The idle limit must outlast a long-poll the server holds (pingInterval, 25 s) and the
    // wait for a ping's answer (pingTimeout, 20 s), or quiet screens would be cut.
    expect(HTTP_TIMEOUTS.idleMs).toBeGreaterThan(25_000 + 20_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    expect(app.server.requestTimeout).toBe(REQUEST_MS);
    expect(app.server.headersTimeout).toBe(HEADERS_MS);
  });

  it('closes clients that send their body a byte at a time, within the request timeout', async () => {
    const clients = await Promise.all(
      Array.from({ length: 10 }, () => slowClient(signinHead(), '{"email":"a@b.c"}', 300)),
    );
    const times = clients.map((c) => c.ms).sort((a, b) => a - b);
    console.info(
      `10 slow bodies closed after ${times[0]}–${times.at(-1)} ms (request timeout ${REQUEST_MS} ms)`,
    );
    for (const client of clients) {
      expect(client.ms).toBeGreaterThanOrEqual(REQUEST_MS - 100);
      expect(client.ms).toBeLessThan(REQUEST_MS + CHECK_MS + SLACK_MS);
      expect(client.answer).toMatch(/^HTTP\/1\.1 408 /);
    }
  });

  it('closes a client that sends its headers a byte at a time, within the headers timeout', async () => {
    const client = await slowClient('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: yes\r\n', 200);
    expect(client.ms).toBeLessThan(HEADERS_MS + CHECK_MS + SLACK_MS);
    expect(client.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers a body that arrives in pieces within the timeout', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'a'.repeat(40) });
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n')) socket.end();
      });
      socket.on('close', () => resolve(text));
      socket.on('connect', () => {
        socket.write(
          `POST /api/authen/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Authorization: ${t.config.apiKey}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        const half = Math.floor(body.length / 2);
        setTimeout(() => socket.write(body.slice(0, half)), 300);
        setTimeout(() => socket.write(body.slice(half)), 600);
      });
    });
    // Refused for the wrong password, which means the whole body was read and parsed.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('leaves Socket.IO long-polling and WebSocket connections open far past the request timeout', async () => {
    const url = `http://127.0.0.1:${port}`;
    const auth = { session: plant.officers.caller.session, apiKey: t.config.apiKey };
    const open = (transports: ('polling' | 'websocket')[]) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(url, { auth, transports, reconnection: false, forceNew: true });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const polling = await open(['polling']);
    const websocket = await open(['websocket']);
    const dropped: string[] = [];
    polling.on('disconnect', (reason) => dropped.push(`polling: ${reason}`));
    websocket.on('disconnect', (reason) => dropped.push(`websocket: ${reason}`));
    try {
      // A long-poll is held by the server until it has something to send (up to 25 s): three
      // request timeouts pass with one held the whole time.
      await new Promise((resolve) => setTimeout(resolve, 3 * REQUEST_MS + CHECK_MS));
      expect(dropped).toEqual([]);
      expect(polling.io.engine.transport.name).toBe('polling');
      for (const socket of [polling, websocket]) {
        expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
      }
    } finally {
      polling.close();
      websocket.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../../lib/clock.ts';
import { selfSignedCertificate } from '../../test/self-signed-certificate.ts';
import { createWebhookSender } from './webhook-sender.ts';

/**
 * An endpoint that drips its answer's headers, a line every 50 ms for seconds: never silent
 * long enough for a socket's idle timeout. The POST's one deadline must cut it.
 */
let server: Server;
let port: number;
let agent: Agent;
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  const { key, cert } = selfSignedCertificate();
  server = createServer({ key, cert }, (request) => {
    request.resume();
    request.on('end', () => {
      const socket = request.socket;
      socket.write('HTTP/1.1 200 OK\r\n');
      let lines = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || ++lines > 200) return clearInterval(timer);
        socket.write(`x-drip-${lines}: 1\r\n`);
      }, 50);
      timers.push(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  agent = new Agent({ ca: cert, keepAlive: false });
});
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  agent.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the webhook sender', () => {
  it('gives up a POST whose answer drips in past its deadline, however short each pause', async () => {
    const sender = createWebhookSender({
      clock: systemClock,
      privateHosts: [`127.0.0.1:${port}`],
      agent,
      timeoutMs: 300,
    });
    const outcome = await sender.post({
      url: `https://127.0.0.1:${port}/hooks`,
      secret: 'whsec_test',
      type: 'ping',
      eventId: 1,
      deliveryId: 1,
      body: '{}',
    });
    expect(outcome).toMatchObject({ ok: false, status: null, failure: 'timeout' });
  });
});

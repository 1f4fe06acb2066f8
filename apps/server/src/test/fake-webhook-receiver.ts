import { createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@truck-queue/shared/integrations/webhooks';
import { selfSignedCertificate } from './self-signed-certificate.ts';

/** One POST the receiver took, as an integration would read it. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The JSON body: `{ id, type, occurred_at, branch_id, data }`. */
  event: { id: string; type: string; occurred_at: string; branch_id: number; data: Record<string, unknown> };
  /** The status it answered with. */
  answered: number;
  /** When it arrived (ms since the epoch, this process's clock). */
  at: number;
}

/**
 * Another system's webhook endpoint on 127.0.0.1 over https (its certificate made here, trusted
 * through `agent`): it takes POSTs and answers 200, or what `respond()` queued, or 503 to every
 * POST while `down`. `verify(secret)` checks a POST's signature the way a receiver would,
 * written here from the documented scheme, not with the server's code.
 */
export async function startFakeWebhookReceiver() {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  let down = false;

  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answered = down ? 503 : (answers.shift() ?? 200);
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(answered === 200 ? 'ok' : 'receiver is down');
      if (answered !== 200) return;
      let event: ReceivedWebhook['event'];
      try {
        event = JSON.parse(body) as ReceivedWebhook['event'];
      } catch {
        event = { id: '', type: '', occurred_at: '', branch_id: 0, data: {} };
      }
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body,
        event,
        answered,
        at: Date.now(),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    /** `127.0.0.1:<port>`: what WEBHOOK_PRIVATE_HOSTS must name for the server to send here. */
    host: `127.0.0.1:${port}`,
    url: (path = '/hooks') => `https://127.0.0.1:${port}${path}`,
    agent,
    /** Its certificate (PEM), for a server process to trust (NODE_EXTRA_CA_CERTS). */
    certificate: cert,
    /** The POSTs answered 200, in the order they came. */
    received,
    /** The next POSTs answer these statuses, one each. */
    respond(...statuses: number[]) {
      answers.push(...statuses);
    },
    setDown(isDown: boolean) {
      down = isDown;
    },
    /** Whether a POST carries a valid signature of its body under `secret`. */
    verify(webhook: ReceivedWebhook, secret: string): boolean {
      const timestamp = String(webhook.headers[WEBHOOK_HEADERS.timestamp] ?? '');
      const signature = String(webhook.headers[WEBHOOK_HEADERS.signature] ?? '');
      const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${webhook.body}`).digest('hex')}`;
      return (
        signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeWebhookReceiver = Awaited<ReturnType<typeof startFakeWebhookReceiver>>;

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFakeWebhookReceiver } from '../../apps/server/src/test/fake-webhook-receiver.ts';

/** What the tests read of a webhook the stand-in took (GET <inbox>/received). */
export interface ErpWebhook {
  type: string;
  id: string;
  data: Record<string, unknown>;
  body: string;
  timestamp: string;
  signature: string;
}

/**
 * The plant's ERP for the browser tests (issue 42): the tests' webhook receiver (https, its own
 * certificate) started beside the server, which is told to trust it and that it may send there.
 * The tests, in other processes, read what it took and set it down or up through a small plain
 * HTTP inbox on 127.0.0.1.
 */
export async function startErpStandIn() {
  const receiver = await startFakeWebhookReceiver();
  const certificate = path.join(mkdtempSync(path.join(os.tmpdir(), 'tq-e2e-erp-')), 'erp.pem');
  writeFileSync(certificate, receiver.certificate);
  const inbox = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/received') {
      const taken: ErpWebhook[] = receiver.received.map((r) => ({
        type: r.event.type,
        id: r.event.id,
        data: r.event.data,
        body: r.body,
        timestamp: String(r.headers['x-truckqueue-timestamp'] ?? ''),
        signature: String(r.headers['x-truckqueue-signature'] ?? ''),
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(taken));
    }
    if (request.method === 'POST' && (request.url === '/down' || request.url === '/up')) {
      receiver.setDown(request.url === '/down');
      response.writeHead(204);
      return response.end();
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  return {
    /** The address an admin types for the ERP's webhook. */
    url: receiver.url('/erp/truck-queue'),
    inbox: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`,
    serverEnv: { WEBHOOK_PRIVATE_HOSTS: receiver.host, NODE_EXTRA_CA_CERTS: certificate },
    async close() {
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
      await receiver.close();
    },
  };
}

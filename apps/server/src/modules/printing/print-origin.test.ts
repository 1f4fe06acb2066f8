import { request as httpRequest } from 'node:http';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printingContracts } from '@truck-queue/shared/contracts/printing.contract';
import { devices } from '../../db/schema.ts';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { startFakePrinter, type FakePrinter } from '../../test/fake-escpos-printer.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { listen } from '../../test/sockets.ts';
import { requestOrigin } from './printing.routes.ts';
import { scanQr } from '../../test/ticket-scan.ts';

/**
 * Without PUBLIC_URL the QR printed on a ticket leads to the address the kiosk or officer reached
 * the server by. That address must never come from a header the caller writes (Host, or
 * X-Forwarded-Host through a trusted proxy): a forged one would print a QR leading drivers to
 * any site. A Host naming this machine is kept; any other gives way to the address the caller's
 * connection actually reached (docs/decisions.md).
 */

const EVIL = 'evil.example';

/** A POST on the real port with these headers, Host included (app.inject has no real connection). */
function rawPost(
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  to = '127.0.0.1',
) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const call = httpRequest(
      {
        host: to,
        port,
        method: 'POST',
        path: `/api/${path}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

for (const proxied of [false, true]) {
  describe(proxied ? 'behind a trusted proxy, without PUBLIC_URL' : 'without PUBLIC_URL', () => {
    let t: TestContext;
    let plant: Plant;
    let port: number;
    let printer: FakePrinter;
    let kiosk: { browser: Browser; uuid: string };

    beforeAll(async () => {
      // The test's connections come from 127.0.0.1: the trusted proxy in the second run.
      t = await createTestContext(proxied ? { trustProxy: ['127.0.0.1'] } : {});
      plant = await createPlant(t, 'QR plant');
      port = Number(new URL(await listen(t)).port);
      printer = await startFakePrinter();
      const browser = newBrowser();
      const device = await registerDevice(t, plant, 'printer', browser);
      await t.db
        .update(devices)
        .set({ printTarget: 'network', printerHost: printer.host, printerPort: printer.port })
        .where(eq(devices.id, device.id));
      kiosk = { browser, uuid: device.uuid };
    });
    afterAll(async () => {
      await printer.close();
      await t.close();
    });

    /** Headers naming `host` as the caller's: Host itself, or X-Forwarded-Host from the proxy. */
    const naming = (host: string): Record<string, string> =>
      proxied
        ? { host: `127.0.0.1:${port}`, 'x-forwarded-host': host, 'x-forwarded-proto': 'https' }
        : { host };
    /** What the QR of the last job printed says. */
    const lastQr = () => scanQr(printer.jobs.at(-1)!);

    let plates = 0;
    const kioskIssues = async (headers: Record<string, string>, to?: string) => {
      const answer = await rawPost(
        port,
        'process/printer/issueQueue',
        {
          id_branchQT: plant.types.standard.id,
          product: plant.products.starch.id,
          truck_license: `72-${String(1000 + ++plates)}`,
        },
        { authorization: t.config.apiKey, ...kiosk.browser.headers, ...headers },
        to,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { queue: { uuid: string } }).queue.uuid;
    };

    it("prints a kiosk's ticket whose QR leads to the server, whatever host the request names", async () => {
      for (const forged of [EVIL, `${EVIL}:3000`, `queue.${EVIL}`, '203.0.113.9', '[2001:db8::1]:80']) {
        const uuid = await kioskIssues(naming(forged));
        // The address the kiosk's connection reached: this server's own, never the header's.
        expect(lastQr()).toBe(`http://127.0.0.1:${port}/Queue/data/${uuid}`);
      }
    });

    it("prints an officer's reprint and an admin's test print at the server's address too", async () => {
      const ticket = await issueTicket(t, plant, 'standard', '72-9001');
      const reprint = await rawPost(
        port,
        printingContracts.reprintTicket.path,
        { uuid: ticket.uuid, printer_uuid: kiosk.uuid },
        { authorization: t.config.apiKey, session: plant.officers.caller.session, ...naming(EVIL) },
      );
      expect(reprint.status, JSON.stringify(reprint.body)).toBe(200);
      expect(lastQr()).toBe(`http://127.0.0.1:${port}/Queue/data/${ticket.uuid}`);
      const test = await rawPost(
        port,
        printingContracts.testPrint.path,
        { uuid: kiosk.uuid },
        { authorization: t.config.apiKey, session: plant.officers.admin.session, ...naming(EVIL) },
      );
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      expect(lastQr()).toBe(`http://127.0.0.1:${port}/`);
    });

    it('keeps a host that names this machine: its name, localhost, one of its addresses', async () => {
      const scheme = proxied ? 'https' : 'http';
      const name = os.hostname().toLowerCase();
      for (const own of [`${name}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`]) {
        const uuid = await kioskIssues(naming(own));
        expect(lastQr()).toBe(`${scheme}://${own}/Queue/data/${uuid}`);
      }
    });

    if (!proxied) {
      it('prints the port the connection reached, not one the Host names', async () => {
        for (const own of ['localhost:1', '127.0.0.1:0', `${os.hostname().toLowerCase()}:9`]) {
          const uuid = await kioskIssues({ host: own });
          expect(lastQr()).toBe(`http://${new URL(`http://${own}`).hostname}:${port}/Queue/data/${uuid}`);
        }
      });
    }
  });
}

describe('requestOrigin', () => {
  /** A request as Fastify gives it: the host it names and the address its connection reached. */
  const request = (host: string, localAddress: string, localPort = 3000) =>
    ({
      protocol: 'http',
      host,
      headers: { host },
      socket: { localAddress, localPort },
    }) as unknown as FastifyRequest;

  it('prints a loopback name only to a caller that came over loopback', () => {
    for (const loopback of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '127.1:3000']) {
      expect(requestOrigin(request(loopback, '10.0.0.5')), loopback).toBe('http://10.0.0.5:3000');
      expect(requestOrigin(request(loopback, '::ffff:10.0.0.5')), loopback).toBe('http://10.0.0.5:3000');
    }
    expect(requestOrigin(request('localhost:3000', '127.0.0.1'))).toBe('http://localhost:3000');
  });
});

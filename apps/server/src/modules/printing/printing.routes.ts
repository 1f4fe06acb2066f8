import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { printingContracts as contracts } from '@truck-queue/shared/contracts/printing.contract';
import { slipContracts } from '@truck-queue/shared/contracts/slip.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { PrintingService } from './printing.service.ts';

/**
 * Whether `hostname` (as WHATWG URL writes it: lower case, IPv6 in brackets) names this machine:
 * localhost, one of its own network addresses (loopback included), or its host name (whole, or
 * its first label). Read at each print: addresses come and go with DHCP.
 */
function namesThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost') return true;
  const name = os.hostname().toLowerCase();
  if (host === name || host === name.split('.')[0]) return true;
  return Object.values(os.networkInterfaces()).some((addresses) =>
    (addresses ?? []).some((address) => address.address.toLowerCase() === host),
  );
}

/** The address the caller's connection reached (its local end): chosen by the network, not by a header. */
function connectionOrigin(request: FastifyRequest): string {
  const address = request.socket.localAddress?.replace(/^::ffff:(?=\d+\.)/, '');
  const port = request.socket.localPort;
  if (!address || !port) return 'http://localhost';
  return new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}`).origin;
}

/** Whether `host` (as WHATWG URL writes it) is this machine's loopback: a phone that scans it reaches itself. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.)/, '');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

/**
 * Where a printed ticket's QR code leads when PUBLIC_URL is not set: the address the caller
 * reached the server by (`http://10.0.0.5:3000`), as the web's driverPageUrl does with its own
 * origin. The host a request names (Host, or X-Forwarded-Host from a trusted proxy: Fastify's
 * request.host) is the caller's to write, so it is taken only when it names this machine
 * (`namesThisMachine`), a loopback name only when the connection itself came over loopback, and
 * with the port the connection reached unless a trusted proxy named the host (its port is the
 * proxy's); otherwise the QR leads to the address the caller's connection reached. A forged
 * Host never puts another site, another port or the phone itself on paper (docs/decisions.md,
 * "Printed links").
 */
export function requestOrigin(request: FastifyRequest): string {
  const connection = connectionOrigin(request);
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!bare || url.host === '' || !namesThisMachine(url.hostname)) return connection;
    if (isLoopback(url.hostname) && !isLoopback(new URL(connection).hostname)) return connection;
    // Fastify read X-Forwarded-Host (a trusted proxy's): the port it names is the proxy's.
    const viaProxy = request.host !== request.headers.host;
    if (viaProxy) return url.origin;
    url.port = String(request.socket.localPort ?? '');
    return url.origin;
  } catch {
    // not a host and port: the connection's address
    return connection;
  }
}

export function registerPrintingRoutes(register: RegisterCall, printing: PrintingService): void {
  register(contracts.branchPrinters, async ({ auth }) => ({
    status: 1,
    printers: await printing.branchPrinters(auth),
  }));

  register(contracts.reprintTicket, async ({ auth, body, request }) => ({
    status: 1,
    print: await printing.reprint(auth, body.uuid, body.printer_uuid, requestOrigin(request)),
  }));

  register(contracts.testPrint, async ({ auth, body, request }) => ({
    status: 1,
    print: await printing.testPrint(auth, body.uuid, requestOrigin(request)),
  }));

  register(slipContracts.slipPreview, async ({ auth, body, request }) => ({
    status: 1,
    ...(await printing.slipPreview(auth, body.uuid, requestOrigin(request))),
  }));

  register(slipContracts.printSlip, async ({ auth, body, request }) => ({
    status: 1,
    print: await printing.printSlip(auth, body.uuid, body.printer_uuid, requestOrigin(request)),
  }));

  register(contracts.devicePrintJob, async ({ device, body, request }) => ({
    status: 1,
    ...(await printing.kioskJob(device!, body.job_id, requestOrigin(request))),
  }));

  register(contracts.devicePrintResult, async ({ device, body }) => {
    await printing.kioskResult(device!, body);
    return { status: 1 };
  });
}

import type { FastifyRequest } from 'fastify';
import { printingContracts as contracts } from '@truck-queue/shared/contracts/printing.contract';
import { slipContracts } from '@truck-queue/shared/contracts/slip.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PrintingService } from './printing.service.ts';

/**
 * The address the caller reached the server by (`http://10.0.0.5:3000`): a ticket's QR code
 * leads there when PUBLIC_URL is not set, as the web's driverPageUrl does with its own origin.
 * A proxy's X-Forwarded-* count only from a trusted proxy (Fastify's request.host).
 */
export function requestOrigin(request: FastifyRequest): string {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (bare && url.host !== '') return url.origin;
  } catch {
    // refused below
  }
  throw new AppError('VALIDATION_FAILED', 'The Host header is not a host name and port.', [
    { path: 'host', message: 'must be the address the server was reached by' },
  ]);
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

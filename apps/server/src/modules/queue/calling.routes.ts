import * as contracts from '@truck-queue/shared/contracts/queue.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { DeviceService } from '../device-gateway/device-gateway.service.ts';
import { requestOrigin } from '../printing/printing.routes.ts';
import type { PrintingService } from '../printing/printing.service.ts';
import type { CallingService } from './calling.service.ts';
import { toTicket } from './queue.views.ts';

export function registerCallingRoutes(
  register: RegisterCall,
  calling: CallingService,
  /** A kiosk's ticket (the device gateway's check of its queue types). */
  devices: Pick<DeviceService, 'issueTicket'>,
  printing: PrintingService,
  /** The plant's LINE chat for a ticket (line.ts chatUrl); null without a LINE account. */
  lineChatUrl: ((ticket: { id: number; uuid: string }) => Promise<string | null>) | null = null,
): void {
  register(contracts.issueQueue, async ({ auth, device, body, request }) => {
    // A printer that is refused (another branch's, a display) issues nothing.
    const origin = requestOrigin(request);
    const printer = await printing.printerForIssue({ device, auth }, body.printer_uuid);
    const firstPrint = await printing.issuePrint(
      printer,
      device
        ? { deviceId: device.deviceId, officerId: null }
        : { deviceId: null, officerId: auth!.officerId },
    );
    const input = {
      branchQueueTypeId: body.id_branchQT,
      productId: body.product,
      truckLicense: body.truck_license,
      idempotencyKey: body.idempotency_key,
      orderClass: body.order_class,
      cutAt: body.cut_at,
      supplierId: body.supplier_id,
      onIssued: firstPrint.onIssued,
    };
    const issued = device
      ? await devices.issueTicket(device, input)
      : await calling.issueByOfficer(auth!, input);
    const { queue, print } = await firstPrint.print(issued, origin);
    return { status: 1, queue: toTicket(queue, lineChatUrl ? await lineChatUrl(queue) : null), print };
  });

  register(contracts.ticketOptions, async ({ auth }) => ({
    status: 1,
    queue_type: await calling.ticketOptions(auth),
  }));

  register(contracts.recentPlates, async ({ auth, body }) => ({
    status: 1,
    plates: await calling.recentPlates(auth, body.find_license),
  }));

  register(contracts.getCardInProcess, async ({ auth, body }) => ({
    status: 1,
    card: await calling.cards(auth, body.find_total_day),
  }));

  register(contracts.findFlowEngineByUUID, async ({ body }) => ({
    status: 1,
    ...(await calling.flowEngine(body.uuid)),
  }));

  register(contracts.getQueueByFlow, async ({ auth, body }) => ({
    status: 1,
    ...(await calling.flowReport(auth, body.uuid, body.find_date)),
  }));
}

import * as contracts from '@truck-queue/shared/contracts/queue.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { DeviceService } from '../device-gateway/device-gateway.service.ts';
import { requestOrigin } from '../printing/printing.routes.ts';
import type { PrintingService } from '../printing/printing.service.ts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, DeviceContext } from '../../lib/auth-context.ts';
import type { CallingService } from './calling.service.ts';
import type { KioskPrinter } from '../printing/printing.repository.ts';
import type { QueueView } from './queue.repository.ts';
import type { IssueInput, QueueService } from './queue.service.ts';
import { toTicket } from './queue.views.ts';

/** Who issues a ticket: a kiosk (its device) or an officer (the session). */
export interface Issuer {
  auth: AuthContext | null;
  device: DeviceContext | null;
  request: FastifyRequest;
}

/**
 * The ticket desk: issues a ticket by an officer or a kiosk and prints it (issueQueue, and a
 * booking's check-in). A printer that is refused (another branch's, a display) issues nothing.
 */
export function createTicketDesk(deps: {
  calling: Pick<CallingService, 'issueByOfficer'>;
  /** A kiosk's ticket (the device gateway's check of its queue types). */
  devices: Pick<DeviceService, 'issueTicket'>;
  /** An entrance reader's ticket (a booking's check-in by camera). */
  queue: Pick<QueueService, 'issue'>;
  printing: PrintingService;
  /** The plant's LINE chat for a ticket (line.ts chatUrl); null without a LINE account. */
  lineChatUrl: ((ticket: { id: number; uuid: string }) => Promise<string | null>) | null;
}) {
  /** Issues through `issue` with the first print's job written in its transaction, then prints it. */
  async function issuePrinted(
    printer: KioskPrinter | null,
    requester: Parameters<PrintingService['issuePrint']>[1],
    origin: string,
    issue: (onIssued: IssueInput['onIssued']) => Promise<QueueView>,
    alongside: IssueInput['onIssued'] | undefined,
  ) {
    const firstPrint = await deps.printing.issuePrint(printer, requester);
    const onIssued: IssueInput['onIssued'] = alongside
      ? async (tx, queue) => {
          await alongside(tx, queue);
          await firstPrint.onIssued(tx, queue);
        }
      : firstPrint.onIssued;
    const issued = await issue(onIssued);
    const { queue, print } = await firstPrint.print(issued, origin);
    return {
      queue: toTicket(queue, deps.lineChatUrl ? await deps.lineChatUrl(queue) : null),
      print,
      view: issued,
    };
  }

  return {
    async issue(
      { auth, device, request }: Issuer,
      printerUuid: string | null | undefined,
      input: Omit<IssueInput, 'onIssued'>,
      /** Written with the ticket, in its transaction, before it is printed. */
      alongside?: IssueInput['onIssued'],
    ) {
      const printer = await deps.printing.printerForIssue({ device, auth }, printerUuid);
      return issuePrinted(
        printer,
        device
          ? { deviceId: device.deviceId, officerId: null }
          : { deviceId: null, officerId: auth!.officerId },
        requestOrigin(request),
        (onIssued) =>
          device
            ? deps.devices.issueTicket(device, { ...input, onIssued })
            : deps.calling.issueByOfficer(auth!, { ...input, onIssued }),
        alongside,
      );
    },

    /**
     * An entrance reader's ticket (a booked truck checked in by its plate or tag), issued by the
     * reader and printed on its printer (`printerId`, a network ticket printer; none: not printed).
     */
    async issueAtReader(
      reader: { id: number; branchId: number; printerId: number | null },
      origin: string,
      input: Omit<IssueInput, 'onIssued'>,
      alongside?: IssueInput['onIssued'],
    ) {
      const printer = reader.printerId === null ? null : await deps.printing.networkPrinter(reader.printerId);
      return issuePrinted(
        printer,
        { deviceId: reader.id, officerId: null },
        origin,
        (onIssued) => deps.queue.issue(reader.branchId, { ...input, onIssued }, { deviceId: reader.id }),
        alongside,
      );
    },
  };
}

export type TicketDesk = ReturnType<typeof createTicketDesk>;

export function registerCallingRoutes(
  register: RegisterCall,
  calling: CallingService,
  desk: TicketDesk,
): void {
  register(contracts.issueQueue, async ({ auth, device, body, request }) => {
    const { queue, print } = await desk.issue({ auth, device, request }, body.printer_uuid, {
      branchQueueTypeId: body.id_branchQT,
      productId: body.product,
      truckLicense: body.truck_license,
      idempotencyKey: body.idempotency_key,
      orderClass: body.order_class,
      cutAt: body.cut_at,
      supplierId: body.supplier_id,
    });
    return { status: 1, queue, print };
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

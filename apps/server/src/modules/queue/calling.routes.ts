import * as contracts from '@truck-queue/shared/contracts/queue.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { DeviceService } from '../device-gateway/device-gateway.service.ts';
import type { CallingService } from './calling.service.ts';
import { toTicket } from './queue.views.ts';

export function registerCallingRoutes(
  register: RegisterCall,
  calling: CallingService,
  devices: DeviceService,
): void {
  register(contracts.issueQueue, async ({ auth, device, body }) => {
    const input = {
      branchQueueTypeId: body.id_branchQT,
      productId: body.product,
      truckLicense: body.truck_license,
      idempotencyKey: body.idempotency_key,
    };
    const queue = device
      ? await devices.issueTicket(device, input)
      : await calling.issueByOfficer(auth!, input);
    return { status: 1, queue: toTicket(queue) };
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

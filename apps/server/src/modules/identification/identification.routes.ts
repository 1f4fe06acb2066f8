import { identificationContracts as contracts } from '@truck-queue/shared/contracts/identification.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import { requestOrigin } from '../printing/printing.routes.ts';
import type { IdentificationService } from './identification.service.ts';

/** A reader's reads, the gate's, the weighbridge's and the ticket desk's decisions on them, and a read's snapshot. */
export function registerIdentificationRoutes(register: RegisterCall, service: IdentificationService): void {
  register(contracts.identify, async ({ device, body, request }) => ({
    status: 1,
    read: await service.identify(device!, body, requestOrigin(request)),
  }));
  register(contracts.checkInReads, async ({ auth }) => ({
    status: 1,
    ...(await service.reads(auth, 'check_in')),
  }));
  register(contracts.resolveCheckInRead, async ({ auth, body, request }) => ({
    status: 1,
    ...(await service.resolveCheckIn(
      { auth, device: null, request },
      body.id,
      body.booking_id,
      body.printer_uuid,
    )),
  }));
  register(contracts.gateReads, async ({ auth }) => ({
    status: 1,
    ...(await service.reads(auth, 'gate_exit')),
  }));
  register(contracts.resolveGateRead, async ({ auth, body }) => ({
    status: 1,
    read: await service.resolveGate(auth, body.id, body.uuid, body.confirm_unfinished === true),
  }));
  register(contracts.weighbridgeReads, async ({ auth }) => ({
    status: 1,
    ...(await service.reads(auth, 'weighbridge')),
  }));
  register(contracts.resolveWeighbridgeRead, async ({ auth, body }) => ({
    status: 1,
    read: await service.resolveWeighbridge(auth, body.id, body.uuid),
  }));
  register(contracts.ticketSnapshot, async ({ auth, body }) => ({
    status: 1,
    snapshot: await service.ticketSnapshot(auth, body.uuid),
  }));
  register(contracts.identificationSnapshot, async ({ auth, body }) => ({
    status: 1,
    mime: 'image/jpeg' as const,
    ...(await service.snapshot(auth, body.id)),
  }));
}

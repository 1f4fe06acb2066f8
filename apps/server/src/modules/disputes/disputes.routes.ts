import {
  listDisputes,
  pendingDisputes,
  resolveDispute,
} from '@truck-queue/shared/contracts/dispute.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { DisputesService } from './disputes.service.ts';

/** The admins' list of the branch's disputes and their answer (the driver files one on the public routes). */
export function registerDisputeRoutes(register: RegisterCall, disputes: DisputesService): void {
  register(listDisputes, async ({ auth }) => ({ status: 1, dispute: await disputes.list(auth) }));
  register(pendingDisputes, async ({ auth }) => ({ status: 1, pending: await disputes.pending(auth) }));
  register(resolveDispute, async ({ auth, body }) => ({
    status: 1,
    dispute: await disputes.resolve(auth, body.id, body.resolution),
  }));
}

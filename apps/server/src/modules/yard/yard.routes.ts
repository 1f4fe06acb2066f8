import * as contracts from '@truck-queue/shared/contracts/yard.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { PrintingService } from '../printing/printing.service.ts';
import type { YardService } from './yard.service.ts';

export function registerYardRoutes(
  register: RegisterCall,
  yard: YardService,
  printing: Pick<PrintingService, 'printsOfTicket'>,
): void {
  register(contracts.yardRules, async ({ auth }) => ({ status: 1, ...(await yard.rules(auth)) }));
  register(contracts.yardSettings, async ({ auth }) => ({ status: 1, ...(await yard.adminView(auth)) }));
  register(contracts.saveReason, async ({ auth, body }) => ({
    status: 1,
    reason: await yard.saveReason(auth, body),
  }));
  register(contracts.saveYardSettings, async ({ auth, body }) => ({
    status: 1,
    settings: await yard.saveSettings(auth, body),
  }));
  register(contracts.queueHistory, async ({ auth, body }) => ({
    status: 1,
    ...(await yard.history(auth, body.uuid)),
    prints: await printing.printsOfTicket(auth.branchId, body.uuid),
  }));
}

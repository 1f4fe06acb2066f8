import * as contracts from '@truck-queue/shared/contracts/integration.contract';
import { IN_OUT_MAX_ROWS } from '@truck-queue/shared/contracts/report.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { InOutService } from '../reports/in-out.service.ts';
import { inOutFilterOf, summaryPageOf } from '../reports/reports.routes.ts';
import type { SummaryService } from '../reports/summary.service.ts';
import type { IntegrationsService } from './integrations.service.ts';

/** The admins' keys, and what a key reads of its branch (the reports' own services). */
export function registerIntegrationRoutes(
  register: RegisterCall,
  keys: IntegrationsService,
  reports: { inOut: Pick<InOutService, 'rows'>; summary: Pick<SummaryService, 'page'> },
): void {
  register(contracts.listIntegrationKeys, async ({ auth }) => ({ status: 1, keys: await keys.list(auth) }));

  register(contracts.createIntegrationKey, async ({ auth, body }) => ({
    status: 1,
    ...(await keys.create(auth, {
      name: body.name,
      scopes: body.scopes,
      ratePerMinute: body.rate_per_minute,
      expiresOn: body.expires_on,
    })),
  }));

  register(contracts.revokeIntegrationKey, async ({ auth, body }) => ({
    status: 1,
    key: await keys.revoke(auth, body.id),
  }));

  register(contracts.integrationKeyCalls, async ({ auth, body }) => ({
    status: 1,
    ...(await keys.calls(auth, body.id, body.before ?? null)),
  }));

  // A key reads its own branch, as an officer's report would: never as an officer.
  register(contracts.integrationTickets, async ({ integration, body }) => ({
    status: 1,
    ...(await reports.inOut.rows({ branchId: integration.branchId }, inOutFilterOf(body), IN_OUT_MAX_ROWS)),
  }));

  register(contracts.integrationWeighings, async ({ integration, body }) => ({
    status: 1,
    ...(await reports.summary.page({ branchId: integration.branchId }, summaryPageOf(body))),
  }));
}

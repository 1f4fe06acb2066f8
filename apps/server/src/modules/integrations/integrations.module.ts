import type { ModuleHost } from '../module-host.ts';
import type { InOutService } from '../reports/in-out.service.ts';
import type { SummaryService } from '../reports/summary.service.ts';
import { registerIntegrationRoutes } from './integrations.routes.ts';
import { createIntegrationsService } from './integrations.service.ts';

/**
 * Integrations (issue 42): the keys the admins give other systems, the calls those keys make
 * (checked as they arrive by the call registrar: app.ts hands it this module's guard) and their
 * audit.
 */
export function registerIntegrationsModule(
  host: ModuleHost,
  deps: { inOut: Pick<InOutService, 'rows'>; summary: Pick<SummaryService, 'page'> },
) {
  const { register, config, db, clock } = host;
  const keys = createIntegrationsService({ db, clock, siteTimeZone: config.siteTimeZone });
  registerIntegrationRoutes(register, keys, deps);
  return { keys };
}

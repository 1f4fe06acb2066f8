import type { ModuleHost } from '../module-host.ts';
import type { InOutService } from '../reports/in-out.service.ts';
import type { SummaryService } from '../reports/summary.service.ts';
import { registerIntegrationRoutes } from './integrations.routes.ts';
import { createIntegrationsService, type IntegrationsService } from './integrations.service.ts';

const PRUNE_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The integration keys (tests prune their audit by hand; modules/integrations). */
    integrations: IntegrationsService;
  }
}

/**
 * Integrations (issue 42): the keys the admins give other systems, the calls those keys make
 * (checked as they arrive by the call registrar: app.ts hands it this module's guard) and their
 * audit.
 */
export function registerIntegrationsModule(
  host: ModuleHost,
  deps: { inOut: Pick<InOutService, 'rows'>; summary: Pick<SummaryService, 'page'> },
) {
  const { app, register, config, db, clock, options } = host;
  const keys = createIntegrationsService({ db, clock, siteTimeZone: config.siteTimeZone });
  registerIntegrationRoutes(register, keys, deps);
  app.decorate('integrations', keys);
  if (options.integrationJobs) {
    // The keys' call audit older than INTEGRATION_CALLS_KEEP_DAYS goes, every hour on every instance.
    let timer: NodeJS.Timeout | null = null;
    const prune = () =>
      void keys
        .prune()
        .catch((error: unknown) => app.log.error({ err: error }, 'old integration calls were not removed'));
    app.addHook('onListen', () => {
      prune();
      timer = setInterval(prune, PRUNE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', () => {
      if (timer) clearInterval(timer);
    });
  }
  return { keys };
}

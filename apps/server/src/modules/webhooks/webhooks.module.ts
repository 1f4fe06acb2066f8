import type { ModuleHost } from '../module-host.ts';
import { createWebhookSender } from './webhook-sender.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';
import { createWebhooksService, type WebhooksService } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhooks' feed and outbox (tests look and send by hand; modules/webhooks). */
    webhooks: WebhooksService;
  }
}

/** How often the feed looks for new events and the outbox sends what is due (main.ts: `integrationJobs`). */
export const WEBHOOK_LOOK_MS = 2_000;
/** How often delivered events older than WEBHOOK_KEEP_DAYS are removed. */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Webhooks (issue 42): the admins' endpoints and, where asked (`integrationJobs`), a look every
 * WEBHOOK_LOOK_MS that queues new events and sends what is due, on every instance (the outbox's
 * claims keep two instances from sending one delivery at once).
 */
export function registerWebhooksModule(host: ModuleHost) {
  const { app, register, config, db, clock, options } = host;
  const sender = createWebhookSender({
    clock,
    privateHosts: config.webhookPrivateHosts,
    agent: options.webhookAgent,
    timeoutMs: options.webhookTimeoutMs,
  });
  const webhooks = createWebhooksService({
    db,
    clock,
    sender,
    privateHosts: config.webhookPrivateHosts,
    log: app.log,
  });
  registerWebhookRoutes(register, webhooks);
  app.decorate('webhooks', webhooks);
  if (options.integrationJobs) {
    // The look and the sending on timers of their own: a slow endpoint never stops the look.
    const job = (name: string, run: () => Promise<unknown>, everyMs: number) => {
      let timer: NodeJS.Timeout | null = null;
      let running: Promise<unknown> | null = null;
      const tick = () => {
        running ??= run()
          .catch((error: unknown) => app.log.error({ err: error }, `the webhooks' ${name} failed`))
          .finally(() => {
            running = null;
          });
      };
      app.addHook('onListen', () => {
        timer = setInterval(tick, everyMs);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
        await running;
      });
    };
    job('look', () => webhooks.look(), WEBHOOK_LOOK_MS);
    job('sending', () => webhooks.sendDue(), WEBHOOK_LOOK_MS);
    job('prune', () => webhooks.prune(), PRUNE_EVERY_MS);
  }
  return { webhooks };
}

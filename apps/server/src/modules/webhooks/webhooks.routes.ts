import * as contracts from '@truck-queue/shared/contracts/webhook.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** The admins' webhook endpoints, their delivery logs, replays and test sends. */
export function registerWebhookRoutes(register: RegisterCall, webhooks: WebhooksService): void {
  register(contracts.listWebhooks, async ({ auth }) => ({ status: 1, endpoints: await webhooks.list(auth) }));

  register(contracts.createWebhook, async ({ auth, body }) => ({
    status: 1,
    ...(await webhooks.create(auth, body)),
  }));

  register(contracts.updateWebhook, async ({ auth, body }) => ({
    status: 1,
    endpoint: await webhooks.update(auth, body),
  }));

  register(contracts.rotateWebhookSecret, async ({ auth, body }) => ({
    status: 1,
    secret: await webhooks.rotate(auth, body.id),
  }));

  register(contracts.deleteWebhook, async ({ auth, body }) => {
    await webhooks.remove(auth, body.id);
    return { status: 1 };
  });

  register(contracts.webhookDeliveries, async ({ auth, body }) => ({
    status: 1,
    ...(await webhooks.deliveries(auth, body.id, { status: body.status, beforeId: body.before_id })),
  }));

  register(contracts.replayWebhook, async ({ auth, body }) => ({
    status: 1,
    replayed: await webhooks.replay(
      auth,
      body.id,
      'delivery_id' in body ? { deliveryId: body.delivery_id } : { since: new Date(body.since) },
    ),
  }));

  register(contracts.testWebhook, async ({ auth, body }) => {
    const outcome = await webhooks.test(auth, body.id);
    return {
      status: 1,
      delivered: outcome.ok,
      http_status: outcome.status,
      failure: outcome.ok ? null : outcome.failure,
      error: outcome.ok ? null : outcome.error,
      ms: outcome.ms,
    };
  });
}

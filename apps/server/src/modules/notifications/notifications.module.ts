import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import type { ModuleHost } from '../module-host.ts';
import type { ChannelSenders } from './channels.ts';
import { createLine } from './line.ts';
import { registerLineWebhook } from './line.routes.ts';
import { registerNotificationRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createNotifier, type Notifier } from './notifier.ts';
import { createRetention, type Retention } from './retention.ts';
import { createVapidKeys } from './vapid.ts';
import { createWebPushSender } from './web-push.channel.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drivers' notifications (tests settle it; modules/notifications/notifier.ts). */
    notifier: Notifier;
    /** The daily erasure of drivers' contact data and old plates (modules/notifications/retention.ts). */
    retention: Retention;
  }
}

/**
 * Drivers told of their ticket's moments (issue 21): Web Push, and LINE when the plant has an
 * account. Registers the driver's and the admins' calls, the LINE webhook, the notifier and the
 * daily retention job (their loops only where asked: `driverJobs`). Returns the LINE chat a
 * ticket offers (null without an account), which printing and issuing put on the ticket.
 */
/** `reads`: the queue's reads on the background lane (app.ts). */
export function registerNotificationsModule(host: ModuleHost, deps: { reads: QueueReadsRepository }) {
  const { app, register, config, db, background, clock, events, options } = host;
  // The drivers' side: its reads and the notifier's on the background lane (module-host.ts).
  const { reads } = deps;
  // The plant's LINE Official Account (issue 21): the ticket prints its chat's QR, the notifier sends.
  const line = createLine({ config, db, clock, log: app.log });
  const vapid = createVapidKeys(db, config.vapidSubject);
  const senders: ChannelSenders = {
    web_push: createWebPushSender({
      vapid,
      log: app.log,
      clock,
      allowedHosts: config.pushServiceHosts,
      ...(options.webPushAgent ? { agent: options.webPushAgent } : {}),
      ...(options.webPushTimeoutMs ? { timeoutMs: options.webPushTimeoutMs } : {}),
    }),
  };
  if (line.configured) senders.line = line.sender;
  const notifier = createNotifier({
    db: background,
    reads,
    clock,
    events,
    senders,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  line.setOnLinked((queueId, branchId) => notifier.subscribed(queueId, branchId));
  const retention = createRetention({
    db: background,
    clock,
    siteTimeZone: config.siteTimeZone,
    log: app.log,
  });
  if (options.driverJobs) {
    app.addHook('onListen', () => {
      notifier.start();
      retention.start();
    });
  }
  app.addHook('onClose', async () => {
    retention.stop();
    await notifier.stop();
  });
  const notifications = createNotificationsService({
    db,
    reads,
    clock,
    siteTimeZone: config.siteTimeZone,
    notifier,
    vapidPublicKey: async () => (await vapid.keys()).publicKey,
    line,
    pushServiceHosts: config.pushServiceHosts,
  });
  app.decorate('notifier', notifier);
  app.decorate('retention', retention);
  registerNotificationRoutes(register, notifications);
  if (line.configured) registerLineWebhook(app, line);
  return { lineChatUrl: line.configured ? line.chatUrl : null, line: line.configured ? line : null };
}

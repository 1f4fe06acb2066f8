import {
  notificationsOverview,
  notifyOptions,
  saveNotifySettings,
  subscribePush,
  unsubscribePush,
} from '@truck-queue/shared/contracts/notification.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The driver's "notify me" (public, by his ticket's uuid) and the admins' settings and figures. */
export function registerNotificationRoutes(
  register: RegisterCall,
  notifications: NotificationsService,
): void {
  register(notifyOptions, async ({ body }) => ({
    status: 1,
    options: await notifications.options(body.queue_number_id, body.endpoint),
  }));
  register(subscribePush, async ({ body }) => ({
    status: 1,
    options: await notifications.subscribePush({
      uuid: body.queue_number_id,
      subscription: body.subscription,
      choice: body.choice,
      language: body.language,
    }),
  }));
  register(unsubscribePush, async ({ body }) => ({
    status: 1,
    options: await notifications.unsubscribePush(body.queue_number_id, body.endpoint),
  }));
  register(notificationsOverview, async ({ auth }) => ({
    status: 1,
    ...(await notifications.overview(auth)),
  }));
  register(saveNotifySettings, async ({ auth, body }) => ({
    status: 1,
    settings: await notifications.saveSettings(auth, body),
  }));
}

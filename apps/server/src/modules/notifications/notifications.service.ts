import type {
  NotifyChoice,
  NotifyOptions,
  NotifySettings,
} from '@truck-queue/shared/contracts/notification.contract';
import type { NotifyLanguage } from '@truck-queue/shared/notifications/moments';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { ENDED_STATES } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import { oldestPublicDay } from '../queue/public-queue.service.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import type { Notifier } from './notifier.ts';
import { checkPushEndpoint } from './push-endpoints.ts';
import { isPushKeyPair } from './web-push.channel.ts';

/** At most this many browsers follow one ticket: a driver's phone and a spare, not a crowd. */
export const MAX_PUSH_PER_TICKET = 5;
/** The admins' page lists this many recent failures. */
const FAILURES_SHOWN = 50;

/** What the LINE account offers a ticket (line*.ts); null when the branch has none. */
export interface LineOffer {
  configured: boolean;
  chatUrl(ticket: { id: number; uuid: string }): Promise<string | null>;
}

/**
 * The driver's choice to be told of his ticket's moments (issue 21): what his page offers, his
 * browser's Web Push subscription, and the admins' settings and figures. The LINE chat links
 * itself through the webhook (line*.ts); the notifier sends.
 */
export function createNotificationsService(deps: {
  db: Db;
  /** The ticket a driver's page follows (the queue's reads). */
  reads: Pick<QueueReadsRepository, 'findTicketSince'>;
  clock: Clock;
  siteTimeZone: string;
  notifier: Pick<Notifier, 'subscribed'>;
  /** The server's VAPID public key (vapid.ts); null: Web Push is not offered. */
  vapidPublicKey: (() => Promise<string>) | null;
  line: LineOffer | null;
  pushServiceHosts: readonly string[];
}) {
  const { db, reads, clock, siteTimeZone } = deps;
  const repo = createNotificationsRepository(db);

  /** The ticket as the driver's page knows it: issued within PUBLIC_TICKET_DAYS, else NOT_FOUND. */
  async function ticket(uuid: string) {
    const oldest = oldestPublicDay(clock.now(), siteTimeZone);
    const q = await reads.findTicketSince(uuid, oldest);
    if (!q) throw notFound('The queue');
    return q;
  }

  const ended = (q: { exitAt: Date | null; state: string }) =>
    q.exitAt !== null || (ENDED_STATES as readonly string[]).includes(q.state);

  async function options(
    q: Awaited<ReturnType<typeof ticket>>,
    endpoint: string | undefined,
  ): Promise<NotifyOptions> {
    const settings = await repo.settings(q.branchId);
    const over = ended(q);
    const mine = endpoint ? await repo.pushSubscription(q.id, endpoint) : null;
    const code = encodeTicketCode(q.id);
    const chatUrl = !over && deps.line?.configured ? await deps.line.chatUrl(q) : null;
    return {
      privacy_notice: settings?.privacyNotice ?? '',
      retention_days: settings?.contactRetentionDays ?? 90,
      web_push: !over && deps.vapidPublicKey ? { public_key: await deps.vapidPublicKey() } : null,
      line: chatUrl ? { chat_url: chatUrl, code } : null,
      subscription: mine ? { ahead: mine.notifyAhead, called: mine.notifyCalled, lab: mine.notifyLab } : null,
      line_linked: (await repo.liveCount(q.id, 'line')) > 0,
      ended: over,
    };
  }

  return {
    async options(uuid: string, endpoint?: string): Promise<NotifyOptions> {
      return options(await ticket(uuid), endpoint);
    },

    /** Subscribes the browser (or changes its choice): consent given, a known push service, the ticket inside. */
    async subscribePush(input: {
      uuid: string;
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
      choice: NotifyChoice;
      language: NotifyLanguage;
    }): Promise<NotifyOptions> {
      const q = await ticket(input.uuid);
      if (!deps.vapidPublicKey) throw new AppError('NOT_FOUND', 'Web Push is not offered by this server.');
      if (ended(q))
        throw conflict('The truck has left: its ticket can no longer be followed.', 'ALREADY_LEFT');
      const { endpoint, keys } = input.subscription;
      // A key that is not a P-256 point could never be encrypted for: refused now, not at the first push.
      if (!isPushKeyPair(keys.p256dh, keys.auth))
        throw new AppError('VALIDATION_FAILED', "The browser's subscription keys are not valid.", [
          { path: 'subscription.keys', message: 'is not a P-256 key and a 16-byte secret' },
        ]);
      const checked = checkPushEndpoint(endpoint, deps.pushServiceHosts);
      if (!checked.ok && checked.problem === 'not_canonical')
        throw conflict(
          'This push endpoint is not a plain https address of a push service (written as browsers write it).',
          'PUSH_ENDPOINT_NOT_CANONICAL',
        );
      if (!checked.ok)
        throw conflict(
          'This push service is not one the server sends to (PUSH_SERVICE_HOSTS).',
          'PUSH_SERVICE_NOT_ALLOWED',
        );
      const saved = await repo.savePush(
        {
          queueId: q.id,
          branchId: q.branchId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          language: input.language,
          notifyAhead: input.choice.ahead,
          notifyCalled: input.choice.called,
          notifyLab: input.choice.lab,
          consentedAt: clock.now(),
        },
        MAX_PUSH_PER_TICKET,
      );
      if (!saved)
        throw conflict(
          `At most ${MAX_PUSH_PER_TICKET} browsers may follow one ticket.`,
          'TOO_MANY_FOLLOWERS',
        );
      await deps.notifier.subscribed(q.id, q.branchId);
      return options(q, endpoint);
    },

    async unsubscribePush(uuid: string, endpoint: string): Promise<NotifyOptions> {
      const q = await ticket(uuid);
      const mine = await repo.pushSubscription(q.id, endpoint);
      if (mine) await repo.end([mine.id], 'unsubscribed', clock.now());
      return options(q, endpoint);
    },

    async settings(auth: AuthContext): Promise<NotifySettings> {
      const s = await repo.settings(auth.branchId);
      if (!s) throw notFound('The branch');
      return {
        privacy_notice: s.privacyNotice,
        contact_retention_days: s.contactRetentionDays,
        plate_retention_days: s.plateRetentionDays,
      };
    },

    async saveSettings(auth: AuthContext, settings: NotifySettings): Promise<NotifySettings> {
      await repo.saveSettings(auth.branchId, {
        privacyNotice: settings.privacy_notice,
        contactRetentionDays: settings.contact_retention_days,
        plateRetentionDays: settings.plate_retention_days,
      });
      return this.settings(auth);
    },

    /** This month's and the last months' messages, who follows now, and what failed. */
    async overview(auth: AuthContext) {
      const now = clock.now();
      // From the first day of the month before last: three months, whatever the day.
      const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1) - 86_400_000);
      const [settings, months, following, failures] = await Promise.all([
        this.settings(auth),
        repo.months(auth.branchId, since, siteTimeZone),
        repo.following(auth.branchId),
        repo.failures(auth.branchId, FAILURES_SHOWN),
      ]);
      return {
        settings,
        line_configured: deps.line?.configured ?? false,
        months,
        following,
        failures: failures.map((f) => ({
          id: f.id,
          channel: f.channel,
          moment: f.moment,
          queue_number: f.queueNumber,
          attempts: f.attempts,
          error: f.error ?? '',
          created: f.created.toISOString(),
          next_attempt_at: f.status === 'pending' ? f.nextAttemptAt.toISOString() : null,
        })),
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

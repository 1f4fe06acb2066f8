import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { NotifyChannel, NotifyMoment } from '@truck-queue/shared/notifications/moments';
import type { Db } from '../../db/database.ts';
import {
  branchQueueTypes,
  branches,
  driverSubscriptions,
  notificationDeliveries,
  queues,
  queueTypes,
} from '../../db/schema.ts';
import type { SubscriptionAddress } from './channels.ts';
import type { FollowedRow } from './followed-tickets.ts';

/** A live subscription with what the moments need of its ticket. */
export interface FollowedTicket {
  subscription: SubscriptionAddress & {
    notifyAhead: number | null;
    notifyCalled: boolean;
    notifyLab: boolean;
  };
  queue: {
    id: number;
    uuid: string;
    branchQueueTypeId: number;
    flowEngineId: number;
    queueDate: string;
    queueNumber: string;
    lineAt: Date;
    created: Date;
    state: string;
  };
}

export interface NewDelivery {
  /** Now, on the server's clock: due at once. */
  created: Date;
  nextAttemptAt: Date;
  subscriptionId: number;
  branchId: number;
  channel: NotifyChannel;
  moment: NotifyMoment;
  momentKey: string;
  title: string;
  body: string;
  url: string;
}

/** A delivery the notifier has claimed, with its subscription's address. */
export interface DueDelivery {
  id: number;
  attempts: number;
  moment: NotifyMoment;
  title: string;
  body: string;
  url: string;
  queueNumber: string;
  to: SubscriptionAddress;
}

const addressColumns = {
  id: driverSubscriptions.id,
  branchId: driverSubscriptions.branchId,
  channel: driverSubscriptions.channel,
  endpoint: driverSubscriptions.endpoint,
  p256dh: driverSubscriptions.p256dh,
  auth: driverSubscriptions.auth,
  lineUserId: driverSubscriptions.lineUserId,
  language: driverSubscriptions.language,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Holds, until the transaction ends, the lock of a ticket's followers: whoever counts a ticket's
 * live subscriptions to decide whether one more may follow (a browser here, a LINE chat in
 * line.repository.ts) takes it first, on every instance and on both engines.
 */
export async function lockFollowers(tx: Tx, queueId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notify-followers:${queueId}`}, 0))`);
}

/** The drivers' subscriptions and the outbox of what is sent to them (notifications.service.ts, notifier.ts). */
export function createNotificationsRepository(db: Db) {
  function followed() {
    return db
      .select({
        subscription: {
          ...addressColumns,
          notifyAhead: driverSubscriptions.notifyAhead,
          notifyCalled: driverSubscriptions.notifyCalled,
          notifyLab: driverSubscriptions.notifyLab,
        },
        queue: {
          id: queues.id,
          uuid: queues.uuid,
          branchQueueTypeId: queues.branchQueueTypeId,
          flowEngineId: queueTypes.flowEngineId,
          queueDate: queues.queueDate,
          queueNumber: queues.queueNumber,
          lineAt: queues.lineAt,
          created: queues.created,
          state: queues.state,
        },
      })
      .from(driverSubscriptions)
      .innerJoin(queues, eq(queues.id, driverSubscriptions.queueId))
      .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
      .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId));
  }

  return {
    /** Live subscriptions of one ticket. */
    async ofQueue(queueId: number): Promise<FollowedTicket[]> {
      return followed().where(
        and(eq(driverSubscriptions.queueId, queueId), isNull(driverSubscriptions.endedAt)),
      );
    },

    /**
     * Live subscriptions asking to hear "N ahead" of trucks of these queue types still inside,
     * that have not been told it yet.
     */
    async awaitingAhead(branchQueueTypeIds: number[]): Promise<FollowedTicket[]> {
      if (branchQueueTypeIds.length === 0) return [];
      return followed().where(
        and(
          inArray(queues.branchQueueTypeId, branchQueueTypeIds),
          isNull(queues.exitAt),
          isNull(driverSubscriptions.endedAt),
          sql`${driverSubscriptions.notifyAhead} is not null`,
          sql`not exists (select 1 from ${notificationDeliveries} d where d.subscription_id = ${driverSubscriptions.id} and d.moment_key = 'ahead')`,
        ),
      );
    },

    /**
     * Tickets still inside that a live subscription follows, with their line and whether one of
     * their subscriptions still waits to hear "N ahead" (the notifier's index, followed-tickets.ts).
     */
    async followedTickets(): Promise<FollowedRow[]> {
      const rows = await db.execute<{ queue_uuid: string; line: number; awaiting_ahead: boolean }>(sql`
        select q.uuid as queue_uuid, q.branch_queue_type_id as line,
               bool_or(s.notify_ahead is not null and not exists (
                 select 1 from notification_deliveries d
                  where d.subscription_id = s.id and d.moment_key = 'ahead')) as awaiting_ahead
          from driver_subscriptions s
          join queues q on q.id = s.queue_id
         where s.ended_at is null and q.exit_at is null
         group by q.uuid, q.branch_queue_type_id`);
      return rows.rows.map((r) => ({
        queueUuid: r.queue_uuid,
        branchQueueTypeId: Number(r.line),
        awaitingAhead: r.awaiting_ahead === true,
      }));
    },

    /** Writes moments to send; a moment already written for a subscription is not written again. */
    async enqueue(rows: NewDelivery[]): Promise<number> {
      if (rows.length === 0) return 0;
      const written = await db
        .insert(notificationDeliveries)
        .values(rows)
        .onConflictDoNothing({
          target: [notificationDeliveries.subscriptionId, notificationDeliveries.momentKey],
        })
        .returning({ id: notificationDeliveries.id });
      return written.length;
    },

    /**
     * Takes up to `limit` due deliveries of one channel for this instance: each is leased
     * until `leaseUntil` (an instance that dies mid-send leaves it to be tried again then) and
     * counts one attempt. SKIP LOCKED: two instances never take the same one.
     */
    async claimDue(
      channel: NotifyChannel,
      now: Date,
      leaseUntil: Date,
      limit: number,
    ): Promise<DueDelivery[]> {
      const claimed = await db.execute<{ id: number }>(sql`
        update notification_deliveries
           set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
         where id in (
           select id from notification_deliveries
            where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
              and channel = ${channel}
            order by next_attempt_at
            limit ${limit}
            for update skip locked)
        returning id`);
      const ids = claimed.rows.map((r) => Number(r.id));
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          id: notificationDeliveries.id,
          attempts: notificationDeliveries.attempts,
          moment: notificationDeliveries.moment,
          title: notificationDeliveries.title,
          body: notificationDeliveries.body,
          url: notificationDeliveries.url,
          queueNumber: queues.queueNumber,
          to: addressColumns,
        })
        .from(notificationDeliveries)
        .innerJoin(driverSubscriptions, eq(driverSubscriptions.id, notificationDeliveries.subscriptionId))
        .innerJoin(queues, eq(queues.id, driverSubscriptions.queueId))
        .where(inArray(notificationDeliveries.id, ids));
      return rows;
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ status: 'sent', sentAt: at, lastError: null })
        .where(eq(notificationDeliveries.id, id));
    },

    async markRetry(id: number, next: Date, error: string): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ nextAttemptAt: next, lastError: error.slice(0, 500) })
        .where(eq(notificationDeliveries.id, id));
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ status: 'failed', lastError: error.slice(0, 500) })
        .where(eq(notificationDeliveries.id, id));
    },

    /** Ends subscriptions (what they still had to send is dropped). */
    async end(subscriptionIds: number[], reason: string, at: Date): Promise<void> {
      if (subscriptionIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .update(driverSubscriptions)
          .set({ endedAt: at, endReason: reason })
          .where(and(inArray(driverSubscriptions.id, subscriptionIds), isNull(driverSubscriptions.endedAt)));
        await tx
          .update(notificationDeliveries)
          .set({ status: 'dropped' })
          .where(
            and(
              inArray(notificationDeliveries.subscriptionId, subscriptionIds),
              eq(notificationDeliveries.status, 'pending'),
            ),
          );
      });
    },

    /** Live Web Push subscription of one browser (its endpoint) to one ticket. */
    async pushSubscription(queueId: number, endpoint: string) {
      const [row] = await db
        .select()
        .from(driverSubscriptions)
        .where(
          and(
            eq(driverSubscriptions.queueId, queueId),
            eq(driverSubscriptions.endpoint, endpoint),
            isNull(driverSubscriptions.endedAt),
          ),
        );
      return row ?? null;
    },

    /** Live subscriptions of a ticket per channel. */
    async liveCount(queueId: number, channel: NotifyChannel): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(driverSubscriptions)
        .where(
          and(
            eq(driverSubscriptions.queueId, queueId),
            eq(driverSubscriptions.channel, channel),
            isNull(driverSubscriptions.endedAt),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Subscribes a browser to a ticket, or changes its choice and keys (one live row per
     * endpoint); false, writing nothing, when it is new and `max` browsers already follow the
     * ticket. The count and the write are one transaction under the ticket's followers lock, so
     * parallel subscribes cannot all read "room for one more" (issue 37).
     */
    async savePush(
      row: {
        queueId: number;
        branchId: number;
        endpoint: string;
        p256dh: string;
        auth: string;
        language: string;
        notifyAhead: number | null;
        notifyCalled: boolean;
        notifyLab: boolean;
        consentedAt: Date;
      },
      max: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockFollowers(tx, row.queueId);
        const [live] = await tx
          .select({
            n: sql<number>`count(*)::int`,
            mine: sql<number>`(count(*) filter (where ${driverSubscriptions.endpoint} = ${row.endpoint}))::int`,
          })
          .from(driverSubscriptions)
          .where(
            and(
              eq(driverSubscriptions.queueId, row.queueId),
              eq(driverSubscriptions.channel, 'web_push'),
              isNull(driverSubscriptions.endedAt),
            ),
          );
        if ((live?.mine ?? 0) === 0 && (live?.n ?? 0) >= max) return false;
        await tx
          .insert(driverSubscriptions)
          .values({ ...row, channel: 'web_push', created: row.consentedAt })
          .onConflictDoUpdate({
            target: [driverSubscriptions.queueId, driverSubscriptions.endpoint],
            targetWhere: sql`${driverSubscriptions.endedAt} is null and ${driverSubscriptions.endpoint} is not null`,
            set: {
              p256dh: row.p256dh,
              auth: row.auth,
              language: row.language,
              notifyAhead: row.notifyAhead,
              notifyCalled: row.notifyCalled,
              notifyLab: row.notifyLab,
              consentedAt: row.consentedAt,
            },
          });
        return true;
      });
    },

    async settings(branchId: number) {
      const [row] = await db
        .select({
          privacyNotice: branches.privacyNotice,
          contactRetentionDays: branches.contactRetentionDays,
          plateRetentionDays: branches.plateRetentionDays,
        })
        .from(branches)
        .where(eq(branches.id, branchId));
      return row ?? null;
    },

    async saveSettings(
      branchId: number,
      settings: { privacyNotice: string; contactRetentionDays: number; plateRetentionDays: number },
    ): Promise<void> {
      await db.update(branches).set(settings).where(eq(branches.id, branchId));
    },

    /** Sent and given-up messages per month on the site's clock and channel, since `since`. */
    async months(branchId: number, since: Date, timeZone: string) {
      const rows = await db.execute<{
        month: string;
        channel: NotifyChannel;
        sent: number;
        failed: number;
      }>(sql`
        select to_char(created at time zone ${timeZone}, 'YYYY-MM') as month, channel,
               (count(*) filter (where status = 'sent'))::int as sent,
               (count(*) filter (where status = 'failed'))::int as failed
          from notification_deliveries
         where branch_id = ${branchId} and created >= ${since.toISOString()}::timestamptz
         group by 1, 2
         order by 1 desc, 2`);
      return rows.rows.map((r) => ({ ...r, sent: Number(r.sent), failed: Number(r.failed) }));
    },

    async following(branchId: number) {
      const rows = await db
        .select({ channel: driverSubscriptions.channel, n: sql<number>`count(*)::int` })
        .from(driverSubscriptions)
        .where(and(eq(driverSubscriptions.branchId, branchId), isNull(driverSubscriptions.endedAt)))
        .groupBy(driverSubscriptions.channel);
      const of = (channel: NotifyChannel) => rows.find((r) => r.channel === channel)?.n ?? 0;
      return { web_push: of('web_push'), line: of('line') };
    },

    /** Deliveries given up, or still being retried after a failure, newest first. */
    async failures(branchId: number, limit: number) {
      return db
        .select({
          id: notificationDeliveries.id,
          channel: notificationDeliveries.channel,
          moment: notificationDeliveries.moment,
          queueNumber: queues.queueNumber,
          attempts: notificationDeliveries.attempts,
          error: notificationDeliveries.lastError,
          status: notificationDeliveries.status,
          created: notificationDeliveries.created,
          nextAttemptAt: notificationDeliveries.nextAttemptAt,
        })
        .from(notificationDeliveries)
        .innerJoin(driverSubscriptions, eq(driverSubscriptions.id, notificationDeliveries.subscriptionId))
        .innerJoin(queues, eq(queues.id, driverSubscriptions.queueId))
        .where(
          and(
            eq(notificationDeliveries.branchId, branchId),
            sql`${notificationDeliveries.lastError} is not null`,
            inArray(notificationDeliveries.status, ['failed', 'pending']),
          ),
        )
        .orderBy(desc(notificationDeliveries.created))
        .limit(limit);
    },

    /** Pending deliveries due by `at` exist (tests and the notifier's nudge). */
    async hasDue(at: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: notificationDeliveries.id })
        .from(notificationDeliveries)
        .where(
          and(eq(notificationDeliveries.status, 'pending'), lte(notificationDeliveries.nextAttemptAt, at)),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { branches, driverSubscriptions, notificationDeliveries, queues } from '../../db/schema.ts';
import { selectQueueView } from '../queue/queue.repository.ts';
import { lockFollowers } from './notifications.repository.ts';

/** What the LINE webhook reads and writes: tickets by id, and the chats that follow them. */
export function createLineRepository(db: Db) {
  /** Live LINE subscriptions of one chat (all tickets). */
  function liveOfUser(lineUserId: string, executor: Pick<Db, 'select'> = db) {
    return executor
      .select({
        id: driverSubscriptions.id,
        queueId: driverSubscriptions.queueId,
        queueNumber: queues.queueNumber,
      })
      .from(driverSubscriptions)
      .innerJoin(queues, eq(queues.id, driverSubscriptions.queueId))
      .where(
        and(
          eq(driverSubscriptions.channel, 'line'),
          eq(driverSubscriptions.lineUserId, lineUserId),
          isNull(driverSubscriptions.endedAt),
        ),
      );
  }

  return {
    /** The ticket with this row id, issued on `oldestDate` or later; null otherwise. */
    async ticketSince(id: number, oldestDate: string) {
      const [row] = await selectQueueView(db).where(
        and(eq(queues.id, id), gte(queues.queueDate, oldestDate)),
      );
      return row ?? null;
    },

    /** The branch's privacy notice and contact retention, for the reply that confirms a link. */
    async privacy(branchId: number) {
      const [row] = await db
        .select({ notice: branches.privacyNotice, days: branches.contactRetentionDays })
        .from(branches)
        .where(eq(branches.id, branchId));
      return row ?? { notice: '', days: 90 };
    },

    liveOfUser,

    /**
     * Links a chat to a ticket, within the limits: `already` when that chat follows it (the
     * partial unique index on (queue_id, line_user_id) of live rows: a replayed event links once),
     * `chat-full` when the chat follows `maxTicketsPerChat` tickets, `ticket-full` when
     * `maxChatsPerTicket` chats follow the ticket. The counts and the write are one transaction
     * under the chat's lock and then the ticket's followers lock (always in that order), so
     * parallel links cannot all read "room for one more" (issue 37).
     */
    async link(
      row: {
        queueId: number;
        branchId: number;
        lineUserId: string;
        notifyAhead: number;
        notifyLab: boolean;
        at: Date;
      },
      limits: { maxTicketsPerChat: number; maxChatsPerTicket: number },
    ): Promise<'linked' | 'already' | 'chat-full' | 'ticket-full'> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`line-chat:${row.lineUserId}`}, 0))`,
        );
        await lockFollowers(tx, row.queueId);
        const mine = await liveOfUser(row.lineUserId, tx);
        if (mine.some((s) => s.queueId === row.queueId)) return 'already';
        if (mine.length >= limits.maxTicketsPerChat) return 'chat-full';
        const [followers] = await tx
          .select({ n: count() })
          .from(driverSubscriptions)
          .where(
            and(
              eq(driverSubscriptions.queueId, row.queueId),
              eq(driverSubscriptions.channel, 'line'),
              isNull(driverSubscriptions.endedAt),
            ),
          );
        if ((followers?.n ?? 0) >= limits.maxChatsPerTicket) return 'ticket-full';
        const inserted = await tx
          .insert(driverSubscriptions)
          .values({
            queueId: row.queueId,
            branchId: row.branchId,
            channel: 'line',
            lineUserId: row.lineUserId,
            language: 'th',
            notifyAhead: row.notifyAhead,
            notifyCalled: true,
            notifyLab: row.notifyLab,
            consentedAt: row.at,
            created: row.at,
          })
          .onConflictDoNothing()
          .returning({ id: driverSubscriptions.id });
        return inserted.length > 0 ? 'linked' : 'already';
      });
    },

    /** Ends these subscriptions; what they still had to send is dropped. */
    async end(ids: number[], reason: 'unsubscribed' | 'gone', at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .update(driverSubscriptions)
          .set({ endedAt: at, endReason: reason })
          .where(and(inArray(driverSubscriptions.id, ids), isNull(driverSubscriptions.endedAt)));
        await tx
          .update(notificationDeliveries)
          .set({ status: 'dropped' })
          .where(
            and(
              inArray(notificationDeliveries.subscriptionId, ids),
              eq(notificationDeliveries.status, 'pending'),
            ),
          );
      });
    },
  };
}

export type LineRepository = ReturnType<typeof createLineRepository>;

import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '@truck-queue/shared/integrations/webhooks';
import type { Db } from '../../db/database.ts';
import {
  officers,
  webhookCursors,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema.ts';
import type { SourcedEvent } from './webhook-sources.ts';

/** A claimed delivery is held this long: another instance takes it after (its sender died). */
const LEASE_MS = 60_000;

/**
 * When a parked delivery is due: never, until what it waits for goes (an earlier event of its
 * ticket, or its endpoint's resumption). A date, not 'infinity', so every reader reads it.
 */
export const PARKED = new Date('9999-01-01T00:00:00.000Z');

/** The webhook endpoints, their outbox of deliveries, and how far the feed has read (issue 42). */
export function createWebhooksRepository(db: Db) {
  /** Deliveries of an endpoint not sent yet, and given up, and when the last went. */
  const counts = {
    pending: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'pending')`,
    failed: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'failed')`,
    lastSentAt:
      sql<Date | null>`(select max(d.sent_at) from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
  };
  const selectEndpoints = () =>
    db
      .select({
        id: webhookEndpoints.id,
        branchId: webhookEndpoints.branchId,
        name: webhookEndpoints.name,
        url: webhookEndpoints.url,
        events: webhookEndpoints.events,
        active: webhookEndpoints.active,
        created: webhookEndpoints.created,
        createdBy: officers.name,
        createdByLast: officers.lastname,
        ...counts,
      })
      .from(webhookEndpoints)
      .innerJoin(officers, eq(officers.id, webhookEndpoints.createdBy));

  return {
    async endpoints(branchId: number) {
      return selectEndpoints().where(eq(webhookEndpoints.branchId, branchId)).orderBy(webhookEndpoints.id);
    },

    async endpoint(branchId: number, id: number) {
      const [row] = await selectEndpoints().where(
        and(eq(webhookEndpoints.branchId, branchId), eq(webhookEndpoints.id, id)),
      );
      return row ?? null;
    },

    /** What the feed needs of every endpoint, paused ones too (their events wait for them). */
    async feedEndpoints() {
      return db
        .select({
          id: webhookEndpoints.id,
          branchId: webhookEndpoints.branchId,
          events: webhookEndpoints.events,
          created: webhookEndpoints.created,
          active: webhookEndpoints.active,
        })
        .from(webhookEndpoints);
    },

    async insertEndpoint(row: typeof webhookEndpoints.$inferInsert) {
      const [made] = await db.insert(webhookEndpoints).values(row).returning({ id: webhookEndpoints.id });
      return made!.id;
    },

    async updateEndpoint(
      branchId: number,
      id: number,
      values: Partial<
        Pick<typeof webhookEndpoints.$inferInsert, 'name' | 'url' | 'events' | 'active' | 'secret'>
      >,
    ) {
      const rows = await db
        .update(webhookEndpoints)
        .set(values)
        .where(and(eq(webhookEndpoints.branchId, branchId), eq(webhookEndpoints.id, id)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** Removes an endpoint and its deliveries (the events stay for the other endpoints). */
    async deleteEndpoint(branchId: number, id: number) {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.branchId, branchId), eq(webhookEndpoints.id, id)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async cursor(source: string): Promise<number | null> {
      const [row] = await db.select().from(webhookCursors).where(eq(webhookCursors.source, source));
      return row?.safeId ?? null;
    },

    async saveCursor(source: string, safeId: number) {
      await db
        .insert(webhookCursors)
        .values({ source, safeId })
        .onConflictDoUpdate({ target: webhookCursors.source, set: { safeId } });
    },

    /**
     * Writes events read from their sources and a delivery to each endpoint that wants it, in one
     * transaction: an event already written (read again) is left as it is and gets no new
     * deliveries. Returns how many deliveries were queued.
     */
    async record(
      events: { event: SourcedEvent; endpointIds: number[] }[],
      now: Date,
      paused: ReadonlySet<number> = new Set(),
    ): Promise<number> {
      if (events.length === 0) return 0;
      return db.transaction(async (tx) => {
        const written = await tx
          .insert(webhookEvents)
          .values(
            events.map(({ event }) => ({
              branchId: event.branchId,
              type: event.type,
              source: event.source,
              subject: event.subject,
              occurredAt: event.occurredAt,
              payload: event.data,
              created: now,
            })),
          )
          .onConflictDoNothing({ target: webhookEvents.source })
          .returning({ id: webhookEvents.id, source: webhookEvents.source });
        const idOf = new Map(written.map((w) => [w.source, w.id]));
        const deliveries = events.flatMap(({ event, endpointIds }) => {
          const eventId = idOf.get(event.source);
          return eventId === undefined
            ? []
            : endpointIds.map((endpointId) => ({
                endpointId,
                eventId,
                subject: event.subject,
                // A paused endpoint's wait, out of the senders' way, until it is resumed.
                nextAttemptAt: paused.has(endpointId) ? PARKED : now,
                created: now,
              }));
        });
        if (deliveries.length > 0)
          await tx.insert(webhookDeliveries).values(deliveries).onConflictDoNothing();
        return deliveries.length;
      });
    },

    /** One event made here (the office's test send) and its delivery to one endpoint. */
    async recordOne(event: SourcedEvent & { type: string }, endpointId: number, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const [written] = await tx
          .insert(webhookEvents)
          .values({
            branchId: event.branchId,
            type: event.type,
            source: event.source,
            subject: event.subject,
            occurredAt: event.occurredAt,
            payload: event.data,
            created: now,
          })
          .returning({ id: webhookEvents.id });
        const [delivery] = await tx
          .insert(webhookDeliveries)
          .values({
            endpointId,
            eventId: written!.id,
            subject: event.subject,
            nextAttemptAt: now,
            created: now,
          })
          .returning({ id: webhookDeliveries.id });
        return delivery!.id;
      });
    },

    /** The active endpoints with a delivery due now. */
    async endpointsDue(now: Date): Promise<number[]> {
      const result = await db.execute<{ endpoint_id: number }>(sql`
        select distinct d.endpoint_id from ${webhookDeliveries} d
        join ${webhookEndpoints} e on e.id = d.endpoint_id and e.active
        where d.status = 'pending' and d.next_attempt_at <= ${now}`);
      return result.rows.map((r) => Number(r.endpoint_id));
    },

    /**
     * Parks the due deliveries that wait behind an earlier event of their subject (sent when that
     * one is: `attempted`), so the senders' look at what is due stays as small as what can go.
     */
    async parkHeld(now: Date): Promise<void> {
      await db.execute(sql`
        update ${webhookDeliveries} d set next_attempt_at = ${PARKED}
        where d.status = 'pending' and d.next_attempt_at <= ${now}
          and exists (
            select 1 from ${webhookDeliveries} p
            where p.endpoint_id = d.endpoint_id and p.subject = d.subject
              and p.event_id < d.event_id and p.status <> 'sent')`);
    },

    /**
     * Takes an endpoint's deliveries due now whose every earlier event of the same subject has
     * gone (in order per ticket), holding them for LEASE_MS; each claim is counted, and only the
     * latest claim's outcome is written. `only`: just this delivery (the office's test send).
     */
    async claimDue(now: Date, limit: number, which: { endpointId: number } | { only: number }) {
      const pick =
        'only' in which
          ? sql`d.id = ${which.only}`
          : sql`d.endpoint_id = ${which.endpointId} and d.next_attempt_at <= ${now}`;
      const result = await db.execute<{
        id: string;
        endpoint_id: number;
        event_id: string;
        subject: string;
        attempts: number;
        claims: number;
      }>(sql`
        update ${webhookDeliveries} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}, claims = claims + 1
        where id in (
          select d.id from ${webhookDeliveries} d
          join ${webhookEndpoints} e on e.id = d.endpoint_id and e.active
          where d.status = 'pending' and ${pick}
            and not exists (
              select 1 from ${webhookDeliveries} p
              where p.endpoint_id = d.endpoint_id and p.subject = d.subject
                and p.event_id < d.event_id and p.status <> 'sent')
          order by d.event_id
          limit ${limit}
          for update of d skip locked)
        returning id, endpoint_id, event_id, subject, attempts, claims`);
      const claimed = result.rows.map((r) => ({
        id: Number(r.id),
        endpointId: Number(r.endpoint_id),
        eventId: Number(r.event_id),
        subject: r.subject,
        attempts: Number(r.attempts),
        claims: Number(r.claims),
      }));
      if (claimed.length === 0) return [];
      const events = await db
        .select({
          id: webhookEvents.id,
          branchId: webhookEvents.branchId,
          type: webhookEvents.type,
          occurredAt: webhookEvents.occurredAt,
          payload: webhookEvents.payload,
        })
        .from(webhookEvents)
        .where(inArray(webhookEvents.id, [...new Set(claimed.map((c) => c.eventId))]));
      const endpoints = await db
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((c) => c.endpointId))]));
      const eventOf = new Map(events.map((e) => [e.id, e]));
      const endpointOf = new Map(endpoints.map((e) => [e.id, e]));
      return claimed.flatMap((c) => {
        const event = eventOf.get(c.eventId);
        const endpoint = endpointOf.get(c.endpointId);
        return event && endpoint ? [{ ...c, event, endpoint }] : [];
      });
    },

    /**
     * What one attempt came to: sent, pending again at `next`, or failed (no `next`); written
     * only while the attempt's claim is the delivery's latest (false when another took it since).
     * Sent, the deliveries parked behind it are due at once.
     */
    async attempted(
      claim: { id: number; claims: number; endpointId: number; subject: string },
      at: Date,
      outcome: {
        ok: boolean;
        status: number | null;
        failure: string | null;
        error: string | null;
        ms: number;
      },
      next: Date | null,
    ): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({
          status: outcome.ok ? 'sent' : next === null ? 'failed' : 'pending',
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: at,
          lastStatus: outcome.status,
          lastFailure: outcome.failure,
          lastError: outcome.error,
          lastMs: outcome.ms,
          ...(outcome.ok ? { sentAt: at } : {}),
          ...(next ? { nextAttemptAt: next } : {}),
        })
        .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.claims, claim.claims)))
        .returning({ id: webhookDeliveries.id });
      if (rows.length > 0 && outcome.ok) {
        await db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: at })
          .where(
            and(
              eq(webhookDeliveries.endpointId, claim.endpointId),
              eq(webhookDeliveries.subject, claim.subject),
              eq(webhookDeliveries.status, 'pending'),
              eq(webhookDeliveries.nextAttemptAt, PARKED),
            ),
          );
      }
      return rows.length > 0;
    },

    /** Paused: its waiting deliveries are parked; resumed: they are due now. */
    async parkEndpoint(endpointId: number, paused: boolean, now: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: paused ? PARKED : now })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    },

    /** An endpoint's deliveries, newest event first, a page at a time. */
    async deliveries(
      endpointId: number,
      filter: { status?: WebhookDeliveryStatus; beforeId?: number },
      limit: number,
    ) {
      return db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          type: webhookEvents.type,
          subject: webhookDeliveries.subject,
          occurredAt: webhookEvents.occurredAt,
          payload: webhookEvents.payload,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          lastAttemptAt: webhookDeliveries.lastAttemptAt,
          lastStatus: webhookDeliveries.lastStatus,
          lastError: webhookDeliveries.lastError,
          lastFailure: webhookDeliveries.lastFailure,
          lastMs: webhookDeliveries.lastMs,
          sentAt: webhookDeliveries.sentAt,
          /** An earlier event of the same subject has not gone yet: this one waits for it. */
          waiting: sql<boolean>`${webhookDeliveries.status} = 'pending' and exists (
            select 1 from ${webhookDeliveries} p
            where p.endpoint_id = ${webhookDeliveries.endpointId} and p.subject = ${webhookDeliveries.subject}
              and p.event_id < ${webhookDeliveries.eventId} and p.status <> 'sent')`,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
            filter.beforeId === undefined ? undefined : lt(webhookDeliveries.id, filter.beforeId),
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit);
    },

    /**
     * Sends again: one delivery, or every delivery of the endpoint whose event happened at or
     * after `since` (sent ones too: the receiver drops what it has by the event's id). They are
     * due now, with their attempts counted afresh. Returns how many.
     */
    async replay(
      endpointId: number,
      which: { deliveryId: number } | { since: Date },
      now: Date,
    ): Promise<number> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            'deliveryId' in which
              ? eq(webhookDeliveries.id, which.deliveryId)
              : inArray(
                  webhookDeliveries.eventId,
                  db
                    .select({ id: webhookEvents.id })
                    .from(webhookEvents)
                    .where(gte(webhookEvents.occurredAt, which.since)),
                ),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },

    /** Removes deliveries made before `before` (delivered or not), and events no delivery needs. */
    async prune(before: Date) {
      await db.delete(webhookDeliveries).where(lt(webhookDeliveries.created, before));
      await db.execute(sql`
        delete from ${webhookEvents} e
        where e.created < ${before}
          and not exists (select 1 from ${webhookDeliveries} d where d.event_id = e.id)`);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;

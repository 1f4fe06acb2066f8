import { randomBytes, randomUUID } from 'node:crypto';
import type { WebhookDelivery, WebhookEndpoint } from '@truck-queue/shared/contracts/webhook.contract';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FAILURES,
  WEBHOOK_PING,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookFailure,
} from '@truck-queue/shared/integrations/webhooks';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { checkWebhookUrl } from './webhook-address.ts';
import { createWebhookFeed } from './webhook-feed.ts';
import type { WebhookOutcome, WebhookSender } from './webhook-sender.ts';
import { createWebhooksRepository, PARKED } from './webhooks.repository.ts';

/** The delivery log lists this many at a time. */
export const DELIVERIES_PAGE = 50;
/** An endpoint's deliveries sent at once: it is not flooded. */
const SEND_BATCH = 5;
/** The most deliveries sent to one endpoint in one round (the rest go in the next, two seconds on). */
const ROUND_MAX = 500;
/** Deliveries (sent, failed or never sent) are kept this long in the log, then removed with their events. */
export const WEBHOOK_KEEP_DAYS = 30;
const KEEP_MS = WEBHOOK_KEEP_DAYS * 24 * 60 * 60_000;

const isEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);
const isFailure = (f: string | null): f is WebhookFailure =>
  f !== null && (WEBHOOK_FAILURES as readonly string[]).includes(f);
/** A signing secret: 32 random bytes, written `whsec_<base64url>`. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Webhooks (issue 42): the admins' endpoints, the feed that queues each event for the endpoints
 * that want it (webhook-feed.ts), and the outbox that sends them (at least once, in order per
 * subject, retried with WEBHOOK_RETRY_DELAYS_MS, given up after the last) and keeps the log.
 */
export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  sender: WebhookSender;
  privateHosts: readonly string[];
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { clock, sender } = deps;
  const repo = createWebhooksRepository(deps.db);
  const feed = createWebhookFeed({ db: deps.db, repo, clock });

  const nameOf = (first: string, last: string | null) => `${first} ${last ?? ''}`.trim();
  const endpointOf = (e: NonNullable<Awaited<ReturnType<typeof repo.endpoint>>>): WebhookEndpoint => ({
    id: e.id,
    name: e.name,
    url: e.url,
    events: e.events.filter(isEvent),
    active: e.active,
    created: e.created.toISOString(),
    created_by: nameOf(e.createdBy, e.createdByLast),
    pending: Number(e.pending),
    failed: Number(e.failed),
    last_sent_at: e.lastSentAt?.toISOString() ?? null,
  });

  async function endpointOfBranch(auth: AuthContext, id: number) {
    const endpoint = await repo.endpoint(auth.branchId, id);
    if (!endpoint) throw new AppError('NOT_FOUND', 'No such webhook endpoint in this branch.');
    return endpoint;
  }

  /** Refuses an address the server would not send to, saying why (the office shows it by the field). */
  function checkUrl(url: string): void {
    const check = checkWebhookUrl(url, deps.privateHosts);
    if (check.ok) return;
    const message =
      check.problem === 'private'
        ? 'must not be an address on a private network (the plant, loopback, link-local)'
        : 'must be a plain https:// address (no user name, spaces or unusual characters)';
    throw new AppError('VALIDATION_FAILED', `The webhook address ${message}.`, [{ path: 'url', message }]);
  }

  /** One attempt of a claimed delivery, and what it came to in the outbox. */
  async function attempt(d: Awaited<ReturnType<typeof repo.claimDue>>[number]): Promise<WebhookOutcome> {
    const body = JSON.stringify({
      id: String(d.eventId),
      type: d.event.type,
      occurred_at: d.event.occurredAt.toISOString(),
      branch_id: d.event.branchId,
      data: d.event.payload,
    });
    const outcome = await sender.post({
      url: d.endpoint.url,
      secret: d.endpoint.secret,
      type: d.event.type,
      eventId: d.eventId,
      deliveryId: d.id,
      body,
    });
    const at = clock.now();
    let next: Date | null = null;
    if (!outcome.ok) {
      // A test send is tried once: the office saw its answer.
      const delay = d.event.type === WEBHOOK_PING ? undefined : WEBHOOK_RETRY_DELAYS_MS[d.attempts];
      next = delay === undefined ? null : new Date(at.getTime() + Math.max(delay, outcome.retryAfterMs ?? 0));
      deps.log.warn(
        { deliveryId: d.id, endpointId: d.endpointId, error: outcome.error, givenUp: next === null },
        'a webhook was not delivered',
      );
    }
    await repo.attempted(
      d,
      at,
      {
        ok: outcome.ok,
        status: outcome.status,
        failure: outcome.ok ? null : outcome.failure,
        error: outcome.ok ? null : outcome.error,
        ms: outcome.ms,
      },
      next,
    );
    return outcome;
  }

  /**
   * Sends an endpoint's due deliveries, a few at a time, until none is due or it stops answering
   * (the rest wait for their retries: one endpoint down costs one timeout a round, not one each).
   */
  async function sendToEndpoint(endpointId: number): Promise<number> {
    let sent = 0;
    for (let round = 0; round < ROUND_MAX; round += SEND_BATCH) {
      const due = await repo.claimDue(clock.now(), SEND_BATCH, { endpointId });
      if (due.length === 0) break;
      const outcomes = await Promise.all(due.map(attempt));
      sent += outcomes.filter((o) => o.ok).length;
      if (outcomes.some((o) => !o.ok && o.status === null)) break;
    }
    return sent;
  }

  return {
    async list(auth: AuthContext): Promise<WebhookEndpoint[]> {
      return (await repo.endpoints(auth.branchId)).map(endpointOf);
    },

    async create(
      auth: AuthContext,
      input: { name: string; url: string; events: WebhookEvent[] },
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      checkUrl(input.url);
      const secret = newSecret();
      await feed.start();
      const id = await repo.insertEndpoint({
        branchId: auth.branchId,
        name: input.name,
        url: input.url,
        events: input.events,
        secret,
        createdBy: auth.officerId,
        // The app's clock: the feed sends what happened after this moment.
        created: clock.now(),
      });
      return { endpoint: endpointOf((await repo.endpoint(auth.branchId, id))!), secret };
    },

    async update(
      auth: AuthContext,
      input: { id: number; name: string; url: string; events: WebhookEvent[]; active: boolean },
    ): Promise<WebhookEndpoint> {
      const before = await endpointOfBranch(auth, input.id);
      checkUrl(input.url);
      if (before.active !== input.active) await repo.parkEndpoint(input.id, !input.active, clock.now());
      await repo.updateEndpoint(auth.branchId, input.id, {
        name: input.name,
        url: input.url,
        events: input.events,
        active: input.active,
      });
      return endpointOf((await repo.endpoint(auth.branchId, input.id))!);
    },

    async rotate(auth: AuthContext, id: number): Promise<string> {
      await endpointOfBranch(auth, id);
      const secret = newSecret();
      await repo.updateEndpoint(auth.branchId, id, { secret });
      return secret;
    },

    async remove(auth: AuthContext, id: number): Promise<void> {
      if (!(await repo.deleteEndpoint(auth.branchId, id)))
        throw new AppError('NOT_FOUND', 'No such webhook endpoint in this branch.');
    },

    async deliveries(
      auth: AuthContext,
      id: number,
      filter: { status?: WebhookDeliveryStatus | undefined; beforeId?: number | undefined },
    ): Promise<{ deliveries: WebhookDelivery[]; more: boolean }> {
      await endpointOfBranch(auth, id);
      const rows = await repo.deliveries(
        id,
        {
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.beforeId ? { beforeId: filter.beforeId } : {}),
        },
        DELIVERIES_PAGE + 1,
      );
      return {
        more: rows.length > DELIVERIES_PAGE,
        deliveries: rows.slice(0, DELIVERIES_PAGE).map((r) => ({
          id: r.id,
          event_id: r.eventId,
          type: r.type,
          subject: r.subject,
          occurred_at: r.occurredAt.toISOString(),
          status: r.status,
          waiting: Boolean(r.waiting),
          attempts: r.attempts,
          next_attempt_at:
            r.status === 'pending' && r.nextAttemptAt < PARKED ? r.nextAttemptAt.toISOString() : null,
          last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
          last_status: r.lastStatus,
          last_error: r.lastError,
          last_failure: isFailure(r.lastFailure) ? r.lastFailure : null,
          last_ms: r.lastMs,
          sent_at: r.sentAt?.toISOString() ?? null,
          data: r.payload,
        })),
      };
    },

    async replay(auth: AuthContext, id: number, which: { deliveryId: number } | { since: Date }) {
      await endpointOfBranch(auth, id);
      const now = clock.now().getTime();
      if ('since' in which && !(which.since.getTime() >= now - KEEP_MS && which.since.getTime() <= now)) {
        const message = `must be within the last ${WEBHOOK_KEEP_DAYS} days (the log keeps no more), and not ahead`;
        throw new AppError('VALIDATION_FAILED', `The moment to send again from ${message}.`, [
          { path: 'since', message },
        ]);
      }
      const replayed = await repo.replay(id, which, clock.now());
      if ('deliveryId' in which && replayed === 0)
        throw new AppError('NOT_FOUND', 'No such delivery of this endpoint.');
      return replayed;
    },

    /** Sends a ping to the endpoint now, past its queue, and says what it answered. */
    async test(auth: AuthContext, id: number): Promise<WebhookOutcome> {
      const endpoint = await endpointOfBranch(auth, id);
      if (!endpoint.active) {
        // Nothing goes to a paused endpoint, not even a test.
        return {
          ok: false,
          status: null,
          failure: 'paused',
          error: 'the endpoint is paused: nothing is sent',
          ms: 0,
        };
      }
      const now = clock.now();
      const ping = randomUUID();
      const deliveryId = await repo.recordOne(
        {
          branchId: auth.branchId,
          type: WEBHOOK_PING as WebhookEvent,
          source: `ping:${ping}`,
          subject: `ping:${ping}`,
          occurredAt: now,
          data: { endpoint: { id: endpoint.id, name: endpoint.name } },
        },
        id,
        now,
      );
      const [claimed] = await repo.claimDue(now, 1, { only: deliveryId });
      if (!claimed) {
        return {
          ok: false,
          status: null,
          failure: 'paused',
          error: 'the endpoint is paused: nothing is sent',
          ms: 0,
        };
      }
      return attempt(claimed);
    },

    /** Queues what happened since the last look (main.ts every WEBHOOK_LOOK_MS; tests by hand). */
    look: () => feed.look(),

    /**
     * Sends what is due now, in order per subject, each endpoint on its own (a slow one holds
     * only itself up); returns how many went.
     */
    async sendDue(): Promise<number> {
      const now = clock.now();
      await repo.parkHeld(now);
      const endpoints = await repo.endpointsDue(now);
      const sent = await Promise.all(endpoints.map(sendToEndpoint));
      return sent.reduce((a, b) => a + b, 0);
    },

    /** Removes deliveries made more than WEBHOOK_KEEP_DAYS ago and the events nothing needs. */
    async prune(): Promise<void> {
      await repo.prune(new Date(clock.now().getTime() - KEEP_MS));
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

import {
  momentText,
  type NotifyChannel,
  type NotifyLanguage,
  type NotifyMoment,
  NOTIFY_CHANNELS,
  NOTIFY_LANGUAGES,
} from '@truck-queue/shared/notifications/moments';
import { ENDED_STATES, waitingStates, type QueueState } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub, QueueChange } from '../../lib/event-hub.ts';
import { driverPageUrl } from '../printing/ticket-print.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import type { ChannelSenders } from './channels.ts';
import { createFollowedTickets } from './followed-tickets.ts';
import {
  createNotificationsRepository,
  type DueDelivery,
  type FollowedTicket,
  type NewDelivery,
} from './notifications.repository.ts';

/**
 * Tells drivers who follow their ticket (issue 21) of its moments, without ever delaying the
 * change that caused them:
 *  - after a change is committed (the hub's `queueChanged`), the moments it brings are written
 *    to the outbox (notification_deliveries): "N ahead" once for every follower of the line's
 *    trucks that reached it, "called" with the station on each call, "lab" when the result is
 *    out; a ticket's exit (or its cancellation) ends its subscriptions;
 *  - what is due is sent through each channel's sender, each send on its own (a slow push
 *    service delays nobody else's message), with retries: a failure is tried
 *    again after 10 s, 30 s, 2 min, 10 min, 30 min, then given up (the admins' page lists it); an
 *    address the service says is gone ends its subscription.
 * Every instance writes the moments of the changes it made (a moment is written once per
 * subscription whoever writes it) and sends what it claims (SKIP LOCKED).
 */

/** Waits before each retry; the last failure gives up. */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000];
/** How long a claimed delivery is this instance's before another may try it. */
const LEASE_MS = 60_000;
const BATCH = 50;
/** Sends of one channel under way at once, at most. */
const IN_FLIGHT: Record<NotifyChannel, number> = { web_push: 200, line: 50 };
const POLL_MS = 5_000;

const CALL_ACTIONS = new Set(['call', 'recheck']);
const LAB_RESULT_ACTION = 'complete';

const languageOf = (language: string): NotifyLanguage =>
  (NOTIFY_LANGUAGES as readonly string[]).includes(language) ? (language as NotifyLanguage) : 'th';

export function createNotifier(deps: {
  db: Db;
  /** The followed tickets' lines and stations (the queue's reads). */
  reads: QueueReadsRepository;
  clock: Clock;
  events: EventHub;
  senders: ChannelSenders;
  /** PUBLIC_URL: the driver's page's address in a message; null: the page's path alone. */
  publicUrl: string | null;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}) {
  const { reads, clock, senders, log } = deps;
  const repo = createNotificationsRepository(deps.db);
  const followed = createFollowedTickets({ load: () => repo.followedTickets(), clock });

  function delivery(
    followed: FollowedTicket,
    moment: NotifyMoment,
    momentKey: string,
    facts: { ahead?: number; station?: string | null },
  ): NewDelivery {
    const { subscription: s, queue } = followed;
    const text = momentText(languageOf(s.language), { moment, queueNumber: queue.queueNumber, ...facts });
    const now = clock.now();
    return {
      created: now,
      nextAttemptAt: now,
      subscriptionId: s.id,
      branchId: s.branchId,
      channel: s.channel,
      moment,
      momentKey,
      title: text.title,
      body: text.body,
      url: driverPageUrl(queue.uuid, deps.publicUrl ?? ''),
    };
  }

  /** "N ahead" for each follower whose truck now has N or fewer trucks before it. */
  async function aheadMoments(followers: FollowedTicket[]): Promise<NewDelivery[]> {
    const rows: NewDelivery[] = [];
    for (const followed of followers) {
      const { queue, subscription } = followed;
      const waiting = waitingStates(queue.flowEngineId);
      if (subscription.notifyAhead === null || !waiting.includes(queue.state as QueueState)) continue;
      const ahead = await reads.countAhead(queue, waiting);
      if (ahead <= subscription.notifyAhead) rows.push(delivery(followed, 'ahead', 'ahead', { ahead }));
    }
    return rows;
  }

  async function onChange(change: QueueChange): Promise<void> {
    // A new ticket has no follower yet and joins the end of its line: nobody's moment comes.
    if (change.action === 'issue') return;
    const token = await followed.current();
    const at = clock.now();
    const ended = change.action === 'exit' || (ENDED_STATES as readonly string[]).includes(change.toState);
    let written = 0;
    if (followed.follows(change.queueUuid)) {
      const own = await repo.ofQueue(change.queueId);
      if (ended) {
        await repo.end(
          own.map((f) => f.subscription.id),
          change.action === 'exit' ? 'exit' : 'cancelled',
          at,
        );
      } else {
        const rows: NewDelivery[] = [];
        for (const f of own) {
          if (CALL_ACTIONS.has(change.action) && f.subscription.notifyCalled)
            rows.push(
              delivery(f, 'called', `called:${change.transitionId}`, { station: change.stationName }),
            );
          if (change.action === LAB_RESULT_ACTION && f.subscription.notifyLab)
            // Per checkout: a recheck's sample 2 is news again.
            rows.push(delivery(f, 'lab', `lab:${change.transitionId}`, {}));
        }
        written += await repo.enqueue(rows);
      }
    }
    if (ended) followed.ended(change.queueUuid);
    else followed.moved(change.queueUuid, change.branchQueueTypeId);
    const lines = [change.branchQueueTypeId];
    if (change.previousQueueTypeId !== undefined) lines.push(change.previousQueueTypeId);
    // The lines moved: followers in them waiting for "N ahead" may have reached it.
    if (followed.awaitsAhead(lines)) {
      const awaiting = await repo.awaitingAhead(lines);
      const rows = await aheadMoments(awaiting);
      written += await repo.enqueue(rows);
      const told = new Set(rows.map((r) => r.subscriptionId));
      followed.aheadRead(
        token,
        lines,
        awaiting
          .filter((f) => !told.has(f.subscription.id))
          .map((f) => ({ queueUuid: f.queue.uuid, line: f.queue.branchQueueTypeId })),
      );
    }
    // Nothing new to send: retries wait for the loop's next round.
    if (written > 0) nudge();
  }

  async function sendOne(due: DueDelivery): Promise<void> {
    const sender = senders[due.to.channel];
    const now = () => clock.now();
    if (!sender) {
      await repo.markFailed(due.id, `${due.to.channel} is not configured on this server`);
      return;
    }
    let outcome;
    try {
      outcome = await sender.send(due.to, {
        deliveryId: due.id,
        moment: due.moment,
        title: due.title,
        body: due.body,
        url: due.url,
        queueNumber: due.queueNumber,
      });
    } catch (error) {
      outcome = {
        ok: false as const,
        gone: false,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    if (outcome.ok) {
      await repo.markSent(due.id, now());
      return;
    }
    if (outcome.gone) {
      await repo.markFailed(due.id, outcome.error);
      await repo.end([due.to.id], 'gone', now());
      return;
    }
    const delay = RETRY_DELAYS_MS[due.attempts - 1];
    if (delay === undefined) {
      await repo.markFailed(due.id, outcome.error);
      log.warn(
        { deliveryId: due.id, channel: due.to.channel, error: outcome.error },
        'notification given up',
      );
      return;
    }
    await repo.markRetry(
      due.id,
      new Date(now().getTime() + Math.max(delay, outcome.retryAfterMs ?? 0)),
      outcome.error,
    );
  }

  // Every send goes out on its own (issue 37): a push service that never answers holds only its
  // own sends, each until its own timeout (web-push.channel.ts, line.ts), while whatever comes
  // due meanwhile is claimed and sent at once. Each channel has at most IN_FLIGHT sends under
  // way; a send ends within its timeout, well inside its lease.
  const busy: Record<NotifyChannel, number> = { web_push: 0, line: 0 };
  /** A channel that had no room when there was more due: a send that ends claims again. */
  const full: Record<NotifyChannel, boolean> = { web_push: false, line: false };
  const underway = new Set<Promise<void>>();
  let claiming: Promise<number> | null = null;
  let again = false;

  function launch(due: DueDelivery): void {
    const { channel } = due.to;
    busy[channel] += 1;
    const work = sendOne(due)
      .catch((error: unknown) =>
        log.error({ err: error, deliveryId: due.id }, 'could not record what came of a notification'),
      )
      .finally(() => {
        busy[channel] -= 1;
        underway.delete(work);
        if (full[channel]) {
          full[channel] = false;
          nudge();
        }
      });
    underway.add(work);
  }

  /**
   * Claims what is due, as far as each channel has room, and starts each send without waiting
   * for it; resolves with how many were started. One claim at a time (a nudge meanwhile claims
   * again once it is done).
   */
  function claim(): Promise<number> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      let started = 0;
      do {
        again = false;
        for (const channel of NOTIFY_CHANNELS) {
          for (;;) {
            const room = Math.min(BATCH, IN_FLIGHT[channel] - busy[channel]);
            if (room <= 0) {
              full[channel] = true;
              break;
            }
            const now = clock.now();
            const due = await repo.claimDue(channel, now, new Date(now.getTime() + LEASE_MS), room);
            for (const d of due) launch(d);
            started += due.length;
            if (due.length < room) break;
          }
        }
      } while (again);
      return started;
    })().finally(() => {
      claiming = null;
    });
    return claiming;
  }

  /** Sends everything due now and waits for every send under way; resolves with how many were tried. */
  async function sendDue(): Promise<number> {
    let tried = await claim();
    while (underway.size > 0 || claiming) {
      await Promise.allSettled([...underway]);
      tried += await claim();
    }
    return tried;
  }

  let stopped = false;
  function nudge() {
    if (stopped) return;
    claim().catch((error: unknown) => log.error({ err: error }, 'could not send notifications'));
  }

  /** What the moments of a change are written from; tests await it through `settle`. */
  const pending = new Set<Promise<void>>();
  const unsubscribeFollowers = deps.events.subscribe('followersChanged', () => followed.forget());
  // Another instance moved a ticket between lines: it may be followed here.
  const unsubscribeLines = deps.events.subscribe(
    'linesChanged',
    ({ queueUuid, branchQueueTypeIds }, origin) => {
      if (origin.remote && branchQueueTypeIds.length > 1)
        followed.movedElsewhere(queueUuid, branchQueueTypeIds);
    },
  );
  const unsubscribe = deps.events.subscribe('queueChanged', (change, origin) => {
    // Another instance made the change: it writes its moments.
    if (origin.remote) return;
    const work = onChange(change)
      .catch((error: unknown) =>
        log.error({ err: error, queueId: change.queueId }, 'could not write notifications'),
      )
      .finally(() => pending.delete(work));
    pending.add(work);
  });

  let timer: NodeJS.Timeout | null = null;
  return {
    /** Sends what is due every few seconds (retries, another instance's leases) until stopped. */
    start(everyMs = POLL_MS) {
      if (timer) return;
      timer = setInterval(nudge, everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe();
      unsubscribeFollowers();
      unsubscribeLines();
      await Promise.allSettled([...pending]);
      await claiming?.catch(() => undefined);
      await Promise.allSettled([...underway]);
    },
    /** A new or changed subscription: the "N ahead" it asks for may already be true. */
    async subscribed(queueId: number, branchId: number): Promise<void> {
      deps.events.publish('followersChanged', { branchId });
      const own = await repo.ofQueue(queueId);
      const written = await repo.enqueue(
        await aheadMoments(own.filter((f) => f.subscription.notifyAhead !== null)),
      );
      if (written > 0) nudge();
    },
    sendDue,
    /** Waits until the moments of every change so far are written and what is due is sent (tests). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await sendDue();
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

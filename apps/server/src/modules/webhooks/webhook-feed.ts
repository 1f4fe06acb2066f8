import type { WebhookEvent } from '@truck-queue/shared/integrations/webhooks';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookingChanges, ID_SOURCES, type SourcedEvent } from './webhook-sources.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/**
 * A row's id is drawn when it is written but seen only when its transaction commits, so a later
 * id can be read before an earlier one commits. Rows after the cursor are read again at each look
 * until the highest id read this long ago (real time) becomes the cursor: nothing before it can
 * still be uncommitted. Reading a row again makes nothing twice (an event's source is unique).
 */
export const FEED_SETTLE_MS = 2 * 60_000;
/** The bookings are read by the time of their latest change: this far back from the last look. */
const BOOKING_LOOKBACK_MS = 10 * 60_000;
/** At most this many rows of a source a look; a fuller read moves the cursor past them at once. */
const BATCH = 2_000;
/**
 * The settle window (every row after the cursor) is read again every this many looks; the looks
 * between read only rows after the highest id read (what is new): the window's rows are read
 * a few times before they settle, not at every look.
 */
const WINDOW_EVERY = 5;

interface FeedEndpoint {
  id: number;
  branchId: number;
  events: string[];
  created: Date;
  active: boolean;
}

/** The endpoints an event goes to: of its branch, subscribed to its type, made before it happened. */
function addressed(events: SourcedEvent[], endpoints: FeedEndpoint[]) {
  return events.flatMap((event) => {
    const endpointIds = endpoints
      .filter(
        (e) =>
          e.branchId === event.branchId && e.events.includes(event.type) && e.created <= event.occurredAt,
      )
      .map((e) => e.id);
    return endpointIds.length > 0 ? [{ event, endpointIds }] : [];
  });
}

/**
 * The webhooks' feed: reads what happened since the last look from where the product already
 * records it (webhook-sources.ts) and queues a delivery of each event to every endpoint that
 * wants it. With no endpoint at all it only keeps its cursors at the end.
 */
export function createWebhookFeed(deps: { db: Db; repo: WebhooksRepository; clock: Clock }) {
  const { db, repo, clock } = deps;
  /** Per source: the highest id read, and when (monotonic ms), that becomes the cursor once settled. */
  const seen = new Map<string, { id: number; atMs: number }>();
  /** Per source: the highest id read at all (the looks between window reads start there). */
  const high = new Map<string, number>();
  let looks = 0;

  /**
   * Reads every source by id and records what they hold in the order it happened (a slip printed
   * before a weigh-in read in the same look goes first), then moves the cursors.
   */
  async function readIds(endpoints: FeedEndpoint[], now: Date): Promise<SourcedEvent[]> {
    const atMs = clock.monotonicMs();
    const events: SourcedEvent[] = [];
    const window = looks++ % WINDOW_EVERY === 0;
    for (const source of ID_SOURCES) {
      const wanting = endpoints.filter((e) => source.types.some((type) => e.events.includes(type)));
      const safe = await repo.cursor(source.name);
      if (safe === null || wanting.length === 0) {
        await repo.saveCursor(source.name, await source.maxId(db));
        seen.delete(source.name);
        high.delete(source.name);
        continue;
      }
      const from = window ? safe : Math.max(safe, high.get(source.name) ?? safe);
      const branches = [...new Set(wanting.map((e) => e.branchId))];
      const read = await source.read(db, from, BATCH, branches);
      events.push(...read.events);
      high.set(source.name, Math.max(high.get(source.name) ?? 0, read.lastId));
      const mark = seen.get(source.name);
      if (
        read.count === BATCH &&
        read.lastAt !== null &&
        now.getTime() - read.lastAt.getTime() >= FEED_SETTLE_MS
      ) {
        // A backlog of rows long committed (the feed was stopped a while): past them at once.
        await repo.saveCursor(source.name, read.lastId);
        seen.delete(source.name);
      } else if (!window) {
        continue;
      } else if (!mark) {
        seen.set(source.name, { id: read.lastId, atMs });
      } else if (atMs - mark.atMs >= FEED_SETTLE_MS) {
        if (mark.id > safe) await repo.saveCursor(source.name, mark.id);
        seen.set(source.name, { id: read.lastId, atMs });
      }
    }
    return events;
  }

  async function readBookings(endpoints: FeedEndpoint[], now: Date): Promise<SourcedEvent[]> {
    const type: WebhookEvent = 'booking.changed';
    const branches = [...new Set(endpoints.filter((e) => e.events.includes(type)).map((e) => e.branchId))];
    const last = await repo.cursor('bookings');
    await repo.saveCursor('bookings', now.getTime());
    if (last === null || branches.length === 0) return [];
    return bookingChanges(db, new Date(Math.min(last, now.getTime()) - BOOKING_LOOKBACK_MS), branches);
  }

  return {
    /**
     * Where a first endpoint's events start: a source never read yet is read from its latest row
     * now (what happened before is history, not news).
     */
    async start(): Promise<void> {
      for (const source of ID_SOURCES) {
        if ((await repo.cursor(source.name)) === null)
          await repo.saveCursor(source.name, await source.maxId(db));
      }
      if ((await repo.cursor('bookings')) === null) await repo.saveCursor('bookings', clock.now().getTime());
    },

    /** One look: returns how many deliveries it queued. */
    async look(): Promise<number> {
      const endpoints = await repo.feedEndpoints();
      const now = clock.now();
      // A stable sort: what happened at the same moment keeps its sources' order (each by id).
      const events = [...(await readIds(endpoints, now)), ...(await readBookings(endpoints, now))].sort(
        (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime(),
      );
      const paused = new Set(endpoints.filter((e) => !e.active).map((e) => e.id));
      return repo.record(addressed(events, endpoints), now, paused);
    },
  };
}

export type WebhookFeed = ReturnType<typeof createWebhookFeed>;

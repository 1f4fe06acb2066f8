import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';

/**
 * How long a day list is kept at most before it is read whole again. Queue changes need no
 * full read (below); this bounds what no event names: an admin renaming a product, a station,
 * a scale or a lab measure shows on the counters' lists at most this long after the edit.
 */
export const DAY_LIST_MAX_AGE_MS = 30_000;

/** One station's list of the day for one branch, as last read, and the tickets changed since. */
interface Held<R> {
  key: string;
  takenAt: number;
  rows: Map<string, R>;
  /** Tickets (uuids) changed since `rows` was read: read again before the list is next served. */
  pending: Set<string>;
  /** Changes heard since the list was first read, and how many of them `rows` holds. */
  heard: number;
  holds: number;
  /** The read under way (the whole list, or the last update); settled, nothing is being read. */
  ready: Promise<void>;
  sorted: R[] | null;
}

/** How a list is read and ordered; `read(uuids)` reads only those tickets, with the list's own filter. */
export interface DayListSpec<R> {
  /** The list's name (one held per name and branch). */
  name: string;
  branchId: number;
  /** What the list depends on besides the queues (the plant day's range): another key reads it whole. */
  key: string;
  read: (uuids?: readonly string[]) => Promise<R[]>;
  uuidOf: (row: R) => string;
  order: (a: R, b: R) => number;
}

/**
 * The counters' lists of the day (the lab's samples, the weighbridge's weighings, the gate's
 * exits), held per branch and kept current by reading again only the tickets that changed.
 * At the harvest peak these lists hold the day's 2,000-3,000 trucks, and each counter's screen
 * refetches its list after every change of the branch: read whole each time, they took the
 * embedded database's one session for 100-400 ms a read, and every officer's call waited
 * behind them (docs/performance.md). A change names its ticket (`queueChanged` here,
 * `linesChanged` from another instance), so a list is read whole once, then per request only
 * for the tickets changed since: each is dropped from the list and put back if the list's own
 * filter still takes it. Readers that come during a read share it.
 */
export function createDayLists(deps: { events: EventHub; clock: Clock }) {
  const { events, clock } = deps;
  /** By branch, then by list name. */
  const held = new Map<number, Map<string, Held<unknown>>>();

  function changed(branchId: number, uuid: string) {
    for (const list of held.get(branchId)?.values() ?? []) {
      list.pending.add(uuid);
      list.heard++;
    }
  }
  const drop = ({ branchId }: { branchId: number }) => void held.delete(branchId);

  // Subscriptions for the hub's (the app's) lifetime.
  events.subscribe('queueChanged', ({ branchId, queueUuid }) => changed(branchId, queueUuid));
  events.subscribe('linesChanged', ({ branchId, queueUuid }, origin) => {
    // This instance's own changes came as queueChanged; another instance's come this way.
    if (origin.remote) changed(branchId, queueUuid);
  });
  events.subscribe('referenceChanged', drop);
  events.subscribe('branchChanged', drop);

  /**
   * Brings the list up to the changes heard when the reader came: the changed tickets are read
   * again (readers that come meanwhile share the read). A reader waits for no change heard after
   * it came, or at the peak, with a change every few milliseconds, it would wait for ever.
   */
  async function current<R>(list: Held<R>, spec: DayListSpec<R>): Promise<void> {
    const needed = list.heard;
    for (;;) {
      const ready = list.ready;
      await ready;
      if (list.holds >= needed) return;
      if (list.ready !== ready) continue; // another reader started the update: wait for it
      const uuids = [...list.pending];
      const upTo = list.heard;
      list.pending = new Set();
      const update = spec.read(uuids).then(
        (rows) => {
          for (const uuid of uuids) list.rows.delete(uuid);
          for (const row of rows) list.rows.set(spec.uuidOf(row), row);
          list.holds = upTo;
          list.sorted = null;
        },
        (error: unknown) => {
          for (const uuid of uuids) list.pending.add(uuid);
          throw error;
        },
      );
      // A failed read fails its readers; the next reader reads those tickets again.
      list.ready = update.catch(() => undefined);
      await update;
      return;
    }
  }

  return {
    async get<R>(spec: DayListSpec<R>): Promise<R[]> {
      const now = clock.now().getTime();
      let branch = held.get(spec.branchId);
      let list = branch?.get(spec.name) as Held<R> | undefined;
      if (!list || list.key !== spec.key || now < list.takenAt || now - list.takenAt >= DAY_LIST_MAX_AGE_MS) {
        const fresh: Held<R> = {
          key: spec.key,
          takenAt: now,
          rows: new Map(),
          pending: new Set(),
          heard: 0,
          holds: 0,
          ready: Promise.resolve(),
          sorted: null,
        };
        // Changes heard during this read are read again after it: it may or may not hold them.
        fresh.ready = spec.read().then(
          (rows) => {
            for (const row of rows) fresh.rows.set(spec.uuidOf(row), row);
          },
          (error: unknown) => {
            // Not kept: the next reader reads the list whole again.
            if (held.get(spec.branchId)?.get(spec.name) === fresh) held.get(spec.branchId)!.delete(spec.name);
            throw error;
          },
        );
        if (!branch) held.set(spec.branchId, (branch = new Map<string, Held<unknown>>()));
        branch.set(spec.name, fresh);
        list = fresh;
      }
      await current(list, spec);
      list.sorted ??= [...list.rows.values()].sort(spec.order);
      return list.sorted;
    },
  };
}

export type DayLists = ReturnType<typeof createDayLists>;

/**
 * Newest first by a stamp, as the lists' `order by … desc` reads them (PostgreSQL puts nulls
 * first); ties by id, newest first.
 */
export function newestFirst<R>(stamp: (row: R) => Date | null, id: (row: R) => number) {
  return (a: R, b: R): number => {
    const x = stamp(a);
    const y = stamp(b);
    if (x === null || y === null) return x === y ? id(b) - id(a) : x === null ? -1 : 1;
    return y.getTime() - x.getTime() || id(b) - id(a);
  };
}

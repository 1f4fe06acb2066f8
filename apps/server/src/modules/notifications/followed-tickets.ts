import type { Clock } from '../../lib/clock.ts';

/** A ticket some driver follows (a live subscription), as the index holds it. */
export interface FollowedRow {
  queueUuid: string;
  branchQueueTypeId: number;
  /** One of its subscriptions still waits to hear "N ahead". */
  awaitingAhead: boolean;
}

interface Entry {
  /** The lines the ticket may be in: one, or more after another instance moved it (a superset). */
  lines: Set<number>;
  awaitingAhead: boolean;
}

/** Past this the index is read again whatever happened (what no event announced, e.g. a retention run). */
const MAX_AGE_MS = 10 * 60_000;

/**
 * Which tickets drivers follow, held in memory (issue 35): at the harvest peak most changes are
 * of tickets nobody follows, in lines where nobody waits to hear "N ahead", and then the notifier
 * reads nothing. Without it each change read the ticket's subscriptions and its lines'.
 *
 * The index may hold more than is true (a subscription that ended, an "ahead" already sent), never
 * less: a wrong "followed" costs one read that finds nothing, a missed one would lose a message. So
 *  - a new or changed subscription, on any instance, makes it read again (`forget`, through the
 *    shared `followersChanged` event);
 *  - a change of a ticket moves it to its line (`moved`); a transfer another instance made adds
 *    the new line to the ones it may be in; an exit or a cancellation takes it out (`ended`);
 *  - after a read of the lines' followers still waiting for "N ahead", those lines' flags are set
 *    from what was read (`aheadRead`), unless the index was read again meanwhile;
 *  - it is read again at least every ten minutes.
 */
export function createFollowedTickets(deps: { load: () => Promise<FollowedRow[]>; clock: Clock }) {
  let held: { entries: Map<string, Entry>; loadedAt: number; generation: number } | null = null;
  let loading: Promise<void> | null = null;
  let generation = 0;

  async function load(): Promise<void> {
    const asked = generation;
    const rows = await deps.load();
    const entries = new Map<string, Entry>();
    for (const row of rows) {
      const entry = entries.get(row.queueUuid) ?? { lines: new Set<number>(), awaitingAhead: false };
      entry.lines.add(row.branchQueueTypeId);
      entry.awaitingAhead ||= row.awaitingAhead;
      entries.set(row.queueUuid, entry);
    }
    // A subscription saved while this read ran may be missing from it: read again next time.
    if (asked === generation) held = { entries, loadedAt: deps.clock.monotonicMs(), generation };
  }

  function fresh(): boolean {
    if (!held) return false;
    return deps.clock.monotonicMs() - held.loadedAt < MAX_AGE_MS;
  }

  return {
    /**
     * Reads the index if it must, and says what a change needs: whether the ticket is followed,
     * and a token for `aheadRead`. Concurrent callers share one read.
     */
    async current(): Promise<{ generation: number }> {
      while (!fresh()) {
        loading ??= load().finally(() => (loading = null));
        await loading;
      }
      return { generation: held!.generation };
    },

    follows(queueUuid: string): boolean {
      return held?.entries.has(queueUuid) ?? false;
    },

    /** Whether some ticket in these lines has a follower still waiting for "N ahead". */
    awaitsAhead(lines: readonly number[]): boolean {
      if (!held) return true;
      for (const entry of held.entries.values())
        if (entry.awaitingAhead && lines.some((line) => entry.lines.has(line))) return true;
      return false;
    },

    /** This instance changed the ticket: it is in this line now. */
    moved(queueUuid: string, line: number): void {
      const entry = held?.entries.get(queueUuid);
      if (entry) entry.lines = new Set([line]);
    },

    /** Another instance moved the ticket between these lines: it may be in any of them. */
    movedElsewhere(queueUuid: string, lines: readonly number[]): void {
      const entry = held?.entries.get(queueUuid);
      if (entry) for (const line of lines) entry.lines.add(line);
    },

    /** The ticket left or was cancelled: its subscriptions are ended. */
    ended(queueUuid: string): void {
      held?.entries.delete(queueUuid);
    },

    /**
     * The lines' followers were read: exactly `stillAwaiting` still wait for "N ahead" in them (each
     * ticket with the line it is in). A ticket that may only be in these lines and was not read no
     * longer waits. Ignored when the index was read again since `token` was taken.
     */
    aheadRead(
      token: { generation: number },
      lines: readonly number[],
      stillAwaiting: readonly { queueUuid: string; line: number }[],
    ): void {
      if (!held || held.generation !== token.generation) return;
      for (const entry of held.entries.values())
        if ([...entry.lines].every((line) => lines.includes(line))) entry.awaitingAhead = false;
      for (const { queueUuid, line } of stillAwaiting) {
        const entry = held.entries.get(queueUuid);
        if (!entry) continue;
        entry.awaitingAhead = true;
        entry.lines = new Set([line]);
      }
    },

    /** A subscription was made or changed somewhere: read the index again before the next use. */
    forget(): void {
      generation++;
      held = null;
    },
  };
}

export type FollowedTickets = ReturnType<typeof createFollowedTickets>;

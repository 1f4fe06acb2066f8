import type { FastifyBaseLogger } from 'fastify';
import type { EventHub } from '../lib/event-hub.ts';
import { AppError } from '../lib/app-error.ts';
import type { PublicQueueService } from '../modules/queue/public-queue.service.ts';
import type { PublicNamespace, PublicSocket } from './public-namespace.ts';
import { createPacedRounds, PUSH_PACE_MS } from './paced-rounds.ts';
import { queueTypeRoom, ticketRoom } from './rooms.ts';

/** Pages sent their place before the event loop is let go (officers' work interleaves). */
const PAGES_PER_SLICE = 200;

/** How many rounds a ticket's push, or a branch's lines, is tried in before the page is left to reconnect. */
export const PUSH_TRIES = 3;

const linesKey = (branchId: number) => `lines:${branchId}`;

/** What is left to push for a branch: the lines that moved and the tickets that changed. */
interface Round {
  types: Set<number>;
  tickets: Set<string>;
}

/**
 * The drivers' pages, pushed (issue 35): when a line moves, each open page of it is sent its
 * own place (state, trucks ahead, expected wait, station), all worked out from one snapshot of
 * the branch's open queues, the one the officers' cards read after the change anyway
 * (branch-cards.ts). The page of the ticket that changed gets its whole answer, one read of that
 * ticket. Before, every page of the line refetched its ticket: the work grew with the square of
 * the trucks waiting, and at the harvest peak the drivers' pages starved the officers.
 *
 * Each instance pushes to its own sockets: `linesChanged` reaches every instance
 * (lib/shared-events.ts). A branch's pushes run one at a time, PUSH_PACE_MS apart at least;
 * changes that arrive meanwhile are gathered into the next round, so a burst of calls costs two
 * rounds, not one per call (paced-rounds.ts). A page is sent its place only when it differs
 * from the last one it was sent.
 */
export function createPublicPush(deps: {
  publicSpace: PublicNamespace;
  publicQueue: Pick<PublicQueueService, 'fresh' | 'lines' | 'forgetTicket' | 'forgetLines'>;
  events: EventHub;
  log: FastifyBaseLogger;
}): { stop(): void; idle(): Promise<void> } {
  const { publicSpace, publicQueue, events, log } = deps;

  /** This instance's sockets in a room of /public. */
  function localSockets(room: string): PublicSocket[] {
    const found: PublicSocket[] = [];
    for (const id of publicSpace.adapter.rooms.get(room) ?? []) {
      const socket = publicSpace.sockets.get(id);
      if (socket) found.push(socket);
    }
    return found;
  }

  /** The changed ticket's pages here get its whole answer; none open, nothing is read. */
  async function pushTicket(uuid: string): Promise<void> {
    const pages = localSockets(ticketRoom(uuid));
    if (pages.length === 0) return;
    try {
      const { branchId: _branch, branchQueueTypeId: _type, ...queue } = await publicQueue.fresh(uuid);
      const line = lineKey(queue);
      for (const socket of pages) {
        socket.data.lastLine = line;
        socket.emit('ticket', queue);
      }
    } catch (error) {
      // A ticket gone from the page (voided past its days) is the page's to find on reconnect.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return;
      throw error;
    }
  }

  /**
   * Pushes that failed (at the peak a read can wait past its time for the one connection): each
   * is tried again in the branch's next round, up to PUSH_TRIES times in all, so one ticket's
   * failed read loses neither the other tickets' pushes nor the lines'. Past that a ticket's
   * pages are told to fetch it themselves (`queueChanged`; the page's own fetch retries): its
   * next change may never come (the exit is the last), and a page left showing the truck
   * inside after it left is what the driver would notice. A line that fails is not: the next
   * move of the line pushes each page its place anew.
   */
  const tries = new Map<string, number>();
  function failedAgain(key: string): boolean {
    const n = (tries.get(key) ?? 0) + 1;
    if (n >= PUSH_TRIES) {
      tries.delete(key);
      return false;
    }
    tries.set(key, n);
    return true;
  }

  /** The ticket's pages here fetch it themselves; what they were pushed last is forgotten. */
  function refetch(uuid: string): void {
    for (const socket of localSockets(ticketRoom(uuid))) {
      socket.data.lastLine = undefined;
      socket.emit('queueChanged');
    }
  }

  async function pushLines(branchId: number, types: Set<number>, skip: Set<string>): Promise<void> {
    const pages = [...types].flatMap((type) => localSockets(queueTypeRoom(type)));
    if (pages.length === 0) return publicQueue.forgetLines([...types]);
    const places = await publicQueue.lines(branchId, [...types]);
    let sent = 0;
    for (const socket of pages) {
      // The pages go in slices, the event loop free between them: 2,000 places in one loop held
      // the officers' cards, whose reads came back meanwhile, some 40 ms (bench/public-push-bench.ts).
      if (++sent % PAGES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      if (skip.has(socket.data.ticket)) continue;
      const place = places.get(socket.data.ticket);
      if (!place) continue;
      const line = lineKey(place);
      if (socket.data.lastLine === line) continue;
      socket.data.lastLine = line;
      socket.emit('line', place);
    }
  }

  async function pushRound(branchId: number, round: Round): Promise<void> {
    const again: Round = { types: new Set(), tickets: new Set() };
    let firstError: unknown = null;
    for (const uuid of round.tickets) {
      try {
        await pushTicket(uuid);
        tries.delete(uuid);
      } catch (error) {
        firstError ??= error;
        if (failedAgain(uuid)) again.tickets.add(uuid);
        else refetch(uuid);
      }
    }
    try {
      await pushLines(branchId, round.types, round.tickets);
      tries.delete(linesKey(branchId));
    } catch (error) {
      firstError ??= error;
      if (failedAgain(linesKey(branchId))) again.types = new Set(round.types);
    }
    if (firstError === null) return;
    log.warn(
      { err: firstError, branchId, tickets: round.tickets.size, retried: again.tickets.size },
      "could not push the drivers' pages their place",
    );
    if (again.tickets.size > 0 || again.types.size > 0) {
      rounds.ask(branchId, (next) => {
        for (const uuid of again.tickets) next.tickets.add(uuid);
        for (const type of again.types) next.types.add(type);
      });
    }
  }

  const rounds = createPacedRounds<Round>({
    paceMs: PUSH_PACE_MS,
    empty: () => ({ types: new Set<number>(), tickets: new Set<string>() }),
    run: pushRound,
    // pushRound catches its own failures; this is for the unforeseen.
    failed: (branchId, error) =>
      log.warn({ err: error, branchId }, "could not push the drivers' pages their place"),
  });

  const unsubscribe = events.subscribe('linesChanged', ({ branchId, branchQueueTypeIds, queueUuid }) => {
    // At once, not in the round: a page that asks before its push comes reads the change.
    publicQueue.forgetTicket(queueUuid);
    rounds.ask(branchId, (round) => {
      for (const type of branchQueueTypeIds) round.types.add(type);
      round.tickets.add(queueUuid);
    });
  });
  return {
    stop: () => void unsubscribe(),
    /** Resolves once no push is running (tests wait on it instead of on time). */
    idle: () => rounds.idle(),
  };
}

/** A page's place as text, to send it only when it changed. */
const lineKey = (place: {
  queue_state: string;
  ahead: number | null;
  expected_wait: { low: number; high: number } | null;
  station_name: string | null;
  line_hold: { class_name: string; max_percent: number; of: string } | null;
}) =>
  JSON.stringify([
    place.queue_state,
    place.ahead,
    place.expected_wait?.low,
    place.expected_wait?.high,
    place.station_name,
    place.line_hold,
  ]);

import type { PublicLineUpdate } from '@truck-queue/shared/contracts/public-queue.contract';
import type { Clock } from '../../lib/clock.ts';
import { createRateLimiter, RATE_LIMITS } from '../../lib/rate-limit.ts';

/**
 * How many tickets' last answers are kept: a harvest night's yard (2,000 waiting) with room to
 * spare; the least recently asked goes first.
 */
export const HELD_ANSWERS = 5_000;

/**
 * Calls queued for a database connection past which the drivers' pages give way: officers'
 * calls, kiosks and devices are served first, the pages get their last answer (issue 35).
 */
export const BUSY_DATABASE_WAITING = 2;

/** What an answer must carry: its ticket and line, to be patched by a pushed place or dropped. */
type Answer = PublicLineUpdate & { uuid: string; branchQueueTypeId: number };

/**
 * The drivers' pages' reads, budgeted per ticket rather than per address (many phones share
 * one carrier-grade NAT address), and the first to give way (issue 35):
 *
 * - each ticket has its own budget (RATE_LIMITS.publicTicketReads); a page past it gets its
 *   last answer, not an error;
 * - while calls queue for the database (`waiting()` past BUSY_DATABASE_WAITING) a page with a
 *   last answer gets it without a read: the officers' work goes first;
 * - the answers pushed to the pages (public-push.ts) are kept as last answers, and the places
 *   pushed patch them, so a last answer is as fresh as the page that shows it. A changed
 *   ticket's answer is dropped the moment the change is announced (a page asking before its
 *   push reads the change), and a moved line's when no page of it is open here to patch.
 *
 * A ticket never read before is always read (its first answer is its only answer).
 */
export function createPublicAnswers<A extends Answer>(deps: {
  clock: Clock;
  /** Calls waiting for a database connection now. */
  waiting: () => number;
}) {
  const held = new Map<string, A>();
  const budgets = createRateLimiter(RATE_LIMITS.publicTicketReads, {
    clock: deps.clock,
    maxKeys: HELD_ANSWERS,
  });
  // When each ticket and each line last changed (a count of changes, not a time): a read that
  // started before its ticket or line changed is not kept, or it would undo the change.
  let changes = 0;
  const ticketChanged = new Map<string, number>();
  const lineChanged = new Map<number, number>();

  function touch(uuid: string): void {
    ticketChanged.delete(uuid);
    ticketChanged.set(uuid, ++changes);
    if (ticketChanged.size > HELD_ANSWERS) ticketChanged.delete(ticketChanged.keys().next().value!);
  }

  /** Keeps `answer`, read from `since` on, unless its ticket or line changed meanwhile. */
  function keep(answer: A, since: number): A {
    const changed = Math.max(
      ticketChanged.get(answer.uuid) ?? 0,
      lineChanged.get(answer.branchQueueTypeId) ?? 0,
    );
    if (changed > since) return answer;
    held.delete(answer.uuid);
    held.set(answer.uuid, answer);
    if (held.size > HELD_ANSWERS) held.delete(held.keys().next().value!);
    return answer;
  }

  return {
    /** The page's answer: read with `read`, or its last one when over budget or the database is busy. */
    async answer(uuid: string, read: () => Promise<A>): Promise<A> {
      const overBudget = budgets.take(uuid) > 0;
      const last = held.get(uuid);
      if (last && (overBudget || deps.waiting() > BUSY_DATABASE_WAITING)) return last;
      const since = changes;
      return keep(await read(), since);
    },
    /** An answer read for a push: the page's last answer from now on. */
    async refresh(read: () => Promise<A>): Promise<A> {
      const since = changes;
      return keep(await read(), since);
    },
    /** A place pushed to the ticket's pages: its last answer says the same. */
    patch(uuid: string, place: PublicLineUpdate): void {
      touch(uuid);
      const last = held.get(uuid);
      if (last) held.set(uuid, { ...last, ...place });
    },
    /** A ticket changed, or is gone (out of the page's days): no last answer stays. */
    forget(uuid: string): void {
      touch(uuid);
      held.delete(uuid);
    },
    /** Lines moved with no page of them open here to be pushed their place: their answers go. */
    forgetLines(branchQueueTypeIds: readonly number[]): void {
      for (const type of branchQueueTypeIds) lineChanged.set(type, ++changes);
      for (const [uuid, answer] of held) {
        if (branchQueueTypeIds.includes(answer.branchQueueTypeId)) held.delete(uuid);
      }
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createFollowedTickets, type FollowedRow } from './followed-tickets.ts';

/**
 * The notifier's index of followed tickets (issue 35): a change nobody follows reads nothing, and
 * the index never holds less than is true (a missed follower would lose a driver's message).
 */

/** The monotonic reading is all the index reads of time. */
function createTestClock() {
  let ms = 0;
  return {
    now: () => new Date(ms),
    monotonicMs: () => ms,
    advance: (by: number) => (ms += by),
  };
}

function index(rows: FollowedRow[]) {
  const clock = createTestClock();
  let reads = 0;
  let answer = rows;
  const followed = createFollowedTickets({
    clock,
    load: () => {
      reads++;
      return Promise.resolve(answer);
    },
  });
  return {
    followed,
    clock,
    reads: () => reads,
    answer: (next: FollowedRow[]) => (answer = next),
  };
}

const row = (queueUuid: string, line: number, awaitingAhead = true): FollowedRow => ({
  queueUuid,
  branchQueueTypeId: line,
  awaitingAhead,
});

describe('the followed tickets held in memory', () => {
  it('is read once, then answers from memory until a subscription changes', async () => {
    const t = index([row('a', 1)]);
    await Promise.all([t.followed.current(), t.followed.current(), t.followed.current()]);
    expect(t.reads()).toBe(1);
    expect(t.followed.follows('a')).toBe(true);
    expect(t.followed.follows('b')).toBe(false);
    expect(t.followed.awaitsAhead([1])).toBe(true);
    expect(t.followed.awaitsAhead([2])).toBe(false);

    t.answer([row('a', 1), row('b', 2)]);
    t.followed.forget();
    await t.followed.current();
    expect(t.reads()).toBe(2);
    expect(t.followed.follows('b')).toBe(true);
    expect(t.followed.awaitsAhead([2])).toBe(true);
  });

  it('is read again after ten minutes whatever happened', async () => {
    const t = index([]);
    await t.followed.current();
    t.clock.advance(9 * 60_000);
    await t.followed.current();
    expect(t.reads()).toBe(1);
    t.clock.advance(60_000);
    await t.followed.current();
    expect(t.reads()).toBe(2);
  });

  it('keeps nothing read before a subscription changed during the read', async () => {
    let release!: () => void;
    const clock = createTestClock();
    let reads = 0;
    const followed = createFollowedTickets({
      clock,
      load: async () => {
        reads++;
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
        return reads === 1 ? [] : [row('new', 1)];
      },
    });
    const first = followed.current();
    await Promise.resolve();
    followed.forget();
    release();
    await first;
    expect(reads).toBe(2);
    expect(followed.follows('new')).toBe(true);
  });

  it('follows a ticket to the line it moved to, and forgets it when it left', async () => {
    const t = index([row('a', 1)]);
    await t.followed.current();
    t.followed.moved('a', 2);
    expect(t.followed.awaitsAhead([1])).toBe(false);
    expect(t.followed.awaitsAhead([2])).toBe(true);
    t.followed.ended('a');
    expect(t.followed.follows('a')).toBe(false);
    expect(t.followed.awaitsAhead([2])).toBe(false);
  });

  it("takes another instance's transfer as either line until a read says which", async () => {
    const t = index([row('a', 1)]);
    const token = await t.followed.current();
    t.followed.movedElsewhere('a', [2, 1]);
    expect(t.followed.awaitsAhead([2])).toBe(true);
    // A read of line 1 alone cannot say the ticket no longer waits: it may be in line 2.
    t.followed.aheadRead(token, [1], []);
    expect(t.followed.awaitsAhead([2])).toBe(true);
    // A read of line 2 finds it there, still waiting.
    t.followed.aheadRead(token, [2], [{ queueUuid: 'a', line: 2 }]);
    expect(t.followed.awaitsAhead([1])).toBe(false);
    expect(t.followed.awaitsAhead([2])).toBe(true);
    // Told "N ahead": its line reads nothing more.
    t.followed.aheadRead(token, [2], []);
    expect(t.followed.awaitsAhead([2])).toBe(false);
    expect(t.followed.follows('a')).toBe(true);
  });

  it('ignores what a read found if the index was read again meanwhile', async () => {
    const t = index([row('a', 1)]);
    const token = await t.followed.current();
    t.followed.forget();
    await t.followed.current();
    t.followed.aheadRead(token, [1], []);
    expect(t.followed.awaitsAhead([1])).toBe(true);
  });
});

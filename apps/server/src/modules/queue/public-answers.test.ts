import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { TestClock } from '../../test/harness.ts';
import { BUSY_DATABASE_WAITING, createPublicAnswers, HELD_ANSWERS } from './public-answers.ts';

const UUID = 'a6f1c0de-0000-4000-8000-000000000001';
const answerOf = (uuid: string, ahead: number) => ({
  uuid,
  branchQueueTypeId: 1,
  queue_state: 'QS' as const,
  ahead,
  expected_wait: null,
  station_name: null,
  line_hold: null,
});

/** A page's reads of its ticket, and how many reached the database. */
function setUp(waiting = () => 0) {
  const clock = new TestClock();
  const answers = createPublicAnswers<ReturnType<typeof answerOf>>({ clock, waiting });
  let reads = 0;
  const ask = (uuid = UUID) => answers.answer(uuid, () => Promise.resolve(answerOf(uuid, ++reads)));
  return { clock, answers, ask, reads: () => reads };
}

describe("the drivers' pages' reads", () => {
  it('are budgeted per ticket: past it a page gets its last answer, not an error, until the budget refills', async () => {
    const { clock, ask, reads } = setUp();
    const { burst, perSecond } = RATE_LIMITS.publicTicketReads;
    for (let i = 1; i <= burst; i++) expect((await ask()).ahead).toBe(i);
    // Over the budget: the last answer, no read.
    expect((await ask()).ahead).toBe(burst);
    expect((await ask()).ahead).toBe(burst);
    expect(reads()).toBe(burst);
    // Another ticket (another phone behind the same address) has its own budget.
    expect((await ask('b7f1c0de-0000-4000-8000-000000000002')).ahead).toBe(burst + 1);
    clock.advance(1000 / perSecond);
    expect((await ask()).ahead).toBe(burst + 2);
  });

  it('give way while calls queue for the database: the last answer, except for a ticket never read', async () => {
    let waiting = 0;
    const { ask, reads } = setUp(() => waiting);
    expect((await ask()).ahead).toBe(1);
    waiting = BUSY_DATABASE_WAITING + 1;
    expect((await ask()).ahead).toBe(1);
    expect(reads()).toBe(1);
    // Its first answer is its only answer: read whatever the load.
    expect((await ask('b7f1c0de-0000-4000-8000-000000000002')).ahead).toBe(2);
    waiting = BUSY_DATABASE_WAITING;
    expect((await ask()).ahead).toBe(3);
  });

  it('keep what was pushed: a pushed answer and a pushed place are the last answer', async () => {
    const { answers, ask } = setUp();
    for (let i = 0; i < RATE_LIMITS.publicTicketReads.burst; i++) await ask();
    await answers.refresh(() => Promise.resolve({ ...answerOf(UUID, 7), queue_state: 'QS' as const }));
    expect((await ask()).ahead).toBe(7);
    answers.patch(UUID, {
      queue_state: 'C',
      ahead: null,
      expected_wait: null,
      station_name: 'ช่อง 2',
      line_hold: null,
    });
    expect(await ask()).toMatchObject({ queue_state: 'C', ahead: null, station_name: 'ช่อง 2' });
    // A moved line with no page open: its answers go, the next ask reads (past its budget).
    answers.forgetLines([2]);
    expect((await ask()).queue_state).toBe('C');
    answers.forgetLines([1]);
    expect((await ask()).ahead).toBe(RATE_LIMITS.publicTicketReads.burst + 1);
    // A ticket gone keeps no last answer: the next ask reads (and the read tells it is gone).
    answers.forget(UUID);
    await expect(answers.answer(UUID, () => Promise.reject(new Error('NOT_FOUND')))).rejects.toThrow(
      'NOT_FOUND',
    );
  });

  it('do not keep a read its ticket or its line changed under: it would undo the change', async () => {
    const { answers, ask } = setUp();
    for (let i = 0; i < RATE_LIMITS.publicTicketReads.burst; i++) await ask();
    // A read started before the change ends after it: the page gets it, it is not kept.
    let finish!: (answer: ReturnType<typeof answerOf>) => void;
    const late = answers.answer(
      'c8f1c0de-0000-4000-8000-000000000003',
      () => new Promise((r) => (finish = r)),
    );
    answers.forget('c8f1c0de-0000-4000-8000-000000000003');
    finish(answerOf('c8f1c0de-0000-4000-8000-000000000003', 99));
    expect((await late).ahead).toBe(99);
    let read = false;
    await answers.answer('c8f1c0de-0000-4000-8000-000000000003', () => {
      read = true;
      return Promise.resolve(answerOf('c8f1c0de-0000-4000-8000-000000000003', 1));
    });
    expect(read).toBe(true);
    // The same for a push's read under a moved line: the place patched in stays.
    const pushed = answers.refresh(() => new Promise((r) => (finish = r)));
    answers.patch(UUID, {
      queue_state: 'QS',
      ahead: 4,
      expected_wait: null,
      station_name: null,
      line_hold: null,
    });
    finish(answerOf(UUID, 5));
    await pushed;
    expect((await ask()).ahead).toBe(4);
  });

  it(`hold at most ${HELD_ANSWERS} tickets' answers, the least recently asked dropped first`, async () => {
    const { answers } = setUp();
    const uuids = Array.from({ length: HELD_ANSWERS + 1 }, (_, i) => `t-${i}`);
    for (const uuid of uuids) await answers.refresh(() => Promise.resolve(answerOf(uuid, 0)));
    // The first one was dropped: asking for it reads again.
    let read = false;
    await answers.answer(uuids[0]!, () => {
      read = true;
      return Promise.resolve(answerOf(uuids[0]!, 1));
    });
    expect(read).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBranchPacer } from './branch-pacer.ts';

/** The fake timers' clock moves only when the test advances it: nothing here waits on real time. */
describe('the branches page hints, paced per branch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first change at once, a burst as one hint after the pause, each branch apart', () => {
    const sent: [number, number][] = [];
    const pacer = createBranchPacer(
      3_000,
      (branch) => sent.push([branch, Date.now()]),
      () => Date.now(),
    );
    const start = Date.now();
    pacer.ask(1);
    pacer.ask(2);
    // Thirty changes a second in branch 1 for two seconds.
    for (let i = 0; i < 60; i++) {
      vi.advanceTimersByTime(33);
      pacer.ask(1);
    }
    expect(sent).toEqual([
      [1, start],
      [2, start],
    ]);
    vi.advanceTimersByTime(3_000);
    expect(sent).toEqual([
      [1, start],
      [2, start],
      [1, start + 3_000],
    ]);
    // Quiet since: the next change goes at once.
    vi.advanceTimersByTime(10_000);
    pacer.ask(1);
    expect(sent.at(-1)).toEqual([1, Date.now()]);
    expect(sent).toHaveLength(4);
  });

  it('leaves nothing waiting once stopped', () => {
    const sent: number[] = [];
    const pacer = createBranchPacer(
      3_000,
      (branch) => sent.push(branch),
      () => Date.now(),
    );
    pacer.ask(7);
    pacer.ask(7);
    pacer.stop();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([7]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacedRounds } from './paced-rounds.ts';

describe('paced push rounds', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (runTime = 0) => {
    const runs: { branch: number; work: string[]; at: number }[] = [];
    const failures: unknown[] = [];
    const rounds = createPacedRounds<string[]>({
      paceMs: 250,
      empty: () => [],
      run: async (branch, work) => {
        runs.push({ branch, work: [...work], at: Date.now() });
        if (runTime > 0) await new Promise((resolve) => setTimeout(resolve, runTime));
        if (work.includes('fail')) throw new Error('boom');
      },
      failed: (_branch, error) => failures.push(error),
    });
    return { runs, failures, rounds };
  };

  it("runs a quiet branch's change at once", async () => {
    const { runs, rounds } = setup();
    const start = Date.now();
    rounds.ask(1, (work) => work.push('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([{ branch: 1, work: ['a'], at: start }]);
  });

  it("runs a change asked the moment its branch's last round ended, not only at the next change", async () => {
    const runs: string[][] = [];
    let endRound = () => {};
    const rounds = createPacedRounds<string[]>({
      paceMs: 0,
      empty: () => [],
      run: (_branch, work) => {
        runs.push([...work]);
        return new Promise<void>((resolve) => (endRound = resolve));
      },
      failed: () => undefined,
    });
    rounds.ask(1, (work) => work.push('a'));
    // The round ends, and a change is asked in the same turn of the event loop, after the rounds
    // found nothing left but before they said they were done.
    endRound();
    await Promise.resolve().then(() => rounds.ask(1, (work) => work.push('b')));
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([['a'], ['b']]);
    endRound();
    await rounds.idle();
  });

  it('gathers a burst into one more round, 250 ms after the last one ended', async () => {
    const { runs, rounds } = setup(40);
    const start = Date.now();
    rounds.ask(1, (work) => work.push('a'));
    for (const change of ['b', 'c', 'd']) rounds.ask(1, (work) => work.push(change));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((run) => run.work)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(runs[1]!.at - start).toBe(40 + 250);
  });

  it('keeps branches apart, and goes on after a failed round', async () => {
    const { runs, failures, rounds } = setup();
    rounds.ask(1, (work) => work.push('fail'));
    rounds.ask(2, (work) => work.push('x'));
    rounds.ask(1, (work) => work.push('after'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((run) => [run.branch, run.work])).toEqual([
      [1, ['fail']],
      [2, ['x']],
      [1, ['after']],
    ]);
    expect(failures).toHaveLength(1);
    const idle = rounds.idle();
    await vi.advanceTimersByTimeAsync(0);
    await expect(idle).resolves.toBeUndefined();
  });
});

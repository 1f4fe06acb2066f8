import { describe, expect, it } from 'vitest';
import { YardGate } from './yard-gate.ts';

describe("the simulator's look at the whole yard", () => {
  it('tells two overlapping looks that the yard is still, and lets it move once both are done', async () => {
    const gate = new YardGate();
    let finish = () => {};
    const slow = gate.pass(() => new Promise<void>((resolve) => (finish = resolve)));
    // Two looks while a change is under way: the second must not take the first's place.
    const seen: string[] = [];
    const first = gate.hold().then(() => seen.push('first'));
    const second = gate.hold().then(() => seen.push('second'));
    finish();
    await Promise.all([slow, first, second]);
    expect(seen.sort()).toEqual(['first', 'second']);

    // Held by both: a new change waits until the last one resumes.
    let moved = false;
    const next = gate.pass(() => {
      moved = true;
      return Promise.resolve();
    });
    gate.resume();
    await Promise.resolve();
    expect(moved).toBe(false);
    gate.resume();
    await next;
    expect(moved).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createBranchMemo } from './branch-memo.ts';

/**
 * A clock moved by hand, whose wall clock may be set back (its monotonic reading never goes
 * back, as a system's does not), and reads that finish when the test says.
 */
function setup(maxKeys = 4) {
  let now = 1_000_000;
  let elapsed = 0;
  const clock = { now: () => new Date(now), monotonicMs: () => elapsed };
  const memo = createBranchMemo<string>({ clock, maxAgeMs: 5_000, maxKeys });
  let reads = 0;
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const read = () => {
    reads++;
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return {
    memo,
    read,
    reads: () => reads,
    finish: (value: string) => pending.shift()!.resolve(value),
    fail: () => pending.shift()!.reject(new Error('the database went away')),
    advance: (ms: number) => {
      now += ms;
      elapsed += Math.max(0, ms);
    },
  };
}

describe('an answer held per branch', () => {
  it('is read once for readers who come while it is read, and served until its branch changes', async () => {
    const s = setup();
    const first = s.memo.get(1, 'k', s.read);
    const second = s.memo.get(1, 'k', s.read);
    s.finish('v1');
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    expect(await s.memo.get(1, 'k', s.read)).toBe('v1');
    expect(s.reads()).toBe(1);

    s.memo.drop(1);
    const after = s.memo.get(1, 'k', s.read);
    s.finish('v2');
    expect(await after).toBe('v2');
    expect(s.reads()).toBe(2);
  });

  it('keeps branches and keys apart: a change of one branch reads only that branch again', async () => {
    const s = setup();
    const a = s.memo.get(1, 'k', s.read);
    const b = s.memo.get(2, 'k', s.read);
    const c = s.memo.get(1, 'other', s.read);
    s.finish('a');
    s.finish('b');
    s.finish('c');
    expect([await a, await b, await c]).toEqual(['a', 'b', 'c']);
    s.memo.drop(1);
    expect(await s.memo.get(2, 'k', s.read)).toBe('b');
    expect(s.reads()).toBe(3);
  });

  it('never keeps a read that started before a change', async () => {
    const s = setup();
    const before = s.memo.get(1, 'k', s.read);
    s.memo.drop(1);
    s.finish('old');
    expect(await before).toBe('old');
    const after = s.memo.get(1, 'k', s.read);
    s.finish('new');
    expect(await after).toBe('new');
    expect(s.reads()).toBe(2);
  });

  it('reads again after its maximum age, and when the clock went back', async () => {
    const s = setup();
    const first = s.memo.get(1, 'k', s.read);
    s.finish('v1');
    await first;
    s.advance(4_999);
    expect(await s.memo.get(1, 'k', s.read)).toBe('v1');
    s.advance(1);
    const aged = s.memo.get(1, 'k', s.read);
    s.finish('v2');
    expect(await aged).toBe('v2');
    s.advance(-60_000);
    const back = s.memo.get(1, 'k', s.read);
    s.finish('v3');
    expect(await back).toBe('v3');
    expect(s.reads()).toBe(3);
  });

  it('does not keep a failed read: the next reader tries again', async () => {
    const s = setup();
    const failed = s.memo.get(1, 'k', s.read);
    s.fail();
    await expect(failed).rejects.toThrow('the database went away');
    const retried = s.memo.get(1, 'k', s.read);
    s.finish('v');
    expect(await retried).toBe('v');
    expect(s.reads()).toBe(2);
  });

  it('runs one read at a time: readers after changes during a read share one more read, started when it ends', async () => {
    const s = setup();
    const first = s.memo.get(1, 'k', s.read);
    s.memo.drop(1);
    const second = s.memo.get(1, 'k', s.read);
    s.memo.drop(1);
    const third = s.memo.get(1, 'k', s.read);
    // Three changes' readers, one read on the database so far.
    expect(s.reads()).toBe(1);
    s.finish('before the changes');
    expect(await first).toBe('before the changes');
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.reads()).toBe(2);
    s.finish('after both');
    expect(await second).toBe('after both');
    expect(await third).toBe('after both');
    // It started after the last drop: it is current for the next reader.
    expect(await s.memo.get(1, 'k', s.read)).toBe('after both');
    expect(s.reads()).toBe(2);
  });

  it('holds at most maxKeys answers per branch, the oldest going first', async () => {
    const s = setup(2);
    for (const key of ['a', 'b', 'c']) {
      const got = s.memo.get(1, key, s.read);
      s.finish(key);
      await got;
    }
    expect(await s.memo.get(1, 'c', s.read)).toBe('c');
    expect(await s.memo.get(1, 'b', s.read)).toBe('b');
    expect(s.reads()).toBe(3);
    const a = s.memo.get(1, 'a', s.read);
    s.finish('a again');
    expect(await a).toBe('a again');
    expect(s.reads()).toBe(4);
  });
});

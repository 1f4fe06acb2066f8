import { describe, expect, it } from 'vitest';
import { createRateLimiter, retryAfterSeconds, TokenBucket } from './rate-limit.ts';

/** A clock the test moves by hand, in milliseconds (the buckets read only its monotonic reading). */
function manualClock() {
  const clock = { ms: 0, monotonicMs: () => clock.ms };
  return clock;
}

describe('TokenBucket', () => {
  it('allows a burst, then one call per refill interval, and says how long to wait', () => {
    const clock = manualClock();
    const bucket = new TokenBucket({ perSecond: 2, burst: 3 }, clock);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([0, 0, 0]);
    expect(bucket.take()).toBe(500);
    clock.ms += 200;
    expect(bucket.take()).toBeCloseTo(300);
    clock.ms += 300;
    expect(bucket.take()).toBe(0);
    expect(bucket.take()).toBe(500);
  });

  it('refills no further than its burst, however long it was idle', () => {
    const clock = manualClock();
    const bucket = new TokenBucket({ perSecond: 10, burst: 5 }, clock);
    for (let i = 0; i < 5; i++) bucket.take();
    expect(bucket.full()).toBe(false);
    clock.ms += 3_600_000;
    expect(bucket.full()).toBe(true);
    const allowed = Array.from({ length: 8 }, () => bucket.take()).filter((wait) => wait === 0);
    expect(allowed).toHaveLength(5);
  });
});

describe('createRateLimiter', () => {
  it('keeps a bucket per key: one key over its limit does not touch another', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, { clock });
    expect([limiter.take('10.0.0.1'), limiter.take('10.0.0.1')]).toEqual([0, 0]);
    expect(limiter.take('10.0.0.1')).toBe(1000);
    expect(limiter.take('10.0.0.2')).toBe(0);
    clock.ms += 1000;
    expect(limiter.take('10.0.0.1')).toBe(0);
  });

  it('holds at most maxKeys buckets, whatever number of addresses sends', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perSecond: 1, burst: 5 }, { maxKeys: 100, clock });
    for (let i = 0; i < 10_000; i++) limiter.take(`address ${i}`);
    expect(limiter.size).toBe(100);
  });

  it('drops buckets that have refilled as new keys come, and keeps those still limiting', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, { maxKeys: 1000, clock });
    for (let i = 0; i < 50; i++) limiter.take(`idle ${i}`);
    clock.ms += 2000;
    // A flooding address, used after the idle ones: its empty bucket must survive.
    for (let i = 0; i < 5; i++) limiter.take('flooder');
    limiter.take('newcomer');
    expect(limiter.size).toBe(2);
    expect(limiter.take('flooder')).toBeGreaterThan(0);
  });

  it('moves a key to the recent end on use, so the least recently used goes first when full', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ perSecond: 1, burst: 1 }, { maxKeys: 2, clock });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a'); // refused, and now the most recent
    limiter.take('c'); // evicts b, the least recently used
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.size).toBe(2);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least one', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });
});

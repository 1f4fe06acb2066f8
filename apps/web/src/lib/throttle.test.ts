import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one more run at the end of the wait', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 5_000);
    throttled.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(90);
      throttled.call();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(20_000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs a call after a quiet wait at once', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 1_000);
    throttled.call();
    vi.advanceTimersByTime(1_500);
    throttled.call();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a busy plant refetches at most once per wait', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 5_000);
    // Ten changes a second for a minute.
    for (let i = 0; i < 600; i++) {
      throttled.call();
      vi.advanceTimersByTime(100);
    }
    expect(fn.mock.calls.length).toBeLessThanOrEqual(13);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(12);
  });

  it('cancel drops a pending run', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 1_000);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(5_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

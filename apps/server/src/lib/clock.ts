import { performance } from 'node:perf_hooks';

/**
 * The one source of time for every rule that depends on it. Services take it from buildApp
 * (through ModuleHost, createRealtime and the HTTP layer's registrars); tests pass a TestClock
 * (test/harness.ts) and move it by hand instead of waiting.
 *
 * - `now()`: the wall clock, for what is stamped, stored or compared with stored times: the
 *   recall guard, the plant day, sessions and sign-in lock-outs, exports, when a notification
 *   or a print job is due (sweeps and retries), Retry-After dates of push services, a scale's
 *   freshness and when its deck last read empty (realtime/scale-weights.ts).
 * - `monotonicMs()`: what is measured in memory only, between two moments of this process: the
 *   token buckets of every rate limit (lib/rate-limit.ts), the LINE basic id's retry, the
 *   "database not answering" warning's once a minute.
 *
 * Timers (setInterval, setTimeout) stay on real time: they only say when to look; what is due
 * when they fire is read from here.
 */
export interface Clock {
  now(): Date;
  /**
   * Milliseconds on a clock that only moves forward, from an arbitrary start (compare two
   * readings, never store one). Rate limits read this, not `now()`: a wall clock set back or
   * forward (NTP, an administrator, daylight saving on a badly set PC) must neither lock every
   * client out until it catches up nor refill every bucket at once.
   */
  monotonicMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
};

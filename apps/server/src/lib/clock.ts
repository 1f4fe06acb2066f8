/**
 * The one source of "now" for every rule that depends on time (recall guard, plant day,
 * lock-outs, exports). Services take it from buildApp; tests pass a clock they move by hand.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

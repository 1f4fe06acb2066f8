import { clockTime, type PlayWindow } from './plan.ts';

/**
 * The accelerated clock: simulated seconds since the window's start (06:00 by day, 18:00 by
 * night) map onto real time `accel` times faster, from `startedAt` (a real instant, which may
 * lie a little ahead: the night run starts on the minute that puts its midnight on a real one).
 * The server runs on real time (its stamps and stage durations are real, short ones).
 */
export class SimClock {
  constructor(
    readonly accel: number,
    readonly window: PlayWindow,
    readonly startedAt = Date.now(),
  ) {}

  /** Real milliseconds for simulated seconds. */
  real(simSeconds: number): number {
    return (simSeconds * 1000) / this.accel;
  }

  /** The real instant (ms since the epoch) of a simulated moment of the window. */
  at(simSeconds: number): number {
    return this.startedAt + this.real(simSeconds);
  }

  /** Waits until the simulated time `simSeconds` after the window's start. */
  until(simSeconds: number): Promise<void> {
    const wait = this.at(simSeconds) - Date.now();
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }

  /** Waits `simSeconds` of simulated time, or `atLeastMs` of real time when that is longer. */
  sleep(simSeconds: number, atLeastMs = 0): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(this.real(simSeconds), atLeastMs)));
  }

  /** The simulated time of day, hh:mm on the site's clock (past midnight it reads 00:15, not 24:15). */
  timeOfDay(at = Date.now()): string {
    return clockTime(this.window, ((at - this.startedAt) * this.accel) / 1000);
  }
}

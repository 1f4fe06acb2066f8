import { DAY_START_HOUR } from './plan.ts';

/**
 * The accelerated clock: simulated seconds since 06:00 map onto real time `accel` times faster.
 * The server runs on real time (its stamps and stage durations are real, short ones).
 */
export class SimClock {
  readonly startedAt = Date.now();

  constructor(readonly accel: number) {}

  /** Real milliseconds for simulated seconds. */
  real(simSeconds: number): number {
    return (simSeconds * 1000) / this.accel;
  }

  /** Waits until the simulated time `simSeconds` after 06:00. */
  until(simSeconds: number): Promise<void> {
    const wait = this.startedAt + this.real(simSeconds) - Date.now();
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }

  /** Waits `simSeconds` of simulated time, or `atLeastMs` of real time when that is longer. */
  sleep(simSeconds: number, atLeastMs = 0): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(this.real(simSeconds), atLeastMs)));
  }

  /** The simulated time of day, hh:mm. */
  timeOfDay(): string {
    const sim = ((Date.now() - this.startedAt) * this.accel) / 1000 + DAY_START_HOUR * 3600;
    const hours = Math.floor(sim / 3600);
    const minutes = Math.floor((sim % 3600) / 60);
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }
}

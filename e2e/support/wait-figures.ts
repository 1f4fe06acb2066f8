import { NO_WAIT_READINGS } from '@truck-queue/shared/contracts/wait-accuracy.contract';

/**
 * A day's (or the days') figures of the expected-wait accuracy page with nothing recorded: the
 * browser test and the screenshots show the page's empty states from the demo's real answer.
 */
export function withoutReadings<T extends object>(figures: T) {
  return { ...figures, ...NO_WAIT_READINGS };
}

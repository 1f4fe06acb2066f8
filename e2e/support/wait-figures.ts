/**
 * A day's (or the days') figures of the expected-wait accuracy page with nothing recorded: the
 * browser test and the screenshots show the page's empty states from the demo's real answer.
 */
export function withoutReadings<T extends object>(figures: T) {
  return {
    ...figures,
    readings: 0,
    not_called: 0,
    with_range: 0,
    no_range: 0,
    inside: 0,
    inside_share: null,
    median_error_minutes: null,
    median_wait_minutes: null,
  };
}

/**
 * Durations as the spec shows them (SPEC.md section 9): hours and minutes. On the lab and exit
 * screens, and for time in factory in the in/out report, the minutes are the whole minutes
 * plus one ('plusOne': a truck inside for 0 s to 59 s counts 1 minute); the in/out report's lab
 * duration shows whole minutes ('floor').
 */
export type MinuteRule = 'plusOne' | 'floor';

export function durationParts(seconds: number, rule: MinuteRule): { hours: number; minutes: number } {
  const whole = Math.floor(Math.max(0, seconds) / 60);
  const total = rule === 'plusOne' ? whole + 1 : whole;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

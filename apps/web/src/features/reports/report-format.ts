import { durationParts, type MinuteRule } from '@truck-queue/shared/durations';

/** How a language says a duration: "2 ชม. 15 นาที" and "15 นาที" in Thai. */
export interface DurationWords {
  hoursMinutes: (hours: number, minutes: number) => string;
  minutes: (minutes: number) => string;
}

/** Seconds as hours and minutes by the spec's minute rule; '-' when unknown. */
export function durationText(
  seconds: number | null | undefined,
  rule: MinuteRule,
  words: DurationWords,
): string {
  if (seconds === null || seconds === undefined) return '-';
  const { hours, minutes } = durationParts(seconds, rule);
  return hours > 0 ? words.hoursMinutes(hours, minutes) : words.minutes(minutes);
}

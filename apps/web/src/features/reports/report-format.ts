import { durationParts, type MinuteRule } from '@truck-queue/shared/durations';

const siteClocks = new Map<string, Intl.DateTimeFormat>();

function siteClock(timeZone: string): Intl.DateTimeFormat {
  let clock = siteClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    siteClocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * An instant as day/month/year hh:mm on the plant's wall clock (SPEC.md section 9), whatever
 * the zone of the PC showing it; '-' when empty or not a time.
 */
export function formatSiteDateTime(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '-';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '-';
  const parts = siteClock(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

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

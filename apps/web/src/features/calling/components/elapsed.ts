import type { TFunction } from 'i18next';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { formatDuration, type DurationStyle } from '../../../lib/durations.ts';

/** Seconds from an ISO instant to `now` (never negative, 0 when the instant is unreadable). */
export function secondsSince(iso: string, now: number): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}

/** "12 นาที", "1 ชม. 5 นาที", "2 วัน 3 ชม." ('long') or "12 น.", "1 ชม. 5 น." ('short'), in the UI language. */
export function formatElapsed(t: TFunction, seconds: number, style: DurationStyle): string {
  return formatDuration(t, seconds, DURATION_RULES.callingWaited, { style, days: true });
}

import type { TFunction } from 'i18next';
import { durationParts } from '@truck-queue/shared/durations';

/** Seconds from an ISO instant to `now` (never negative, 0 when the instant is unreadable). */
export function secondsSince(iso: string, now: number): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}

/** "12 min", "1 h 5 min", "2 d 3 h" ('long') or "12m", "1h 5m", "2d 3h" ('short'), in the UI language. */
export function formatElapsed(t: TFunction, seconds: number, style: 'short' | 'long'): string {
  const { hours, minutes } = durationParts(seconds, 'floor');
  if (hours === 0 && minutes === 0) return t(`calling.elapsed.${style}.lessThanMinute`);
  if (hours === 0) return t(`calling.elapsed.${style}.minutes`, { m: minutes });
  if (hours < 24) return t(`calling.elapsed.${style}.hours`, { h: hours, m: minutes });
  return t(`calling.elapsed.${style}.days`, { d: Math.floor(hours / 24), h: hours % 24 });
}

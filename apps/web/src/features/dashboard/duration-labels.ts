import type { TFunction } from 'i18next';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { formatDuration as durationInWords, type DurationStyle } from '../../lib/durations.ts';

/**
 * How the dashboard shows an average in seconds (SPEC.md section 9: "tooltips convert seconds
 * to hours and minutes"): "1 h 5 min" ('long') or "1h 5m" ('short'), "< 1 min", or "no data",
 * in the UI language. Rule: whole minutes ('floor', DURATION_RULES.dashboardAverage): the +1
 * minute of the lab and exit screens counts a truck's started minute; an average is not a truck.
 */
export function formatDuration(t: TFunction, seconds: number | null, style: DurationStyle = 'long'): string {
  return durationInWords(t, seconds, DURATION_RULES.dashboardAverage, {
    style,
    empty: t('dashboard.duration.noData'),
  });
}

/** An axis tick: "0", "30m", "1h", "1h 30m" (ticks are whole minutes, see `durationTicks`). */
export function formatDurationTick(t: TFunction, seconds: number): string {
  return seconds <= 0 ? '0' : formatDuration(t, seconds, 'short');
}

/** Tick steps in minutes that read well on a clock: 1, 2, 5 … 30 min, 1, 1½, 2 … 12 h, days. */
const STEP_MINUTES = [1, 2, 5, 10, 15, 20, 30, 60, 90, 120, 180, 240, 360, 480, 720, 1440];

/**
 * Ticks in seconds for a duration axis from 0 to at least `maxSeconds`: at most `maxTicks`
 * ticks (0 included), on whole-minute steps from STEP_MINUTES (whole days beyond them).
 */
export function durationTicks(maxSeconds: number, maxTicks = 5): number[] {
  const intervals = Math.max(1, maxTicks - 1);
  const maxMinutes = Math.max(maxSeconds, 1) / 60;
  const step =
    STEP_MINUTES.find((s) => Math.ceil(maxMinutes / s) <= intervals) ??
    Math.ceil(maxMinutes / intervals / 1440) * 1440;
  const count = Math.max(1, Math.ceil(maxMinutes / step));
  return Array.from({ length: count + 1 }, (_, i) => i * step * 60);
}

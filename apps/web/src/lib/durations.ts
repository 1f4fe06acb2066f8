import type { TFunction } from 'i18next';
import { durationText, type DurationWords, type MinuteRule } from '@truck-queue/shared/durations';

/** 'long' for tables, dialogs and tooltips ("1 ชม. 5 นาที"); 'short' where room is tight ("1 ชม. 5 น."). */
export type DurationStyle = 'long' | 'short';

/** The UI language's words for the shared duration text (packages/shared/src/durations.ts). */
export function durationWords(t: TFunction, style: DurationStyle = 'long'): DurationWords {
  return {
    day: (n) => t(`duration.${style}.day`, { n }),
    hour: (n) => t(`duration.${style}.hour`, { n }),
    minute: (n) => t(`duration.${style}.minute`, { n }),
    lessThanMinute: t(`duration.${style}.lessThanMinute`),
  };
}

/**
 * Seconds as the officer reads them, by the named minute rule (DURATION_RULES says which screen
 * uses which): "1 ชม. 5 นาที", "1 ชม.", "ไม่ถึง 1 นาที"; '-' when there is none yet.
 */
export function formatDuration(
  t: TFunction,
  seconds: number | null | undefined,
  rule: MinuteRule,
  options: { style?: DurationStyle; days?: boolean; empty?: string } = {},
): string {
  return durationText(seconds, rule, durationWords(t, options.style), options);
}

import type { TFunction } from 'i18next';
import type { LinePlace } from '@truck-queue/shared/contracts/line-rule';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import { formatDuration } from '../lib/durations.ts';

/**
 * Why a truck stands where it does in its line (issue 38), in the UI's language: the calling
 * cards and the TV board say it alike.
 */

const minutesText = (t: TFunction, minutes: number) =>
  formatDuration(t, minutes * 60, DURATION_RULES.callingWaited, { style: 'short', days: true });

/** "รอมาแล้ว 3 ชม.", "ตัดมานาน 5 ชม.", the class's name; null for a plain turn. */
export function whyText(
  t: TFunction,
  why: LinePlace['why'],
  classNameOf: (key: string) => string | null,
): string | null {
  switch (why.kind) {
    case 'overdue':
      return t('calling.order.why.overdue', { waited: minutesText(t, why.waited_minutes) });
    case 'stale':
      return t('calling.order.why.stale', { age: minutesText(t, why.age_minutes) });
    case 'class':
      return classNameOf(why.class_key);
    case 'booked':
      return t('calling.order.why.booked', { window: why.window });
    case 'turn':
      return null;
  }
}

/** A full daily cap: "รอ: เต็มโควตา 25 % ของเที่ยววันนี้" (or of tonnes). */
export function holdText(
  t: TFunction,
  hold: Pick<NonNullable<LinePlace['hold']>, 'max_percent' | 'of'>,
): string {
  return hold.of === 'tonnes'
    ? t('calling.order.heldTonnes', { percent: hold.max_percent })
    : t('calling.order.heldLoads', { percent: hold.max_percent });
}

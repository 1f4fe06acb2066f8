import type { TFunction } from 'i18next';
import type { CardQueue, ProcessCard } from '@truck-queue/shared/contracts/queue.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { isCalledState } from '@truck-queue/shared/queue/queue-machine';
import { holdText as placeHold, whyText as placeWhy } from '../../components/line-place-text.ts';

/**
 * Who goes first on a calling card (issue 38), as the desk reads it from the server's order:
 * each line's next truck, why it goes first, its class, and how long a called truck has stood at
 * its station against the line's usual time. The order itself is the server's (line_place).
 */

/**
 * The truck a card marks Next: the one Call next takes (line_place.next, as the server marks it:
 * the first the rule places that no daily cap holds and that may be called now, a lab truck once
 * its result is out). Each plant day's line has its next, and Call next takes the oldest day's
 * first, so an earlier day's leftover is the card's one Next until it is called.
 */
export function nextQueueIds(card: Pick<ProcessCard, 'queue_number'>): Set<number> {
  const first = card.queue_number
    .filter((q) => q.line_place?.next)
    .sort((a, b) => a.queue_date.localeCompare(b.queue_date))[0];
  return new Set(first ? [first._id] : []);
}

/**
 * The rule's next truck of the line a truck is on (its plant day's), which a call of another
 * truck of that line passes over; null: none, or the truck is the next itself.
 */
export function nextOnLineOf(card: Pick<ProcessCard, 'queue_number'>, queue: CardQueue): CardQueue | null {
  return (
    card.queue_number.find(
      (q) => q.line_place?.next && q.queue_date === queue.queue_date && q._id !== queue._id,
    ) ?? null
  );
}

/** A class's name by its key ('' and unknown keys: null). */
export function className(rule: LineRule | null, key: string): string | null {
  if (!key || !rule) return null;
  return rule.classes.find((c) => c.key === key)?.name ?? null;
}

/** Why the truck goes where it does (its card): "รอมาแล้ว 3 ชม.", the class's name; null for a plain turn. */
export function whyText(t: TFunction, rule: LineRule | null, place: CardQueue['line_place']): string | null {
  return place ? placeWhy(t, place.why, (key) => className(rule, key)) : null;
}

/** A held truck: "เต็มโควตา 25 % ของเที่ยววันนี้" (or of tonnes); null when nothing holds it. */
export function holdText(t: TFunction, place: CardQueue['line_place']): string | null {
  return place?.hold ? placeHold(t, place.hold) : null;
}

export type StationTimeTone = 'ok' | 'long' | 'veryLong';

/**
 * How long a called truck has stood at its station against the line's usual time: past it
 * 'long' (amber), past twice it 'veryLong' (red); 'ok' without a usual time or a call time.
 */
export function stationTime(
  queue: Pick<CardQueue, 'queue_state' | 'last_called_at'>,
  usualMinutes: number | null,
  now: number,
): { tone: StationTimeTone; minutes: number } | null {
  if (!isCalledState(queue.queue_state) || !queue.last_called_at) return null;
  const at = Date.parse(queue.last_called_at);
  if (Number.isNaN(at)) return null;
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (usualMinutes === null || usualMinutes <= 0) return { tone: 'ok', minutes };
  const tone = minutes > 2 * usualMinutes ? 'veryLong' : minutes > usualMinutes ? 'long' : 'ok';
  return { tone, minutes };
}

/** The load's age from its cut (or loading) time, in minutes; null without one. */
export function loadAgeMinutes(cutAt: string | null, now: number): number | null {
  if (!cutAt) return null;
  const at = Date.parse(cutAt);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 60_000));
}

import type { Calendar } from '@truck-queue/shared/calendar';
import type { HistoryEntry } from '@truck-queue/shared/contracts/yard.contract';
import { isCalledState, isEndedState, type QueueState } from '@truck-queue/shared/queue/queue-machine';
import { reasonText } from '../calling/yard-actions.ts';
import { labReading } from '../../components/lab-values.tsx';
import { formatSiteDateTime } from '../../lib/format.ts';

/**
 * A ticket's history as the drawer lists it: one line per audit row, in words the locale files
 * hold (`yard.history.actions.<action>`). Pure, so the mapping is tested without a browser.
 */

/**
 * The audit actions (queue_transitions.action) this client words, plus two it tells apart: a
 * call of a truck already called is a recall, and a no-show that ended the ticket a cancellation.
 */
export const HISTORY_ACTIONS = [
  'issue',
  'call',
  'recall',
  'recheck',
  'reject',
  'finish',
  'accept',
  'complete',
  /** The lab corrected a result saved by mistake (its reason in the note). */
  'lab_correct',
  'weigh_in',
  'weigh_out',
  /** Weighed out before its call (or its lab result), once the officer confirmed. */
  'weigh_out_early',
  /** Finished on its vehicle's stored tare instead of a weigh-out (the tare's date in the note). */
  'weigh_out_stored_tare',
  'exit',
  /** The gate let the truck out before its work was done, once the officer confirmed. */
  'exit_unfinished',
  'no_show',
  'no_show_cancel',
  'transfer',
  'void',
  /** The driver disputed his receiving slip; an admin answered. */
  'dispute',
  'dispute_resolved',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export type HistoryActor =
  | { kind: 'officer'; name: string }
  | { kind: 'device'; name: string }
  | { kind: 'driver'; name: null }
  | { kind: 'system'; name: null };

export interface HistoryLine {
  key: string;
  /** Day/month/year hh:mm on the plant's clock. */
  at: string;
  /** null: an action this client does not know yet (`rawAction` is shown as it is). */
  action: HistoryAction | null;
  rawAction: string;
  from: QueueState | null;
  to: QueueState;
  /** Whether the state changed (a recall, a transfer or a weighing keeps it). */
  moved: boolean;
  station: string | null;
  who: HistoryActor;
  /** "Reason — note", or either alone. */
  reason: string | null;
  /** A transfer's number before and after. */
  numbers: { from: string; to: string } | null;
  /** A checkout's or a correction's values: which sample, and each reading (a correction's with the one it replaced). */
  lab: { sample: number; readings: { reading: string; before: string | null }[] } | null;
}

function isHistoryAction(action: string): action is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(action);
}

export function historyAction(
  entry: Pick<HistoryEntry, 'action' | 'from_state' | 'to_state'>,
): HistoryAction | null {
  if (entry.action === 'call' && entry.from_state !== null && isCalledState(entry.from_state))
    return 'recall';
  if (entry.action === 'no_show' && isEndedState(entry.to_state)) return 'no_show_cancel';
  return isHistoryAction(entry.action) ? entry.action : null;
}

function actor(entry: HistoryEntry): HistoryActor {
  const officer = entry.officer_name?.trim();
  if (officer) return { kind: 'officer', name: officer };
  const device = entry.device_name?.trim();
  if (device) return { kind: 'device', name: device };
  // Only the driver disputes, from his own page.
  if (entry.action === 'dispute') return { kind: 'driver', name: null };
  return { kind: 'system', name: null };
}

export function historyLines(
  entries: readonly HistoryEntry[],
  timeZone: string,
  calendar: Calendar,
): HistoryLine[] {
  return entries.map((entry, index) => ({
    key: `${index}-${entry.at}-${entry.action}`,
    at: formatSiteDateTime(entry.at, timeZone, calendar),
    action: historyAction(entry),
    rawAction: entry.action,
    from: entry.from_state,
    to: entry.to_state,
    moved: entry.from_state !== entry.to_state,
    station: entry.station_name?.trim() || null,
    who: actor(entry),
    reason: reasonText(entry.reason_name, entry.note),
    numbers:
      entry.from_number && entry.to_number && entry.from_number !== entry.to_number
        ? { from: entry.from_number, to: entry.to_number }
        : null,
    lab: entry.lab
      ? {
          sample: entry.lab.sample,
          readings: entry.lab.values.map((v) => ({
            reading: labReading(v),
            before: v.before !== null && v.before !== v.value ? labReading({ ...v, value: v.before }) : null,
          })),
        }
      : null,
  }));
}

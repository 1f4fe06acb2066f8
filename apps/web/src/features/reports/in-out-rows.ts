import type { Calendar } from '@truck-queue/shared/calendar';
import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import { DURATION_RULES, durationText, type DurationWords } from '@truck-queue/shared/durations';
import type { QueueState } from '@truck-queue/shared/queue/queue-machine';
import { reasonText } from '../calling/yard-actions.ts';
import { formatSiteDateTime } from '../../lib/format.ts';

/** One line of the in/out report as the screen shows it (SPEC.md section 2). */
export interface InOutLine {
  /** Running number over the whole list, from 1. */
  n: number;
  /** The ticket, for its history. */
  uuid: string;
  queueNumber: string;
  /** The number it was issued with, when a transfer gave it another; null otherwise. */
  previousNumber: string | null;
  state: QueueState;
  licence: string;
  queueType: string;
  product: string;
  /** Who brought the load (issue 39): "Q-001 นายสมชาย ใจดี"; null for none. */
  supplier: string | null;
  /** Card received (ticket issued). */
  created: string;
  labStart: string;
  labFinish: string;
  /** Lab start to lab finish, whole minutes ('floor'). */
  labDuration: string;
  exit: string;
  /** Ticket to exit, whole minutes plus one ('plusOne'). */
  timeInFactory: string;
  /** Why it was sent to recheck or rejected, with the officer's note; null when neither. */
  reason: string | null;
  /** The gate let it out before its work was done (the officer confirmed). */
  leftUnfinished: boolean;
  /** The lab's values of its sample. */
  labValues: InOutRow['lab_values'];
}

/**
 * The report's rows as text: times day/month/year hh:mm on the plant's clock (the year in the
 * branch's calendar), durations in
 * hours and minutes by SPEC.md section 9's rounding, '-' for anything not yet stamped.
 */
export function inOutLines(
  rows: readonly InOutRow[],
  timeZone: string,
  calendar: Calendar,
  words: DurationWords,
): InOutLine[] {
  const at = (instant: string | null) => formatSiteDateTime(instant, timeZone, calendar);
  return rows.map((row, index) => ({
    n: index + 1,
    uuid: row.uuid,
    queueNumber: row.queue_number,
    previousNumber:
      row.previous_number && row.previous_number !== row.queue_number ? row.previous_number : null,
    state: row.queue_state,
    licence: row.truck_license || '-',
    queueType: row.queue_type_name,
    product: row.product_name,
    supplier: row.supplier_code === null ? null : `${row.supplier_code} ${row.supplier_name ?? ''}`.trim(),
    created: at(row.created),
    labStart: at(row.stamp_lab_start),
    labFinish: at(row.stamp_lab_finish),
    labDuration: durationText(row.stamp_second_ls_to_lf, DURATION_RULES.inOutLabDuration, words),
    exit: at(row.exit),
    timeInFactory: durationText(row.time_in_factory, DURATION_RULES.inOutTimeInFactory, words),
    reason: reasonText(row.reason_name, row.reason_note),
    leftUnfinished: row.left_unfinished,
    labValues: row.lab_values,
  }));
}

import type { CardQueue, FlowQueueRow, Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { parseWeightWarnings } from '@truck-queue/shared/queue/weight-checks';
import { NO_LAB, type LabOf } from '../lab/lab.service.ts';
import type { ExitRecord, LabRecord, WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { ISSUED_STATE, isQueueState, type QueueState } from '@truck-queue/shared/queue/queue-machine';
import { weighingTotals } from '@truck-queue/shared/queue/weighing';
import { correctsLab } from '@truck-queue/shared/queue/decide';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import type { QueueView } from './queue.repository.ts';
import type { Placed } from './line-order.ts';

/** How a queue looks on the wire in each screen's shape (SPEC.md section 3 names). */

export const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);
/**
 * Whole seconds between two stamps, as the reports count them (reports.repository.ts
 * wholeSeconds): rounded, 43 min 59.6 s made 44 min on the lab page and 43 in the report.
 */
const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.floor((to.getTime() - from.getTime()) / 1000) : null;
/** A stored weight (numeric text, to 0.1 kg) as a number; null until weighed. */
export const kg = (value: string | null) => (value === null ? null : Number(value));
const state = (value: string): QueueState => (isQueueState(value) ? value : ISSUED_STATE);

/** `lineChatUrl`: the plant's LINE chat for this ticket (line.ts), when it has an account. */
export function toTicket(q: QueueView, lineChatUrl: string | null = null): Ticket {
  return {
    uuid: q.uuid,
    ticket_code: encodeTicketCode(q.id),
    queue_number: q.queueNumber,
    queue_type_name: q.queueTypeName,
    product_name: q.productName,
    truck_license: q.truckLicense,
    created: q.created.toISOString(),
    ahead_at_issue: q.aheadAtIssue,
    line_chat_url: lineChatUrl,
  };
}

/** `wait`: a waiting truck's expected wait (eta.service.ts), worked out by the caller. */
export function toCardQueue(
  q: QueueView,
  lab: LabOf = NO_LAB,
  wait: CardQueue['expected_wait'] = null,
  place: Placed | null = null,
): CardQueue {
  return {
    _id: q.id,
    uuid: q.uuid,
    queue_number: q.queueNumber,
    queue_date: q.queueDate,
    queue_state: state(q.state),
    truck_license: q.truckLicense,
    product_name: q.productName,
    created: q.created.toISOString(),
    station_name: q.stationName,
    recall_count: q.recallCount,
    previous_number: q.previousNumber,
    reason_name: q.reasonName,
    reason_note: q.reasonNote,
    print_state: q.printState,
    print_failure: q.printFailure,
    lab_values: lab.values,
    lab_outcome: lab.outcome,
    expected_wait: wait,
    line_place: place && {
      position: place.position,
      why: place.why,
      hold: place.hold,
      stale: place.stale,
      next: place.next,
    },
    order_class: place?.orderClass ?? q.orderClass ?? '',
    cut_at: iso(q.cutAt),
    admitted: q.admittedAt !== null,
    last_called_at: iso(q.lastCalledAt),
  };
}

export function toFlowRow(q: QueueView): FlowQueueRow {
  const {
    recall_count: _recalls,
    lab_values: _values,
    lab_outcome: _outcome,
    expected_wait: _wait,
    line_place: _place,
    order_class: _class,
    cut_at: _cut,
    admitted: _admitted,
    last_called_at: _lastCalled,
    ...card
  } = toCardQueue(q);
  return {
    ...card,
    queue_type_id: q.branchQueueTypeId,
    queue_type_name: q.queueTypeName,
    stamp_lab_start: iso(q.labStart),
    stamp_lab_finish: iso(q.labFinish),
    called: iso(q.calledAt),
    finished: iso(q.finishedAt),
    exit: iso(q.exitAt),
  };
}

export function toLabRecord(q: QueueView, lab: LabOf = NO_LAB): LabRecord {
  return {
    uuid: q.uuid,
    queue_number: q.queueNumber,
    queue_date: q.queueDate,
    truck_license: q.truckLicense,
    queue_state: q.state,
    stamp_lab_start: iso(q.labStart),
    stamp_lab_finish: iso(q.labFinish),
    stamp_second_ls_to_lf: seconds(q.labStart, q.labFinish),
    exit: iso(q.exitAt),
    branch_queue_type_id: q.branchQueueTypeId,
    lab_values: lab.values,
    lab_outcome: lab.outcome,
    lab_sample: lab.sample,
    lab_correctable: lab.sample > 0 && correctsLab(q),
    weigh_in_at: iso(q.weighInAt),
    weigh_out_at: iso(q.weighOutAt),
  };
}

export function toExitRecord(q: QueueView): ExitRecord {
  return {
    uuid: q.uuid,
    queue_number: q.queueNumber,
    queue_date: q.queueDate,
    truck_license: q.truckLicense,
    queue_type_name: q.queueTypeName,
    created: q.created.toISOString(),
    exit: iso(q.exitAt) ?? '',
    time_in_factory: seconds(q.created, q.exitAt) ?? 0,
    left_unfinished: q.leftUnfinished,
  };
}

export function toWeighRecord(q: QueueView): WeighRecord {
  const weighIn = kg(q.weighInKg);
  const weighOut = kg(q.weighOutKg);
  const { gross, tare, net } = weighingTotals(weighIn, weighOut);
  return {
    uuid: q.uuid,
    ticket_code: encodeTicketCode(q.id),
    queue_number: q.queueNumber,
    queue_date: q.queueDate,
    truck_license: q.truckLicense,
    queue_type_name: q.queueTypeName,
    product_name: q.productName,
    flow_engine_id: q.flowEngineId,
    queue_state: q.state,
    station_name: q.stationName,
    called: iso(q.calledAt),
    weigh_in_kg: weighIn,
    weigh_in_at: iso(q.weighInAt),
    weigh_out_kg: weighOut,
    weigh_out_at: iso(q.weighOutAt),
    weigh_in_source: q.weighInSource,
    weigh_out_source: q.weighOutSource,
    weigh_in_reason: q.weighInReason,
    weigh_out_reason: q.weighOutReason,
    weigh_in_scale: q.weighInScale,
    weigh_out_scale: q.weighOutScale,
    gross_kg: gross,
    tare_kg: tare,
    net_kg: net,
    weigh_out_tare_at: iso(q.weighOutTareAt),
    weight_warnings: parseWeightWarnings(q.weightWarnings),
  };
}

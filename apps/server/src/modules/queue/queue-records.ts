import type { Decision, QueueStamps } from '@truck-queue/shared/queue/decide';
import type { WeightFrom } from '@truck-queue/shared/queue/weighing';
import { ISSUED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { queues, queueTransitions } from '../../db/schema.ts';

/**
 * The rows a ticket's issue and each change to it write: the queue row and its audit row. One
 * place, whoever writes them: the queue service (a transaction per call) and the demo's history
 * (demo/history-writer.ts, in bulk at the end).
 */

/** Who moved a queue: an officer, a device, or neither for system work. */
export interface Actor {
  officerId?: number | null;
  deviceId?: number | null;
}

type QueueInsert = typeof queues.$inferInsert;
type TransitionInsert = typeof queueTransitions.$inferInsert;
type Accepted = Extract<Decision, { ok: true }>;

export function formatQueueNumber(prefix: string, seq: number): string {
  return `${prefix}${String(seq).padStart(3, '0')}`;
}

/** A new ticket: the type's prefix and its running number of the plant day, waiting in line. */
export function issuedQueue(ticket: {
  branchId: number;
  type: { id: number; prefix: string };
  productId: number | null;
  truckLicense: string;
  /** plateSearchKey of the licence (the issue has it already, for its lock). */
  plateKey: string;
  queueDate: string;
  seq: number;
  actor: Actor;
  now: Date;
  idempotencyKey?: string | undefined;
  /** Its class in the line's order rule, where the officer gave one (null: its product's). */
  orderClass?: string | null | undefined;
  /** When its load was cut or loaded, where given. */
  cutAt?: Date | null | undefined;
  /** Who brings the load (issue 39), where known. */
  supplierId?: number | null | undefined;
  /** The booking it is checked in with, and its place in the line (its slot's). */
  booking?: { id: number; lineAt: Date } | undefined;
}): QueueInsert {
  const { now, actor } = ticket;
  return {
    branchId: ticket.branchId,
    branchQueueTypeId: ticket.type.id,
    productId: ticket.productId,
    queueDate: ticket.queueDate,
    seq: ticket.seq,
    queueNumber: formatQueueNumber(ticket.type.prefix, ticket.seq),
    truckLicense: ticket.truckLicense,
    plateKey: ticket.plateKey,
    state: ISSUED_STATE,
    created: now,
    lineAt: ticket.booking?.lineAt ?? now,
    updated: now,
    issuedByOfficerId: actor.officerId ?? null,
    issuedByDeviceId: actor.deviceId ?? null,
    idempotencyKey: ticket.idempotencyKey ?? null,
    orderClass: ticket.orderClass ?? null,
    cutAt: ticket.cutAt ?? null,
    supplierId: ticket.supplierId ?? null,
    bookingId: ticket.booking?.id ?? null,
  };
}

export function issueTransition(actor: Actor, now: Date): Omit<TransitionInsert, 'queueId'> {
  return {
    action: 'issue',
    fromState: null,
    toState: ISSUED_STATE,
    officerId: actor.officerId ?? null,
    deviceId: actor.deviceId ?? null,
    created: now,
  };
}

/** A weighing's provenance as its four columns (schema.ts, queues.weigh_*_source…). */
function provenance(from: WeightFrom) {
  switch (from.source) {
    case 'indicator':
      return { source: from.source, deviceId: from.deviceId, frame: from.frame, reason: null };
    case 'manual':
      return { source: from.source, deviceId: null, frame: null, reason: from.reason };
    case 'stored_tare':
      return { source: from.source, deviceId: null, frame: null, reason: null };
  }
}

/** The queue row's columns for `decide`'s stamps: weights are kept as numeric text, to 0.1 kg. */
function columnsOf(stamps: QueueStamps): Partial<QueueInsert> {
  const {
    weighInKg,
    weighOutKg,
    weighInFrom,
    weighOutFrom,
    transitionNote: _note,
    transitionReasonId: _reason,
    weighedOutOfOrder: _early,
    ...rest
  } = stamps;
  const weighIn = weighInFrom && provenance(weighInFrom);
  const weighOut = weighOutFrom && provenance(weighOutFrom);
  return {
    ...rest,
    ...(weighInKg === undefined ? {} : { weighInKg: weighInKg.toFixed(1) }),
    ...(weighOutKg === undefined ? {} : { weighOutKg: weighOutKg.toFixed(1) }),
    ...(weighIn
      ? {
          weighInSource: weighIn.source,
          weighInDeviceId: weighIn.deviceId,
          weighInFrame: weighIn.frame,
          weighInReason: weighIn.reason,
        }
      : {}),
    ...(weighOut
      ? {
          weighOutSource: weighOut.source,
          weighOutDeviceId: weighOut.deviceId,
          weighOutFrame: weighOut.frame,
          weighOutReason: weighOut.reason,
          weighOutTareAt: weighOutFrom?.source === 'stored_tare' ? weighOutFrom.tareAt : null,
        }
      : {}),
  };
}

/**
 * What an accepted change writes: the queue's new columns and its audit row. A transfer's new
 * number (`renumbered`) goes on both; a truck let out before its work was done is marked so.
 */
export function changeRecords(
  current: { id: number; state: string; queueNumber: string },
  decision: Accepted,
  actor: Actor,
  now: Date,
  renumbered: { seq: number; queueNumber: string; previousNumber: string } | null,
): { update: Partial<QueueInsert>; transition: TransitionInsert } {
  const { stamps } = decision;
  // A weight typed by hand keeps its reason in the ticket's history too (what auditors read).
  const weighed = stamps.weighInFrom ?? stamps.weighOutFrom;
  const typedReason = weighed?.source === 'manual' ? weighed.reason : null;
  // A weigh-out on a stored tare says in the history which tare it was: when it was weighed.
  const tareNote =
    weighed?.source === 'stored_tare' ? `stored tare from ${weighed.tareAt.toISOString()}` : null;
  return {
    update: { ...columnsOf(stamps), ...(renumbered ?? {}), state: decision.state, updated: now },
    transition: {
      queueId: current.id,
      action: stamps.leftUnfinished
        ? 'exit_unfinished'
        : stamps.weighedOutOfOrder
          ? 'weigh_out_early'
          : stamps.weighOutFrom?.source === 'stored_tare'
            ? 'weigh_out_stored_tare'
            : decision.action,
      fromState: current.state,
      toState: decision.state,
      stationId: stamps.stationId ?? null,
      officerId: actor.officerId ?? null,
      deviceId: actor.deviceId ?? null,
      created: now,
      reasonId: stamps.reasonId ?? stamps.transitionReasonId ?? null,
      note: stamps.reasonNote ?? stamps.transitionNote ?? typedReason ?? tareNote,
      fromNumber: renumbered ? current.queueNumber : null,
      toNumber: renumbered?.queueNumber ?? null,
    },
  };
}

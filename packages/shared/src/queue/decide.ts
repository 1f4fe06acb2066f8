import type { ConflictReason, UnfinishedStep } from '../contracts/api.ts';
import {
  FLOW_ENGINE,
  ISSUED_STATE,
  isCalledState,
  isClosedState,
  isQueueState,
  isWaitingState,
  nextState,
  NO_SHOW_STATE,
  VOIDED_STATE,
  type QueueAction,
  type QueueState,
} from './queue-machine.ts';
import { TYPED_WEIGHT, weighingRefusal, weighsOnFlow, type WeightFrom } from './weighing.ts';
import { weightWarnings, type WeightLimits, type WeightWarning } from './weight-checks.ts';
import { offersNoShow, type YardSettings } from './yard-rules.ts';

/**
 * Every change to a truck's ticket after it is issued, as one pure function: given the ticket
 * as it is (read under a row lock), a command and the time, `decide` says what the ticket
 * becomes, or why not. The server applies the answer in one transaction (queue.service.ts,
 * `change`); the web reads the same tables (queue-machine.ts, weighing.ts) for its buttons.
 */

/**
 * A call of a truck that was called less than this long ago is refused: two officers clicking
 * at once, or a double click, must not announce the same truck twice. A real recall (the driver
 * did not come) happens later than this.
 */
export const RECALL_GUARD_MS = 15_000;

/** What `decide` needs to know of a ticket. */
export interface QueueSnapshot {
  queueNumber: string;
  flowEngineId: number;
  branchQueueTypeId: number;
  state: QueueState;
  calledAt: Date | null;
  lastCalledAt: Date | null;
  /** Calls made while the truck was already called (0 after its first call). */
  recallCount: number;
  /** The waiting state the truck was in when first called: where a no-show's requeue sends it. */
  calledFrom: QueueState | null;
  exitAt: Date | null;
  weighInAt: Date | null;
  weighOutAt: Date | null;
  /** The weigh-in's weight: a weigh-out's checks need it (left out: not checked against it). */
  weighInKg?: number | null;
}

/** Why (from the branch's list, checked by the server) and an optional note of the officer's. */
export interface ReasonInput {
  reasonId: number;
  note: string | null;
}

/**
 * What an officer (or the demo's history) asks of a ticket. A command's kind is the action the
 * audit row (queue_transitions.action) records. There is no separate "recall": an officer who
 * clicks call cannot know whether someone else called the truck a moment ago, so a call of a
 * truck already called is a recall, decided on the locked row (and held back by the guard).
 */
export type QueueCommand =
  | { kind: 'call'; stationId: number }
  | { kind: 'recheck'; stationId: number; reason?: ReasonInput | undefined }
  | { kind: 'reject'; reason?: ReasonInput | undefined }
  | { kind: 'finish' }
  /** A called truck did not come: requeued at the end of its line or cancelled (the branch's rule). */
  | { kind: 'no_show'; settings: YardSettings }
  /** A waiting ticket moves to another queue type of its flow (the wrong type chosen at the kiosk). */
  | { kind: 'transfer'; toQueueTypeId: number; toFlowEngineId: number }
  /** An admin voids a ticket issued by mistake. */
  | { kind: 'void'; reason: ReasonInput }
  /** The lab takes the sample. */
  | { kind: 'accept' }
  /** The lab's result is out (checkout). */
  | { kind: 'complete' }
  /**
   * The lab corrects a result saved by mistake, with the reason in words; only while the
   * decision on it can still change (result out, truck not called, closed or weighed out).
   */
  | { kind: 'lab_correct'; note: string }
  | ({ kind: 'weigh_in'; kg: number; from?: WeightFrom } & WeightChecks)
  /**
   * A weigh-out before the truck was called (and, on the lab flow, before its result) is out of
   * order: recorded only once the officer confirmed it (`confirmOutOfOrder`), and marked so. A
   * weigh-out from the vehicle's stored tare (`from` stored_tare) is recorded the same way.
   */
  | ({
      kind: 'weigh_out';
      kg: number;
      from?: WeightFrom;
      confirmOutOfOrder?: boolean | undefined;
    } & WeightChecks)
  /**
   * The gate: the truck leaves. One whose work is not done (never called, not finished, not
   * weighed out on a weighed flow) leaves only once the officer confirmed it.
   */
  | { kind: 'exit'; confirmUnfinished?: boolean | undefined }
  /** A waiting truck moves to another class of its line's order rule ('' ordinary), with why (issue 38). */
  | { kind: 'reclass'; orderClass: string; reason: ReasonInput }
  /** A manager lets a waiting truck its class's daily cap holds be called anyway, with why. */
  | { kind: 'admit'; reason: ReasonInput };

/**
 * What a weighing is checked against (issue 42, shared/queue/weight-checks.ts): outside, it is
 * refused as WEIGHT_WARNING until the officer confirms (`confirmWarnings`), then kept marked.
 */
export interface WeightChecks {
  limits?: WeightLimits | undefined;
  confirmWarnings?: boolean | undefined;
}

export type AuditAction = QueueCommand['kind'];

/** The columns a change sets besides the state: time stamps, the station sent to, weights. */
export interface QueueStamps {
  labStart?: Date;
  /** Cleared when a recheck's new sample goes in: its result is not out yet. */
  labFinish?: Date | null;
  calledAt?: Date;
  lastCalledAt?: Date;
  finishedAt?: Date;
  rejectedAt?: Date;
  exitAt?: Date;
  weighInAt?: Date;
  weighOutAt?: Date;
  weighInKg?: number;
  weighOutKg?: number;
  /** Where the weight came from (a scale, or typed: TYPED_WEIGHT unless the command says). */
  weighInFrom?: WeightFrom;
  weighOutFrom?: WeightFrom;
  /** The warnings the officer confirmed for the weights as they now are (comma separated; '' none). */
  weightWarnings?: string;
  stationId?: number | null;
  recallCount?: number;
  calledFrom?: QueueState;
  /** When the ticket joined its line: a requeue sends it to the back. */
  lineAt?: Date;
  voidedAt?: Date;
  reasonId?: number;
  reasonNote?: string | null;
  /** A transfer: the queue type it moves to (the server gives it that type's next number). */
  branchQueueTypeId?: number;
  /** The gate let the truck out before its work was done (the officer confirmed it). */
  leftUnfinished?: boolean;
  /** Weighed out before the steps its flow puts first (the officer confirmed). */
  weighedOutOfOrder?: boolean;
  /** Words for the audit row only (a lab correction's reason); the ticket's own reason stays. */
  transitionNote?: string | null;
  /** A reason for the audit row only (a class change's, an admission's); the ticket's own stays. */
  transitionReasonId?: number;
  /** Its class in its line's order rule (issue 38). */
  orderClass?: string;
  /** A manager admitted it past its class's daily cap. */
  admittedAt?: Date;
}

/** Which time stamp a state-machine action sets. Calling stamps only the first call. */
export const STAMP = {
  accept: 'labStart',
  complete: 'labFinish',
  call: 'calledAt',
  recheck: null,
  reject: 'rejectedAt',
  finish: 'finishedAt',
} as const satisfies Record<QueueAction, keyof QueueStamps | null>;

export type QueueRefusal = Extract<
  ConflictReason,
  | 'ALREADY_LEFT'
  | 'EXIT_ALREADY_RECORDED'
  | 'WRONG_STATE'
  | 'CALLED_RECENTLY'
  | 'NOT_LAB_FLOW'
  | 'SAMPLE_ALREADY_TAKEN'
  | 'SAMPLE_NOT_TAKEN'
  | 'RESULT_ALREADY_OUT'
  | 'RESULT_NOT_OUT'
  | 'RESULT_LOCKED'
  | 'ALREADY_WEIGHED_IN'
  | 'NOT_WEIGHED_IN'
  | 'ALREADY_WEIGHED_OUT'
  | 'FLOW_NOT_WEIGHED'
  | 'NOT_ENOUGH_RECALLS'
  | 'NOT_WAITING'
  | 'OTHER_FLOW'
  | 'SAME_QUEUE_TYPE'
  | 'TICKET_VOIDED'
  | 'TICKET_CANCELLED'
  | 'UNFINISHED_EXIT'
  | 'OUT_OF_ORDER'
  | 'WEIGHT_WARNING'
  | 'STORED_TARE_TOO_HEAVY'
>;

export type Decision =
  | { ok: true; state: QueueState; stamps: QueueStamps; action: AuditAction }
  /** A 409: `reason` is what the screens translate, `message` the English text of the API. */
  | {
      ok: false;
      code: 'CONFLICT';
      reason: QueueRefusal;
      message: string;
      missing?: UnfinishedStep[];
      warnings?: WeightWarning[];
    };

/** The English text of each refusal (the screens say it in the officer's language from `reason`). */
const MESSAGE: Record<QueueRefusal, (q: QueueSnapshot, command: QueueCommand) => string> = {
  ALREADY_LEFT: (q) => `Queue ${q.queueNumber} has already left the factory.`,
  EXIT_ALREADY_RECORDED: (q) => `The exit of queue ${q.queueNumber} is already recorded.`,
  WRONG_STATE: (q, command) =>
    `Queue ${q.queueNumber} is in state ${q.state}: "${command.kind}" is not possible.`,
  CALLED_RECENTLY: (q) => `Queue ${q.queueNumber} was called moments ago.`,
  NOT_LAB_FLOW: (q) => `Queue ${q.queueNumber} does not go through the lab.`,
  SAMPLE_ALREADY_TAKEN: (q) => `The lab already has the sample of queue ${q.queueNumber}.`,
  SAMPLE_NOT_TAKEN: (q) => `The lab has not received the sample of queue ${q.queueNumber} yet.`,
  RESULT_ALREADY_OUT: (q) => `The lab result of queue ${q.queueNumber} is already out.`,
  RESULT_NOT_OUT: (q) =>
    `The lab result of queue ${q.queueNumber} is not out yet: record it, not a correction.`,
  RESULT_LOCKED: (q) =>
    `The lab result of queue ${q.queueNumber} can no longer be corrected: the truck was called, closed or weighed out.`,
  ALREADY_WEIGHED_IN: (q) => `Queue ${q.queueNumber} is already weighed in.`,
  NOT_WEIGHED_IN: (q) => `Queue ${q.queueNumber} has not been weighed in.`,
  ALREADY_WEIGHED_OUT: (q) => `Queue ${q.queueNumber} is already weighed out.`,
  FLOW_NOT_WEIGHED: (q) => `Queue ${q.queueNumber} is on a flow whose trucks are not weighed.`,
  NOT_ENOUGH_RECALLS: (q, command) =>
    `Queue ${q.queueNumber} was recalled ${q.recallCount} times; a no-show needs ${
      command.kind === 'no_show' ? command.settings.noShowAfterRecalls : '?'
    }.`,
  NOT_WAITING: (q, command) =>
    `Queue ${q.queueNumber} is no longer waiting: only a waiting ticket ${
      command.kind === 'transfer'
        ? 'moves to another type'
        : command.kind === 'admit'
          ? 'is admitted'
          : 'changes class'
    }.`,
  OTHER_FLOW: (q) => `Queue ${q.queueNumber} may only move to a queue type of the same flow.`,
  SAME_QUEUE_TYPE: (q) => `Queue ${q.queueNumber} is already of that queue type.`,
  TICKET_VOIDED: (q) => `Queue ${q.queueNumber} was voided.`,
  TICKET_CANCELLED: (q) => `Queue ${q.queueNumber} was cancelled as a no-show.`,
  OUT_OF_ORDER: (q) =>
    `Queue ${q.queueNumber} is weighed out before ${stepsBeforeWeighOut(q).join(', ')}: confirm to record it.`,
  WEIGHT_WARNING: (q) =>
    `The weights of queue ${q.queueNumber} are outside the product's range or over the vehicle's legal gross: confirm to record them.`,
  STORED_TARE_TOO_HEAVY: (q) =>
    `The stored tare of queue ${q.queueNumber}'s vehicle is not lighter than its weigh-in: weigh it out.`,
  UNFINISHED_EXIT: (q) =>
    `Queue ${q.queueNumber} has not finished its work (${unfinishedSteps(q).join(', ')}): confirm to let it out.`,
};

/**
 * What the truck has not done that its flow expects before the gate: its call, its finish (or
 * rejection), its weigh-out. A cancelled no-show owes nothing: it was called and did not come.
 */
export function unfinishedSteps(q: QueueSnapshot): UnfinishedStep[] {
  if (q.state === NO_SHOW_STATE) return [];
  const missing: UnfinishedStep[] = [];
  if (!isClosedState(q.state)) missing.push(q.calledAt === null ? 'call' : 'finish');
  const rejected = q.state === nextState(FLOW_ENGINE.lab, 'LF', 'reject');
  if (weighsOnFlow(q.flowEngineId) && !rejected && q.weighOutAt === null) missing.push('weigh_out');
  return missing;
}

/**
 * What a truck has not done that its flow puts before its weigh-out: a truck is weighed out
 * after it was called to its bay (to unload or load), and a lab-flow truck is called only after
 * its result. A rejected load (or any closed ticket) owes nothing: it goes back as it came.
 */
export function stepsBeforeWeighOut(q: {
  flowEngineId: number;
  state: QueueState;
  calledAt: Date | null;
}): UnfinishedStep[] {
  if (q.calledAt !== null || isClosedState(q.state)) return [];
  const labPending =
    q.flowEngineId === FLOW_ENGINE.lab &&
    (q.state === ISSUED_STATE || nextState(q.flowEngineId, q.state, 'complete') !== null);
  return labPending ? ['lab', 'call'] : ['call'];
}

/**
 * Whether the lab may still correct the truck's result: it is out and the decision on it can
 * still change (waiting for its call, or sent to recheck before a new sample), and the truck
 * is neither weighed out nor gone. The lab page offers the correction by the same rule.
 */
export function correctsLab(q: {
  flowEngineId: number;
  state: string;
  weighOutAt: Date | null;
  exitAt: Date | null;
}): boolean {
  if (q.flowEngineId !== FLOW_ENGINE.lab || q.weighOutAt !== null || q.exitAt !== null) return false;
  // Result out and a call, recheck or reject still possible: LF, LO, RC.
  return isQueueState(q.state) && nextState(q.flowEngineId, q.state, 'reject') !== null;
}

/**
 * The refusal each command meets when it was just made already (a double click, a retry after a
 * slow answer, a second tab): what `isRepeat` looks at before it calls the refusal an error.
 */
const ALREADY_DONE: Partial<Record<QueueCommand['kind'], QueueRefusal>> = {
  accept: 'SAMPLE_ALREADY_TAKEN',
  complete: 'RESULT_ALREADY_OUT',
  call: 'CALLED_RECENTLY',
  finish: 'WRONG_STATE',
  reject: 'WRONG_STATE',
  weigh_in: 'ALREADY_WEIGHED_IN',
  weigh_out: 'ALREADY_WEIGHED_OUT',
  exit: 'EXIT_ALREADY_RECORDED',
};

/** Audit actions that are a command's, marked: the gate's unfinished exit, an early weigh-out. */
const ORDINARY_ACTION: Record<string, QueueCommand['kind']> = {
  exit_unfinished: 'exit',
  weigh_out_early: 'weigh_out',
  weigh_out_stored_tare: 'weigh_out',
};

/** The ticket's latest audit row, as `isRepeat` compares it with a refused command. */
export interface LastChange {
  action: string;
  officerId: number | null;
  stationId: number | null;
  /** The reason and note it kept (a reject's). */
  reasonId: number | null;
  note: string | null;
  at: Date;
}

/**
 * Whether a refused command is the same one its officer made moments ago (RECALL_GUARD_MS):
 * the same action, by the same officer, to the same station for a call. The server then answers
 * with the ticket as that change left it, a success, instead of an error about its own success;
 * nothing is written or announced again. A weighing's repeat must also give the same weight
 * (the server checks it: decide does not see the stored weight).
 */
export function isRepeat(
  command: QueueCommand,
  refusal: QueueRefusal,
  last: LastChange | null,
  officerId: number | null,
  now: Date,
): boolean {
  if (!last || officerId === null || last.officerId !== officerId) return false;
  if (ALREADY_DONE[command.kind] !== refusal) return false;
  if (now.getTime() - last.at.getTime() >= RECALL_GUARD_MS) return false;
  const action = ORDINARY_ACTION[last.action] ?? last.action;
  if (action !== command.kind) return false;
  if (command.kind === 'call') return last.stationId === command.stationId;
  // A reject with another reason or note is not the one made: the refusal stands, nothing is lost.
  if (command.kind === 'reject')
    return (
      (command.reason?.reasonId ?? null) === last.reasonId && (command.reason?.note ?? null) === last.note
    );
  return true;
}

/** What `command` does to the ticket `q` at `now`: its new state and stamps, or the refusal. */
export function decide(q: QueueSnapshot, command: QueueCommand, now: Date): Decision {
  const refuse = (reason: QueueRefusal): Extract<Decision, { ok: false }> => ({
    ok: false,
    code: 'CONFLICT',
    reason,
    message: MESSAGE[reason](q, command),
  });

  // A truck that has left is off every list: nothing moves it any more.
  if (q.exitAt) return refuse(command.kind === 'exit' ? 'EXIT_ALREADY_RECORDED' : 'ALREADY_LEFT');
  // A voided ticket is gone; a cancelled no-show only leaves through the gate if it turns up.
  if (q.state === VOIDED_STATE) return refuse('TICKET_VOIDED');
  if (q.state === NO_SHOW_STATE && command.kind !== 'exit') return refuse('TICKET_CANCELLED');

  switch (command.kind) {
    case 'accept':
    case 'complete': {
      if (q.flowEngineId !== FLOW_ENGINE.lab) return refuse('NOT_LAB_FLOW');
      const to = nextState(q.flowEngineId, q.state, command.kind);
      // A load weighed out is gone from the truck: nothing is left to sample, and a recheck's
      // new sample would change a slip already made.
      if (to && command.kind === 'accept' && q.weighOutAt !== null) return refuse('ALREADY_WEIGHED_OUT');
      if (to) return moved(q, command.kind, to, now);
      if (command.kind === 'accept') return refuse('SAMPLE_ALREADY_TAKEN');
      return refuse(q.state === ISSUED_STATE ? 'SAMPLE_NOT_TAKEN' : 'RESULT_ALREADY_OUT');
    }
    case 'lab_correct': {
      if (q.flowEngineId !== FLOW_ENGINE.lab) return refuse('NOT_LAB_FLOW');
      if (q.state === ISSUED_STATE) return refuse('SAMPLE_NOT_TAKEN');
      if (nextState(q.flowEngineId, q.state, 'complete') !== null) return refuse('RESULT_NOT_OUT');
      if (!correctsLab(q)) return refuse('RESULT_LOCKED');
      return { ok: true, state: q.state, stamps: { transitionNote: command.note }, action: 'lab_correct' };
    }
    case 'call':
    case 'recheck':
    case 'reject':
    case 'finish': {
      const to = nextState(q.flowEngineId, q.state, command.kind);
      if (!to) return refuse('WRONG_STATE');
      const recent = q.lastCalledAt !== null && now.getTime() - q.lastCalledAt.getTime() < RECALL_GUARD_MS;
      if (command.kind === 'call' && recent) return refuse('CALLED_RECENTLY');
      const station = 'stationId' in command ? command.stationId : undefined;
      const reason = 'reason' in command ? command.reason : undefined;
      return moved(q, command.kind, to, now, station, reason);
    }
    case 'no_show': {
      if (!isCalledState(q.state)) return refuse('WRONG_STATE');
      if (!offersNoShow(q.recallCount, command.settings)) return refuse('NOT_ENOUGH_RECALLS');
      if (command.settings.noShowPolicy === 'cancel')
        return { ok: true, state: NO_SHOW_STATE, stamps: {}, action: 'no_show' };
      // Back to the wait it was called from, behind everyone in its line; its calls start again.
      return {
        ok: true,
        state: q.calledFrom ?? ISSUED_STATE,
        stamps: { lineAt: now, recallCount: 0, stationId: null },
        action: 'no_show',
      };
    }
    case 'transfer': {
      if (!isWaitingState(q.flowEngineId, q.state)) return refuse('NOT_WAITING');
      if (command.toFlowEngineId !== q.flowEngineId) return refuse('OTHER_FLOW');
      if (command.toQueueTypeId === q.branchQueueTypeId) return refuse('SAME_QUEUE_TYPE');
      return {
        ok: true,
        state: q.state,
        stamps: { branchQueueTypeId: command.toQueueTypeId },
        action: 'transfer',
      };
    }
    case 'reclass':
    case 'admit': {
      if (!isWaitingState(q.flowEngineId, q.state)) return refuse('NOT_WAITING');
      const audit = { transitionReasonId: command.reason.reasonId, transitionNote: command.reason.note };
      const stamps: QueueStamps =
        command.kind === 'reclass'
          ? { ...audit, orderClass: command.orderClass }
          : { ...audit, admittedAt: now };
      return { ok: true, state: q.state, stamps, action: command.kind };
    }
    case 'void':
      return {
        ok: true,
        state: VOIDED_STATE,
        stamps: { voidedAt: now, reasonId: command.reason.reasonId, reasonNote: command.reason.note },
        action: 'void',
      };
    case 'weigh_in':
    case 'weigh_out': {
      // A general-flow visitor never crosses the weighbridge: no weight of it is recorded.
      if (!weighsOnFlow(q.flowEngineId)) return refuse('FLOW_NOT_WEIGHED');
      const direction = command.kind === 'weigh_in' ? 'in' : 'out';
      const refusal = weighingRefusal(direction, { in: q.weighInAt !== null, out: q.weighOutAt !== null });
      if (refusal) return refuse(refusal);
      const early = command.kind === 'weigh_out' ? stepsBeforeWeighOut(q) : [];
      if (early.length > 0 && !(command.kind === 'weigh_out' && command.confirmOutOfOrder))
        return { ...refuse('OUT_OF_ORDER'), missing: early };
      const inKg = direction === 'in' ? command.kg : (q.weighInKg ?? null);
      // A stored tare is the empty truck: one not lighter than the loaded weigh-in is not its tare now.
      if (command.from?.source === 'stored_tare' && inKg !== null && command.kg >= inKg)
        return refuse('STORED_TARE_TOO_HEAVY');
      const warnings = command.limits
        ? weightWarnings(inKg, direction === 'out' ? command.kg : null, command.limits)
        : [];
      if (warnings.length > 0 && !command.confirmWarnings) return { ...refuse('WEIGHT_WARNING'), warnings };
      const checked = command.limits ? { weightWarnings: warnings.map((w) => w.code).join(',') } : {};
      const stamps: QueueStamps =
        direction === 'in'
          ? { weighInKg: command.kg, weighInAt: now, weighInFrom: command.from ?? TYPED_WEIGHT, ...checked }
          : {
              weighOutKg: command.kg,
              weighOutAt: now,
              weighOutFrom: command.from ?? TYPED_WEIGHT,
              ...checked,
              ...(early.length > 0 ? { weighedOutOfOrder: true } : {}),
            };
      return { ok: true, state: q.state, stamps, action: command.kind };
    }
    case 'exit': {
      const missing = unfinishedSteps(q);
      if (missing.length > 0 && !command.confirmUnfinished) return { ...refuse('UNFINISHED_EXIT'), missing };
      return {
        ok: true,
        state: q.state,
        stamps: missing.length > 0 ? { exitAt: now, leftUnfinished: true } : { exitAt: now },
        action: 'exit',
      };
    }
  }
}

/** A state-machine move: the new state, its stamp (STAMP), for call and recheck the station, and the reason if given. */
function moved(
  q: QueueSnapshot,
  action: QueueAction,
  to: QueueState,
  now: Date,
  stationId?: number,
  reason?: ReasonInput,
): Decision {
  const stamps: QueueStamps = {};
  const column = STAMP[action];
  // A recall keeps the first call's time: the stage times in reports start there.
  if (column && !(action === 'call' && q.calledAt)) stamps[column] = now;
  // A recheck's new sample: the lab time starts again and the last result is no longer out.
  if (action === 'accept' && q.state !== ISSUED_STATE) stamps.labFinish = null;
  // The recall guard measures from the latest call; a call of a called truck is a recall.
  if (action === 'call') {
    stamps.lastCalledAt = now;
    if (isCalledState(q.state)) stamps.recallCount = q.recallCount + 1;
    else {
      stamps.recallCount = 0;
      stamps.calledFrom = q.state;
    }
  }
  if (stationId !== undefined) stamps.stationId = stationId;
  if (reason) {
    stamps.reasonId = reason.reasonId;
    stamps.reasonNote = reason.note;
  }
  return { ok: true, state: to, stamps, action };
}

import { decide, type QueueCommand } from '@truck-queue/shared/queue/decide';
import type { ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import { isQueueState } from '@truck-queue/shared/queue/queue-machine';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Executor, QueueRepository, QueueView } from './queue.repository.ts';
import {
  changeRecords,
  formatQueueNumber,
  issuedQueue,
  issueTransition,
  type Actor,
} from './queue-records.ts';

export type { Actor } from './queue-records.ts';

/** The list a command's reason must come from, if the command carries one. */
function reasonOf(command: QueueCommand): { kind: ReasonKind; id: number } | null {
  if (command.kind !== 'recheck' && command.kind !== 'reject' && command.kind !== 'void') return null;
  return command.reason ? { kind: command.kind, id: command.reason.reasonId } : null;
}

export interface IssueInput {
  branchQueueTypeId: number;
  productId: number | null;
  /** Already normalised by TruckLicenseSchema (shared/licence.ts). */
  truckLicense: string;
  idempotencyKey?: string | undefined;
  /**
   * Runs inside the issuing transaction once a new ticket is written (never for a retry that
   * gets the earlier ticket back): what is kept with the ticket at once (its first print job).
   */
  onIssued?: ((tx: Executor, queue: QueueView) => Promise<void>) | undefined;
}

export function createQueueService(deps: {
  repo: QueueRepository;
  days: PlantDays;
  clock: Clock;
  events: EventHub;
}) {
  const { repo, days, clock, events } = deps;

  async function viewOf(tx: Executor, branchId: number, queueId: number): Promise<QueueView> {
    const view = await repo.view(tx, branchId, queueId);
    if (!view) throw notFound('The queue');
    return view;
  }

  async function renumber(
    tx: Executor,
    branchId: number,
    branchQueueTypeId: number,
    current: { queueNumber: string; previousNumber: string | null; queueDate: string },
  ) {
    const type = await repo.findQueueType(tx, branchId, branchQueueTypeId);
    if (!type) throw notFound('The queue type');
    const seq = await repo.nextSeq(tx, type.id, current.queueDate);
    return {
      seq,
      queueNumber: formatQueueNumber(type.prefix, seq),
      previousNumber: current.previousNumber ?? current.queueNumber,
    };
  }

  function announce(
    branchId: number,
    view: QueueView,
    change: {
      action: string;
      fromState: string | null;
      stationId?: number | null;
      transitionId: number;
      at: Date;
      previousQueueTypeId?: number | undefined;
    },
  ) {
    events.publish('queueChanged', {
      transitionId: change.transitionId,
      at: change.at,
      queueTypeName: view.queueTypeName,
      branchId,
      queueId: view.id,
      queueUuid: view.uuid,
      queueNumber: view.queueNumber,
      branchQueueTypeId: view.branchQueueTypeId,
      action: change.action,
      fromState: change.fromState,
      toState: view.state,
      stationId: change.stationId ?? null,
      stationName: view.stationName,
      ...(change.previousQueueTypeId === undefined
        ? {}
        : { previousQueueTypeId: change.previousQueueTypeId }),
    });
  }

  return {
    /**
     * Issues a ticket: the type's prefix and the day's next running number (A001, A002 ...).
     * One active ticket per licence; a retry with the same idempotency key gets the first ticket.
     */
    async issue(branchId: number, input: IssueInput, actor: Actor): Promise<QueueView> {
      const calendar = await days.calendar(branchId);
      const now = clock.now();
      const license = input.truckLicense;
      let transitionId = 0;
      const view = await repo.transaction(async (tx) => {
        await repo.lockLicense(tx, branchId, license);
        if (input.idempotencyKey) {
          const earlier = await repo.findByIdempotencyKey(tx, input.idempotencyKey);
          if (earlier && earlier.branchId === branchId) return viewOf(tx, branchId, earlier.id);
          if (earlier)
            throw conflict('This idempotency key was used for another ticket.', 'IDEMPOTENCY_KEY_REUSED');
        }
        const type = await repo.findQueueType(tx, branchId, input.branchQueueTypeId);
        if (!type) throw notFound('The queue type');
        if (input.productId !== null && !(await repo.productBelongsToType(tx, type.id, input.productId))) {
          throw new AppError('VALIDATION_FAILED', 'This product is not offered for this queue type.', [
            { path: 'product', message: 'is not a product of this queue type' },
          ]);
        }
        // The ticket's day is the plant day: its number restarts when the branch's day starts.
        const queueDate = calendar.dayOf(now);
        const active = await repo.findActiveByLicense(tx, branchId, license, calendar.insideSince);
        if (active) {
          throw conflict(
            `The truck ${license} already holds ticket ${active.queueNumber}, which has not left the factory.`,
            'ACTIVE_TICKET',
            active.queueNumber,
          );
        }
        const seq = await repo.nextSeq(tx, type.id, queueDate);
        const issued = await repo.insertQueue(
          tx,
          issuedQueue({
            branchId,
            type,
            productId: input.productId,
            truckLicense: license,
            queueDate,
            seq,
            actor,
            now,
            idempotencyKey: input.idempotencyKey,
          }),
        );
        transitionId = await repo.appendTransition(tx, issueTransition(issued.id, actor, now));
        await input.onIssued?.(tx, issued);
        return issued;
      });
      // A retry that got the earlier ticket back changed nothing.
      if (transitionId) announce(branchId, view, { action: 'issue', fromState: null, transitionId, at: now });
      return view;
    },

    /**
     * Every change to a ticket after it is issued (calls, lab, weighbridge, gate): the row is
     * locked, `decide` (packages/shared/src/queue) says what it becomes or why not, and the
     * update and its audit row are written in the same transaction, then every screen is told.
     * `guard` checks the locked row before anything else (is it of a queue type the officer
     * calls?), so who may change it is judged on what is changed, with no read before the
     * transaction. `alongside` writes what goes with the change in the same transaction, once it
     * is allowed (the lab's values at checkout); it may still refuse, and nothing is written.
     */
    async change(
      branchId: number,
      queueId: number,
      command: QueueCommand,
      actor: Actor,
      options: {
        guard?: (queue: { branchQueueTypeId: number; flowEngineId: number }) => void;
        alongside?: (tx: Executor, queue: { id: number; branchQueueTypeId: number }) => Promise<void>;
      } = {},
    ): Promise<QueueView> {
      const now = clock.now();
      let fromState = '';
      let transitionId = 0;
      let previousQueueTypeId: number | undefined;
      const view = await repo.transaction(async (tx) => {
        const current = await repo.lockQueue(tx, branchId, queueId);
        if (!current) throw notFound('The queue');
        options.guard?.(current);
        if (!isQueueState(current.state))
          throw new AppError('INTERNAL', `Unknown queue state ${current.state}.`);
        const reason = reasonOf(command);
        if (reason && !(await repo.findReason(tx, branchId, reason.kind, reason.id)))
          throw notFound(`The ${reason.kind} reason`);
        const calledFrom =
          current.calledFrom !== null && isQueueState(current.calledFrom) ? current.calledFrom : null;
        const decision = decide({ ...current, state: current.state, calledFrom }, command, now);
        if (!decision.ok) {
          throw new AppError('CONFLICT', decision.message, undefined, {
            reason: decision.reason,
            queueNumber: current.queueNumber,
            ...(decision.missing ? { missing: decision.missing } : {}),
          });
        }
        fromState = current.state;
        await options.alongside?.(tx, current);
        if (decision.stamps.branchQueueTypeId) previousQueueTypeId = current.branchQueueTypeId;
        // A transfer takes the next number of its new type for the ticket's day; the first number stays on record.
        const renumbered = decision.stamps.branchQueueTypeId
          ? await renumber(tx, branchId, decision.stamps.branchQueueTypeId, current)
          : null;
        const { update, transition } = changeRecords(current, decision, actor, now, renumbered);
        const changed = await repo.changeQueue(tx, current.id, update, transition);
        transitionId = changed.transitionId;
        return changed.view;
      });
      announce(branchId, view, {
        action: command.kind,
        fromState,
        stationId: 'stationId' in command ? command.stationId : null,
        transitionId,
        at: now,
        previousQueueTypeId,
      });
      return view;
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;

import { isQueueState, nextState, type QueueAction } from '@truck-queue/shared/queue/queue-machine';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { addDays, siteDate } from '../../lib/site-time.ts';
import type { Clock } from '../auth/auth.service.ts';
import type { Executor, QueueRepository, QueueView } from './queue.repository.ts';

/** Who moved a queue: an officer, a device, or neither for system work. */
export interface Actor {
  officerId?: number | null;
  deviceId?: number | null;
}

/** Licences as typed on a kiosk or by an officer: trimmed, single-spaced, upper case. */
export function normaliseLicense(license: string): string {
  return license.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function formatQueueNumber(prefix: string, seq: number): string {
  return `${prefix}${String(seq).padStart(3, '0')}`;
}

/**
 * A ticket counts as active for the one-ticket-per-licence rule while its truck has not left
 * and it was issued within this many site days (today included): a ticket whose exit was
 * never recorded stops blocking the truck after that.
 */
export const ACTIVE_TICKET_DAYS = 3;

/**
 * A call of a truck that was called less than this long ago is refused: two officers clicking
 * at once, or a double click, must not announce the same truck twice. A real recall (the driver
 * did not come) happens later than this.
 */
export const RECALL_GUARD_MS = 15_000;

/** Which time stamp an action sets. Calling stamps only the first call. */
const STAMP: Record<QueueAction, 'labStart' | 'labFinish' | 'calledAt' | 'finishedAt' | 'rejectedAt' | null> =
  {
    accept: 'labStart',
    complete: 'labFinish',
    call: 'calledAt',
    recheck: null,
    reject: 'rejectedAt',
    finish: 'finishedAt',
  };

export interface IssueInput {
  branchQueueTypeId: number;
  productId: number | null;
  truckLicense: string;
  idempotencyKey?: string | undefined;
}

export function createQueueService(deps: {
  repo: QueueRepository;
  siteTimeZone: string;
  clock: Clock;
  events: EventHub;
}) {
  const { repo, siteTimeZone, clock, events } = deps;

  async function locked(tx: Executor, branchId: number, queueId: number) {
    const current = await repo.lockQueue(tx, branchId, queueId);
    if (!current) throw notFound('The queue');
    if (current.exitAt)
      throw conflict('This truck has already left the factory.', 'ALREADY_LEFT', current.queueNumber);
    if (!isQueueState(current.state)) throw new AppError('INTERNAL', `Unknown queue state ${current.state}.`);
    return { ...current, state: current.state };
  }

  async function viewOf(tx: Executor, branchId: number, queueId: number): Promise<QueueView> {
    const view = await repo.view(tx, branchId, queueId);
    if (!view) throw notFound('The queue');
    return view;
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
    });
  }

  return {
    /**
     * Issues a ticket: the type's prefix and the day's next running number (A001, A002 ...).
     * One active ticket per licence; a retry with the same idempotency key gets the first ticket.
     */
    async issue(branchId: number, input: IssueInput, actor: Actor): Promise<QueueView> {
      const now = clock.now();
      const license = normaliseLicense(input.truckLicense);
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
        const queueDate = siteDate(now, siteTimeZone);
        const active = await repo.findActiveByLicense(
          tx,
          branchId,
          license,
          addDays(queueDate, 1 - ACTIVE_TICKET_DAYS),
        );
        if (active) {
          throw conflict(
            `The truck ${license} already holds ticket ${active.queueNumber}, which has not left the factory.`,
            'ACTIVE_TICKET',
            active.queueNumber,
          );
        }
        const seq = await repo.nextSeq(tx, type.id, queueDate);
        const queue = await repo.insertQueue(tx, {
          branchId,
          branchQueueTypeId: type.id,
          productId: input.productId,
          queueDate,
          seq,
          queueNumber: formatQueueNumber(type.prefix, seq),
          truckLicense: license,
          state: 'QS',
          created: now,
          updated: now,
          issuedByOfficerId: actor.officerId ?? null,
          issuedByDeviceId: actor.deviceId ?? null,
          idempotencyKey: input.idempotencyKey ?? null,
        });
        transitionId = await repo.appendTransition(tx, {
          queueId: queue.id,
          action: 'issue',
          fromState: null,
          toState: 'QS',
          officerId: actor.officerId ?? null,
          deviceId: actor.deviceId ?? null,
          created: now,
        });
        return viewOf(tx, branchId, queue.id);
      });
      // A retry that got the earlier ticket back changed nothing.
      if (transitionId) announce(branchId, view, { action: 'issue', fromState: null, transitionId, at: now });
      return view;
    },

    /** Moves a queue by one action of the state machine, in one transaction with its audit row. */
    async apply(
      branchId: number,
      queueId: number,
      action: QueueAction,
      actor: Actor & { stationId?: number | null },
    ): Promise<QueueView> {
      const now = clock.now();
      let from = '';
      let transitionId = 0;
      const view = await repo.transaction(async (tx) => {
        const current = await locked(tx, branchId, queueId);
        from = current.state;
        const to = nextState(current.flowEngineId, current.state, action);
        if (!to)
          throw conflict(
            `Queue ${current.queueNumber} is in state ${current.state}: "${action}" is not possible.`,
            'WRONG_STATE',
            current.queueNumber,
          );
        if (
          action === 'call' &&
          current.lastCalledAt &&
          now.getTime() - current.lastCalledAt.getTime() < RECALL_GUARD_MS
        ) {
          throw conflict(
            `Queue ${current.queueNumber} was called moments ago.`,
            'CALLED_RECENTLY',
            current.queueNumber,
          );
        }
        const stamp = STAMP[action];
        const values: Record<string, unknown> = { state: to, updated: now };
        if (stamp && !(stamp === 'calledAt' && current.calledAt)) values[stamp] = now;
        if (action === 'call') values.lastCalledAt = now;
        if (actor.stationId !== undefined) values.stationId = actor.stationId;
        await repo.updateQueue(tx, current.id, values);
        transitionId = await repo.appendTransition(tx, {
          queueId: current.id,
          action,
          fromState: current.state,
          toState: to,
          stationId: actor.stationId ?? null,
          officerId: actor.officerId ?? null,
          deviceId: actor.deviceId ?? null,
          created: now,
        });
        return viewOf(tx, branchId, current.id);
      });
      announce(branchId, view, {
        action,
        fromState: from,
        stationId: actor.stationId,
        transitionId,
        at: now,
      });
      return view;
    },

    /** The gate: stamps the exit of a queue in any state; it leaves every active list. */
    async recordExit(branchId: number, queueId: number, actor: Actor): Promise<QueueView> {
      const now = clock.now();
      let transitionId = 0;
      const view = await repo.transaction(async (tx) => {
        const current = await repo.lockQueue(tx, branchId, queueId);
        if (!current) throw notFound('The queue');
        if (current.exitAt) {
          throw conflict(
            'The exit of this truck is already recorded.',
            'EXIT_ALREADY_RECORDED',
            current.queueNumber,
          );
        }
        await repo.updateQueue(tx, current.id, { exitAt: now, updated: now });
        transitionId = await repo.appendTransition(tx, {
          queueId: current.id,
          action: 'exit',
          fromState: current.state,
          toState: current.state,
          officerId: actor.officerId ?? null,
          deviceId: actor.deviceId ?? null,
          created: now,
        });
        return viewOf(tx, branchId, current.id);
      });
      announce(branchId, view, { action: 'exit', fromState: view.state, transitionId, at: now });
      return view;
    },

    /** Weighbridge: weigh-in once, then weigh-out once, before the truck leaves. */
    async recordWeight(
      branchId: number,
      queueId: number,
      direction: 'in' | 'out',
      kg: number,
      actor: Actor,
    ): Promise<QueueView> {
      const now = clock.now();
      let transitionId = 0;
      const view = await repo.transaction(async (tx) => {
        const current = await locked(tx, branchId, queueId);
        if (direction === 'in' && current.weighInAt)
          throw conflict(
            `Queue ${current.queueNumber} is already weighed in.`,
            'ALREADY_WEIGHED_IN',
            current.queueNumber,
          );
        if (direction === 'out' && !current.weighInAt)
          throw conflict(
            `Queue ${current.queueNumber} has not been weighed in.`,
            'NOT_WEIGHED_IN',
            current.queueNumber,
          );
        if (direction === 'out' && current.weighOutAt)
          throw conflict(
            `Queue ${current.queueNumber} is already weighed out.`,
            'ALREADY_WEIGHED_OUT',
            current.queueNumber,
          );
        const values =
          direction === 'in'
            ? { weighInKg: kg.toFixed(1), weighInAt: now, updated: now }
            : { weighOutKg: kg.toFixed(1), weighOutAt: now, updated: now };
        await repo.updateQueue(tx, current.id, values);
        transitionId = await repo.appendTransition(tx, {
          queueId: current.id,
          action: direction === 'in' ? 'weigh_in' : 'weigh_out',
          fromState: current.state,
          toState: current.state,
          officerId: actor.officerId ?? null,
          created: now,
        });
        return viewOf(tx, branchId, current.id);
      });
      announce(branchId, view, {
        action: direction === 'in' ? 'weigh_in' : 'weigh_out',
        fromState: view.state,
        transitionId,
        at: now,
      });
      return view;
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;

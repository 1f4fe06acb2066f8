import { isQueueState, nextState, type QueueAction } from '@truck-queue/shared/queue/queue-machine';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { siteDate } from '../../lib/site-time.ts';
import type { Clock } from '../auth/auth.service.ts';
import type { queues } from '../../db/schema.ts';
import type { QueueRepository } from './queue.repository.ts';

export type QueueRow = typeof queues.$inferSelect;

/** Who moved a queue: an officer, a device, or both unknown for system work. */
export interface Actor {
  officerId?: number | null;
  deviceId?: number | null;
}

/** Truck licences as typed on a kiosk or by an officer: trimmed, single-spaced, upper case. */
export function normaliseLicense(license: string): string {
  return license.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function formatQueueNumber(prefix: string, seq: number): string {
  return `${prefix}${String(seq).padStart(3, '0')}`;
}

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

export function createQueueService(deps: { repo: QueueRepository; siteTimeZone: string; clock: Clock }) {
  const { repo, siteTimeZone, clock } = deps;

  return {
    /** Issues a ticket: the type's prefix and the day's next running number (A001, A002 ...). */
    async issue(
      branchId: number,
      input: { branchQueueTypeId: number; productId: number | null; truckLicense: string },
      actor: Actor,
    ): Promise<QueueRow> {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const type = await repo.findQueueType(tx, branchId, input.branchQueueTypeId);
        if (!type) throw notFound('The queue type');
        const queueDate = siteDate(now, siteTimeZone);
        const seq = await repo.nextSeq(tx, type.id, queueDate);
        const queue = await repo.insertQueue(tx, {
          branchId,
          branchQueueTypeId: type.id,
          productId: input.productId,
          queueDate,
          seq,
          queueNumber: formatQueueNumber(type.prefix, seq),
          truckLicense: normaliseLicense(input.truckLicense),
          state: 'QS',
          created: now,
          updated: now,
          issuedByOfficerId: actor.officerId ?? null,
          issuedByDeviceId: actor.deviceId ?? null,
        });
        await repo.appendTransition(tx, {
          queueId: queue.id,
          action: 'issue',
          fromState: null,
          toState: 'QS',
          officerId: actor.officerId ?? null,
          deviceId: actor.deviceId ?? null,
          created: now,
        });
        return queue;
      });
    },

    /** Moves a queue by one action of the state machine, in one transaction with its audit row. */
    async apply(
      branchId: number,
      queueId: number,
      action: QueueAction,
      actor: Actor & { stationId?: number | null },
    ): Promise<QueueRow> {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const current = await repo.lockQueue(tx, branchId, queueId);
        if (!current) throw notFound('The queue');
        if (current.exitAt) throw conflict('This truck has already left the factory.');
        if (!isQueueState(current.state))
          throw new AppError('INTERNAL', `Unknown queue state ${current.state}.`);
        const to = nextState(current.flowEngineId, current.state, action);
        if (!to) throw conflict(`A queue in state ${current.state} cannot be given "${action}".`);

        const stamp = STAMP[action];
        const values: Partial<QueueRow> = { state: to, updated: now };
        if (stamp && !(stamp === 'calledAt' && current.calledAt)) values[stamp] = now;
        if (actor.stationId !== undefined) values.stationId = actor.stationId;
        const updated = await repo.updateQueue(tx, current.id, values);
        await repo.appendTransition(tx, {
          queueId: current.id,
          action,
          fromState: current.state,
          toState: to,
          stationId: actor.stationId ?? null,
          officerId: actor.officerId ?? null,
          deviceId: actor.deviceId ?? null,
          created: now,
        });
        return updated;
      });
    },

    /** The gate: stamps the exit of a queue in any state; it leaves every active list. */
    async recordExit(branchId: number, queueId: number, actor: Actor): Promise<QueueRow> {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const current = await repo.lockQueue(tx, branchId, queueId);
        if (!current) throw notFound('The queue');
        if (current.exitAt) throw conflict('The exit of this truck is already recorded.');
        const updated = await repo.updateQueue(tx, current.id, { exitAt: now, updated: now });
        await repo.appendTransition(tx, {
          queueId: current.id,
          action: 'exit',
          fromState: current.state,
          toState: current.state,
          officerId: actor.officerId ?? null,
          deviceId: actor.deviceId ?? null,
          created: now,
        });
        return updated;
      });
    },

    /** Weighbridge: the first weighing is the way in, the second the way out. */
    async recordWeight(branchId: number, queueId: number, direction: 'in' | 'out', kg: number, actor: Actor) {
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const current = await repo.lockQueue(tx, branchId, queueId);
        if (!current) throw notFound('The queue');
        if (current.exitAt) throw conflict('This truck has already left the factory.');
        const values =
          direction === 'in'
            ? { weighInKg: kg.toFixed(1), weighInAt: now, updated: now }
            : { weighOutKg: kg.toFixed(1), weighOutAt: now, updated: now };
        const updated = await repo.updateQueue(tx, current.id, values);
        await repo.appendTransition(tx, {
          queueId: current.id,
          action: direction === 'in' ? 'weigh_in' : 'weigh_out',
          fromState: current.state,
          toState: current.state,
          officerId: actor.officerId ?? null,
          created: now,
        });
        return updated;
      });
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;

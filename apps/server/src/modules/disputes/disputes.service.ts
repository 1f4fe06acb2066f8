import { and, eq, inArray } from 'drizzle-orm';
import type { DisputeRow, PublicDispute } from '@truck-queue/shared/contracts/dispute.contract';
import type { Db } from '../../db/database.ts';
import { queues } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { NO_LAB, type LabService } from '../lab/lab.service.ts';
import { selectQueueView } from '../queue/queue.repository.ts';
import { toSlip } from '../queue/slip.view.ts';
import { createDisputesRepository } from './disputes.repository.ts';

/** The most disputes the admins' list shows. */
const LIST_LIMIT = 200;

type Dispute = NonNullable<Awaited<ReturnType<ReturnType<typeof createDisputesRepository>['find']>>>;

/** A dispute as the driver's page shows it; `at` writes an instant on the site's clock. */
export function toPublicDispute(d: Dispute, at: (instant: Date) => string): PublicDispute {
  return {
    note: d.note,
    created_view: at(d.created),
    resolved: d.resolvedAt !== null,
    resolution: d.resolution,
  };
}

/**
 * Disputes of receiving slips: the driver files one from his page (a truck weighed out, one open
 * at a time); the branch's admins list them, with the slip's figures, and close each with what
 * was done. Each is an audit row of the ticket too.
 */
export function createDisputesService(deps: {
  db: Db;
  clock: Clock;
  labs: Pick<LabService, 'resultsOf'>;
  /** Filing or closing one tells the branch's screens (the menu's and the dashboard's badge). */
  events: Pick<EventHub, 'publish'>;
}) {
  const { db, clock, labs, events } = deps;
  const repo = createDisputesRepository(db);

  async function rows(branchId: number, disputes: readonly Dispute[]): Promise<DisputeRow[]> {
    const ids = [...new Set(disputes.map((d) => d.queueId))];
    if (ids.length === 0) return [];
    const views = await selectQueueView(db).where(
      and(inArray(queues.id, ids), eq(queues.branchId, branchId)),
    );
    const lab = await labs.resultsOf(db, ids);
    const byId = new Map(views.map((v) => [v.id, v]));
    return disputes.flatMap((d) => {
      const q = byId.get(d.queueId);
      if (!q) return [];
      const slip = toSlip(q, lab.get(q.id) ?? NO_LAB, (instant) => instant.toISOString());
      return [
        {
          id: d.id,
          queue_uuid: q.uuid,
          queue_number: q.queueNumber,
          truck_license: q.truckLicense,
          queue_type_name: q.queueTypeName,
          note: d.note,
          created: d.created.toISOString(),
          net_kg: slip?.net_kg ?? null,
          paid_kg: slip?.paid_kg ?? null,
          resolved_at: d.resolvedAt?.toISOString() ?? null,
          resolved_by: d.resolvedBy,
          resolution: d.resolution,
        },
      ];
    });
  }

  return {
    latestOf: (queueId: number) => repo.latestOf(queueId),

    /** The driver's dispute of a weighed-out truck's slip; DISPUTE_OPEN while another is open. */
    async file(
      queue: { id: number; branchId: number; state: string; weighOutAt: Date | null },
      note: string,
    ) {
      if (queue.weighOutAt === null)
        throw conflict('The truck has no receiving slip yet: it is not weighed out.', 'NO_SLIP');
      try {
        await repo.file({
          queueId: queue.id,
          branchId: queue.branchId,
          note,
          state: queue.state,
          now: clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('A dispute of this slip is already open: the plant will answer it.', 'DISPUTE_OPEN');
        throw error;
      }
      events.publish('disputesChanged', { branchId: queue.branchId });
      return (await repo.latestOf(queue.id))!;
    },

    /** How many of the branch's disputes wait for an answer (the menu's badge). */
    pending: (auth: AuthContext) => repo.countOpen(auth.branchId),

    async list(auth: AuthContext): Promise<DisputeRow[]> {
      return rows(auth.branchId, await repo.list(auth.branchId, LIST_LIMIT));
    },

    async resolve(auth: AuthContext, id: number, resolution: string): Promise<DisputeRow> {
      const dispute = await repo.find(auth.branchId, id);
      if (!dispute) throw notFound('The dispute');
      const state = (await repo.statesOf([dispute.queueId])).get(dispute.queueId) ?? '';
      const closed =
        dispute.resolvedAt === null &&
        (await repo.resolve({
          id,
          queueId: dispute.queueId,
          state,
          officerId: auth.officerId,
          resolution,
          now: clock.now(),
        }));
      if (!closed) throw conflict('This dispute is resolved already.', 'DISPUTE_RESOLVED');
      events.publish('disputesChanged', { branchId: auth.branchId });
      return (await rows(auth.branchId, [(await repo.find(auth.branchId, id))!]))[0]!;
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;

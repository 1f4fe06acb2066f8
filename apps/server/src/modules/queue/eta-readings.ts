import { eq } from 'drizzle-orm';
import { isWaitingState, waitingStates } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, etaReadings, queues, queueTypes } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub, QueueChange } from '../../lib/event-hub.ts';
import type { EtaService } from './eta.service.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';

/**
 * What each driver was shown at his ticket's issue (issue 40, "Seen by the plant"): after the
 * issue commits, the ticket's range is read from the expected wait (eta.service.ts: its line's
 * play, which the driver's page, the cards and the board read their ranges off, by the truck's
 * id) and written to eta_readings with the trucks ahead printed on the ticket (counted in the
 * issue's transaction, as the driver's page counts them). Its first call says later whether the
 * range held (wait-accuracy.service.ts).
 *
 * A booking's check-in issues a ticket too, and is read the same way. The reading runs after
 * the issue's answer is on its way, reads and writes on the background lane, and never fails the
 * issue: a reading that cannot be made is logged and missed. Only the instance that issued the
 * ticket reads it (a change from another instance comes with `remote`); a second reading of a
 * ticket is ignored. It reads no snapshot of the branch's cards, so it holds none that a print's
 * outcome would then have to drop.
 */
export function createEtaReadings(deps: {
  /** The background lane (module-host.ts): nobody waits on these reads and writes. */
  db: Db;
  events: EventHub;
  clock: Clock;
  eta: Pick<EtaService, 'readingOf'>;
  /** The trucks ahead of a ticket issued without them counted (none issued so today). */
  reads: Pick<QueueReadsRepository, 'countAhead'>;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, clock, eta } = deps;

  async function read(change: QueueChange): Promise<void> {
    // Let the issue's answer go first: this runs once its handler has returned.
    await new Promise((resolve) => setImmediate(resolve));
    const [ticket] = await db
      .select({
        id: queues.id,
        branchQueueTypeId: queues.branchQueueTypeId,
        queueDate: queues.queueDate,
        lineAt: queues.lineAt,
        created: queues.created,
        state: queues.state,
        exitAt: queues.exitAt,
        aheadAtIssue: queues.aheadAtIssue,
        flowEngineId: queueTypes.flowEngineId,
      })
      .from(queues)
      .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
      .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .where(eq(queues.id, change.queueId));
    // Called, voided, moved or gone before it was read: no page showed it a wait of this line.
    if (
      !ticket ||
      ticket.exitAt !== null ||
      ticket.branchQueueTypeId !== change.branchQueueTypeId ||
      !isWaitingState(ticket.flowEngineId, ticket.state)
    )
      return;
    const ahead =
      ticket.aheadAtIssue ?? (await deps.reads.countAhead(ticket, waitingStates(ticket.flowEngineId), db));
    const readAt = clock.now();
    const { wait, play } = await eta.readingOf(
      {
        id: ticket.id,
        branchId: change.branchId,
        branchQueueTypeId: ticket.branchQueueTypeId,
        flowEngineId: ticket.flowEngineId,
      },
      ahead,
    );
    await db
      .insert(etaReadings)
      .values({
        queueId: ticket.id,
        branchId: change.branchId,
        branchQueueTypeId: ticket.branchQueueTypeId,
        readAt,
        lowMinutes: wait ? Math.round(wait.low) : null,
        highMinutes: wait ? Math.round(wait.high) : null,
        ahead,
        playLowMinutes: play?.low ?? null,
        playMidMinutes: play?.mid ?? null,
        playHighMinutes: play?.high ?? null,
      })
      .onConflictDoNothing();
  }

  const pending = new Set<Promise<void>>();
  const unsubscribe = deps.events.subscribe('queueChanged', (change, origin) => {
    if (origin.remote || change.action !== 'issue') return;
    const work = read(change)
      .catch((error: unknown) =>
        deps.log.error({ err: error, queueId: change.queueId }, 'could not record the expected wait shown'),
      )
      .finally(() => pending.delete(work));
    pending.add(work);
  });

  return {
    /** Waits until every issue so far is read (tests, shutdown). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async stop(): Promise<void> {
      unsubscribe();
      await Promise.allSettled([...pending]);
    },
  };
}

export type EtaReadings = ReturnType<typeof createEtaReadings>;

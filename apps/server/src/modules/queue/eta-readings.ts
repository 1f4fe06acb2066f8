import type { Db } from '../../db/database.ts';
import { etaReadings } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub, QueueChange } from '../../lib/event-hub.ts';
import type { BranchCards } from './branch-cards.ts';

/**
 * What each driver was shown at his ticket's issue (issue 40, "Seen by the plant"): after the
 * issue commits, the ticket's range and trucks ahead are read off the branch's open queues
 * (branch-cards.ts: the snapshot the officers' cards and the drivers' pushed pages read after
 * the change anyway, so the range is the one his page showed) and written to eta_readings. Its
 * first call says later whether the range held (wait-accuracy.service.ts).
 *
 * A booking's check-in issues a ticket too, and is read the same way. The reading runs after
 * the answer is on its way, on the background lane, and never fails the issue: a reading
 * that cannot be made is logged and missed. Only the instance that issued the ticket reads it
 * (a change from another instance comes with `remote`); a second reading of a ticket is ignored.
 */
export function createEtaReadings(deps: {
  /** The background lane (module-host.ts): nobody waits on these writes. */
  db: Db;
  events: EventHub;
  clock: Clock;
  cards: Pick<BranchCards, 'calendar' | 'openQueues'>;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, clock, cards } = deps;

  async function read(change: QueueChange): Promise<void> {
    // Let the answer go first: this runs once its handler has returned.
    await new Promise((resolve) => setImmediate(resolve));
    const readAt = clock.now();
    const calendar = await cards.calendar(change.branchId);
    const open = await cards.openQueues(change.branchId, calendar.insideSince);
    const ahead = open.ahead.get(change.queueUuid);
    // Called, voided or gone before it was read: no page showed it a wait.
    if (ahead === undefined) return;
    const card = open.byType.get(change.branchQueueTypeId)?.find((c) => c.uuid === change.queueUuid);
    const wait = card?.expected_wait ?? null;
    await db
      .insert(etaReadings)
      .values({
        queueId: change.queueId,
        branchId: change.branchId,
        branchQueueTypeId: change.branchQueueTypeId,
        readAt,
        lowMinutes: wait ? Math.round(wait.low) : null,
        highMinutes: wait ? Math.round(wait.high) : null,
        ahead,
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

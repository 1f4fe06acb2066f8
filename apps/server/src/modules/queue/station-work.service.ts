import { and, desc, eq, gte, lt, or } from 'drizzle-orm';
import type { QueueCommand } from '@truck-queue/shared/queue/decide';
import type { Db } from '../../db/database.ts';
import { queues } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/app-error.ts';
import { addDays, siteDate, siteInstant } from '../../lib/site-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { notVoided, selectQueueView, type QueueRepository, type QueueView } from './queue.repository.ts';
import type { QueueService } from './queue.service.ts';

/**
 * Lab pickup, weighbridge and gate: an officer types a queue number; the service finds the
 * truck it means (the latest ticket with that number still inside the plant) and moves it.
 */
export function createStationWorkService(deps: {
  db: Db;
  repo: QueueRepository;
  queue: QueueService;
  siteTimeZone: string;
  clock: Clock;
}) {
  const { db, repo, queue, siteTimeZone, clock } = deps;

  /** [start, end) of today in the site's time zone. */
  function todayRange(): [Date, Date] {
    const today = siteDate(clock.now(), siteTimeZone);
    return [siteInstant(today, 0, siteTimeZone), siteInstant(addDays(today, 1), 0, siteTimeZone)];
  }

  /** The truck a typed number means; whether it may move is `decide`'s answer, under the row lock. */
  async function find(auth: AuthContext, queueNumber: string): Promise<QueueView> {
    const found = await repo.findByNumber(db, auth.branchId, queueNumber);
    if (!found) throw notFound(`Queue number ${queueNumber}`);
    return found;
  }

  return {
    async labAccept(auth: AuthContext, queueNumber: string) {
      const target = await find(auth, queueNumber);
      return queue.change(auth.branchId, target.id, { kind: 'accept' }, { officerId: auth.officerId });
    },

    async labComplete(auth: AuthContext, queueNumber: string) {
      const target = await find(auth, queueNumber);
      return queue.change(auth.branchId, target.id, { kind: 'complete' }, { officerId: auth.officerId });
    },

    /** Samples the lab received today, newest first; a typed number narrows the list. */
    async labToday(auth: AuthContext, queueNumber: string | undefined) {
      const [start, end] = todayRange();
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, auth.branchId),
            gte(queues.labStart, start),
            lt(queues.labStart, end),
            notVoided,
            queueNumber ? eq(queues.queueNumber, queueNumber) : undefined,
          ),
        )
        .orderBy(desc(queues.labStart));
    },

    async exit(auth: AuthContext, queueNumber: string) {
      const target = await find(auth, queueNumber);
      return queue.change(auth.branchId, target.id, { kind: 'exit' }, { officerId: auth.officerId });
    },

    async exitsToday(auth: AuthContext) {
      const [start, end] = todayRange();
      return selectQueueView(db)
        .where(and(eq(queues.branchId, auth.branchId), gte(queues.exitAt, start), lt(queues.exitAt, end)))
        .orderBy(desc(queues.exitAt));
    },

    async weigh(auth: AuthContext, queueNumber: string, direction: 'in' | 'out', kg: number) {
      const target = await find(auth, queueNumber);
      const command: QueueCommand = direction === 'in' ? { kind: 'weigh_in', kg } : { kind: 'weigh_out', kg };
      return queue.change(auth.branchId, target.id, command, { officerId: auth.officerId });
    },

    async weighingsToday(auth: AuthContext) {
      const [start, end] = todayRange();
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, auth.branchId),
            notVoided,
            or(
              and(gte(queues.weighInAt, start), lt(queues.weighInAt, end)),
              and(gte(queues.weighOutAt, start), lt(queues.weighOutAt, end)),
            ),
          ),
        )
        .orderBy(desc(queues.weighInAt));
    },
  };
}

export type StationWorkService = ReturnType<typeof createStationWorkService>;

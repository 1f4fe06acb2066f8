import { and, desc, eq, gte, lt, or } from 'drizzle-orm';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { queues } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { addDays, siteDate, siteInstant } from '../../lib/site-time.ts';
import type { Clock } from '../auth/auth.service.ts';
import { selectQueueView, type QueueRepository, type QueueView } from './queue.repository.ts';
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

  async function inside(auth: AuthContext, queueNumber: string): Promise<QueueView> {
    const found = await repo.findByNumber(db, auth.branchId, queueNumber);
    if (!found) throw notFound(`Queue number ${queueNumber}`);
    if (found.exitAt)
      throw conflict(`Queue ${queueNumber} has already left the factory.`, 'ALREADY_LEFT', queueNumber);
    return found;
  }

  async function labQueue(auth: AuthContext, queueNumber: string): Promise<QueueView> {
    const found = await inside(auth, queueNumber);
    if (found.flowEngineId !== FLOW_ENGINE.lab)
      throw conflict(`Queue ${queueNumber} does not go through the lab.`, 'NOT_LAB_FLOW', queueNumber);
    return found;
  }

  return {
    async labAccept(auth: AuthContext, queueNumber: string) {
      const target = await labQueue(auth, queueNumber);
      if (target.state !== 'QS')
        throw conflict(
          `The lab already has the sample of queue ${queueNumber}.`,
          'SAMPLE_ALREADY_TAKEN',
          queueNumber,
        );
      return queue.apply(auth.branchId, target.id, 'accept', { officerId: auth.officerId });
    },

    async labComplete(auth: AuthContext, queueNumber: string) {
      const target = await labQueue(auth, queueNumber);
      if (target.state === 'QS')
        throw conflict(
          `The lab has not received the sample of queue ${queueNumber} yet.`,
          'SAMPLE_NOT_TAKEN',
          queueNumber,
        );
      if (target.state !== 'LS' && target.state !== 'L') {
        throw conflict(
          `The lab result of queue ${queueNumber} is already out.`,
          'RESULT_ALREADY_OUT',
          queueNumber,
        );
      }
      return queue.apply(auth.branchId, target.id, 'complete', { officerId: auth.officerId });
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
            queueNumber ? eq(queues.queueNumber, queueNumber) : undefined,
          ),
        )
        .orderBy(desc(queues.labStart));
    },

    async exit(auth: AuthContext, queueNumber: string) {
      const target = await repo.findByNumber(db, auth.branchId, queueNumber);
      if (!target) throw notFound(`Queue number ${queueNumber}`);
      if (target.exitAt) {
        throw conflict(
          `The exit of queue ${queueNumber} is already recorded.`,
          'EXIT_ALREADY_RECORDED',
          queueNumber,
        );
      }
      return queue.recordExit(auth.branchId, target.id, { officerId: auth.officerId });
    },

    async exitsToday(auth: AuthContext) {
      const [start, end] = todayRange();
      return selectQueueView(db)
        .where(and(eq(queues.branchId, auth.branchId), gte(queues.exitAt, start), lt(queues.exitAt, end)))
        .orderBy(desc(queues.exitAt));
    },

    async weigh(auth: AuthContext, queueNumber: string, direction: 'in' | 'out', kg: number) {
      const target = await inside(auth, queueNumber);
      return queue.recordWeight(auth.branchId, target.id, direction, kg, { officerId: auth.officerId });
    },

    async weighingsToday(auth: AuthContext) {
      const [start, end] = todayRange();
      return selectQueueView(db)
        .where(
          and(
            eq(queues.branchId, auth.branchId),
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

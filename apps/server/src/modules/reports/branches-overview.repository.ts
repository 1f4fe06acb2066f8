import { and, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { VOIDED_STATE } from '@truck-queue/shared/queue/queue-machine';
import { NOT_YET_CALLED_STATES } from '@truck-queue/shared/queue/yard-stage';
import type { Db } from '../../db/database.ts';
import { alerts, branchQueueTypes, queues, queueTypes } from '../../db/schema.ts';
import { inside } from '../queue/queue-reads.repository.ts';

/** A branch the officer holds, with its own plant days (each branch has its day start). */
export interface HeldBranchDays {
  id: number;
  /** The oldest plant day whose tickets may still be inside (PlantCalendar.insideSince). */
  insideSince: string;
  /** Its plant day now. */
  today: string;
}

/**
 * The held branches as a relation `held(branch_id, inside_since, today)`: one array parameter
 * per column, so each figure is one statement for every branch (a company may have twenty), and
 * its text is the same whatever their number.
 */
function held(branches: readonly HeldBranchDays[]): SQL {
  return sql`unnest(${sql.param(branches.map((b) => b.id))}::int[],
                    ${sql.param(branches.map((b) => b.insideSince))}::date[],
                    ${sql.param(branches.map((b) => b.today))}::date[]) as held(branch_id, inside_since, today)`;
}

/**
 * The branches page's reads over the queues (issue 41): each figure one statement grouped by
 * branch. "Inside" is the queue reads' own rule (queue-reads.repository.ts), each branch with
 * its own oldest day.
 */
export function createBranchesOverviewRepository(db: Db) {
  return {
    /** The trucks inside per branch, flow engine and state. */
    async insideByState(branches: readonly HeldBranchDays[]) {
      const { rows } = await db.execute<{
        branch_id: number;
        flow_engine_id: number;
        state: string;
        n: number;
      }>(
        sql`select ${queues.branchId} as branch_id, ${queueTypes.flowEngineId} as flow_engine_id,
                   ${queues.state} as state, count(*)::int as n
              from ${queues}
              join ${held(branches)} on held.branch_id = ${queues.branchId}
              join ${branchQueueTypes} on ${branchQueueTypes.id} = ${queues.branchQueueTypeId}
              join ${queueTypes} on ${queueTypes.id} = ${branchQueueTypes.queueTypeId}
             where ${inside(sql`held.inside_since`)}
             group by 1, 2, 3`,
      );
      return rows;
    },

    /** Per branch, the truck inside not yet called whose ticket is the oldest (milliseconds since the epoch). */
    async longestWaits(branches: readonly HeldBranchDays[]) {
      const { rows } = await db.execute<{ branch_id: number; queue_number: string; created_ms: number }>(
        sql`select distinct on (${queues.branchId}) ${queues.branchId} as branch_id,
                   ${queues.queueNumber} as queue_number,
                   (extract(epoch from ${queues.created}) * 1000)::float8 as created_ms
              from ${queues}
              join ${held(branches)} on held.branch_id = ${queues.branchId}
             where ${inside(sql`held.inside_since`)}
               and ${inArray(queues.state, [...NOT_YET_CALLED_STATES])}
             order by ${queues.branchId}, ${queues.created}, ${queues.id}`,
      );
      return rows;
    },

    /**
     * Per branch, its plant day's tickets (voided ones aside), those weighed in and out, and their
     * net kilograms: the summary's totals and the dashboard's trends count the same (a weighing
     * has one decimal, so the numeric difference is the slip's net exactly).
     */
    async today(branches: readonly HeldBranchDays[]) {
      const weighed = sql`${queues.weighInKg} is not null and ${queues.weighOutKg} is not null`;
      const { rows } = await db.execute<{
        branch_id: number;
        trucks: number;
        weighed: number;
        net_kg: number;
      }>(
        sql`select ${queues.branchId} as branch_id, count(*)::int as trucks,
                   (count(*) filter (where ${weighed}))::int as weighed,
                   coalesce(sum(abs(${queues.weighInKg} - ${queues.weighOutKg})) filter (where ${weighed}), 0)::float8
                     as net_kg
              from ${queues}
              join ${held(branches)} on held.branch_id = ${queues.branchId}
             where ${queues.queueDate} = held.today and ${ne(queues.state, VOIDED_STATE)}
             group by 1`,
      );
      return rows;
    },

    /** Per branch, its open alerts no one has acknowledged yet (the bells' count, modules/alerts). */
    async alertsWaiting(branchIds: readonly number[]) {
      if (branchIds.length === 0) return [];
      return db
        .select({ branchId: alerts.branchId, n: sql<number>`count(*)::int` })
        .from(alerts)
        .where(
          and(
            inArray(alerts.branchId, [...branchIds]),
            isNull(alerts.resolvedAt),
            isNull(alerts.acknowledgedAt),
          ),
        )
        .groupBy(alerts.branchId);
    },
  };
}

export type BranchesOverviewRepository = ReturnType<typeof createBranchesOverviewRepository>;

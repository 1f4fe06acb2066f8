import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** A day on the plant's clock; the simulator's ETA_TIME_SCALE shortens it (eta.service.ts). */
const DAY_SECONDS = 86_400;

/** What the expected wait (shared/queue/eta.ts) reads of a queue type's own history. */
export interface CallHistory {
  /** First calls in the last `windowMinutes`. */
  recent: number;
  /**
   * First calls in the same window on each of the past `days` days that had any first call of
   * the type, zeros included; the newest day first.
   */
  past: number[];
}

/**
 * The branch's own history for the expected wait: how fast a queue type's trucks were called
 * (queues.called_at, the first call) now and at this hour on recent days, and how long its lab
 * took. Days are counted back from `now` in 24-hour steps, so "the same hour" is the same clock
 * window on the plant's clock whatever its time zone.
 */
export function createEtaRepository(db: Db) {
  return {
    async callHistory(
      branchQueueTypeId: number,
      now: Date,
      windowMinutes: number,
      days: number,
      daySeconds = DAY_SECONDS,
    ): Promise<CallHistory> {
      const at = now.toISOString();
      const windowSeconds = windowMinutes * 60;
      // Tickets created within the period and a day before it: the (branch, created) index
      // bounds the rows read; a truck called over a day after its ticket is rare and, missed,
      // only makes that day's count a call short.
      const rows = await db.execute<{ days_ago: number; in_window: number }>(sql`
        select floor(extract(epoch from (${at}::timestamptz - called_at)) / ${daySeconds})::int as days_ago,
               (count(*) filter (
                 where mod(extract(epoch from (${at}::timestamptz - called_at))::numeric, ${daySeconds}) < ${windowSeconds}
               ))::int as in_window
          from queues
         where branch_queue_type_id = ${branchQueueTypeId}
           and called_at is not null
           and called_at <= ${at}::timestamptz
           and called_at > ${at}::timestamptz - make_interval(secs => ${(days + 1) * daySeconds})
           and created > ${at}::timestamptz - make_interval(secs => ${(days + 2) * daySeconds})
         group by 1
         order by 1`);
      const byDay = new Map(rows.rows.map((r) => [Number(r.days_ago), Number(r.in_window)]));
      const past: number[] = [];
      for (let day = 1; day <= days; day++) {
        const count = byDay.get(day);
        if (count !== undefined) past.push(count);
      }
      return { recent: byDay.get(0) ?? 0, past };
    },

    /** The median minutes from sample to result of the type's last `samples` lab checks; null without any. */
    async labMinutes(
      branchQueueTypeId: number,
      now: Date,
      samples: number,
      daySeconds = DAY_SECONDS,
    ): Promise<number | null> {
      const at = now.toISOString();
      const rows = await db.execute<{ minutes: number | null }>(sql`
        select percentile_cont(0.5) within group (order by minutes) as minutes
          from (
            select extract(epoch from (lab_finish - lab_start)) / 60 as minutes
              from queues
             where branch_queue_type_id = ${branchQueueTypeId}
               and lab_start is not null
               and lab_finish is not null
               and lab_finish <= ${at}::timestamptz
               and created > ${at}::timestamptz - make_interval(secs => ${14 * daySeconds})
             order by lab_finish desc
             limit ${samples}
          ) recent`);
      const minutes = rows.rows[0]?.minutes;
      return minutes === null || minutes === undefined ? null : Number(minutes);
    },
  };
}

export type EtaRepository = ReturnType<typeof createEtaRepository>;

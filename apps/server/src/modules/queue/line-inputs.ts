import { sql } from 'drizzle-orm';
import type { LineHistory, LineNow, TruckStage } from '@truck-queue/shared/queue/line-forecast';
import type { Db } from '../../db/database.ts';

/**
 * What the line played forward (shared/queue/line-forecast.ts) reads of a queue type, as it
 * stood at a moment: its history before that moment, and its line and stations then. Both read
 * the stored timestamps rather than the current states, so the backtest (eta-backtest.ts) asks
 * them of any past moment and gets what the live server would have read then.
 *
 * `scale` (ETA_TIME_SCALE, 1 in a plant): the simulator plays a day in minutes of the server's
 * clock, and the minutes answered are its simulated ones (eta.service.ts).
 */

/** The past days whose times count, and at most this many of the latest of each kind. */
export const HISTORY_DAYS = 7;
export const HISTORY_SAMPLES = 400;
/** A station is open when it called a truck of the type within this long (or holds one now). */
export const OPEN_STATION_MINUTES = 120;
/** Open trucks are looked for among the tickets of this many days before the moment. */
const OPEN_DAYS = 3;

export interface QueueTypeRef {
  branchId: number;
  branchQueueTypeId: number;
  lab: boolean;
}

const minutesBetween = (from: string, to: string) => `extract(epoch from (${to} - ${from})) / 60`;

export function createLineInputs(db: Db) {
  async function samples(
    type: QueueTypeRef,
    at: string,
    since: string,
    from: string,
    to: string,
    scale: number,
  ): Promise<number[]> {
    const rows = await db.execute<{ minutes: number }>(sql`
      select ${sql.raw(minutesBetween(from, to))} as minutes
        from queues
       where branch_id = ${type.branchId}
         and branch_queue_type_id = ${type.branchQueueTypeId}
         and created > ${since}::timestamptz
         and ${sql.raw(to)} <= ${at}::timestamptz
         and ${sql.raw(from)} is not null
         and ${sql.raw(to)} >= ${sql.raw(from)}
       order by ${sql.raw(to)} desc
       limit ${HISTORY_SAMPLES}`);
    return rows.rows.map((r) => Number(r.minutes) * scale).sort((a, b) => a - b);
  }

  return {
    /** The type's past times before `at`: services, and the lab's for the lab flow. */
    async historyAt(type: QueueTypeRef, at: Date, scale = 1): Promise<LineHistory> {
      const iso = at.toISOString();
      const since = new Date(at.getTime() - (HISTORY_DAYS * 86_400_000) / scale).toISOString();
      const serviceMinutes = await samples(type, iso, since, 'last_called_at', 'finished_at', scale);
      if (!type.lab)
        return { serviceMinutes, toLabMinutes: [], labMinutes: [], rejectShare: 0, recheckShare: 0 };
      const toLabMinutes = await samples(type, iso, since, 'created', 'lab_start', scale);
      const labMinutes = await samples(type, iso, since, 'lab_start', 'lab_finish', scale);
      // Of the trucks whose result was out, those the desk rejected and those sent to a recheck.
      const outcome = await db.execute<{ results: number; rejected: number; rechecked: number }>(sql`
        select count(*)::int as results,
               (count(*) filter (where q.rejected_at is not null and q.rejected_at <= ${iso}::timestamptz))::int as rejected,
               (count(*) filter (where exists (
                  select 1 from queue_transitions t
                   where t.queue_id = q.id and t.action = 'recheck' and t.created <= ${iso}::timestamptz
               )))::int as rechecked
          from queues q
         where q.branch_id = ${type.branchId}
           and q.branch_queue_type_id = ${type.branchQueueTypeId}
           and q.created > ${since}::timestamptz
           and q.lab_finish is not null
           and q.lab_finish <= ${iso}::timestamptz`);
      const row = outcome.rows[0];
      const results = Number(row?.results ?? 0);
      return {
        serviceMinutes,
        toLabMinutes,
        labMinutes,
        rejectShare: results > 0 ? Number(row!.rejected) / results : 0,
        recheckShare: results > 0 ? Number(row!.rechecked) / results : 0,
      };
    },

    /**
     * The type's line at `at`: its open stations (the minutes each has held its truck, null when
     * free) and its waiting trucks in the order they joined the line, each with where it stands
     * before it may be called (the lab flow: before the lab, in it, or its result out).
     */
    async lineAt(type: QueueTypeRef, at: Date, scale = 1): Promise<LineNow> {
      const iso = at.toISOString();
      const openSince = new Date(at.getTime() - (OPEN_DAYS * 86_400_000) / scale).toISOString();
      const stationSince = new Date(at.getTime() - (OPEN_STATION_MINUTES * 60_000) / scale).toISOString();
      // The moment is a parameter, never part of the text: each play would otherwise be a
      // statement of its own, prepared on the connection and kept (db/prepared-statements.ts).
      // A call as it stood at `at`: the latest one then (a recall after it does not count).
      const calledAt = sql`case when last_called_at <= ${iso}::timestamptz then last_called_at else called_at end`;
      // Out of the line and off its station by `at`: finished, rejected, voided or gone out.
      const done = sql.join(
        ['finished_at', 'rejected_at', 'voided_at', 'exit_at'].map(
          (column) => sql`coalesce(${sql.raw(column)} <= ${iso}::timestamptz, false)`,
        ),
        sql` or `,
      );
      const rows = await db.execute<{
        id: number;
        called: string | null;
        station_id: number | null;
        done: boolean;
        created: string;
        lab_start: string | null;
        lab_finish: string | null;
      }>(sql`
        select id,
               case when called_at <= ${iso}::timestamptz then ${calledAt} end as called,
               station_id,
               (${done}) as done,
               created,
               case when lab_start <= ${iso}::timestamptz then lab_start end as lab_start,
               case when lab_finish <= ${iso}::timestamptz then lab_finish end as lab_finish
          from queues
         where branch_id = ${type.branchId}
           and branch_queue_type_id = ${type.branchQueueTypeId}
           and created > ${openSince}::timestamptz
           and created <= ${iso}::timestamptz
           and (
             not (${done})
             or (called_at >= ${stationSince}::timestamptz and called_at <= ${iso}::timestamptz)
           )
         order by line_at, created, id`);
      const minutesAgo = (instant: string) => ((at.getTime() - new Date(instant).getTime()) / 60_000) * scale;
      const held = new Map<number, number | null>();
      const line: LineNow['line'][number][] = [];
      for (const row of rows.rows) {
        const open = !row.done;
        if (row.called !== null) {
          if (row.station_id === null) continue;
          const station = Number(row.station_id);
          // A truck at its station holds it; a station that called within the window is open.
          if (open) held.set(station, Math.max(0, minutesAgo(row.called)));
          else if (!held.has(station)) held.set(station, null);
          continue;
        }
        if (!open) continue;
        let stage: TruckStage = { kind: 'ready' };
        if (type.lab && row.lab_finish === null)
          stage =
            row.lab_start !== null
              ? { kind: 'in-lab', minutes: minutesAgo(row.lab_start) }
              : { kind: 'before-lab', minutes: minutesAgo(row.created) };
        line.push({ id: Number(row.id), stage });
      }
      return { stations: [...held.values()], line };
    },
  };
}

export type LineInputs = ReturnType<typeof createLineInputs>;

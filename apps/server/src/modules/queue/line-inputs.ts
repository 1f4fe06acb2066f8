import { sql } from 'drizzle-orm';
import type { LineHistory, LineNow, LineTruck, TruckStage } from '@truck-queue/shared/queue/line-forecast';
import type { CalibrationSample } from '@truck-queue/shared/queue/range-calibration';
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
/**
 * A desk's pause is at most this long: a truck ready with a station free for longer waited for
 * the desk to open (a shift's start, a break), which the line's stations open now do not
 * foretell either (the demo's general desk opens at 07:00 and its early trucks read as an hour's
 * pause each, which the play then added to every truck).
 */
export const PAUSE_MAX_MINUTES = 30;
/** Open trucks are looked for among the tickets of this many days before the moment. */
const OPEN_DAYS = 3;
/** The trucks to come arrive at the rate of this last while (minutes). */
export const ARRIVALS_WINDOW_MINUTES = 60;

/** A waiting truck with what its line's order rule reads of it (its class). */
export interface LineTruckRow extends LineTruck {
  productId: number | null;
  orderClass: string | null;
}

/** The tickets of the last while, by what the rule reads of them (ARRIVALS_WINDOW_MINUTES). */
export interface RecentTickets {
  productId: number | null;
  orderClass: string | null;
  count: number;
}

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

  /**
   * The desks' two pauses, from the type's calls: after its truck was ready (its line's turn:
   * its ticket or requeue, or its result out in the lab flow), of the calls whose station was
   * free already; and after the station's previous truck (of any type) finished, of the calls
   * whose truck was ready already and past its own pause. A longer pause than PAUSE_MAX_MINUTES
   * is a desk opening.
   */
  async function pauses(type: QueueTypeRef, at: string, since: string, scale: number) {
    const ready = type.lab ? sql`lab_finish` : sql`line_at`;
    const rows = await db.execute<{ after_ready: boolean; minutes: number; ready_before: number }>(sql`
      select ready >= free_from as after_ready,
             extract(epoch from (called - greatest(free_from, ready))) / 60 as minutes,
             extract(epoch from (free_from - ready)) / 60 as ready_before
        from (
          select branch_queue_type_id,
                 last_called_at as called,
                 ${ready} as ready,
                 lag(finished_at) over (partition by station_id order by last_called_at, id) as free_from
            from queues
           where branch_id = ${type.branchId}
             and station_id is not null
             and last_called_at > ${since}::timestamptz
             and last_called_at <= ${at}::timestamptz
        ) calls
       where branch_queue_type_id = ${type.branchQueueTypeId}
         and free_from is not null
         and ready is not null
         and free_from <= called
         and ready <= called
         and called - greatest(free_from, ready) <= ${`${PAUSE_MAX_MINUTES / scale} minutes`}::interval
       order by called desc
       limit ${2 * HISTORY_SAMPLES}`);
    const of = (afterReady: boolean, readyBefore = -Infinity) =>
      rows.rows
        .filter((r) => Boolean(r.after_ready) === afterReady && Number(r.ready_before) * scale >= readyBefore)
        .map((r) => Number(r.minutes) * scale)
        .sort((a, b) => a - b);
    const readyToCallMinutes = of(true);
    // A station's own pause, only where its truck's was surely over when the station freed (ready
    // longer than nine in ten of the trucks' pauses): a truck ready a moment before was called
    // after its own pause, which the play draws already.
    const truckPause = readyToCallMinutes[Math.floor(0.9 * (readyToCallMinutes.length - 1))] ?? 0;
    return { readyToCallMinutes, freeToCallMinutes: of(false, truckPause) };
  }

  /**
   * The lab's times of the type, from its trucks' histories (a recheck writes the ticket's
   * columns again): ticket → first sample, each sample → its result, and a result that sent the
   * truck to a recheck → the recheck's sample.
   */
  async function labTimes(type: QueueTypeRef, at: string, since: string, scale: number) {
    const rows = await db.execute<{ kind: string; minutes: number }>(sql`
      select kind, minutes from (
        select case
                 when action = 'accept' and previous is null then 'to-lab'
                 when action = 'accept' and previous = 'recheck' then 'recheck'
                 when action = 'complete' and previous = 'accept' then 'lab'
               end as kind,
               extract(epoch from (created - case
                 when previous is null then ticket_at
                 when previous = 'recheck' then result_at
                 else previous_at
               end)) / 60 as minutes,
               row_number() over (partition by action, previous order by created desc) as latest
          from (
            select t.action,
                   t.created,
                   q.created as ticket_at,
                   lag(t.action) over (partition by t.queue_id order by t.created, t.id) as previous,
                   lag(t.created) over (partition by t.queue_id order by t.created, t.id) as previous_at,
                   -- A recheck's way to the lab runs from the result that sent it there.
                   lag(t.created, 2) over (partition by t.queue_id order by t.created, t.id) as result_at
              from queue_transitions t
              join queues q on q.id = t.queue_id
             where q.branch_id = ${type.branchId}
               and q.branch_queue_type_id = ${type.branchQueueTypeId}
               and q.created > ${since}::timestamptz
               and t.action in ('accept', 'complete', 'recheck')
               and t.created <= ${at}::timestamptz
          ) steps
      ) timed
       where kind is not null and latest <= ${HISTORY_SAMPLES}`);
    const of = (kind: string) =>
      rows.rows
        .filter((r) => r.kind === kind)
        .map((r) => Number(r.minutes) * scale)
        .sort((a, b) => a - b);
    return { toLabMinutes: of('to-lab'), labMinutes: of('lab'), recheckMinutes: of('recheck') };
  }

  return {
    /** The type's past times before `at`: services, the desks' pauses, and the lab's for the lab flow. */
    async historyAt(type: QueueTypeRef, at: Date, scale = 1): Promise<LineHistory> {
      const iso = at.toISOString();
      const since = new Date(at.getTime() - (HISTORY_DAYS * 86_400_000) / scale).toISOString();
      const serviceMinutes = await samples(type, iso, since, 'last_called_at', 'finished_at', scale);
      const desks = await pauses(type, iso, since, scale);
      if (!type.lab)
        return {
          serviceMinutes,
          ...desks,
          toLabMinutes: [],
          labMinutes: [],
          recheckMinutes: [],
          rejectShare: 0,
          recheckShare: 0,
        };
      const lab = await labTimes(type, iso, since, scale);
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
        ...desks,
        ...lab,
        rejectShare: results > 0 ? Number(row!.rejected) / results : 0,
        recheckShare: results > 0 ? Number(row!.rechecked) / results : 0,
      };
    },

    /**
     * The type's line at `at`: its open stations (the minutes each has held its truck, null when
     * free) and its waiting trucks in the order they joined the line, each with where it stands
     * before it may be called (the lab flow: before the lab, in it, or its result out).
     */
    async lineAt(
      type: QueueTypeRef,
      at: Date,
      scale = 1,
    ): Promise<Omit<LineNow, 'line'> & { line: LineTruckRow[] }> {
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
      // The lab flow: each truck's latest send to a recheck by `at` (one pass over the type's
      // rechecks, not a look-up per truck); the other flows have none to read.
      const rechecks = type.lab
        ? sql`select t.queue_id, max(t.created) as recheck_at
                from queue_transitions t
                join queues q on q.id = t.queue_id
               where q.branch_id = ${type.branchId}
                 and q.branch_queue_type_id = ${type.branchQueueTypeId}
                 and q.created > ${openSince}::timestamptz
                 and t.action = 'recheck'
                 and t.created <= ${iso}::timestamptz
               group by t.queue_id`
        : sql`select null::integer as queue_id, null::timestamptz as recheck_at where false`;
      const rows = await db.execute<{
        id: number;
        called: string | null;
        station_id: number | null;
        done: boolean;
        created: string;
        lab_start: string | null;
        lab_finish: string | null;
        line_at: string;
        recheck_at: string | null;
        product_id: number | null;
        order_class: string | null;
      }>(sql`
        select id,
               product_id,
               order_class,
               case when called_at <= ${iso}::timestamptz then ${calledAt} end as called,
               station_id,
               (${done}) as done,
               created,
               case when lab_start <= ${iso}::timestamptz then lab_start end as lab_start,
               case when lab_finish <= ${iso}::timestamptz then lab_finish end as lab_finish,
               case when line_at <= ${iso}::timestamptz then line_at else created end as line_at,
               rechecks.recheck_at
          from queues
          left join (${rechecks}) rechecks on rechecks.queue_id = queues.id
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
      /** Where a waiting truck stands: in line since its turn, or (the lab flow) still on the lab's way. */
      const stageOf = (row: (typeof rows.rows)[number]): TruckStage => {
        if (!type.lab) return { kind: 'ready', minutes: minutesAgo(row.line_at) };
        if (row.lab_finish === null)
          return row.lab_start !== null
            ? { kind: 'in-lab', minutes: minutesAgo(row.lab_start) }
            : { kind: 'before-lab', minutes: minutesAgo(row.created) };
        // Its result sent it to a recheck, whose sample the lab has not taken yet.
        if (row.recheck_at !== null && new Date(row.recheck_at) >= new Date(row.lab_finish))
          return { kind: 'to-recheck', minutes: minutesAgo(row.lab_finish) };
        return { kind: 'ready', minutes: minutesAgo(row.lab_finish) };
      };
      const held = new Map<number, number | null>();
      const line: LineTruckRow[] = [];
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
        line.push({
          id: Number(row.id),
          stage: stageOf(row),
          productId: row.product_id === null ? null : Number(row.product_id),
          orderClass: row.order_class,
        });
      }
      return { stations: [...held.values()], line };
    },

    /**
     * How the type's plays fared (shared/queue/range-calibration.ts): the plays' ranges read at
     * its tickets' issue (eta_readings) within HISTORY_DAYS before `at`, whose trucks were
     * called by `at`, with the minutes each then waited; the latest HISTORY_SAMPLES calls.
     */
    async playedAt(type: QueueTypeRef, at: Date, scale = 1): Promise<CalibrationSample[]> {
      const iso = at.toISOString();
      const since = new Date(at.getTime() - (HISTORY_DAYS * 86_400_000) / scale).toISOString();
      const rows = await db.execute<{ low: number; mid: number; high: number; waited: number }>(sql`
        select r.play_low_minutes as low,
               r.play_mid_minutes as mid,
               r.play_high_minutes as high,
               extract(epoch from (q.called_at - r.read_at)) / 60 as waited
          from eta_readings r
          join queues q on q.id = r.queue_id
         where r.branch_id = ${type.branchId}
           and r.branch_queue_type_id = ${type.branchQueueTypeId}
           and r.read_at > ${since}::timestamptz
           and r.play_mid_minutes is not null
           and q.called_at <= ${iso}::timestamptz
           and q.called_at >= r.read_at
         order by q.called_at desc
         limit ${HISTORY_SAMPLES}`);
      return rows.rows.map((r) => ({
        low: Number(r.low),
        mid: Number(r.mid),
        high: Number(r.high),
        waited: Number(r.waited) * scale,
      }));
    },

    /** The type's tickets of the last ARRIVALS_WINDOW_MINUTES before `at`, by product and class. */
    async recentTickets(type: QueueTypeRef, at: Date, scale = 1): Promise<RecentTickets[]> {
      const since = new Date(at.getTime() - (ARRIVALS_WINDOW_MINUTES * 60_000) / scale).toISOString();
      const rows = await db.execute<{
        product_id: number | null;
        order_class: string | null;
        count: number;
      }>(sql`
        select product_id, order_class, count(*)::int as count
          from queues
         where branch_id = ${type.branchId}
           and branch_queue_type_id = ${type.branchQueueTypeId}
           and created > ${since}::timestamptz
           and created <= ${at.toISOString()}::timestamptz
         group by product_id, order_class`);
      return rows.rows.map((r) => ({
        productId: r.product_id === null ? null : Number(r.product_id),
        orderClass: r.order_class,
        count: Number(r.count),
      }));
    },
  };
}

export type LineInputs = ReturnType<typeof createLineInputs>;

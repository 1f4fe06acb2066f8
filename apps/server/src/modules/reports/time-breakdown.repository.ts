import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CALLED_STATE,
  STATION_STATES,
  stationTypeOfState,
  VOIDED_STATE,
  type QueueAction,
} from '@truck-queue/shared/queue/queue-machine';
import { stateStageTable, type TimeStage } from '@truck-queue/shared/queue/time-stages';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, flowStates, queueTypes, stations, stationStates } from '../../db/schema.ts';

/** What one report reads: the branch, its plant days, an optional line, and the instants around them. */
export interface TimeBreakdownScope {
  branchId: number;
  start: string;
  finish: string;
  /** A line of the branch; 0: every line. */
  branchQueueTypeId: number;
  /** Now: the open stage of a truck still inside ends here. */
  now: Date;
  /** A truck with no exit, issued before this plant day, is no longer inside: its open stage is dropped. */
  insideSince: string;
  /** The period's instants [from, to): idle time is counted within them. */
  from: Date;
  to: Date;
  timeZone: string;
}

export interface StageCellRow {
  day: string;
  hour: number;
  stage: TimeStage;
  seconds: number;
  trucks: number;
}

export interface TimeBreakdownRows {
  cells: StageCellRow[];
  /** Trucks per plant day and hour of issue (with any stage). */
  arrivals: { day: string; hour: number; trucks: number }[];
  stations: { station_id: number; trucks: number; seconds: number }[];
  officers: {
    officer_id: number | null;
    name: string | null;
    lastname: string | null;
    trucks: number;
    seconds: number;
  }[];
  idle: { station_id: number; hour: number; seconds: number }[];
}

const CALL = 'call' satisfies QueueAction;
const RECHECK = 'recheck' satisfies QueueAction;
const FINISH = 'finish' satisfies QueueAction;
/** Audit actions that cut a stage without changing the state (queue-records.ts writes the marked ones). */
const MOMENTS = [
  'call',
  'weigh_in',
  'weigh_out',
  'weigh_out_early',
  'weigh_out_stored_tare',
  'exit',
  'exit_unfinished',
];

/**
 * The time report's reads (issue 41). One statement cuts every truck of the period into its
 * stages (each audit row to the next, named by shared/queue/time-stages.ts's table) and sums
 * them per plant day × hour of issue × stage, per station and per officer; a station's idle time
 * is the time trucks waited for its type (PostgreSQL multiranges: the union of the waits less the
 * union of the station's own busy time) cut into clock hours. Both engines run it as is.
 */
export function createTimeBreakdownRepository(db: Db) {
  return {
    async figures(scope: TimeBreakdownScope): Promise<TimeBreakdownRows> {
      const table = stateStageTable();
      const stageOf = sql.join(
        table.map(
          (r) =>
            sql`(${r.flowEngineId}::int, ${r.state}::text, ${r.stage}::text, ${r.awaitsCall}::boolean, ${r.awaitsRecheck}::boolean)`,
        ),
        sql`, `,
      );
      const stationType = sql.join(
        STATION_STATES.map((s) => sql`(${s}::text, ${stationTypeOfState(s)}::int)`),
        sql`, `,
      );
      const moments = sql.join(
        MOMENTS.map((m) => sql`${m}`),
        sql`, `,
      );
      const tz = scope.timeZone;
      const now = sql`${scope.now.toISOString()}::timestamptz`;
      const from = sql`${scope.from.toISOString()}::timestamptz`;
      const to = sql`${scope.to.toISOString()}::timestamptz`;
      const rows = await db.execute<{ result: TimeBreakdownRows }>(sql`
        with stage_of(engine, state, kind, awaits_call, awaits_recheck) as (values ${stageOf}),
        station_type(state, type) as (values ${stationType}),
        tr as (
          select q.id as queue_id, q.queue_date, q.queue_date::text as day,
                 q.queue_date >= ${scope.start}::date as counted,
                 extract(hour from q.created at time zone ${tz})::int as hour,
                 qt.flow_engine_id as engine, q.weigh_in_at, q.weigh_out_at, q.exit_at,
                 q.station_id as last_station,
                 t.action, t.to_state, t.station_id, t.officer_id, t.created as at,
                 lead(t.created) over w as next_at,
                 lead(t.action) over w as next_action,
                 lag(t.action) over w as prev_action,
                 lag(t.station_id) over w as prev_station,
                 lag(t.officer_id) over w as prev_officer
          from queues q
          join branch_queue_types bqt on bqt.id = q.branch_queue_type_id
          join queue_types qt on qt.id = bqt.queue_type_id
          join queue_transitions t on t.queue_id = q.id
          where q.branch_id = ${scope.branchId}::int
            -- The period's trucks, and those of the day before still inside as it began: their
            -- waits and stays at the stations count in its idle time, not in its figures.
            and (q.queue_date between ${scope.start}::date and ${scope.finish}::date
                 or (q.queue_date = ${scope.start}::date - 1 and (q.exit_at is null or q.exit_at > ${from})))
            and q.state <> ${VOIDED_STATE}
            and (${scope.branchQueueTypeId}::int = 0 or q.branch_queue_type_id = ${scope.branchQueueTypeId}::int)
            -- The steps that start or end a stage: a change of state, and the moments that cut one
            -- (a recall, a weighing, the exit); prints, reclassing, disputes cut nothing.
            and (t.from_state is distinct from t.to_state or t.action in (${moments}))
          window w as (partition by t.queue_id order by t.created, t.id)
        ),
        seg as (
          select tr.*, s.kind, s.awaits_call, s.awaits_recheck,
                 case
                   when tr.next_at is not null and tr.exit_at is not null then least(tr.next_at, tr.exit_at)
                   when tr.next_at is not null then tr.next_at
                   when tr.exit_at is null and tr.queue_date >= ${scope.insideSince}::date then ${now}
                 end as end_at,
                 -- The call (or recheck) that sent it: this step, the one before, else the latest call.
                 case
                   when tr.action in (${CALL}, ${RECHECK}) then tr.station_id
                   when tr.prev_action in (${CALL}, ${RECHECK}) then tr.prev_station
                   else tr.last_station
                 end as ep_station,
                 case
                   when tr.action = ${CALL} then tr.officer_id
                   when tr.prev_action = ${CALL} then tr.prev_officer
                 end as ep_officer
          from tr
          join stage_of s on s.engine = tr.engine and s.state = tr.to_state
          where tr.exit_at is null or tr.at < tr.exit_at
        ),
        staged as materialized (
          select queue_id, day, hour, engine, counted, at, end_at, awaits_call, awaits_recheck,
                 case kind
                   when 'called' then
                     case when action = ${CALL} and next_action is distinct from ${FINISH}
                          then 'walk' else 'at_station' end
                   when 'closed' then
                     case when weigh_out_at > at
                            or (weigh_out_at is null and exit_at is null and weigh_in_at is not null)
                          then 'wait_weigh_out' else 'to_gate' end
                   else kind
                 end as stage,
                 case when kind in ('called', 'recheck') then ep_station end as station_id,
                 case when kind = 'called' then ep_officer end as officer_id,
                 extract(epoch from end_at - at)::float8 as seconds
          from seg
          where end_at > at
        ),
        -- One row per truck and stage: the sums below count trucks without a distinct.
        truck_stages as materialized (
          select queue_id, day, hour, stage, sum(seconds) as seconds
          from staged where counted group by queue_id, day, hour, stage
        ),
        kinds as (
          select distinct ss.station_id, fs.flow_engine_id as engine, st.type
          from station_states ss
          join flow_states fs on fs.id = ss.flow_state_id
          join station_type st on st.state = fs.state
          join stations s on s.id = ss.station_id
          where s.branch_id = ${scope.branchId}::int
        ),
        waits as (
          select k.station_id, range_agg(tstzrange(g.at, g.end_at)) as r
          from kinds k
          join staged g on g.engine = k.engine and g.awaits_call
          where k.type = ${stationTypeOfState(CALLED_STATE)}::int
          group by k.station_id
        ),
        busy as (
          select station_id, range_agg(tstzrange(at, end_at)) as r
          from staged where station_id is not null group by station_id
        ),
        idle as (
          select w.station_id, x
          from waits w
          left join busy b on b.station_id = w.station_id
          cross join lateral unnest(
            (w.r - coalesce(b.r, '{}'::tstzmultirange)) * tstzmultirange(tstzrange(${from}, ${to}))
          ) as x
        ),
        idle_hours as (
          select i.station_id, extract(hour from lh)::int as hour,
                 sum(extract(epoch from
                   least(upper(i.x), (lh + interval '1 hour') at time zone ${tz})
                   - greatest(lower(i.x), lh at time zone ${tz})))::float8 as seconds
          from idle i
          cross join lateral generate_series(
            date_trunc('hour', lower(i.x) at time zone ${tz}),
            upper(i.x) at time zone ${tz} - interval '1 microsecond',
            interval '1 hour'
          ) as lh
          group by 1, 2
        )
        select json_build_object(
          'cells', (select coalesce(json_agg(c), '[]') from (
            select day, hour, stage, sum(seconds) as seconds, count(*) as trucks
            from truck_stages group by day, hour, stage) c),
          'arrivals', (select coalesce(json_agg(a), '[]') from (
            select day, hour, count(*) as trucks
            from (select queue_id, day, hour from truck_stages group by queue_id, day, hour) x
            group by day, hour) a),
          'stations', (select coalesce(json_agg(s), '[]') from (
            select station_id, count(distinct queue_id) as trucks, sum(seconds) as seconds
            from staged where counted and station_id is not null group by station_id) s),
          'officers', (select coalesce(json_agg(o), '[]') from (
            select g.officer_id, o.name, o.lastname,
                   count(distinct g.queue_id) as trucks, sum(g.seconds) as seconds
            from staged g left join officers o on o.id = g.officer_id
            where g.counted and g.stage in ('walk', 'at_station')
            group by g.officer_id, o.name, o.lastname) o),
          'idle', (select coalesce(json_agg(i), '[]') from idle_hours i)
        ) as result
      `);
      return rows.rows[0]!.result;
    },

    /** The branch's active lines, and `alsoId` whatever it is now. */
    lines(branchId: number, alsoId: number) {
      return db
        .select({ id: branchQueueTypes.id, prefix: branchQueueTypes.prefix, name: queueTypes.name })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(
          and(
            eq(branchQueueTypes.branchId, branchId),
            or(eq(branchQueueTypes.active, true), eq(branchQueueTypes.id, alsoId)),
          ),
        )
        .orderBy(asc(branchQueueTypes.prefix), asc(branchQueueTypes.id));
    },

    /** A line of the branch as an export names it ("B ลานเทมันสด"); null when it is not the branch's. */
    async lineName(branchId: number, branchQueueTypeId: number): Promise<string | null> {
      const [row] = await db
        .select({ prefix: branchQueueTypes.prefix, name: queueTypes.name })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(branchQueueTypes.branchId, branchId), eq(branchQueueTypes.id, branchQueueTypeId)));
      return row ? `${row.prefix} ${row.name}` : null;
    },

    /**
     * The branch's stations that calls or rechecks send trucks to (active ones, and `withIds`
     * whatever they are now: a retired station held trucks in the period), with the station
     * types they are.
     */
    async stations(branchId: number, withIds: number[]) {
      const rows = await db
        .select({ id: stations.id, name: stations.name, state: flowStates.state })
        .from(stations)
        .leftJoin(stationStates, eq(stationStates.stationId, stations.id))
        .leftJoin(
          flowStates,
          and(eq(flowStates.id, stationStates.flowStateId), inArray(flowStates.state, STATION_STATES)),
        )
        .where(
          and(
            eq(stations.branchId, branchId),
            withIds.length > 0
              ? or(eq(stations.active, true), inArray(stations.id, withIds))
              : eq(stations.active, true),
          ),
        )
        .orderBy(asc(stations.name), asc(stations.id));
      const byId = new Map<number, { id: number; name: string; types: Set<number> }>();
      for (const r of rows) {
        const entry = byId.get(r.id) ?? { id: r.id, name: r.name, types: new Set<number>() };
        const type = r.state === null ? null : stationTypeOfState(r.state);
        if (type !== null) entry.types.add(type);
        byId.set(r.id, entry);
      }
      return [...byId.values()]
        .filter((s) => s.types.size > 0 || withIds.includes(s.id))
        .map((s) => ({ id: s.id, name: s.name, types: [...s.types].sort() }));
    },
  };
}

export type TimeBreakdownRepository = ReturnType<typeof createTimeBreakdownRepository>;

// The manager's reports at the harvest's size (issue 41): a month of 2,000 trucks a day, each with
// its whole audit trail, copied from the demo's busiest day; then where the time goes and the
// scorecards over it, and how long a one-row statement waits while the month's report runs.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/database.ts';
import { addDays } from '../apps/server/src/lib/site-time.ts';
import { apiCaller, ms, percentile, timed } from './support.ts';

/** BENCH_HARVEST_TRUCKS shrinks the month for a quick trial run; the figures in docs use 2,000. */
export const HARVEST_TRUCKS_A_DAY = Math.max(100, Number(process.env.BENCH_HARVEST_TRUCKS) || 2000);
export const HARVEST_DAYS = 30;

/** The columns of `table` of type timestamptz (each moves with the copied day). */
async function stampColumns(database: Database, table: string): Promise<string[]> {
  const result = await database.db.execute<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_name = ${table} and data_type = 'timestamp with time zone'`);
  return result.rows.map((r) => r.name);
}

/**
 * Fills each of the 30 plant days up to `lastDay` (today, whose copies are all in) to about
 * HARVEST_TRUCKS_A_DAY trucks: copies of the demo's busiest past day's tickets, moved to the day
 * with every stamp and audit row. Returns the trucks and audit rows added.
 */
export async function loadHarvestMonth(database: Database, lastDay: string) {
  const { db } = database;
  const [source] = (
    await db.execute<{ branch: number; day: string; trucks: number }>(sql`
      select branch_id as branch, queue_date::text as day, count(*)::int as trucks from queues
      where queue_date < ${lastDay}::date and state <> 'V'
      group by 1, 2 order by 3 desc, 2 desc limit 1`)
  ).rows;
  if (!source) throw new Error('the demo has no past day to copy');
  const copies = Math.ceil(HARVEST_TRUCKS_A_DAY / source.trucks);
  const firstDay = addDays(lastDay, 1 - HARVEST_DAYS);
  await db.execute(sql`
    create temp table bench_map as
    select s.id as old_id, nextval(pg_get_serial_sequence('queues', 'id')) as new_id,
           (${firstDay}::date + d.i) - ${source.day}::date as shift_days, c.copy
    from (select id, row_number() over (order by id) as k from queues
          where branch_id = ${source.branch} and queue_date = ${source.day}::date and state <> 'V') s
    cross join generate_series(0, ${HARVEST_DAYS - 1}) as d(i)
    cross join generate_series(1, ${copies}) as c(copy)
    where (c.copy - 1) * ${source.trucks} + s.k <= ${HARVEST_TRUCKS_A_DAY}`);
  const moved = (columns: string[]) =>
    sql.raw(columns.map((c) => `${c} = ${c} + shift_days * interval '1 day'`).join(', '));
  await db.execute(sql`
    create temp table bench_queues as
    select q.*, m.new_id as bench_new_id, m.shift_days, m.copy as bench_copy
    from queues q join bench_map m on m.old_id = q.id`);
  await db.execute(sql`
    update bench_queues set id = bench_new_id, queue_date = queue_date + shift_days,
      seq = seq + bench_copy * 10000, uuid = gen_random_uuid(), idempotency_key = null,
      booking_id = null, ${moved(await stampColumns(database, 'queues'))}`);
  await db.execute(
    sql`alter table bench_queues drop column bench_new_id, drop column shift_days, drop column bench_copy`,
  );
  await db.execute(sql`insert into queues select * from bench_queues`);
  await db.execute(sql`
    create temp table bench_transitions as
    select t.*, m.new_id as bench_queue_id, m.shift_days
    from queue_transitions t join bench_map m on m.old_id = t.queue_id`);
  await db.execute(sql`
    update bench_transitions set id = nextval(pg_get_serial_sequence('queue_transitions', 'id')),
      queue_id = bench_queue_id, passed_queue_id = null,
      ${moved(await stampColumns(database, 'queue_transitions'))}`);
  await db.execute(sql`alter table bench_transitions drop column bench_queue_id, drop column shift_days`);
  await db.execute(sql`insert into queue_transitions select * from bench_transitions`);
  const [counts] = (
    await db.execute<{ trucks: number; rows: number }>(sql`
      select (select count(*) from bench_queues)::int as trucks,
             (select count(*) from bench_transitions)::int as rows`)
  ).rows;
  await db.execute(sql`drop table bench_map, bench_queues, bench_transitions`);
  await db.execute(sql`analyze`);
  return { branchId: source.branch, firstDay, ...counts! };
}

/**
 * The month's time breakdown and scorecards (a few calls each, p50 and the longest), and the
 * longest wait of a one-row statement sent every 20 ms while the month's breakdown runs: on the
 * embedded engine, what a plant's calls wait behind a manager opening the report at the peak.
 */
export async function benchControlRoom(
  app: FastifyInstance,
  database: Database,
  session: string,
  apiKey: string,
  lastDay: string,
): Promise<string[]> {
  const rows: string[] = [];
  const post = apiCaller(app, apiKey, session);
  const call = async (path: string, body: unknown) => {
    const response = await post(path, body);
    if (response.json<{ status: number }>().status !== 1)
      throw new Error(`${path}: ${response.body.slice(0, 300)}`);
    return response;
  };
  const figures = async (times: number, run: () => Promise<unknown>) => {
    const samples = await timed(times, run);
    return `p50 ${ms(percentile(samples, 50))}, longest ${ms(Math.max(...samples))}`;
  };
  const month = { find_start: addDays(lastDay, 1 - HARVEST_DAYS), find_finish: lastDay };
  const day = { find_start: lastDay, find_finish: lastDay };
  const trucks = (await call('report/timeBreakdown', month)).json<{ trucks: number }>().trucks;
  rows.push(`where the time goes, one day | ${await figures(5, () => call('report/timeBreakdown', day))}`);
  rows.push(
    `where the time goes, ${HARVEST_DAYS} days (${trucks.toLocaleString('en')} trucks) | ${await figures(3, () => call('report/timeBreakdown', month))}`,
  );
  rows.push(
    `where the time goes, ${HARVEST_DAYS} days, Excel | ${await figures(2, () => call('report/timeBreakdownExport', month))}`,
  );
  rows.push(`scorecards, ${HARVEST_DAYS} days | ${await figures(3, () => call('report/scorecards', month))}`);
  rows.push(
    `scorecards, 92 days | ${await figures(2, () => call('report/scorecards', { find_start: addDays(lastDay, -91), find_finish: lastDay }))}`,
  );

  // A one-row statement every 20 ms while the month's breakdown runs, and how long each waited.
  let running = true;
  const waits: number[] = [];
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await database.db.execute(sql`select 1`);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const report = await figures(1, () => call('report/timeBreakdown', month));
  running = false;
  await probe;
  rows.push(
    `a one-row statement while the ${HARVEST_DAYS}-day breakdown runs (${report}) | p50 ${ms(percentile(waits, 50))}, longest ${ms(Math.max(...waits))} (${waits.length} statements)`,
  );
  return rows;
}

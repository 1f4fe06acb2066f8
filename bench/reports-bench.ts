// The reports on a year of history: 1,000,000 queues over 365 days in 3 branches, loaded in bulk
// with the roll-up trigger off and the roll-up rebuilt, then each report beside its raw SQL.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/database.ts';
import { addDays } from '../apps/server/src/lib/site-time.ts';
import { apiCaller, ms, percentile, timed } from './support.ts';

/** BENCH_HISTORY_QUEUES shrinks the load for a quick trial run; the figures in docs use 1,000,000. */
export const HISTORY_QUEUES = Math.max(3000, Number(process.env.BENCH_HISTORY_QUEUES) || 1_000_000);
export const HISTORY_DAYS = 365;

/**
 * Three branches with the demo's queue types and products, then a year of queues spread evenly
 * over them, with every stamp of their flow, in one INSERT … SELECT with the roll-up trigger
 * off; the roll-up is rebuilt afterwards.
 */
export async function loadHistory(database: Database, lastDay: string): Promise<void> {
  const { db } = database;
  // Three branches, each with the queue types and products of the first (the demo's second
  // branch has none of its own).
  await db.execute(
    sql`insert into branches (name) select 'สาขาขอนแก่น' where (select count(*) from branches) < 3`,
  );
  await db.execute(sql`
    insert into branch_queue_types (branch_id, queue_type_id, prefix)
    select b.id, bqt.queue_type_id, bqt.prefix
    from branches b cross join branch_queue_types bqt
    where bqt.branch_id = (select min(id) from branches) and bqt.active
      and not exists (select 1 from branch_queue_types x where x.branch_id = b.id)`);
  await db.execute(sql`
    insert into products (branch_id, name)
    select b.id, p.name
    from branches b cross join products p
    where p.branch_id = (select min(id) from branches)
      and not exists (select 1 from products x where x.branch_id = b.id)`);
  const firstDay = addDays(lastDay, 1 - HISTORY_DAYS);
  await db.execute(sql`alter table queues disable trigger queues_daily_stats`);
  try {
    await db.execute(sql`
      with types as (
        select bqt.id, bqt.branch_id, bqt.prefix, qt.flow_engine_id as engine,
               row_number() over (partition by bqt.branch_id order by bqt.id) - 1 as k,
               count(*) over (partition by bqt.branch_id) as types_in_branch,
               dense_rank() over (order by bqt.branch_id) - 1 as branch_index
        from branch_queue_types bqt join queue_types qt on qt.id = bqt.queue_type_id
        where bqt.active and bqt.branch_id in (select id from branches order by id limit 3)
      ),
      product_of as (select branch_id, min(id) as product_id from products group by branch_id),
      raw as (
        select n,
               n % 3 as branch_index,
               ((n / 3) % ${HISTORY_DAYS})::int as day_index,
               -- 06:00 to 22:00, spread over the day
               interval '6 hours' + ((n * 7919) % 57600) * interval '1 second' as at_time,
               (n * 31) % 3300 + 300 as wait_s
        from generate_series(1::bigint, ${HISTORY_QUEUES}) as n
      ),
      history as (
        select r.n, t.branch_id, t.id as type_id, t.prefix, t.engine, p.product_id,
               (${firstDay}::date + r.day_index) as day,
               ((${firstDay}::date + r.day_index) + r.at_time) at time zone 'Asia/Bangkok' as created,
               r.wait_s
        from raw r
        join types t on t.branch_index = r.branch_index and t.k = (r.n / 7) % t.types_in_branch
        join product_of p on p.branch_id = t.branch_id
      )
      insert into queues (branch_id, branch_queue_type_id, product_id, queue_date, seq, queue_number,
                          truck_license, state, created, lab_start, lab_finish, called_at, last_called_at,
                          finished_at, exit_at, updated)
      select branch_id, type_id, product_id, day, n, prefix || lpad((n % 1000)::text, 3, '0'),
             'H' || n, 'F', created,
             case when engine = 3 then created + wait_s * interval '1 second' end,
             case when engine = 3 then created + wait_s * interval '2 second' end,
             created + wait_s * interval '3 second',
             created + wait_s * interval '3 second',
             created + wait_s * interval '4 second',
             created + wait_s * interval '5 second',
             created + wait_s * interval '5 second'
      from history`);
  } finally {
    await db.execute(sql`alter table queues enable trigger queues_daily_stats`);
  }
  await db.execute(sql`select queue_daily_stats_rebuild()`);
  await db.execute(sql`analyze`);
}

const p50 = (samples: number[]) => ms(percentile(samples, 50));

export async function benchReports(
  app: FastifyInstance,
  database: Database,
  session: string,
  apiKey: string,
  lastDay: string,
): Promise<string[]> {
  const rows: string[] = [];
  const call = apiCaller(app, apiKey, session);
  const [{ branch } = { branch: 0 }] = (
    await database.db.execute<{ branch: number }>(sql`select min(id)::int as branch from branches`)
  ).rows;

  // In/out for one day, beside the same SQL the service runs, run raw; the two alternate, so
  // other work on the machine weighs on both alike.
  const day = { find_start: lastDay, find_finish: lastDay, find_license: '', find_product: 0 };
  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < 40; i++) {
    api.push(...(await timed(1, async () => void (await call('report/inOutTransaction', day)))));
    raw.push(
      ...(await timed(1, async () => {
        await database.db.execute(sql`
          select q.queue_number, q.truck_license, qt.name, coalesce(p.name, ''),
                 q.created at time zone 'UTC', q.lab_start at time zone 'UTC',
                 q.lab_finish at time zone 'UTC', q.exit_at at time zone 'UTC',
                 floor(extract(epoch from q.lab_finish - q.lab_start))::int,
                 floor(extract(epoch from q.exit_at - q.created))::int,
                 (count(*) over ())::int
          from queues q
          join branch_queue_types bqt on bqt.id = q.branch_queue_type_id
          join queue_types qt on qt.id = bqt.queue_type_id
          left join products p on p.id = q.product_id
          where q.branch_id = ${branch} and q.queue_date between ${lastDay} and ${lastDay}
          order by q.created, q.id limit 5000`);
      })),
    );
  }
  const shown = (await call('report/inOutTransaction', day)).json<{ rows: unknown[] }>().rows.length;
  rows.push(
    `in/out report, one day (${shown} rows) | p50 ${p50(api)} (raw SQL ${p50(raw)}, ×${(percentile(api, 50) / percentile(raw, 50)).toFixed(2)})`,
  );

  for (const days of [30, 365]) {
    const period = { find_start: addDays(lastDay, 1 - days), find_finish: lastDay };
    const samples = await timed(
      30,
      async () => void (await call('report/periodDashboardByQueueType', period)),
    );
    const rawSamples = await timed(10, async () => {
      await database.db.execute(sql`
        select branch_queue_type_id, count(*), count(exit_at), avg(extract(epoch from exit_at - created))
        from queues where branch_id = ${branch} and queue_date between ${period.find_start} and ${period.find_finish}
        group by 1`);
    });
    rows.push(
      `dashboard, ${days} days | p50 ${p50(samples)}, p99 ${ms(percentile(samples, 99))} (the same figures from raw queues: ${p50(rawSamples)})`,
    );
  }

  // The event loop while the heaviest reads run: a year of in/out (a count over a third of a
  // million rows) and a year of dashboard, ten times each.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const year = {
    find_start: addDays(lastDay, 1 - HISTORY_DAYS),
    find_finish: lastDay,
    find_license: '',
    find_product: 0,
  };
  const heavy = await timed(10, async () => {
    await Promise.all([
      call('report/inOutTransaction', year),
      call('report/periodDashboardByQueueType', {
        find_start: year.find_start,
        find_finish: year.find_finish,
      }),
    ]);
  });
  loop.disable();
  rows.push(
    `event-loop delay while 365-day in/out + dashboard run (p50 ${p50(heavy)} per pair) | p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`,
  );

  // An export of about 10,000 rows: eleven days of one branch.
  const exportPeriod = {
    find_start: addDays(lastDay, -10),
    find_finish: lastDay,
    find_license: '',
    find_product: 0,
  };
  let exported = 0;
  const exports = await timed(5, async () => {
    exported = (await call('report/inOutTransactionExport', exportPeriod)).json<{ rows: number }>().rows;
  });
  rows.push(`in/out export to .xlsx, ${exported} rows | p50 ${ms(percentile(exports, 50))}`);
  return rows;
}

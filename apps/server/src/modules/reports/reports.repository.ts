import type { Calendar } from '@truck-queue/shared/calendar';
import { plateSearchKey } from '@truck-queue/shared/licence';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SummarySortField } from '@truck-queue/shared/contracts/report.contract';
import { VOIDED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { scaleName } from '../queue/queue.repository.ts';
import {
  branches,
  branchQueueTypes,
  products,
  queueDailyStats as s,
  queueLabValues,
  queueReasons,
  queues,
  queueTypes,
  reportExports,
  suppliers,
} from '../../db/schema.ts';

/**
 * The reports' queries: read-only views over the tickets (`queues`, with their types and
 * products) and the daily roll-up, and the made exports waiting for their download. They read
 * the queue and catalog tables directly: each report is one statement defined only here.
 */

/** The tickets a report shows: a branch's, issued in a period of site days, both ends included. */
export interface ReportPeriod {
  start: string;
  finish: string;
  /** A fragment of the truck licence, matched anywhere; empty for every truck. */
  license: string;
  /** A supplier's id (issue 39); 0 or absent for every truck. */
  supplierId?: number;
}

export interface InOutFilter extends ReportPeriod {
  /** 0 for every product. */
  productId: number;
}

export interface SummaryQuery extends ReportPeriod {
  page: number;
  pageSize: number;
  sortField: SummarySortField;
  sortOrder: 'ascend' | 'descend';
}

/** A licence fragment as a LIKE pattern that matches it literally anywhere. */
function containing(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Tickets whose licence holds what was typed: as typed, or however the plate was typed
 * (its plate key holds the fragment's: "๗๐" finds "70-1234", "70 12" finds "70-1234").
 */
function licenceHolds(fragment: string): SQL | undefined {
  if (!fragment) return undefined;
  const key = plateSearchKey(fragment);
  const typed = ilike(queues.truckLicense, containing(fragment));
  return key ? or(typed, sql`strpos(${queues.plateKey}, ${key}) > 0`) : typed;
}

/** The period's tickets a report lists: voided ones are in no report row (countVoided counts them apart). */
function inPeriod(branchId: number, period: ReportPeriod, also?: SQL): SQL {
  return and(
    eq(queues.branchId, branchId),
    between(queues.queueDate, period.start, period.finish),
    licenceHolds(period.license),
    period.supplierId ? eq(queues.supplierId, period.supplierId) : undefined,
    ne(queues.state, VOIDED_STATE),
    also,
  )!;
}

/** A ticket's supplier's code and name (null for none), without a join. */
const supplierCodeOf = sql<
  string | null
>`(select ${suppliers.code} from ${suppliers} where ${suppliers.id} = ${queues.supplierId})`;
const supplierNameOf = sql<
  string | null
>`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${queues.supplierId})`;

/** A ticket's product name ('' when it names none), without a join that would change the row count. */
const productNameOf = sql<string>`coalesce((select ${products.name} from ${products} where ${products.id} = ${queues.productId}), '')`;

/** A timestamptz column as the database's UTC wall-clock text ("2026-01-05 03:04:05.678912"). */
const utcText = (column: AnyColumn) => sql`${column} at time zone 'UTC'`;

/** Whole seconds from one stamp to another (null when either is missing), by the database. */
const wholeSeconds = (from: AnyColumn, to: AnyColumn) => sql`floor(extract(epoch from ${to} - ${from}))::int`;

const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;
const stage = (seconds: AnyPgColumn, count: AnyPgColumn) => ({
  seconds: total(seconds),
  count: total(count),
});

/** What each sortable summary column sorts by; durations by their interval. */
const SUMMARY_SORT: Record<SummarySortField, AnyPgColumn | SQL> = {
  created: queues.created,
  license_no: queues.truckLicense,
  incoming_weight: queues.weighInKg,
  output_weight: queues.weighOutKg,
  document_pick_up: queues.labStart,
  time_works: queues.labFinish,
  weigh_in: queues.weighInAt,
  weigh_out: queues.weighOutAt,
  total_time: sql`(${queues.exitAt} - ${queues.created})`,
  time_wait: sql`(${queues.calledAt} - ${queues.created})`,
};

export function createReportsRepository(db: Db) {
  return {
    /**
     * Each queue type of the branch with its period's totals from the daily roll-up: every
     * active type (a zero is news too), and retired ones that still have queues in the period.
     */
    dashboardByQueueType(branchId: number, start: string, finish: string) {
      const statsInPeriod: SQL = and(
        eq(s.branchQueueTypeId, branchQueueTypes.id),
        between(s.queueDate, start, finish),
      )!;
      return db
        .select({
          name: queueTypes.name,
          engine: queueTypes.flowEngineId,
          total: total(s.total),
          exited: total(s.exited),
          voided: total(s.voided),
          noShow: total(s.noShow),
          inFactory: stage(s.inFactorySeconds, s.inFactoryCount),
          qsToC: stage(s.qsToCSeconds, s.qsToCCount),
          cToF: stage(s.cToFSeconds, s.cToFCount),
          fToExit: stage(s.fToExitSeconds, s.fToExitCount),
          qsToLs: stage(s.qsToLsSeconds, s.qsToLsCount),
          lsToLf: stage(s.lsToLfSeconds, s.lsToLfCount),
          lfToC: stage(s.lfToCSeconds, s.lfToCCount),
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .leftJoin(s, statsInPeriod)
        .where(
          and(
            eq(branchQueueTypes.branchId, branchId),
            or(eq(branchQueueTypes.active, true), isNotNull(s.branchQueueTypeId)),
          ),
        )
        .groupBy(branchQueueTypes.id, queueTypes.name, queueTypes.flowEngineId, branchQueueTypes.prefix)
        .orderBy(asc(branchQueueTypes.prefix));
    },

    /**
     * The in/out rows in issue order (at most `limit`), each carrying how many match in all.
     * Durations are whole seconds by the database; instants come as UTC wall-clock text. Run as
     * written (db.execute): the builder's per-cell result mapping costs more than the query
     * itself on a thousand rows.
     */
    async inOutRows(branchId: number, filter: InOutFilter, limit: number) {
      const { rows } = await db.execute<{
        uuid: string;
        queue_number: string;
        previous_number: string | null;
        state: string;
        reason_name: string | null;
        reason_note: string | null;
        left_unfinished: boolean;
        truck_license: string;
        queue_type_name: string;
        product_name: string;
        supplier_code: string | null;
        supplier_name: string | null;
        created: string;
        lab_start: string | null;
        lab_finish: string | null;
        exit_at: string | null;
        lab_seconds: number | null;
        factory_seconds: number | null;
        /** The lab's values, [measure id, value] pairs; null without any. */
        lab: [number, number][] | null;
        total: number;
      }>(sql`
      select ${queues.uuid} as uuid, ${queues.queueNumber} as queue_number,
             ${queues.previousNumber} as previous_number, ${queues.state} as state,
             ${queueReasons.name} as reason_name, ${queues.reasonNote} as reason_note,
             ${queues.leftUnfinished} as left_unfinished,
             ${queues.truckLicense} as truck_license,
             ${queueTypes.name} as queue_type_name, coalesce(${products.name}, '') as product_name,
             ${suppliers.code} as supplier_code, ${suppliers.name} as supplier_name,
             ${utcText(queues.created)} as created, ${utcText(queues.labStart)} as lab_start,
             ${utcText(queues.labFinish)} as lab_finish, ${utcText(queues.exitAt)} as exit_at,
             ${wholeSeconds(queues.labStart, queues.labFinish)} as lab_seconds,
             ${wholeSeconds(queues.created, queues.exitAt)} as factory_seconds,
             case when ${queues.labFinish} is not null then
               (select json_agg(json_build_array(${queueLabValues.measureId}, ${queueLabValues.value}))
                  from ${queueLabValues} where ${queueLabValues.queueId} = ${queues.id})
             end as lab,
             (count(*) over ())::int as total
      from ${queues}
      join ${branchQueueTypes} on ${branchQueueTypes.id} = ${queues.branchQueueTypeId}
      join ${queueTypes} on ${queueTypes.id} = ${branchQueueTypes.queueTypeId}
      left join ${products} on ${products.id} = ${queues.productId}
      left join ${queueReasons} on ${queueReasons.id} = ${queues.reasonId}
      left join ${suppliers} on ${suppliers.id} = ${queues.supplierId}
      where ${inPeriod(branchId, filter, filter.productId ? eq(queues.productId, filter.productId) : undefined)}
      order by ${queues.created}, ${queues.id}
      limit ${limit}`);
      return rows;
    },

    /** Voided tickets the in/out filter matches: in no row, counted apart. */
    async countVoided(branchId: number, filter: InOutFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(queues)
        .where(
          and(
            eq(queues.branchId, branchId),
            between(queues.queueDate, filter.start, filter.finish),
            licenceHolds(filter.license),
            filter.productId ? eq(queues.productId, filter.productId) : undefined,
            filter.supplierId ? eq(queues.supplierId, filter.supplierId) : undefined,
            eq(queues.state, VOIDED_STATE),
          ),
        );
      return row?.n ?? 0;
    },

    /** One page of the summary, sorted (unknown values last either way), each row carrying how many match. */
    summaryRows(branchId: number, query: SummaryQuery) {
      const key = SUMMARY_SORT[query.sortField];
      const direction = query.sortOrder === 'ascend' ? asc : desc;
      return db
        .select({
          id: queues.id,
          uuid: queues.uuid,
          queueNumber: queues.queueNumber,
          created: queues.created,
          license: queues.truckLicense,
          productName: productNameOf,
          supplierCode: supplierCodeOf,
          supplierName: supplierNameOf,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
          labStart: queues.labStart,
          labFinish: queues.labFinish,
          weighInAt: queues.weighInAt,
          weighOutAt: queues.weighOutAt,
          weighInSource: queues.weighInSource,
          weighOutSource: queues.weighOutSource,
          weighInReason: queues.weighInReason,
          weighOutReason: queues.weighOutReason,
          weighInScale: scaleName(queues.weighInDeviceId),
          weighOutScale: scaleName(queues.weighOutDeviceId),
          calledAt: queues.calledAt,
          exitAt: queues.exitAt,
          matching: sql<number>`(count(*) over ())::int`,
        })
        .from(queues)
        .where(inPeriod(branchId, query))
        .orderBy(sql`${direction(key)} nulls last`, direction(queues.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
    },

    /**
     * Every ticket the summary matches, lean, for its totals: its plant day, product and
     * weights (in the order of the day, then the product's name).
     */
    summaryTickets(branchId: number, period: ReportPeriod, limit: number) {
      return db
        .select({
          id: queues.id,
          day: queues.queueDate,
          productName: productNameOf,
          weighInKg: queues.weighInKg,
          weighOutKg: queues.weighOutKg,
        })
        .from(queues)
        .where(inPeriod(branchId, period))
        .orderBy(asc(queues.queueDate))
        .limit(limit);
    },

    /**
     * Tickets of the period (plant days of issue) per hour of the site's clock they were issued
     * at: [hour, count] for the hours that had any.
     */
    async arrivalsByHour(branchId: number, period: ReportPeriod, timeZone: string) {
      const hour = sql<number>`extract(hour from ${queues.created} at time zone ${timeZone})::int`;
      return (
        db
          .select({ hour, n: count() })
          .from(queues)
          .where(inPeriod(branchId, period))
          // By position: the zone is a parameter, and the select's and a repeated expression's would differ.
          .groupBy(sql`1`)
      );
    },

    /** How many tickets the summary matches in all. */
    async countSummaryRows(branchId: number, period: ReportPeriod): Promise<number> {
      const [row] = await db.select({ n: count() }).from(queues).where(inPeriod(branchId, period));
      return row?.n ?? 0;
    },

    /** The branch's name and company, for an export's title block. */
    /** What an export's title block names, and the era its dates are written in. */
    async branchNames(
      branchId: number,
    ): Promise<{ name: string; companyName: string; calendar: Calendar } | null> {
      const [row] = await db
        .select({ name: branches.name, companyName: branches.companyName, calendar: branches.calendar })
        .from(branches)
        .where(eq(branches.id, branchId));
      return row ?? null;
    },

    /** Deletes the exports expired at `now` and every export of this session. */
    async deleteExports(sessionId: number, now: Date): Promise<void> {
      await db
        .delete(reportExports)
        .where(or(lt(reportExports.expires, now), eq(reportExports.sessionId, sessionId)));
    },

    async insertExport(values: typeof reportExports.$inferInsert): Promise<void> {
      await db.insert(reportExports).values(values);
    },

    /** The export with this token hash, if it is the session's and has not expired at `now`. */
    async findExport(tokenHash: string, sessionId: number, now: Date) {
      const [row] = await db
        .select({ fileName: reportExports.fileName, content: reportExports.content })
        .from(reportExports)
        .where(
          and(
            eq(reportExports.tokenHash, tokenHash),
            eq(reportExports.sessionId, sessionId),
            gt(reportExports.expires, now),
          ),
        );
      return row ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

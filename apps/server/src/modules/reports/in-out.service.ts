import { and, asc, between, count, desc, eq, ilike, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import { ISSUED_STATE, isQueueState, VOIDED_STATE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, products, queueReasons, queues, queueTypes } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

export interface InOutFilter {
  start: string;
  finish: string;
  license: string;
  productId: number;
}

/** Whole seconds from `a` to `b`, or null when either stamp is missing. */
export function secondsBetween(a: Date | null, b: Date | null): number | null {
  return a && b ? Math.floor((b.getTime() - a.getTime()) / 1000) : null;
}

/** A timestamptz column as the database's UTC wall-clock text ("2026-01-05 03:04:05.678912"). */
const utcText = (column: AnyColumn) => sql`${column} at time zone 'UTC'`;

/** "2026-01-05 03:04:05.678912" (UTC) → "2026-01-05T03:04:05.678Z", as toISOString() writes it. */
export function isoOfUtcText(text: string | null): string | null {
  if (text === null) return null;
  const fraction = text.length > 19 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

/** Whole seconds from one stamp to another (null when either is missing), by the database. */
const wholeSeconds = (from: AnyColumn, to: AnyColumn) => sql`floor(extract(epoch from ${to} - ${from}))::int`;

/** A licence fragment as a LIKE pattern that matches it literally anywhere. */
export function containing(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The in/out factory report (SPEC.md section 2): tickets issued in the period (site days),
 * in the order they were issued, with their lab and exit stamps.
 */
export function createInOutService(db: Db) {
  function where(auth: AuthContext, filter: InOutFilter): SQL {
    return and(
      eq(queues.branchId, auth.branchId),
      between(queues.queueDate, filter.start, filter.finish),
      filter.license ? ilike(queues.truckLicense, containing(filter.license)) : undefined,
      filter.productId ? eq(queues.productId, filter.productId) : undefined,
    )!;
  }

  /**
   * The matching rows in issue order (at most `limit`) and how many match in all. Durations are
   * whole seconds by the database; instants come as UTC wall-clock text and become ISO strings
   * by string work alone: a busy day's thousand rows cost the server about a millisecond
   * (docs/benchmarks.md).
   */
  async function rows(
    auth: AuthContext,
    filter: InOutFilter,
    limit: number,
  ): Promise<{ rows: InOutRow[]; total: number; voided: number }> {
    // Run as written (db.execute): the builder's per-cell result mapping costs more than the
    // query itself on a thousand rows.
    const { rows: found } = await db.execute<{
      uuid: string;
      queue_number: string;
      previous_number: string | null;
      state: string;
      reason_name: string | null;
      reason_note: string | null;
      truck_license: string;
      queue_type_name: string;
      product_name: string;
      created: string;
      lab_start: string | null;
      lab_finish: string | null;
      exit_at: string | null;
      lab_seconds: number | null;
      factory_seconds: number | null;
      total: number;
    }>(sql`
      select ${queues.uuid} as uuid, ${queues.queueNumber} as queue_number,
             ${queues.previousNumber} as previous_number, ${queues.state} as state,
             ${queueReasons.name} as reason_name, ${queues.reasonNote} as reason_note,
             ${queues.truckLicense} as truck_license,
             ${queueTypes.name} as queue_type_name, coalesce(${products.name}, '') as product_name,
             ${utcText(queues.created)} as created, ${utcText(queues.labStart)} as lab_start,
             ${utcText(queues.labFinish)} as lab_finish, ${utcText(queues.exitAt)} as exit_at,
             ${wholeSeconds(queues.labStart, queues.labFinish)} as lab_seconds,
             ${wholeSeconds(queues.created, queues.exitAt)} as factory_seconds,
             (count(*) over ())::int as total
      from ${queues}
      join ${branchQueueTypes} on ${branchQueueTypes.id} = ${queues.branchQueueTypeId}
      join ${queueTypes} on ${queueTypes.id} = ${branchQueueTypes.queueTypeId}
      left join ${products} on ${products.id} = ${queues.productId}
      left join ${queueReasons} on ${queueReasons.id} = ${queues.reasonId}
      where ${where(auth, filter)} and ${ne(queues.state, VOIDED_STATE)}
      order by ${queues.created}, ${queues.id}
      limit ${limit}`);
    // Voided tickets are in no row: the report counts them apart.
    const [voided] = await db
      .select({ n: count() })
      .from(queues)
      .where(and(where(auth, filter), eq(queues.state, VOIDED_STATE)));
    return {
      total: found[0]?.total ?? 0,
      voided: voided?.n ?? 0,
      rows: found.map((r) => {
        return {
          uuid: r.uuid,
          queue_number: r.queue_number,
          previous_number: r.previous_number,
          queue_state: isQueueState(r.state) ? r.state : ISSUED_STATE,
          truck_license: r.truck_license,
          queue_type_name: r.queue_type_name,
          product_name: r.product_name,
          created: isoOfUtcText(r.created)!,
          stamp_lab_start: isoOfUtcText(r.lab_start),
          stamp_lab_finish: isoOfUtcText(r.lab_finish),
          stamp_second_ls_to_lf: r.lab_seconds,
          exit: isoOfUtcText(r.exit_at),
          time_in_factory: r.factory_seconds,
          reason_name: r.reason_name,
          reason_note: r.reason_note,
        };
      }),
    };
  }

  return {
    rows,

    /** Every product of the branch, active ones first, by name. */
    async products(auth: AuthContext) {
      return db
        .select({ id: products.id, name: products.name, active: products.active })
        .from(products)
        .where(eq(products.branchId, auth.branchId))
        .orderBy(desc(products.active), asc(products.name));
    },
  };
}

export type InOutService = ReturnType<typeof createInOutService>;

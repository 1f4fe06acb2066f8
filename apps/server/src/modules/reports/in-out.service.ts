import { and, asc, between, desc, eq, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, products, queues, queueTypes } from '../../db/schema.ts';
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
  ): Promise<{ rows: InOutRow[]; total: number }> {
    // Run as written (db.execute): the builder's per-cell result mapping costs more than the
    // query itself on a thousand rows.
    const { rows: found } = await db.execute<{
      queue_number: string;
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
      select ${queues.queueNumber} as queue_number, ${queues.truckLicense} as truck_license,
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
      where ${where(auth, filter)}
      order by ${queues.created}, ${queues.id}
      limit ${limit}`);
    return {
      total: found[0]?.total ?? 0,
      rows: found.map((r) => {
        return {
          queue_number: r.queue_number,
          truck_license: r.truck_license,
          queue_type_name: r.queue_type_name,
          product_name: r.product_name,
          created: isoOfUtcText(r.created)!,
          stamp_lab_start: isoOfUtcText(r.lab_start),
          stamp_lab_finish: isoOfUtcText(r.lab_finish),
          stamp_second_ls_to_lf: r.lab_seconds,
          exit: isoOfUtcText(r.exit_at),
          time_in_factory: r.factory_seconds,
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

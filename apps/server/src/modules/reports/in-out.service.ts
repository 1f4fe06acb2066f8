import { and, asc, between, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, products, queues, queueTypes } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';

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

  /** The matching queues in issue order, at most `limit`, each with the count of all matches. */
  function matching(auth: AuthContext, filter: InOutFilter, limit: number) {
    return db
      .select({
        id: queues.id,
        queueNumber: queues.queueNumber,
        truckLicense: queues.truckLicense,
        // Aliased: both are "name", which a subquery cannot hold twice.
        queueTypeName: sql<string>`${queueTypes.name}`.as('queue_type_name'),
        productName: sql<string | null>`${products.name}`.as('product_name'),
        created: queues.created,
        labStart: queues.labStart,
        labFinish: queues.labFinish,
        exitAt: queues.exitAt,
        matching: sql<number>`(count(*) over ())::int`.as('matching'),
      })
      .from(queues)
      .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
      .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
      .leftJoin(products, eq(products.id, queues.productId))
      .where(where(auth, filter))
      .orderBy(asc(queues.created), asc(queues.id))
      .limit(limit);
  }

  /**
   * The matching rows (at most `limit`) and how many match in all, as JSON text built by the
   * database: a busy day's rows cost the server no per-row work. Instants are written as
   * toISOString() writes them.
   */
  async function screenJson(auth: AuthContext, filter: InOutFilter, limit: number): Promise<string> {
    const m = matching(auth, filter, limit).as('m');
    const iso = (at: unknown) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const seconds = (from: unknown, to: unknown) => sql`floor(extract(epoch from ${to} - ${from}))::int`;
    const [row] = await db
      .select({
        body: sql<string>`json_build_object(
          'status', 1,
          'total', coalesce(max(${m.matching}), 0),
          'rows', coalesce(json_agg(json_build_object(
            'queue_number', ${m.queueNumber},
            'truck_license', ${m.truckLicense},
            'queue_type_name', ${m.queueTypeName},
            'product_name', coalesce(${m.productName}, ''),
            'created', ${iso(m.created)},
            'stamp_lab_start', ${iso(m.labStart)},
            'stamp_lab_finish', ${iso(m.labFinish)},
            'stamp_second_ls_to_lf', ${seconds(m.labStart, m.labFinish)},
            'exit', ${iso(m.exitAt)},
            'time_in_factory', ${seconds(m.created, m.exitAt)}
          ) order by ${m.created}, ${m.id}), '[]'::json)
        )::text`,
      })
      .from(m);
    return row!.body;
  }

  return {
    screenJson,

    /** Every product of the branch, active ones first, by name. */
    async products(auth: AuthContext) {
      return db
        .select({ id: products.id, name: products.name, active: products.active })
        .from(products)
        .where(eq(products.branchId, auth.branchId))
        .orderBy(desc(products.active), asc(products.name));
    },

    /** The same answer as objects (the export): one definition of every field, in the SQL above. */
    async rows(
      auth: AuthContext,
      filter: InOutFilter,
      limit: number,
    ): Promise<{ rows: InOutRow[]; total: number }> {
      return JSON.parse(await screenJson(auth, filter, limit)) as { rows: InOutRow[]; total: number };
    },
  };
}

export type InOutService = ReturnType<typeof createInOutService>;

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

  return {
    /** Every product of the branch, active ones first, by name. */
    async products(auth: AuthContext) {
      return db
        .select({ id: products.id, name: products.name, active: products.active })
        .from(products)
        .where(eq(products.branchId, auth.branchId))
        .orderBy(desc(products.active), asc(products.name));
    },

    /** The matching rows, at most `limit`, and how many match in all. */
    async rows(
      auth: AuthContext,
      filter: InOutFilter,
      limit: number,
    ): Promise<{ rows: InOutRow[]; total: number }> {
      // One pass: the window count is the number of matches before the limit.
      const found = await db
        .select({
          queueNumber: queues.queueNumber,
          truckLicense: queues.truckLicense,
          queueTypeName: queueTypes.name,
          productName: products.name,
          created: queues.created,
          labStart: queues.labStart,
          labFinish: queues.labFinish,
          exitAt: queues.exitAt,
          matching: sql<number>`(count(*) over ())::int`,
        })
        .from(queues)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queues.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .leftJoin(products, eq(products.id, queues.productId))
        .where(where(auth, filter))
        .orderBy(asc(queues.created), asc(queues.id))
        .limit(limit);
      return {
        total: found[0]?.matching ?? 0,
        rows: found.map((r) => ({
          queue_number: r.queueNumber,
          truck_license: r.truckLicense,
          queue_type_name: r.queueTypeName,
          product_name: r.productName ?? '',
          created: r.created.toISOString(),
          stamp_lab_start: r.labStart?.toISOString() ?? null,
          stamp_lab_finish: r.labFinish?.toISOString() ?? null,
          stamp_second_ls_to_lf: secondsBetween(r.labStart, r.labFinish),
          exit: r.exitAt?.toISOString() ?? null,
          time_in_factory: secondsBetween(r.created, r.exitAt),
        })),
      };
    },
  };
}

export type InOutService = ReturnType<typeof createInOutService>;

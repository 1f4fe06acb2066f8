import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import { ISSUED_STATE, isQueueState } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import { createReportsRepository, type InOutFilter } from './reports.repository.ts';
import { labOf, type LabService } from '../lab/lab.service.ts';

/** Whole seconds from `a` to `b`, or null when either stamp is missing. */
export function secondsBetween(a: Date | null, b: Date | null): number | null {
  return a && b ? Math.floor((b.getTime() - a.getTime()) / 1000) : null;
}

/** "2026-01-05 03:04:05.678912" (UTC) → "2026-01-05T03:04:05.678Z", as toISOString() writes it. */
export function isoOfUtcText(text: string | null): string | null {
  if (text === null) return null;
  const fraction = text.length > 19 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

/**
 * The in/out factory report (SPEC.md section 2): tickets issued in the period (site days),
 * in the order they were issued, with their lab and exit stamps.
 */
export function createInOutService(deps: {
  db: Db;
  /** The branch's products (the catalog's rows). */
  catalog: Pick<CatalogRepository, 'listBranchProducts'>;
  /** The branch's lab measurements (the lab's). */
  lab: Pick<LabService, 'measures'>;
}) {
  const { db, catalog, lab } = deps;
  const repo = createReportsRepository(db);

  /**
   * The matching rows in issue order (at most `limit`) and how many match in all. Durations are
   * whole seconds by the database; instants come as UTC wall-clock text and become ISO strings
   * by string work alone: a busy day's thousand rows cost the server about a millisecond
   * (docs/benchmarks.md).
   */
  async function rows(
    /** Whose branch: an officer's, or an integration key's. */
    auth: Pick<AuthContext, 'branchId'>,
    filter: InOutFilter,
    limit: number,
  ): Promise<{ rows: InOutRow[]; total: number; voided: number }> {
    const [found, voided, measures] = await Promise.all([
      repo.inOutRows(auth.branchId, filter, limit),
      repo.countVoided(auth.branchId, filter),
      lab.measures(auth.branchId, false),
    ]);
    // Measurements in their order, retired ones too: a value keeps its name and unit.
    const order = new Map(measures.map((m, index) => [m.id, { measure: m, index }]));
    const labOfRow = (pairs: [number, number][] | null) =>
      labOf(
        (pairs ?? [])
          .flatMap(([id, value]) => {
            const known = order.get(id);
            return known ? [{ ...known, value }] : [];
          })
          .sort((a, b) => a.index - b.index),
      );
    return {
      total: found[0]?.total ?? 0,
      voided,
      rows: found.map((r) => {
        return {
          uuid: r.uuid,
          queue_number: r.queue_number,
          previous_number: r.previous_number,
          queue_state: isQueueState(r.state) ? r.state : ISSUED_STATE,
          truck_license: r.truck_license,
          queue_type_name: r.queue_type_name,
          product_name: r.product_name,
          supplier_code: r.supplier_code,
          supplier_name: r.supplier_name,
          created: isoOfUtcText(r.created)!,
          stamp_lab_start: isoOfUtcText(r.lab_start),
          stamp_lab_finish: isoOfUtcText(r.lab_finish),
          stamp_second_ls_to_lf: r.lab_seconds,
          exit: isoOfUtcText(r.exit_at),
          time_in_factory: r.factory_seconds,
          reason_name: r.reason_name,
          reason_note: r.reason_note,
          left_unfinished: r.left_unfinished,
          lab_values: labOfRow(r.lab).values,
        };
      }),
    };
  }

  return {
    rows,

    /** Every product of the branch, active ones first, by name. */
    products: (auth: AuthContext) => catalog.listBranchProducts(auth.branchId),
  };
}

export type InOutService = ReturnType<typeof createInOutService>;

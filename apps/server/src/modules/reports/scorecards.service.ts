import type { ScorecardLab, ScorecardRow } from '@truck-queue/shared/contracts/scorecard.contract';
import { scorecardGrade, worseFirst } from '@truck-queue/shared/suppliers/scorecard-grade';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { NO_LAB, type LabService } from '../lab/lab.service.ts';
import { slipOf } from '../queue/slip.view.ts';
import type { DayRange } from './line-order-report.repository.ts';
import { createScorecardsRepository } from './scorecards.repository.ts';

/** Sums to the tenth of a kilogram, as each slip is. */
const tenth = (kg: number) => Math.round(kg * 10) / 10;

/** The median of some numbers (whole seconds); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(median);
}

interface Building {
  row: Omit<ScorecardRow, 'grade' | 'points' | 'lost' | 'dwell_median_seconds' | 'lab'>;
  dwell: number[];
  lab: Map<number, { samples: number; sum: number; out: number }>;
}

function emptyRow(key: string, supplier: { id: number; code: string | null } | null, name: string): Building {
  return {
    row: {
      key,
      supplier_id: supplier?.id ?? null,
      supplier_code: supplier?.code ?? null,
      name,
      trucks: 0,
      weighed: 0,
      net_kg: 0,
      paid_kg: 0,
      deducted_kg: 0,
      bookings: 0,
      on_time: 0,
      late: 0,
      no_shows: 0,
      cancelled: 0,
      open: 0,
      rejected: 0,
      rechecked: 0,
    },
    dwell: [],
    lab: new Map(),
  };
}

/** The row of a supplier that brought and booked nothing: not graded. */
export function emptyScorecard(supplier: { id: number; code: string; name: string }): ScorecardRow {
  const empty = emptyRow(`supplier:${supplier.id}`, supplier, supplier.name).row;
  return { ...empty, dwell_median_seconds: null, lab: [], ...scorecardGrade(empty) };
}

/**
 * Scorecards (issue 41) over plant days: per supplier, and per plate for the trucks that came with
 * no supplier. docs/reports.md, "Scorecards".
 */
export function createScorecardsService(deps: { db: Db; clock: Clock; lab: Pick<LabService, 'resultsOf'> }) {
  const repo = createScorecardsRepository(deps.db);

  async function rowsOf(branchId: number, days: DayRange, supplierId?: number): Promise<ScorecardRow[]> {
    const now = deps.clock.now();
    const [trucks, booked] = await Promise.all([
      repo.trucks(branchId, days, supplierId),
      repo.bookings(branchId, days, now, supplierId),
    ]);
    const labs = await deps.lab.resultsOf(
      deps.db,
      trucks.map((t) => t.id),
    );
    const rows = new Map<string, Building>();
    const rowOf = (key: string, make: () => Building) => {
      let found = rows.get(key);
      if (!found) rows.set(key, (found = make()));
      return found;
    };
    const measureIds = new Set<number>();

    for (const t of trucks) {
      const b =
        t.supplierId !== null
          ? rowOf(`supplier:${t.supplierId}`, () =>
              emptyRow(
                `supplier:${t.supplierId}`,
                { id: t.supplierId!, code: t.supplierCode },
                t.supplierName ?? '',
              ),
            )
          : rowOf(`plate:${t.plateKey ?? t.licence}`, () =>
              emptyRow(`plate:${t.plateKey ?? t.licence}`, null, t.licence),
            );
      const r = b.row;
      r.trucks++;
      if (t.rejected) r.rejected++;
      if (t.rechecked) r.rechecked++;
      if (t.dwellSeconds !== null) b.dwell.push(t.dwellSeconds);
      const lab = labs.get(t.id) ?? NO_LAB;
      const slip = slipOf(t.weighInKg, t.weighOutKg, lab);
      if (slip) {
        r.weighed++;
        r.net_kg = tenth(r.net_kg + slip.net);
        r.paid_kg = tenth(r.paid_kg + slip.paid);
        r.deducted_kg = tenth(r.deducted_kg + slip.deducted);
      }
      for (const v of lab.values) {
        measureIds.add(v.measure_id);
        const m = b.lab.get(v.measure_id) ?? { samples: 0, sum: 0, out: 0 };
        m.samples++;
        m.sum += v.value;
        if (!v.passed) m.out++;
        b.lab.set(v.measure_id, m);
      }
    }

    for (const k of booked) {
      const key = `supplier:${k.supplierId}`;
      const r = rowOf(key, () =>
        emptyRow(key, { id: k.supplierId, code: k.supplierCode }, k.supplierName),
      ).row;
      r.bookings++;
      if (k.status === 'checked_in') {
        if (k.late) r.late++;
        else r.on_time++;
      } else if (k.status === 'lapsed') r.no_shows++;
      else if (k.status === 'cancelled') r.cancelled++;
      else r.open++;
    }

    const measures = await repo.measures(branchId, [...measureIds]);
    return [...rows.values()].map(({ row, dwell, lab }) => {
      const labRows: ScorecardLab[] = measures
        .filter((m) => lab.has(m.id))
        .map((m) => {
          const sums = lab.get(m.id)!;
          return {
            measure_id: m.id,
            name: m.name,
            unit: m.unit,
            decimals: m.decimals,
            pass_min: m.passMin,
            pass_max: m.passMax,
            samples: sums.samples,
            average: sums.samples > 0 ? Math.round((sums.sum / sums.samples) * 1000) / 1000 : null,
            out_of_range: sums.out,
          };
        });
      return {
        ...row,
        dwell_median_seconds: medianOf(dwell),
        lab: labRows,
        ...scorecardGrade(row),
      };
    });
  }

  return {
    /** Every row of the period, worst grade first (or by name). */
    async report(branchId: number, query: DayRange & { sort: 'worst' | 'name' }): Promise<ScorecardRow[]> {
      const rows = await rowsOf(branchId, query);
      const byName = (a: ScorecardRow, b: ScorecardRow) => a.name.localeCompare(b.name, 'th');
      return rows.sort(query.sort === 'worst' ? (a, b) => worseFirst(a, b) || byName(a, b) : byName);
    },

    /** One supplier's row (an empty one when it brought and booked nothing). */
    async ofSupplier(
      branchId: number,
      supplier: { id: number; code: string; name: string },
      days: DayRange,
    ): Promise<ScorecardRow> {
      const [row] = await rowsOf(branchId, days, supplier.id);
      return row ?? emptyScorecard(supplier);
    },

    /** The branch's rows by supplier id, read in one go (the daily grade); plates left out. */
    async bySupplier(branchId: number, days: DayRange): Promise<Map<number, ScorecardRow>> {
      const rows = await rowsOf(branchId, days);
      return new Map(rows.filter((r) => r.supplier_id !== null).map((r) => [r.supplier_id!, r]));
    },

    activeSuppliers: (branchId: number) => repo.activeSuppliers(branchId),
  };
}

export type ScorecardsService = ReturnType<typeof createScorecardsService>;

import { describe, expect, it } from 'vitest';
import { parseCsv } from '../apps/server/src/lib/sheet-read.ts';
import { readHeader, readRow } from '../apps/server/src/modules/suppliers/supplier-sheet.ts';
import { planDay, WINDOWS } from './plan.ts';
import { planSuppliers, suppliersCsv } from './supplier-plan.ts';

describe("the day's suppliers", () => {
  it('own most cassava trucks, one supplier per plate, growers under leaders, the same for a seed', () => {
    const plan = planDay(1500, 3, WINDOWS.day);
    const { suppliers, codeOf } = planSuppliers(plan, 3);
    const lab = plan.filter((t) => t.flow === 'lab');
    expect(codeOf.size).toBeGreaterThan(lab.length * 0.7);
    expect([...codeOf.keys()].every((plate) => lab.some((t) => t.licence === plate))).toBe(true);
    expect(new Set(suppliers.map((s) => s.code)).size).toBe(suppliers.length);
    const plates = suppliers.flatMap((s) => s.plates);
    expect(new Set(plates).size).toBe(plates.length);
    const leaders = new Set(suppliers.filter((s) => s.kind === 'leader').map((s) => s.code));
    expect(leaders.size).toBeGreaterThan(0);
    expect(suppliers.filter((s) => s.kind === 'grower').every((s) => leaders.has(s.leaderCode!))).toBe(true);
    expect(planSuppliers(plan, 3).suppliers).toEqual(suppliers);
  });

  it("is a spreadsheet every row of which the server's import reads", () => {
    const { suppliers } = planSuppliers(planDay(300, 5, WINDOWS.day), 5);
    const [header, ...rows] = parseCsv(
      suppliersCsv(suppliers)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
    const { at, problems } = readHeader(header!);
    expect(problems).toEqual([]);
    const read = rows.filter((r) => r.some(Boolean)).map((cells, i) => readRow(cells, i + 2, at));
    expect(read.flatMap((r) => r.problems)).toEqual([]);
    expect(read.map((r) => r.supplier!.vehicles.length)).toEqual(suppliers.map((s) => s.plates.length));
  });
});

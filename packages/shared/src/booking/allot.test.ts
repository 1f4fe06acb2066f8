import { describe, expect, it } from 'vitest';
import { allotSlots, shares } from './allot.ts';

const none = { perSupplierDay: 100, held: () => 0 };

describe('delivery calendar', () => {
  it.each([
    { left: [10, 5], total: 30, expected: [10, 5] },
    { left: [30, 10], total: 20, expected: [15, 5] },
    // 10 slots over 1 : 1 : 1: the largest remainders (ties by id) get the extra one.
    { left: [3, 3, 3], total: 7, expected: [3, 2, 2] },
    { left: [0, 8], total: 4, expected: [undefined, 4] },
  ])('shares $total slots among suppliers with $left left', ({ left, total, expected }) => {
    const got = shares(
      left.map((l, i) => ({ id: i + 1, left: l })),
      total,
    );
    expect(left.map((_, i) => got.get(i + 1))).toEqual(expected);
    expect([...got.values()].reduce((s, n) => s + n, 0)).toBe(
      Math.min(
        total,
        left.reduce((s, n) => s + n, 0),
      ),
    );
  });

  it('spreads each supplier over the days in proportion, never past what it has left', () => {
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    const openings = days.map((day) => ({ day, windowStart: '06:00', free: 3 }));
    const { slots, bySupplier } = allotSlots(
      openings,
      [
        { id: 1, left: 8 },
        { id: 2, left: 4 },
      ],
      none,
    );
    expect(bySupplier).toEqual(
      new Map([
        [1, 8],
        [2, 4],
      ]),
    );
    // Supplier 2 comes every day, not only on the first ones.
    for (const day of days) expect(slots.filter((s) => s.day === day && s.supplierId === 2)).toHaveLength(1);
  });

  it('keeps to the per-day limit, counting what a supplier holds already', () => {
    const openings = [{ day: '2026-12-01', windowStart: '06:00', free: 10 }];
    const { bySupplier, slots } = allotSlots(
      openings,
      [
        { id: 1, left: 10 },
        { id: 2, left: 10 },
      ],
      {
        perSupplierDay: 3,
        held: (id) => (id === 1 ? 2 : 0),
      },
    );
    expect(bySupplier.get(1)).toBe(1);
    expect(bySupplier.get(2)).toBe(3);
    expect(slots).toHaveLength(4);
  });

  it('hands out nothing when nobody has loads left', () => {
    expect(
      allotSlots([{ day: '2026-12-01', windowStart: '06:00', free: 5 }], [{ id: 1, left: 0 }], none).slots,
    ).toEqual([]);
  });
});

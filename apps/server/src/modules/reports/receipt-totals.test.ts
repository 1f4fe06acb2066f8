import { describe, expect, it } from 'vitest';
import { receiptTotals } from './receipt-totals.ts';

const slip = (net: number, deducted: number) => ({ net, deducted, paid: net - deducted });

describe('receiptTotals', () => {
  it('sums each day by product, each day, and the period, counting unweighed trucks but not their weight', () => {
    const totals = receiptTotals([
      { day: '2026-11-21', productName: 'หัวมันสด', slip: slip(20_000.1, 400.2) },
      { day: '2026-11-20', productName: 'หัวมันสด', slip: slip(18_000, 0) },
      { day: '2026-11-20', productName: 'มันเส้น', slip: slip(10_000.2, 100.1) },
      { day: '2026-11-20', productName: 'หัวมันสด', slip: null },
      { day: '2026-11-21', productName: '', slip: null },
    ]);
    expect(totals.days.map((d) => d.day)).toEqual(['2026-11-20', '2026-11-21']);
    expect(totals.days[0]).toEqual({
      day: '2026-11-20',
      trucks: 3,
      weighed: 2,
      net_kg: 28_000.2,
      deducted_kg: 100.1,
      paid_kg: 27_900.1,
      products: [
        {
          product_name: 'มันเส้น',
          trucks: 1,
          weighed: 1,
          net_kg: 10_000.2,
          deducted_kg: 100.1,
          paid_kg: 9900.1,
        },
        { product_name: 'หัวมันสด', trucks: 2, weighed: 1, net_kg: 18_000, deducted_kg: 0, paid_kg: 18_000 },
      ],
    });
    expect(totals.period).toMatchObject({
      trucks: 5,
      weighed: 3,
      net_kg: 48_000.3,
      deducted_kg: 500.3,
      paid_kg: 47_500,
    });
    expect(totals.period.products.map((p) => [p.product_name, p.trucks, p.net_kg])).toEqual([
      ['', 1, 0],
      ['มันเส้น', 1, 10_000.2],
      ['หัวมันสด', 3, 38_000.1],
    ]);
  });

  it('is empty for no tickets', () => {
    expect(receiptTotals([])).toEqual({
      days: [],
      period: { trucks: 0, weighed: 0, net_kg: 0, deducted_kg: 0, paid_kg: 0, products: [] },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { receivingSlip } from './slip.ts';

const dirt = (value: number, deductAbove: number | null = 0) => ({
  name: 'ดิน',
  value,
  decimals: 2,
  deductAbove,
});

describe('receivingSlip', () => {
  it('is nothing before both weighings', () => {
    expect(receivingSlip(41_250, null, [])).toBeNull();
    expect(receivingSlip(null, 12_000, [])).toBeNull();
  });

  it('pays the net when nothing is deducted', () => {
    expect(receivingSlip(41_250, 12_000.5, [])).toEqual({
      gross: 41_250,
      tare: 12_000.5,
      net: 29_249.5,
      deductions: [],
      deducted: 0,
      paid: 29_249.5,
    });
  });

  it('takes a deducted value off the net, to the tenth of a kilogram', () => {
    // 2.40 % of 29,249.5 kg is 701.988 kg: 702.0 off, 28,547.5 paid.
    const slip = receivingSlip(41_250, 12_000.5, [
      { name: 'แป้ง', value: 24.5, decimals: 1, deductAbove: null },
      dirt(2.4),
    ])!;
    expect(slip.deductions).toEqual([{ name: 'ดิน', percent: 2.4, decimals: 2, kg: 702 }]);
    expect(slip.paid).toBe(28_547.5);
  });

  it('deducts only the part above the allowance, and nothing at or under it', () => {
    // Allowance 2 %: 3.15 % takes 1.15 % off; 2.00 % takes nothing.
    expect(receivingSlip(30_000, 10_000, [dirt(3.15, 2)])!.deductions).toEqual([
      { name: 'ดิน', percent: 1.15, decimals: 2, kg: 230 },
    ]);
    expect(receivingSlip(30_000, 10_000, [dirt(2, 2)])!.deductions).toEqual([]);
  });

  it('adds several deductions, and never pays below zero', () => {
    const slip = receivingSlip(30_000, 10_000, [
      dirt(5),
      { name: 'สิ่งเจือปน', value: 1.5, decimals: 1, deductAbove: 0 },
    ])!;
    expect(slip.deductions.map((d) => d.kg)).toEqual([1000, 300]);
    expect(slip.deducted).toBe(1300);
    expect(slip.paid).toBe(18_700);
    expect(receivingSlip(30_000, 10_000, [dirt(100)])!.paid).toBe(0);
  });

  it('works the same for a truck that collects (heavier going out)', () => {
    expect(receivingSlip(12_000, 41_250, [dirt(1)])!).toMatchObject({
      gross: 41_250,
      tare: 12_000,
      net: 29_250,
      paid: 28_957.5,
    });
  });
});

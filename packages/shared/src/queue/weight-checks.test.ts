import { describe, expect, it } from 'vitest';
import {
  grossLimits,
  NO_LIMITS,
  parseWeightWarnings,
  storedTareValid,
  weightWarnings,
} from './weight-checks.ts';

const cane = { ...NO_LIMITS, legalGrossKg: 25_000 };

describe('weight warnings', () => {
  it('warns of a gross over the legal limit from the first weighing on', () => {
    expect(weightWarnings(26_000, null, cane)).toEqual([
      { code: 'GROSS_OVER_LEGAL', kg: 26_000, limitKg: 25_000 },
    ]);
    // The lighter weighing does not lower the gross: still over once weighed out.
    expect(weightWarnings(26_000, 9_000, cane).map((w) => w.code)).toEqual(['GROSS_OVER_LEGAL']);
    expect(weightWarnings(25_000, 9_000, cane)).toEqual([]);
  });

  it('checks the lower gross and the net only once both weighings exist', () => {
    const limits = { ...NO_LIMITS, minGrossKg: 20_000, minNetKg: 8_000, maxNetKg: 15_000 };
    expect(weightWarnings(12_000, null, limits)).toEqual([]);
    expect(weightWarnings(12_000, 6_000, limits)).toEqual([
      { code: 'GROSS_BELOW_MIN', kg: 12_000, limitKg: 20_000 },
      { code: 'NET_BELOW_MIN', kg: 6_000, limitKg: 8_000 },
    ]);
    expect(weightWarnings(30_000, 10_000.5, limits)).toEqual([
      { code: 'NET_ABOVE_MAX', kg: 19_999.5, limitKg: 15_000 },
    ]);
  });

  it('takes the heavier weighing as the gross whichever came first (a truck that collects)', () => {
    const limits = { ...NO_LIMITS, maxGrossKg: 30_000 };
    expect(weightWarnings(10_000, 31_000, limits).map((w) => w.code)).toEqual(['GROSS_ABOVE_MAX']);
  });

  it('keeps the branch figures over the defaults, ignoring nonsense', () => {
    expect(grossLimits({ cane_truck: 26_000, trailer: -1, other: 5 })).toMatchObject({
      cane_truck: 26_000,
      trailer: 50_500,
      six_wheel: 15_000,
    });
    expect(grossLimits(null).cane_truck).toBe(25_000);
  });

  it('reads a stored list in a fixed order', () => {
    expect(parseWeightWarnings('NET_BELOW_MIN,GROSS_OVER_LEGAL,nonsense')).toEqual([
      'GROSS_OVER_LEGAL',
      'NET_BELOW_MIN',
    ]);
    expect(parseWeightWarnings('')).toEqual([]);
  });
});

describe('stored tare', () => {
  const weighed = new Date('2026-12-01T08:00:00Z');
  it('is valid for its days, not after, never from the future', () => {
    expect(storedTareValid(weighed, new Date('2026-12-31T08:00:00Z'), 30)).toBe(true);
    expect(storedTareValid(weighed, new Date('2026-12-31T08:00:01Z'), 30)).toBe(false);
    expect(storedTareValid(weighed, new Date('2026-12-01T07:59:59Z'), 30)).toBe(false);
  });
});

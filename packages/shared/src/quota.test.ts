import { describe, expect, it } from 'vitest';
import { deliveredIn, overQuota, quotaRemaining, tonnesOfKg, type QuotaUse } from './quota.ts';

describe('overQuota: one more load would be past the quota', () => {
  const cases: [string, QuotaUse, boolean][] = [
    ['loads: room for one more', { unit: 'loads', entitlement: 10, delivered: 8, bookedLoads: 1 }, false],
    [
      'loads: the next load is the last one',
      { unit: 'loads', entitlement: 10, delivered: 9, bookedLoads: 0 },
      false,
    ],
    [
      'loads: delivered and booked fill it',
      { unit: 'loads', entitlement: 10, delivered: 8, bookedLoads: 2 },
      true,
    ],
    ['loads: all delivered', { unit: 'loads', entitlement: 10, delivered: 10, bookedLoads: 0 }, true],
    ['loads: past it already', { unit: 'loads', entitlement: 10, delivered: 12, bookedLoads: 0 }, true],
    ['loads: a quota of none', { unit: 'loads', entitlement: 0, delivered: 0, bookedLoads: 0 }, true],
    ['tonnes: below', { unit: 'tonnes', entitlement: 120, delivered: 119.9, bookedLoads: 5 }, false],
    ['tonnes: reached', { unit: 'tonnes', entitlement: 120, delivered: 120, bookedLoads: 0 }, true],
    ['tonnes: past', { unit: 'tonnes', entitlement: 120, delivered: 131.4, bookedLoads: 0 }, true],
    [
      'tonnes: bookings do not count',
      { unit: 'tonnes', entitlement: 120, delivered: 0, bookedLoads: 50 },
      false,
    ],
    ['tonnes: a quota of none', { unit: 'tonnes', entitlement: 0, delivered: 0, bookedLoads: 0 }, true],
  ];
  it.each(cases)('%s', (_name, use, over) => {
    expect(overQuota(use)).toBe(over);
  });
});

describe('the quota figures', () => {
  it('count delivered in the unit, tonnes to the tenth, remaining negative past the quota', () => {
    expect(deliveredIn('loads', { loads: 3, tonnes: 81.2 })).toBe(3);
    expect(deliveredIn('tonnes', { loads: 3, tonnes: 81.2 })).toBe(81.2);
    expect(tonnesOfKg(28_547.5)).toBe(28.5);
    expect(tonnesOfKg(28_550)).toBe(28.6);
    expect(tonnesOfKg(0)).toBe(0);
    expect(quotaRemaining(120, 81.2)).toBe(38.8);
    expect(quotaRemaining(100, 100.3)).toBe(-0.3);
    expect(quotaRemaining(10, 12)).toBe(-2);
  });
});

import { describe, expect, it } from 'vitest';
import { dueWeighing, weighingRefusal, weighingTotals } from './weighing.ts';

describe('weighing', () => {
  it('allows weigh-in once, then weigh-out once', () => {
    expect(weighingRefusal('in', { in: false, out: false })).toBeNull();
    expect(weighingRefusal('in', { in: true, out: false })).toBe('ALREADY_WEIGHED_IN');
    expect(weighingRefusal('in', { in: true, out: true })).toBe('ALREADY_WEIGHED_IN');
    expect(weighingRefusal('out', { in: false, out: false })).toBe('NOT_WEIGHED_IN');
    expect(weighingRefusal('out', { in: true, out: false })).toBeNull();
    expect(weighingRefusal('out', { in: true, out: true })).toBe('ALREADY_WEIGHED_OUT');
  });

  it('says which weighing is due', () => {
    expect(dueWeighing({ in: false, out: false })).toBe('in');
    expect(dueWeighing({ in: true, out: false })).toBe('out');
    expect(dueWeighing({ in: true, out: true })).toBeNull();
  });

  it('takes gross as the heavier weighing and tare as the lighter, whichever came first', () => {
    expect(weighingTotals(41250, 12000.5)).toEqual({ gross: 41250, tare: 12000.5, net: 29249.5 });
    expect(weighingTotals(12000.5, 41250)).toEqual({ gross: 41250, tare: 12000.5, net: 29249.5 });
    expect(weighingTotals(30000.3, 10000.1)).toEqual({ gross: 30000.3, tare: 10000.1, net: 20000.2 });
  });

  it('has no totals before both weighings', () => {
    expect(weighingTotals(30000, null)).toEqual({ gross: null, tare: null, net: null });
    expect(weighingTotals(null, null)).toEqual({ gross: null, tare: null, net: null });
  });
});

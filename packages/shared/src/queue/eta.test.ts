import { describe, expect, it } from 'vitest';
import { roundedRange, waitInUnits } from './eta.ts';

describe('the range a driver reads', () => {
  it('rounds to whole minutes, then fives above 15 min and tens above an hour', () => {
    expect(roundedRange({ low: 3.4, mid: 6, high: 9.2 })).toEqual({ low: 3, high: 10 });
    expect(roundedRange({ low: 33, mid: 40, high: 48 })).toEqual({ low: 30, high: 50 });
    expect(roundedRange({ low: 64, mid: 80, high: 97 })).toEqual({ low: 60, high: 100 });
    expect(roundedRange({ low: 0.1, mid: 0.3, high: 0.6 })).toEqual({ low: 0, high: 1 });
  });
});

describe('the range in words', () => {
  it('speaks in minutes under two hours, then in whole hours', () => {
    expect(waitInUnits({ low: 30, high: 80 })).toEqual({ unit: 'minutes', low: 30, high: 80 });
    expect(waitInUnits({ low: 60, high: 120 })).toEqual({ unit: 'hours', low: 1, high: 2 });
    expect(waitInUnits({ low: 550, high: 1420 })).toEqual({ unit: 'hours', low: 9, high: 24 });
    expect(waitInUnits({ low: 10, high: 130 })).toEqual({ unit: 'hours', low: 0, high: 3 });
  });
});

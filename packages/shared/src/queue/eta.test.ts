import { describe, expect, it } from 'vitest';
import { callRate, expectedWait, gammaQuantile, roundedRange, waitInUnits } from './eta.ts';

/** A steady day: 12 calls an hour now and in the same hour of each of the last five days. */
const STEADY = { recentCalls: 12, recentMinutes: 60, pastCalls: [12, 12, 12, 12, 12] };

/** A seeded generator (mulberry32), so the coverage test is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the call rate', () => {
  it('is unknown with no call now and none in the same hour of recent days', () => {
    expect(callRate({ recentCalls: 0, recentMinutes: 60, pastCalls: [] })).toBeNull();
    expect(expectedWait({ ahead: 3, recentCalls: 0, recentMinutes: 60, pastCalls: [] })).toBeNull();
  });

  it("is the days' pace when today keeps it", () => {
    expect(callRate(STEADY)).toBeCloseTo(0.2, 10);
  });

  it('keeps the usual pace in mind through a quiet start, and follows a busier hour', () => {
    // Nothing called yet this hour on a day that usually calls 12: half the pace, not none.
    expect(callRate({ ...STEADY, recentCalls: 0 })).toBeCloseTo(0.1, 10);
    // Twice the usual: between the two.
    expect(callRate({ ...STEADY, recentCalls: 24 })).toBeCloseTo(0.3, 10);
    // A new plant with no past days: the last hour alone.
    expect(callRate({ recentCalls: 6, recentMinutes: 30, pastCalls: [] })).toBeCloseTo(0.2, 10);
  });

  it('counts quiet days as quiet', () => {
    expect(callRate({ recentCalls: 0, recentMinutes: 60, pastCalls: [0, 0, 6] })).toBeCloseTo(1 / 60, 10);
  });
});

describe('the expected wait', () => {
  it('for the next truck at 12 calls an hour: 5 min likely, within about 1–12 min', () => {
    const wait = expectedWait({ ahead: 0, ...STEADY })!;
    expect(wait.mid).toBeCloseTo(5, 5);
    // The exponential's exact 10th and 90th percentiles are 0.53 and 11.5 min.
    expect(wait.low).toBeGreaterThan(0.3);
    expect(wait.low).toBeLessThan(0.8);
    expect(wait.high).toBeGreaterThan(10.5);
    expect(wait.high).toBeLessThan(12.5);
    expect(roundedRange(wait)).toEqual({ low: 0, high: 12 });
  });

  it('with nine trucks ahead: 50 min likely, about 31–71 min (the Gamma law’s percentiles)', () => {
    const wait = expectedWait({ ahead: 9, ...STEADY })!;
    expect(wait.mid).toBeCloseTo(50, 5);
    expect(wait.low).toBeCloseTo(31.1, 0);
    expect(wait.high).toBeCloseTo(71.0, 0);
    expect(roundedRange(wait)).toEqual({ low: 30, high: 80 });
  });

  it('waits at least for the lab result', () => {
    const wait = expectedWait({ ahead: 0, ...STEADY, labRemainingMinutes: 40 })!;
    expect(wait.low).toBe(40);
    expect(wait.mid).toBe(40);
    expect(wait.high).toBe(40);
    expect(roundedRange(wait)).toEqual({ low: 40, high: 45 });
  });

  it('holds about eight calls in ten inside its range when the pace is what it assumed', () => {
    const random = seeded(20261125);
    const rate = 0.2;
    for (const ahead of [0, 2, 9, 30]) {
      const wait = expectedWait({ ahead, ...STEADY })!;
      let inside = 0;
      const trials = 4000;
      for (let trial = 0; trial < trials; trial++) {
        let t = 0;
        for (let call = 0; call <= ahead; call++) t += -Math.log(1 - random()) / rate;
        if (t >= wait.low && t <= wait.high) inside++;
      }
      expect(inside / trials).toBeGreaterThan(0.76);
      expect(inside / trials).toBeLessThan(0.84);
    }
  });
});

describe('the Gamma quantile', () => {
  it("matches the exponential's at one event within a few percent, and grows with the events", () => {
    expect(gammaQuantile(1, 1, 1.2816)).toBeCloseTo(Math.log(10), 0);
    expect(gammaQuantile(5, 1, 0)).toBeGreaterThan(gammaQuantile(4, 1, 0));
  });
});

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

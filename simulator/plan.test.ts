import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clockTime,
  HARVEST_PEAK,
  labValues,
  midnightOf,
  planDay,
  WINDOWS,
  windowLabel,
  type TruckPlan,
} from './plan.ts';

const HOUR = 3600;
const harvest = WINDOWS['24h'];
/** The site clock's hour a simulated moment of the harvest falls in. */
const hourOf = (simSeconds: number) => (harvest.startHour + Math.floor(simSeconds / HOUR)) % 24;
const inPeak = (t: TruckPlan) =>
  hourOf(t.arrival) >= HARVEST_PEAK.from && hourOf(t.arrival) < HARVEST_PEAK.to;

describe('the harvest window (24h)', () => {
  it('plays 06:00 to 06:00 and crosses the plant day start at its 18th hour', () => {
    expect(windowLabel(harvest)).toBe('06:00–06:00');
    expect(midnightOf(harvest)).toBe(18 * HOUR);
    expect(clockTime(harvest, 18 * HOUR + 15 * 60)).toBe('00:15');
  });

  it('puts 40 % of its weight in the four peak hours, 10 % in each', () => {
    const total = harvest.hourlyWeight.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(100);
    const peak = harvest.hourlyWeight.slice(HARVEST_PEAK.from - 6, HARVEST_PEAK.to - 6);
    expect(peak).toEqual([10, 10, 10, 10]);
  });

  it('brings about 40 % of the trucks in the peak hours, fewer an hour at night than by day', () => {
    const plan = planDay(3000, 1, harvest);
    const share = plan.filter(inPeak).length / plan.length;
    expect(share).toBeGreaterThan(0.37);
    expect(share).toBeLessThan(0.43);
    const perHour = (from: number, to: number) =>
      plan.filter((t) => hourOf(t.arrival) >= from && hourOf(t.arrival) < to).length / (to - from);
    // 00:00–04:00 against 06:00–17:00.
    expect(perHour(0, 4)).toBeLessThan(perHour(6, 17) / 2);
    expect(plan.every((t) => t.arrival >= 0 && t.arrival < 24 * HOUR)).toBe(true);
  });

  it('is the same plan for the same seed, another for another seed', () => {
    expect(planDay(500, 7, harvest)).toEqual(planDay(500, 7, harvest));
    expect(planDay(500, 8, harvest)).not.toEqual(planDay(500, 7, harvest));
  });

  it('parks only trucks of the peak, until 00:10–04:00', () => {
    const plan = planDay(3000, 1, harvest);
    const parked = plan.filter((t) => t.parkedUntil !== null);
    expect(parked.length).toBeGreaterThan(0);
    expect(parked.every(inPeak)).toBe(true);
    expect(parked.every((t) => t.parkedUntil! >= 18 * HOUR + 600 && t.parkedUntil! < 22 * HOUR)).toBe(true);
  });
});

describe('the day and the night', () => {
  /**
   * Their plans are held by a fingerprint, so that a change of the plan is a deliberate one,
   * said in docs/simulator.md and docs/benchmarks.md. (Issue 38: the night's trucks of the
   * ruled line, B, no longer park; its desk calls the line's next truck, whoever it is. Issue
   * 40: no truck draws its own delay before its call any more, every line's stations call the
   * first truck waiting, so each truck's draws after the lab's times come one earlier in the
   * seed's stream and every fingerprint changed.)
   */
  it.each([
    ['day', 100, 1, 'c4b78bf112c42f2f'],
    ['day', 1000, 7, 'e8ba22408fca3091'],
    ['night', 100, 1, '99b7e994b80ab520'],
    ['night', 1000, 7, '2c4b5547b2e06f06'],
  ] as const)(
    '%s, %i trucks, seed %i: the plan its fingerprint holds',
    (window, trucks, seed, fingerprint) => {
      // The ruled line's classes (order-plan.ts) come from a stream of their own, apart.
      const plan = planDay(trucks, seed, WINDOWS[window]).map(({ order: _order, ...truck }) => truck);
      expect(createHash('sha256').update(JSON.stringify(plan)).digest('hex').slice(0, 16)).toBe(fingerprint);
    },
  );
});

describe("the lab's samples", () => {
  // The simulated plant's rules (plant-setup.ts): starch under 18 % rechecks, moisture over 40 % rejects.
  const verdict = (v: { starch: number; moisture: number }) =>
    v.moisture > 40 ? 'reject' : v.starch < 18 ? 'recheck' : 'pass';

  it("call for the planned outcome: the first sample, then a recheck's second one", () => {
    for (let index = 0; index < 500; index++) {
      expect(verdict(labValues({ index, labOutcome: 'pass' }))).toBe('pass');
      expect(verdict(labValues({ index, labOutcome: 'reject' }))).toBe('reject');
      for (const labOutcome of ['recheck-pass', 'recheck-reject'] as const)
        expect(verdict(labValues({ index, labOutcome }))).toBe('recheck');
      expect(verdict(labValues({ index, labOutcome: 'recheck-pass' }, 2))).toBe('pass');
      expect(verdict(labValues({ index, labOutcome: 'recheck-reject' }, 2))).toBe('reject');
    }
  });
});

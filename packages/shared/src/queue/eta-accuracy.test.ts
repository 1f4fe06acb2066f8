import { describe, expect, it } from 'vitest';
import {
  accuracyOf,
  accuracyTable,
  etaAccuracy,
  ETA_TARGETS_TEXT,
  quantile,
  type EtaReading,
} from './eta-accuracy.ts';

const reading = (
  flow: string,
  atIssue: boolean,
  range: [number, number] | null,
  waitedMin: number,
): EtaReading => ({ flow, atIssue, range: range && { low: range[0], high: range[1] }, waitedMin });

/**
 * Five readings worked by hand:
 *   lab, at issue       10–30, waited 25: inside, error |25 − 20| = 5, width 20
 *   lab, later          0–10,  waited 12: outside, error 7, width 10
 *   lab, later          none,  waited 3
 *   standard, at issue  20–40, waited 50: outside, error 20, width 20
 *   standard, later     5–15,  waited 10: inside, error 0, width 10
 */
const FIVE = [
  reading('lab', true, [10, 30], 25),
  reading('lab', false, [0, 10], 12),
  reading('lab', false, null, 3),
  reading('standard', true, [20, 40], 50),
  reading('standard', false, [5, 15], 10),
];

describe('quantiles', () => {
  it('interpolate between the nearest ranks', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([1, 2, 3], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    // 0.9 × 3 = 2.7: seven tenths of the way from 7 to 20.
    expect(quantile([0, 5, 7, 20], 0.9)).toBeCloseTo(16.1, 10);
  });
});

describe('the accuracy of the expected wait', () => {
  const { groups } = etaAccuracy(FIVE);

  it('groups all flows first, then each flow by name', () => {
    expect(groups.map((g) => g.flow)).toEqual([null, 'lab', 'standard']);
  });

  it('counts every reading, those with a range, inside it, and the errors, widths and waits', () => {
    const all = groups[0]!.every;
    expect(all).toMatchObject({ readings: 5, withRange: 4, noRange: 1, insideCount: 2, inside: 0.5 });
    // Errors 0, 5, 7, 20; widths 10, 10, 20, 20; waits 3, 10, 12, 25, 50.
    expect(all.medianErrorMin).toBe(6);
    expect(all.p90ErrorMin).toBeCloseTo(16.1, 10);
    expect(all.medianWidthMin).toBe(15);
    expect(all.medianWaitMin).toBe(12);
    // Half inside; 15 min ≤ max(20, 4.8); 6 min > 20 % of 12.
    expect(all.verdicts).toEqual({ inside: 'FAIL', width: 'pass', error: 'FAIL' });
  });

  it('at issue takes one reading a truck', () => {
    const atIssue = groups[0]!.atIssue;
    expect(atIssue).toMatchObject({ readings: 2, withRange: 2, noRange: 0, inside: 0.5 });
    expect(atIssue.medianErrorMin).toBe(12.5);
    expect(atIssue.p90ErrorMin).toBeCloseTo(18.5, 10);
    expect(atIssue.medianWidthMin).toBe(20);
    expect(atIssue.medianWaitMin).toBe(37.5);
  });

  it('each flow on its own', () => {
    const lab = groups[1]!.every;
    expect(lab).toMatchObject({ readings: 3, withRange: 2, noRange: 1, inside: 0.5 });
    expect(lab.medianErrorMin).toBe(6);
    expect(lab.p90ErrorMin).toBeCloseTo(6.8, 10);
    expect(lab.medianWidthMin).toBe(15);
    expect(lab.medianWaitMin).toBe(12);
    const standardAtIssue = groups[2]!.atIssue;
    expect(standardAtIssue).toMatchObject({ readings: 1, withRange: 1, insideCount: 0, inside: 0 });
    expect(standardAtIssue.medianErrorMin).toBe(20);
  });

  it('judges nothing where no reading had a range', () => {
    const none = accuracyOf([reading('general', true, null, 4)]);
    expect(none).toMatchObject({ readings: 1, withRange: 0, noRange: 1, inside: null, medianErrorMin: null });
    expect(none.medianWaitMin).toBe(4);
    expect(none.verdicts).toEqual({ inside: null, width: null, error: null });
    expect(accuracyOf([]).verdicts).toEqual({ inside: null, width: null, error: null });
  });
});

describe('the three targets at their edges', () => {
  /** `n` readings that each waited `waited` and showed `range`, then `m` more that showed `other`. */
  const many = (n: number, range: [number, number], waited: number) =>
    Array.from({ length: n }, () => reading('lab', true, range, waited));

  it('85 % inside passes, 84 % does not', () => {
    const inside = (k: number) => [...many(k, [0, 10], 5), ...many(100 - k, [0, 10], 11)];
    expect(accuracyOf(inside(85)).verdicts.inside).toBe('pass');
    expect(accuracyOf(inside(84)).verdicts.inside).toBe('FAIL');
    // 17 of 20 is 85 % exactly.
    expect(accuracyOf([...many(17, [0, 10], 5), ...many(3, [0, 10], 11)]).verdicts.inside).toBe('pass');
  });

  it('the median width: 40 % of the median wait, or 20 min when that is more', () => {
    // A median wait of 100 min allows 40 min.
    expect(accuracyOf(many(3, [80, 120], 100)).verdicts.width).toBe('pass');
    expect(accuracyOf(many(3, [79.5, 120.5], 100)).verdicts.width).toBe('FAIL');
    // A median wait of 30 min allows 20 (40 % of it is 12).
    expect(accuracyOf(many(3, [20, 40], 30)).verdicts.width).toBe('pass');
    expect(accuracyOf(many(3, [20, 41], 30)).verdicts.width).toBe('FAIL');
  });

  it('the median error: at most 20 % of the median wait', () => {
    // The middle is 120 against a wait of 100: 20 min, the limit.
    expect(accuracyOf(many(3, [100, 140], 100)).verdicts.error).toBe('pass');
    expect(accuracyOf(many(3, [101, 141], 100)).verdicts.error).toBe('FAIL');
  });

  it('says which way the readings outside their range err', () => {
    // Called before its range twice, inside once, after it once.
    const figures = accuracyOf([
      reading('lab', true, [10, 20], 5),
      reading('lab', true, [10, 20], 9.9),
      reading('lab', true, [10, 20], 15),
      reading('lab', true, [10, 20], 21),
      reading('lab', true, null, 3),
    ]);
    expect([figures.inside, figures.early, figures.late]).toEqual([0.25, 0.5, 0.25]);
    expect(accuracyOf([reading('lab', true, null, 3)]).early).toBeNull();
  });

  it('all three met', () => {
    expect(accuracyOf(many(5, [90, 110], 100)).verdicts).toEqual({
      inside: 'pass',
      width: 'pass',
      error: 'pass',
    });
  });
});

describe('the table', () => {
  it('has a row per group and kind of reading, the verdicts in words, and the targets under it', () => {
    const table = accuracyTable(etaAccuracy(FIVE));
    const lines = table.split('\n');
    expect(lines[0]).toMatch(
      /^\| flow, readings +\| trucks \/ readings \| with a range \(none\) \| called inside \(before · after\) \| median error \| p90 error \| median width \| median real wait \| inside ≥ 85 % · width · error \|$/,
    );
    expect(lines[1]).toMatch(/^\|-+\|-+:\|/);
    const cells = (line: string) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
    expect(cells(lines[2]!)).toEqual([
      'all flows, at issue',
      '2 trucks',
      '2 (0)',
      '50 % (0 % · 50 %)',
      '12.5 min',
      '18.5 min',
      '20.0 min',
      '37.5 min',
      'FAIL · pass · FAIL',
    ]);
    expect(cells(lines[3]!)).toEqual([
      'all flows, every reading',
      '5 readings',
      '4 (1)',
      '50 % (0 % · 50 %)',
      '6.0 min',
      '16.1 min',
      '15.0 min',
      '12.0 min',
      'FAIL · pass · FAIL',
    ]);
    expect(lines.slice(2, 8).map((l) => cells(l)[0])).toEqual([
      'all flows, at issue',
      'all flows, every reading',
      'lab flow, at issue',
      'lab flow, every reading',
      'standard flow, at issue',
      'standard flow, every reading',
    ]);
    expect(lines.at(-1)).toBe(ETA_TARGETS_TEXT);
  });

  it('shows a dash where there is nothing to judge', () => {
    const table = accuracyTable(etaAccuracy([reading('general', true, null, 4)]));
    expect(table).toMatch(/\| +– +\| +– +\| +– +\| +– +\| +4\.0 min \| +– · – · – \|$/m);
    expect(table).toMatch(/\| +1 truck \|/);
  });
});

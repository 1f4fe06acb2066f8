import { describe, expect, it } from 'vitest';
import {
  labMeasureProblem,
  labValuePasses,
  labValueProblem,
  labVerdict,
  passRangeText,
  type LabMeasure,
} from './measures.ts';

const starch: LabMeasure = {
  id: 1,
  name: 'แป้ง',
  unit: '%',
  decimals: 1,
  min: 0,
  max: 40,
  passMin: 18,
  passMax: null,
  onFail: 'recheck',
  failReasonId: 7,
  deductAbove: null,
};
const moisture: LabMeasure = {
  ...starch,
  id: 2,
  name: 'ความชื้น',
  max: 100,
  passMin: null,
  passMax: 35,
  onFail: 'reject',
  failReasonId: 9,
};

describe('labValueProblem', () => {
  it('takes values within the range, to the decimals', () => {
    expect(labValueProblem(starch, 0)).toBeNull();
    expect(labValueProblem(starch, 40)).toBeNull();
    expect(labValueProblem(starch, 24.3)).toBeNull();
    // 0.1 + 0.2 is 0.30000000000000004: still one decimal as typed.
    expect(labValueProblem(starch, 0.1 + 0.2)).toBeNull();
  });

  it('refuses values outside the range, too many decimals, and what is not a number', () => {
    expect(labValueProblem(starch, -0.1)).toBe('range');
    expect(labValueProblem(starch, 40.1)).toBe('range');
    expect(labValueProblem(starch, 24.35)).toBe('decimals');
    expect(labValueProblem({ ...starch, decimals: 0 }, 24.5)).toBe('decimals');
    expect(labValueProblem(starch, Number.NaN)).toBe('range');
  });
});

describe('labVerdict', () => {
  it('passes on the bounds of the pass range', () => {
    expect(labValuePasses(starch, 18)).toBe(true);
    expect(labValuePasses(moisture, 35)).toBe(true);
    expect(
      labVerdict([
        { measure: starch, value: 18 },
        { measure: moisture, value: 35 },
      ]),
    ).toEqual({
      outcome: 'pass',
      failed: [],
      reasonId: null,
    });
  });

  it('calls for recheck with the failing measurement’s reason, and reject over recheck', () => {
    const low = labVerdict([
      { measure: starch, value: 17.9 },
      { measure: moisture, value: 30 },
    ]);
    expect(low.outcome).toBe('recheck');
    expect(low.reasonId).toBe(7);
    const both = labVerdict([
      { measure: starch, value: 12 },
      { measure: moisture, value: 40 },
    ]);
    expect(both.outcome).toBe('reject');
    expect(both.reasonId).toBe(9);
    expect(both.failed.map((f) => f.measure.name)).toEqual(['แป้ง', 'ความชื้น']);
  });

  it('proposes no reason when the failing measurement has none', () => {
    expect(labVerdict([{ measure: { ...starch, failReasonId: null }, value: 1 }]).reasonId).toBeNull();
  });
});

describe('words and definitions', () => {
  it('writes the pass range as a person reads it', () => {
    expect(passRangeText(starch)).toBe('≥ 18.0');
    expect(passRangeText(moisture)).toBe('≤ 35.0');
    expect(passRangeText({ passMin: 18, passMax: 30, decimals: 0 })).toBe('18 – 30');
    expect(passRangeText({ passMin: null, passMax: null, decimals: 1 })).toBeNull();
  });

  it('refuses a definition that does not hold together', () => {
    expect(labMeasureProblem(starch)).toBeNull();
    expect(labMeasureProblem({ ...starch, min: 40, max: 40 })).toBe('range');
    expect(labMeasureProblem({ ...starch, passMin: 41 })).toBe('passRange');
    expect(labMeasureProblem({ ...starch, passMin: 20, passMax: 19 })).toBe('passRange');
    expect(labMeasureProblem({ ...starch, deductAbove: 101 })).toBe('deductAbove');
  });
});

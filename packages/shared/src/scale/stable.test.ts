import { describe, expect, it } from 'vitest';
import type { ScaleReading } from './reading.ts';
import { createStableDetector } from './stable.ts';
import type { StableDetector, WeightState } from './stable.ts';

const OPTIONS = { toleranceKg: 10, holdMs: 3000, noSignalMs: 2000 };

function reading(kg: number, stableFlag: boolean | null = null): ScaleReading {
  return { kg, status: 'ok', stableFlag, grossNet: 'gross', unit: 'kg', raw: '' };
}
const overload: ScaleReading = { kg: null, status: 'overload', stableFlag: false, unit: 'kg', raw: '' };
const underload: ScaleReading = { kg: null, status: 'underload', stableFlag: false, unit: 'kg', raw: '' };

/** The indicator's stream: one reading every 200 ms from `fromMs` to `toMs`; the states seen. */
function stream(detector: StableDetector, fromMs: number, toMs: number, next: (i: number) => ScaleReading) {
  const states: WeightState['state'][] = [];
  for (let t = fromMs, i = 0; t <= toMs; t += 200, i++) states.push(detector.update(next(i), t).state);
  return states;
}

describe('stable weight detector', () => {
  it('says moving while a truck drives on, and stable once the weight stayed put for the hold time', () => {
    const detector = createStableDetector(OPTIONS);
    const rolling = [0, 4000, 9000, 15000, 21000];
    expect(stream(detector, 0, 800, (i) => reading(rolling[i] ?? 0))).toEqual(Array(5).fill('moving'));
    // Settled at 24000 from t = 1000: moving until 3000 ms later.
    expect(stream(detector, 1000, 3800, () => reading(24000))).toEqual(Array(15).fill('moving'));
    expect(detector.update(reading(24000), 4000)).toEqual({ state: 'stable', kg: 24000 });
  });

  it('stays stable through jitter within the tolerance, and starts again on a bigger change', () => {
    const detector = createStableDetector(OPTIONS);
    const jitter = [24000, 24010, 23995, 24005, 23990, 24000];
    stream(detector, 0, 3000, (i) => reading(jitter[i % jitter.length] ?? 0));
    expect(detector.update(reading(24005), 3200)).toEqual({ state: 'stable', kg: 24005 });
    // Someone steps onto the deck: 60 kg more.
    expect(detector.update(reading(24065), 3400)).toEqual({ state: 'moving', kg: 24065 });
    expect(stream(detector, 3600, 6200, () => reading(24060)).at(-1)).toBe('moving');
    expect(detector.update(reading(24060), 6400).state).toBe('stable');
  });

  it('is not stable while the indicator says motion, however still the weight', () => {
    const detector = createStableDetector(OPTIONS);
    expect(stream(detector, 0, 4200, () => reading(24000, false)).at(-1)).toBe('moving');
    // The indicator settles: the weight has been still long enough already.
    expect(detector.update(reading(24000, true), 4400)).toEqual({ state: 'stable', kg: 24000 });
  });

  it('is not stable on the indicator flag alone', () => {
    const detector = createStableDetector(OPTIONS);
    expect(stream(detector, 0, 2800, () => reading(24000, true))).toEqual(Array(15).fill('moving'));
    expect(detector.update(reading(24000, true), 3000).state).toBe('stable');
  });

  it('is never stable on overload or underload, and waits again once a weight comes back', () => {
    const detector = createStableDetector(OPTIONS);
    expect(stream(detector, 0, 3000, () => reading(24000)).at(-1)).toBe('stable');
    expect(detector.update(overload, 3200)).toEqual({ state: 'overload', kg: null });
    expect(detector.update(underload, 3400)).toEqual({ state: 'underload', kg: null });
    expect(stream(detector, 3600, 6400, () => reading(24000))).toEqual(Array(15).fill('moving'));
    expect(detector.update(reading(24000), 6600).state).toBe('stable');
  });

  it('says no signal when no reading came for the timeout, and waits again when readings return', () => {
    const detector = createStableDetector(OPTIONS);
    expect(detector.check(0)).toEqual({ state: 'no-signal', kg: null });
    stream(detector, 0, 3000, () => reading(24000));
    expect(detector.check(4000)).toEqual({ state: 'stable', kg: 24000 });
    expect(detector.check(4999)).toEqual({ state: 'stable', kg: 24000 });
    expect(detector.check(5000)).toEqual({ state: 'no-signal', kg: null });
    // The same weight after the gap: nobody knows what happened meanwhile, so the hold starts again.
    expect(detector.update(reading(24000), 9000)).toEqual({ state: 'moving', kg: 24000 });
    expect(stream(detector, 9200, 11800, () => reading(24000)).at(-1)).toBe('moving');
    expect(detector.update(reading(24000), 12000)).toEqual({ state: 'stable', kg: 24000 });
  });

  it('reads negative weights (a lifted deck) like any other', () => {
    const detector = createStableDetector(OPTIONS);
    stream(detector, 0, 2800, (i) => reading(i % 2 === 0 ? -20 : -25));
    expect(detector.update(reading(-25), 3000)).toEqual({ state: 'stable', kg: -25 });
  });

  it('refuses settings that are not numbers of 0 or more', () => {
    expect(() => createStableDetector({ ...OPTIONS, holdMs: -1 })).toThrow(
      /holdMs must be a number of 0 or more/,
    );
    expect(() => createStableDetector({ ...OPTIONS, toleranceKg: Number.NaN })).toThrow(/toleranceKg/);
  });
});

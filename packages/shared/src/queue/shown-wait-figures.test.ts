import { describe, expect, it } from 'vitest';
import { shownWaitFigures } from './shown-wait-figures.ts';

describe('how the waits shown held', () => {
  it('judges a called reading with a range inside or outside it, and the error against its middle', () => {
    const figures = shownWaitFigures([
      { range: { low: 20, high: 30 }, waitedMin: 20 },
      { range: { low: 20, high: 30 }, waitedMin: 30 },
      { range: { low: 20, high: 30 }, waitedMin: 31 },
      { range: { low: 10, high: 20 }, waitedMin: 9 },
    ]);
    expect(figures).toMatchObject({ readings: 4, withRange: 4, inside: 2, insideShare: 0.5 });
    // Errors 5, 5, 6, 6: the median 5.5.
    expect(figures.medianErrorMin).toBe(5.5);
    expect(figures.medianWaitMin).toBe(25);
  });

  it('counts a reading with no range apart, and one never called in no figure but the readings', () => {
    const figures = shownWaitFigures([
      { range: { low: 5, high: 10 }, waitedMin: 7 },
      { range: null, waitedMin: 40 },
      { range: { low: 5, high: 10 }, waitedMin: null },
      { range: null, waitedMin: null },
    ]);
    expect(figures).toEqual({
      readings: 4,
      notCalled: 2,
      withRange: 1,
      noRange: 1,
      inside: 1,
      insideShare: 1,
      medianErrorMin: 0.5,
      // The real wait of every called reading, with a range or not.
      medianWaitMin: 23.5,
    });
  });

  it('says nothing of a set with nothing to judge', () => {
    expect(shownWaitFigures([])).toEqual({
      readings: 0,
      notCalled: 0,
      withRange: 0,
      noRange: 0,
      inside: 0,
      insideShare: null,
      medianErrorMin: null,
      medianWaitMin: null,
    });
  });
});

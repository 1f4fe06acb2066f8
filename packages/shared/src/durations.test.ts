import { describe, expect, it } from 'vitest';
import { durationParts } from './durations.ts';

describe('durationParts', () => {
  it('adds one to the whole minutes on lab and exit screens', () => {
    expect(durationParts(0, 'plusOne')).toEqual({ hours: 0, minutes: 1 });
    expect(durationParts(59, 'plusOne')).toEqual({ hours: 0, minutes: 1 });
    expect(durationParts(60, 'plusOne')).toEqual({ hours: 0, minutes: 2 });
    expect(durationParts(3725, 'plusOne')).toEqual({ hours: 1, minutes: 3 });
  });

  it('carries a 60th minute into the hours', () => {
    expect(durationParts(3599, 'plusOne')).toEqual({ hours: 1, minutes: 0 });
  });

  it("floors for the report's lab duration", () => {
    expect(durationParts(59, 'floor')).toEqual({ hours: 0, minutes: 0 });
    expect(durationParts(3725, 'floor')).toEqual({ hours: 1, minutes: 2 });
    expect(durationParts(-5, 'floor')).toEqual({ hours: 0, minutes: 0 });
  });
});

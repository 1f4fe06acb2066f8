import { describe, expect, it } from 'vitest';
import { durationText, type DurationWords } from './report-format.ts';

const words: DurationWords = {
  hoursMinutes: (h, m) => `${h} h ${m} min`,
  minutes: (m) => `${m} min`,
};

describe('durationText', () => {
  it('adds a minute with plusOne and floors with floor', () => {
    expect(durationText(0, 'plusOne', words)).toBe('1 min');
    expect(durationText(59, 'plusOne', words)).toBe('1 min');
    expect(durationText(59, 'floor', words)).toBe('0 min');
    expect(durationText(3599, 'plusOne', words)).toBe('1 h 0 min');
    expect(durationText(3599, 'floor', words)).toBe('59 min');
    expect(durationText(2 * 3600 + 15 * 60 + 30, 'floor', words)).toBe('2 h 15 min');
  });

  it('shows a dash when unknown', () => {
    expect(durationText(null, 'floor', words)).toBe('-');
  });
});

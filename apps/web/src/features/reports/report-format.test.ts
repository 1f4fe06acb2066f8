import { describe, expect, it } from 'vitest';
import { durationText, formatKgOneDecimal, type DurationWords } from './report-format.ts';

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

describe('formatKgOneDecimal', () => {
  it('groups thousands and keeps one decimal, the language’s way', () => {
    expect(formatKgOneDecimal(29962, 'th')).toBe('29,962.0');
    expect(formatKgOneDecimal(12345.56, 'en')).toBe('12,345.6');
    expect(formatKgOneDecimal(12345.5, 'de')).toBe('12.345,5');
    expect(formatKgOneDecimal(null, 'en')).toBe('-');
  });
});

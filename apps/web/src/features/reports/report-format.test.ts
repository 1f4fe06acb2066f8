import { describe, expect, it } from 'vitest';
import { durationText, formatSiteDateTime, type DurationWords } from './report-format.ts';

const words: DurationWords = {
  hoursMinutes: (h, m) => `${h} h ${m} min`,
  minutes: (m) => `${m} min`,
};

describe('formatSiteDateTime', () => {
  it('shows day/month/year hh:mm on the plant’s clock', () => {
    expect(formatSiteDateTime('2025-03-07T07:05:00Z', 'Asia/Bangkok')).toBe('07/03/2025 14:05');
    // Past midnight in Bangkok while still the day before in UTC.
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'Asia/Bangkok')).toBe('01/01/2026 00:30');
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'UTC')).toBe('31/12/2025 17:30');
  });

  it('shows a dash when there is no time', () => {
    expect(formatSiteDateTime(null, 'Asia/Bangkok')).toBe('-');
    expect(formatSiteDateTime('', 'Asia/Bangkok')).toBe('-');
    expect(formatSiteDateTime('not a time', 'Asia/Bangkok')).toBe('-');
  });
});

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


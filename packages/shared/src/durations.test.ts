import { describe, expect, it } from 'vitest';
import {
  DURATION_RULES,
  THAI_DURATION_WORDS,
  durationParts,
  durationPieces,
  durationText,
  type DurationWords,
} from './durations.ts';

const thai = (seconds: number | null, rule: 'plusOne' | 'floor', options = {}) =>
  durationText(seconds, rule, THAI_DURATION_WORDS, options);

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

describe('durationText in Thai', () => {
  it('never shows a zero part: a whole hour is "1 ชม.", not "1 ชม. 0 นาที"', () => {
    expect(thai(3599, 'plusOne')).toBe('1 ชม.');
    expect(thai(3600, 'floor')).toBe('1 ชม.');
    expect(thai(7200 + 59, 'floor')).toBe('2 ชม.');
    for (let seconds = 0; seconds < 2 * 86_400; seconds += 97) {
      for (const rule of ['plusOne', 'floor'] as const) {
        expect(thai(seconds, rule)).not.toMatch(/(^|\s)0 /);
        expect(thai(seconds, rule, { days: true })).not.toMatch(/(^|\s)0 /);
      }
    }
  });

  it('writes hours and minutes, minutes alone under an hour', () => {
    expect(thai(3725, 'floor')).toBe('1 ชม. 2 นาที');
    expect(thai(3725, 'plusOne')).toBe('1 ชม. 3 นาที');
    expect(thai(45 * 60, 'floor')).toBe('45 นาที');
    expect(thai(26 * 3600 + 61, 'floor')).toBe('26 ชม. 1 นาที');
  });

  it('counts a started minute under plusOne: 0 to 59 s is 1 minute, 60 s is 2', () => {
    expect(thai(0, 'plusOne')).toBe('1 นาที');
    expect(thai(59, 'plusOne')).toBe('1 นาที');
    expect(thai(60, 'plusOne')).toBe('2 นาที');
  });

  it('says "under a minute" for 0 to 59 s under floor, never "0 นาที"', () => {
    expect(thai(0, 'floor')).toBe('ไม่ถึง 1 นาที');
    expect(thai(59, 'floor')).toBe('ไม่ถึง 1 นาที');
    expect(thai(60, 'floor')).toBe('1 นาที');
    expect(thai(-30, 'floor')).toBe('ไม่ถึง 1 นาที');
  });

  it('shows the same lab stay as the lab page and the report each count it', () => {
    // 1 min 20 s in the lab: "2 นาที" on the lab page, "1 นาที" in the in/out report.
    expect(thai(80, DURATION_RULES.labPage)).toBe('2 นาที');
    expect(thai(80, DURATION_RULES.inOutLabDuration)).toBe('1 นาที');
  });

  it('gives "-" (or the caller\'s mark) when there is no duration yet', () => {
    expect(thai(null, 'floor')).toBe('-');
    expect(durationText(undefined, 'plusOne', THAI_DURATION_WORDS)).toBe('-');
    expect(durationText(Number.NaN, 'plusOne', THAI_DURATION_WORDS, { empty: '' })).toBe('');
  });

  it('shows days and hours for a day or more when asked, without a zero part', () => {
    expect(thai(26 * 3600 + 61, 'floor', { days: true })).toBe('1 วัน 2 ชม.');
    expect(thai(48 * 3600 + 59 * 60, 'floor', { days: true })).toBe('2 วัน');
    expect(thai(23 * 3600 + 59 * 60, 'floor', { days: true })).toBe('23 ชม. 59 นาที');
  });
});

describe('durationPieces', () => {
  it('lists the pieces largest first, none of them zero', () => {
    expect(durationPieces(3725, 'floor')).toEqual([
      { unit: 'hour', count: 1 },
      { unit: 'minute', count: 2 },
    ]);
    expect(durationPieces(30, 'floor')).toEqual([]);
    expect(durationPieces(3600, 'floor')).toEqual([{ unit: 'hour', count: 1 }]);
  });
});

describe('durationText with other words', () => {
  const english: DurationWords = {
    day: (n) => `${n}d`,
    hour: (n) => `${n}h`,
    minute: (n) => `${n}m`,
    lessThanMinute: '<1m',
  };

  it('joins the pieces with a space in any language', () => {
    expect(durationText(3725, 'floor', english)).toBe('1h 2m');
    expect(durationText(20, 'floor', english)).toBe('<1m');
    expect(durationText(90_000, 'floor', english, { days: true })).toBe('1d 1h');
  });
});

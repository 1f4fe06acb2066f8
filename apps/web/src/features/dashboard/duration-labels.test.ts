import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { durationTicks, formatDuration, formatDurationTick } from './duration-labels.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en }, th: { translation: th } } });
const en_ = i18n.getFixedT('en');
const th_ = i18n.getFixedT('th');

describe('formatDuration (whole minutes, rounded down)', () => {
  it.each([
    [null, 'no data'],
    [Number.NaN, 'no data'],
    [0, '< 1 min'],
    [59, '< 1 min'],
    [60, '1 min'],
    [119, '1 min'],
    [3599, '59 min'],
    [3600, '1 h'],
    [3_900, '1 h 5 min'],
    [26 * 3600 + 61, '26 h 1 min'],
  ])('%s s', (seconds, expected) => {
    expect(formatDuration(en_, seconds)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it('says "no data" for null, never 0', () => {
    expect(formatDuration(en_, null)).toBe('no data');
    expect(formatDuration(th_, null)).toBe('ไม่มีข้อมูล');
  });

  it('writes hours and minutes in the UI language', () => {
    expect(formatDuration(en_, 3_900)).toBe('1 h 5 min');
    expect(formatDuration(th_, 3_900)).toBe('1 ชม. 5 นาที');
    expect(formatDuration(en_, 45 * 60 + 59)).toBe('45 min');
    expect(formatDuration(en_, 7_200)).toBe('2 h');
    expect(formatDuration(en_, 30)).toBe('< 1 min');
  });

  it('labels axis ticks briefly', () => {
    expect(formatDurationTick(en_, 0)).toBe('0');
    expect(formatDurationTick(en_, 1_800)).toBe('30m');
    expect(formatDurationTick(en_, 5_400)).toBe('1h 30m');
    expect(formatDurationTick(th_, 3_600)).toBe('1 ชม.');
  });
});

describe('durationTicks', () => {
  it('starts at 0 and covers the longest bar on clock-friendly steps', () => {
    expect(durationTicks(50 * 60)).toEqual([0, 15, 30, 45, 60].map((m) => m * 60));
    expect(durationTicks(3 * 3600 + 10 * 60)).toEqual([0, 60, 120, 180, 240].map((m) => m * 60));
    expect(durationTicks(90)).toEqual([0, 60, 120]);
  });

  it('keeps to the number of ticks asked for', () => {
    for (const max of [1, 59, 61, 599, 3_600, 20_000, 86_400, 500_000]) {
      for (const maxTicks of [3, 4, 6]) {
        const ticks = durationTicks(max, maxTicks);
        expect(ticks.length).toBeLessThanOrEqual(maxTicks);
        expect(ticks[0]).toBe(0);
        expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
        expect(ticks.every((tick) => tick % 60 === 0)).toBe(true);
      }
    }
  });

  it('still draws an axis when there is nothing to show', () => {
    expect(durationTicks(0)).toEqual([0, 60]);
  });
});

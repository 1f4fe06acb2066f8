import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { durationText, durationTicks, formatDuration, formatDurationTick } from './duration-labels.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en }, th: { translation: th } } });
const en_ = i18n.getFixedT('en');
const th_ = i18n.getFixedT('th');

describe('durationText (whole minutes, rounded down)', () => {
  it.each([
    [null, { key: 'noData' }],
    [0, { key: 'lessThanMinute' }],
    [59, { key: 'lessThanMinute' }],
    [60, { key: 'minutes', values: { m: 1 } }],
    [119, { key: 'minutes', values: { m: 1 } }],
    [3599, { key: 'minutes', values: { m: 59 } }],
    [3600, { key: 'hours', values: { h: 1 } }],
    [3_900, { key: 'hoursMinutes', values: { h: 1, m: 5 } }],
    [26 * 3600 + 61, { key: 'hoursMinutes', values: { h: 26, m: 1 } }],
  ])('%s s', (seconds, expected) => {
    expect(durationText(seconds)).toEqual(expected);
  });

  it('treats a non-finite number as no data', () => {
    expect(durationText(Number.NaN)).toEqual({ key: 'noData' });
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

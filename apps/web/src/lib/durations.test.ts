import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { DURATION_RULES } from '@truck-queue/shared/durations';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { formatDuration } from './durations.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'th', resources: { en: { translation: en }, th: { translation: th } } });
const th_ = i18n.getFixedT('th');
const en_ = i18n.getFixedT('en');

describe('formatDuration', () => {
  it('writes Thai hours and minutes without a zero part', () => {
    expect(formatDuration(th_, 3725, 'floor')).toBe('1 ชม. 2 นาที');
    expect(formatDuration(th_, 3599, 'plusOne')).toBe('1 ชม.');
    expect(formatDuration(th_, 45 * 60, 'floor')).toBe('45 นาที');
    expect(formatDuration(th_, 20, 'floor')).toBe('ไม่ถึง 1 นาที');
    expect(formatDuration(th_, 20, 'plusOne')).toBe('1 นาที');
    expect(formatDuration(th_, null, 'plusOne')).toBe('-');
  });

  it('has a short style and days where a wait can pass midnight', () => {
    expect(formatDuration(th_, 3725, 'floor', { style: 'short' })).toBe('1 ชม. 2 น.');
    expect(formatDuration(en_, 3725, 'floor', { style: 'short' })).toBe('1h 2m');
    expect(formatDuration(en_, 26 * 3600, 'floor', { days: true })).toBe('1 d 2 h');
    expect(formatDuration(en_, 30, 'floor')).toBe('< 1 min');
  });

  it('shows one lab stay as the lab page and the in/out report each count it', () => {
    expect(formatDuration(th_, 80, DURATION_RULES.labPage)).toBe('2 นาที');
    expect(formatDuration(th_, 80, DURATION_RULES.inOutLabDuration)).toBe('1 นาที');
  });

  it('explains each rule in words', () => {
    expect(th_('duration.rule.plusOne')).toContain('0–59 วินาที = 1 นาที');
    expect(th_('duration.rule.floor')).toContain('นับเต็มนาที');
  });
});

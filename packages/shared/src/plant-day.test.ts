import { describe, expect, it } from 'vitest';
import { addDays, formatDayStart, plantDayOf } from './plant-day.ts';

describe('plantDayOf', () => {
  it('is the plant’s date, not the PC’s or UTC’s', () => {
    // 2025-03-06 18:30 UTC is already 7 March in Bangkok (UTC+7), still 6 March in London.
    const instant = new Date('2025-03-06T18:30:00Z');
    expect(plantDayOf(instant, 'Asia/Bangkok')).toBe('2025-03-07');
    expect(plantDayOf(instant, 'Europe/London')).toBe('2025-03-06');
    expect(plantDayOf(new Date('2025-01-01T05:59:00Z'), 'America/Mexico_City')).toBe('2024-12-31');
  });

  it('keeps the night on the day before until the branch’s day starts', () => {
    const bkk = (wall: string) => new Date(`${wall}:00+07:00`);
    const sixAm = 6 * 60;
    expect(plantDayOf(bkk('2026-11-21T05:59'), 'Asia/Bangkok', sixAm)).toBe('2026-11-20');
    expect(plantDayOf(bkk('2026-11-21T06:00'), 'Asia/Bangkok', sixAm)).toBe('2026-11-21');
    expect(plantDayOf(bkk('2026-11-21T23:59'), 'Asia/Bangkok', sixAm)).toBe('2026-11-21');
    // Across a month and a year end.
    expect(plantDayOf(bkk('2027-01-01T02:00'), 'Asia/Bangkok', sixAm)).toBe('2026-12-31');
    expect(plantDayOf(bkk('2026-03-01T00:00'), 'Asia/Bangkok', 1)).toBe('2026-02-28');
  });
});

describe('addDays and formatDayStart', () => {
  it('cross month, year and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('writes a day start as the plant reads it', () => {
    expect(formatDayStart(0)).toBe('00:00');
    expect(formatDayStart(360)).toBe('06:00');
    expect(formatDayStart(1439)).toBe('23:59');
  });
});

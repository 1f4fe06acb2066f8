import { describe, expect, it } from 'vitest';
import { monthBefore, monthLabel, monthsShown, siteMonth } from './notify-months.ts';

const BANGKOK = 'Asia/Bangkok';

describe('siteMonth', () => {
  it('is the month on the plant’s clock, not UTC’s', () => {
    // 30 Nov 2026 20:00 UTC is already 1 December in Bangkok.
    expect(siteMonth(new Date('2026-11-30T20:00:00Z'), BANGKOK)).toBe('2026-12');
    expect(siteMonth(new Date('2026-11-30T16:59:00Z'), BANGKOK)).toBe('2026-11');
  });
});

describe('monthBefore', () => {
  it('crosses the year', () => {
    expect(monthBefore('2026-02', 1)).toBe('2026-01');
    expect(monthBefore('2026-02', 2)).toBe('2025-12');
    expect(monthBefore('2026-01', 13)).toBe('2024-12');
    expect(monthBefore('2026-07', 0)).toBe('2026-07');
  });
});

describe('monthsShown', () => {
  const now = new Date('2027-01-10T03:00:00Z');

  it('shows this month and the two before, newest first, zeros where nothing was sent', () => {
    const shown = monthsShown(
      [
        { month: '2027-01', channel: 'line', sent: 12, failed: 1 },
        { month: '2026-11', channel: 'web_push', sent: 40, failed: 3 },
        { month: '2026-11', channel: 'line', sent: 7, failed: 0 },
      ],
      now,
      BANGKOK,
    );
    expect(shown).toEqual([
      { month: '2027-01', current: true, web_push: { sent: 0, failed: 0 }, line: { sent: 12, failed: 1 } },
      { month: '2026-12', current: false, web_push: { sent: 0, failed: 0 }, line: { sent: 0, failed: 0 } },
      { month: '2026-11', current: false, web_push: { sent: 40, failed: 3 }, line: { sent: 7, failed: 0 } },
    ]);
  });

  it('leaves out the day of an older month the server reads to be safe', () => {
    const shown = monthsShown([{ month: '2026-10', channel: 'line', sent: 5, failed: 0 }], now, BANGKOK);
    expect(shown.map((m) => m.month)).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(shown.every((m) => m.line.sent === 0)).toBe(true);
  });
});

describe('monthLabel', () => {
  it('names the month in the reader’s language, the year in the branch’s calendar', () => {
    expect(monthLabel('2026-11', 'th', 'BE')).toBe('พฤศจิกายน 2569');
    expect(monthLabel('2026-11', 'en', 'BE')).toBe('November 2569');
    expect(monthLabel('2026-11', 'en', 'CE')).toBe('November 2026');
    expect(monthLabel('2026-01', 'th', 'CE')).toBe('มกราคม 2026');
    expect(monthLabel('2026-03', 'de', 'CE')).toBe('März 2026');
  });

  it('gives back what it cannot read', () => {
    expect(monthLabel('soon', 'en', 'CE')).toBe('soon');
  });
});

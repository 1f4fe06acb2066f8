import { describe, expect, it } from 'vitest';
import { NO_WAIT_READINGS, type WaitDay } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import { emptyRuns, hasBars, waitBars } from './wait-series.ts';

const day = (over: Partial<WaitDay>): WaitDay => ({ day: '2026-11-20', ...NO_WAIT_READINGS, ...over });

describe("a queue type's accuracy chart", () => {
  it('draws a day with judged readings as a percentage, and says why another has no bar', () => {
    const bars = waitBars([
      day({ day: '2026-11-18' }),
      day({ day: '2026-11-19', readings: 3, no_range: 2, not_called: 1 }),
      day({
        day: '2026-11-20',
        readings: 9,
        with_range: 7,
        inside: 6,
        inside_share: 6 / 7,
        median_error_minutes: 4.5,
      }),
    ]);
    expect(bars.map((b) => [b.day, b.insidePercent, b.errorMinutes, b.empty])).toEqual([
      ['2026-11-18', null, null, 'no-tickets'],
      ['2026-11-19', null, null, 'no-range'],
      ['2026-11-20', 85.7, 4.5, null],
    ]);
    expect(hasBars(bars)).toBe(true);
    expect(hasBars(bars.slice(0, 2))).toBe(false);
  });

  it('names the days without figures as runs, so a month without tickets is one line', () => {
    const bars = waitBars([
      day({ day: '2026-11-16' }),
      day({ day: '2026-11-17' }),
      day({ day: '2026-11-18' }),
      day({ day: '2026-11-19', readings: 2, no_range: 2 }),
      day({ day: '2026-11-20', readings: 3, with_range: 3, inside: 3, inside_share: 1 }),
      day({ day: '2026-11-21' }),
    ]);
    expect(emptyRuns(bars, 'no-tickets')).toEqual([
      { from: '2026-11-16', to: '2026-11-18' },
      { from: '2026-11-21', to: '2026-11-21' },
    ]);
    expect(emptyRuns(bars, 'no-range')).toEqual([{ from: '2026-11-19', to: '2026-11-19' }]);
  });
});

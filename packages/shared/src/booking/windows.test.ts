import { describe, expect, it } from 'vitest';
import { bookableLoads, checkInTime, slotLineAt, windowOffsets, windowProblems } from './windows.ts';

describe('booking windows', () => {
  it('places windows on the plant day from its start', () => {
    expect(windowOffsets({ start: '06:00', end: '10:00' }, 0)).toEqual({ start: 360, end: 600 });
    // A day starting at 06:00: 02:00-05:00 is late in that day; 22:00-06:00 runs to its end.
    expect(windowOffsets({ start: '02:00', end: '05:00' }, 360)).toEqual({ start: 1200, end: 1380 });
    expect(windowOffsets({ start: '22:00', end: '06:00' }, 360)).toEqual({ start: 960, end: 1440 });
  });

  it.each([
    {
      windows: [
        { start: '06:00', end: '10:00' },
        { start: '10:00', end: '14:00' },
      ],
      dayStart: 0,
      problems: [],
    },
    { windows: [{ start: '10:00', end: '10:00' }], dayStart: 0, problems: [{ index: 0, problem: 'EMPTY' }] },
    // Crosses the day start at 06:00.
    {
      windows: [{ start: '04:00', end: '08:00' }],
      dayStart: 360,
      problems: [{ index: 0, problem: 'EMPTY' }],
    },
    {
      windows: [
        { start: '06:00', end: '10:00' },
        { start: '09:00', end: '12:00' },
      ],
      dayStart: 0,
      problems: [{ index: 1, problem: 'OVERLAP' }],
    },
    {
      windows: [
        { start: '09:00', end: '12:00' },
        { start: '06:00', end: '10:00' },
      ],
      dayStart: 0,
      problems: [{ index: 0, problem: 'OVERLAP' }],
    },
    {
      windows: [
        { start: '06:00', end: '08:00' },
        { start: '06:00', end: '10:00' },
      ],
      dayStart: 0,
      problems: [{ index: 1, problem: 'DUPLICATE' }],
    },
  ])('finds what is wrong with windows $windows', ({ windows, dayStart, problems }) => {
    expect(windowProblems(windows, dayStart)).toEqual(problems);
  });

  it('keeps the walk-ins share, rounding the bookable loads down', () => {
    expect(bookableLoads(60, 25)).toBe(45);
    expect(bookableLoads(7, 50)).toBe(3);
    expect(bookableLoads(10, 100)).toBe(0);
    expect(bookableLoads(10, 0)).toBe(10);
  });

  const window = { startsAt: new Date('2026-12-01T01:00:00Z'), endsAt: new Date('2026-12-01T03:00:00Z') };
  const graces = { earlyMinutes: 60, lateMinutes: 30 };
  it.each([
    ['2026-11-30T23:59:00Z', 'too_early'],
    ['2026-12-01T00:00:00Z', 'early'],
    ['2026-12-01T00:59:59Z', 'early'],
    ['2026-12-01T01:00:00Z', 'in_window'],
    ['2026-12-01T03:29:59Z', 'in_window'],
    ['2026-12-01T03:30:00Z', 'too_late'],
  ])('an arrival at %s is %s', (at, expected) => {
    expect(checkInTime(new Date(at), window, graces)).toBe(expected);
  });

  it('joins a late arrival at the window opening and an early one at once', () => {
    expect(slotLineAt(new Date('2026-12-01T02:10:00Z'), window.startsAt)).toEqual(window.startsAt);
    const early = new Date('2026-12-01T00:30:00Z');
    expect(slotLineAt(early, window.startsAt)).toEqual(early);
  });
});

/**
 * A line's booking windows on its plant day (issue 39), pure so the server, the plan page and the
 * kiosk agree. A window is written in clock times ('06:00'-'10:00', an end before the start being
 * after midnight); it belongs to the plant day that starts at the branch's day start, so on a
 * plant day starting at 06:00 a window 02:00-05:00 is the night before the next day starts.
 */
import { MINUTES_PER_DAY } from '../plant-day.ts';

export interface ClockWindow {
  start: string;
  end: string;
  capacity: number;
}

/** Minutes after midnight of a clock time 'HH:MM'. */
export function clockMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** A window as minutes after its plant day's start: [start, end), end up to a whole day. */
export function windowOffsets(window: Pick<ClockWindow, 'start' | 'end'>, dayStartMinutes: number) {
  const offset = (time: string) => (clockMinutes(time) - dayStartMinutes + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const start = offset(window.start);
  const end = offset(window.end) || MINUTES_PER_DAY;
  return { start, end };
}

export type WindowProblem = 'EMPTY' | 'OVERLAP' | 'DUPLICATE';

/**
 * What is wrong with a line's windows, by index: a window that ends where it starts (or would
 * cross the plant day's start), one that overlaps another. Empty: none.
 */
export function windowProblems(
  windows: readonly Pick<ClockWindow, 'start' | 'end'>[],
  dayStartMinutes: number,
): { index: number; problem: WindowProblem }[] {
  const problems: { index: number; problem: WindowProblem }[] = [];
  const spans = windows.map((w, index) => ({ index, ...windowOffsets(w, dayStartMinutes) }));
  for (const span of spans)
    if (span.end <= span.start) problems.push({ index: span.index, problem: 'EMPTY' });
  const ordered = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1]!;
    const span = ordered[i]!;
    if (span.start === before.start) problems.push({ index: span.index, problem: 'DUPLICATE' });
    else if (span.start < before.end) problems.push({ index: span.index, problem: 'OVERLAP' });
  }
  return problems;
}

/** The windows in the order of the plant day. */
export function windowsInDayOrder<W extends Pick<ClockWindow, 'start' | 'end'>>(
  windows: readonly W[],
  dayStartMinutes: number,
): W[] {
  return [...windows].sort(
    (a, b) => windowOffsets(a, dayStartMinutes).start - windowOffsets(b, dayStartMinutes).start,
  );
}

/** Loads a capacity may book once the walk-ins' share is kept: rounded down. */
export function bookableLoads(capacity: number, walkInPercent: number): number {
  return Math.floor((capacity * (100 - walkInPercent)) / 100);
}

/** Where an arrival stands against its booked window, from too early to too late. */
export const CHECK_IN_TIMES = ['too_early', 'early', 'in_window', 'too_late'] as const;
export type CheckInTime = (typeof CHECK_IN_TIMES)[number];

/**
 * Where an arrival at `now` stands against a booked window [startsAt, endsAt): before it by no
 * more than `earlyMinutes` is early, inside it or up to `lateMinutes` after it is in the window;
 * beyond those, too early or too late.
 */
export function checkInTime(
  now: Date,
  window: { startsAt: Date; endsAt: Date },
  graces: { earlyMinutes: number; lateMinutes: number },
): CheckInTime {
  const t = now.getTime();
  if (t < window.startsAt.getTime() - graces.earlyMinutes * 60_000) return 'too_early';
  if (t < window.startsAt.getTime()) return 'early';
  if (t < window.endsAt.getTime() + graces.lateMinutes * 60_000) return 'in_window';
  return 'too_late';
}

/**
 * Where a booked truck checked in at `now` joins its line: at the window's opening when it comes
 * inside the window (before the walk-ins who came after the opening, behind those before it);
 * at once when it comes early, like anyone.
 */
export function slotLineAt(now: Date, startsAt: Date): Date {
  return now.getTime() < startsAt.getTime() ? now : startsAt;
}

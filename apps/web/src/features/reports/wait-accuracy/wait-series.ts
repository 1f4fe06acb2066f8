import type { WaitDay } from '@truck-queue/shared/contracts/wait-accuracy.contract';

/** One plant day of a queue type's chart. */
export interface WaitBar {
  day: string;
  /** Called inside the range shown, % of the judged readings; null: none to judge. */
  insidePercent: number | null;
  /** Median error, minutes; null: none to judge. */
  errorMinutes: number | null;
  /** Why a day has no bar: no ticket at all, or none shown a range and then called. */
  empty: 'no-tickets' | 'no-range' | null;
  source: WaitDay;
}

/** The bars of a queue type's days, in the days' order. */
export function waitBars(days: readonly WaitDay[]): WaitBar[] {
  return days.map((d) => ({
    day: d.day,
    insidePercent: d.inside_share === null ? null : Math.round(d.inside_share * 1000) / 10,
    errorMinutes: d.median_error_minutes,
    empty: d.readings === 0 ? 'no-tickets' : d.with_range === 0 ? 'no-range' : null,
    source: d,
  }));
}

/** Whether any day has something to draw. */
export const hasBars = (bars: readonly WaitBar[]) => bars.some((bar) => bar.empty === null);

/** The runs of consecutive days empty for `why`, first and last day of each (a lone day: both the same). */
export function emptyRuns(
  bars: readonly WaitBar[],
  why: NonNullable<WaitBar['empty']>,
): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  let open: { from: string; to: string } | null = null;
  for (const bar of bars) {
    if (bar.empty !== why) {
      open = null;
      continue;
    }
    if (open) open.to = bar.day;
    else runs.push((open = { from: bar.day, to: bar.day }));
  }
  return runs;
}

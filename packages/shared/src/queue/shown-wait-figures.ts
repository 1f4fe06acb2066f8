/**
 * How the expected wait shown to drivers held (issue 40, "Seen by the plant"): each ticket's
 * range read at its issue, set against the wait its truck really had, from that reading to its
 * first call. Pure: the server's accuracy page (modules/queue/wait-accuracy.service.ts) hands it
 * one queue type's readings of a plant day, or of the whole period. Its figures mean what
 * shared/queue/eta-accuracy.ts's mean for the backtest and the simulator: called inside when
 * low ≤ waited ≤ high, the error against the range's middle.
 */

/** The target: at least this share of the readings with a range called inside it. */
export const INSIDE_TARGET_SHARE = 0.85;

/** One reading and what came of it. */
export interface ShownWait {
  /** The range shown, in minutes from the reading; null when the page showed none. */
  range: { low: number; high: number } | null;
  /** Minutes from the reading to the first call; null when the truck was never called (yet). */
  waitedMin: number | null;
}

export interface ShownWaitFigures {
  /** Every reading. */
  readings: number;
  /** Never called (rejected, voided, gone, or still waiting): neither inside nor outside. */
  notCalled: number;
  /** Called, and shown a range: the share's base. */
  withRange: number;
  /** Called, and shown no range (the page counted the trucks ahead instead). */
  noRange: number;
  /** Of `withRange`, called inside the range. */
  inside: number;
  /** inside / withRange, 0–1; null without a reading to judge. */
  insideShare: number | null;
  /** Median |waited − the range's middle| over `withRange`, minutes. */
  medianErrorMin: number | null;
  /** Median real wait over the called readings (with a range or not), minutes. */
  medianWaitMin: number | null;
}

/** The median of values (the mean of the middle two of an even count); null without values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The figures of a set of readings. */
export function shownWaitFigures(readings: readonly ShownWait[]): ShownWaitFigures {
  const errors: number[] = [];
  const waits: number[] = [];
  let notCalled = 0;
  let inside = 0;
  for (const { range, waitedMin } of readings) {
    if (waitedMin === null) {
      notCalled++;
      continue;
    }
    waits.push(waitedMin);
    if (!range) continue;
    errors.push(Math.abs(waitedMin - (range.low + range.high) / 2));
    if (waitedMin >= range.low && waitedMin <= range.high) inside++;
  }
  const withRange = errors.length;
  return {
    readings: readings.length,
    notCalled,
    withRange,
    noRange: waits.length - withRange,
    inside,
    insideShare: withRange > 0 ? inside / withRange : null,
    medianErrorMin: median(errors),
    medianWaitMin: median(waits),
  };
}

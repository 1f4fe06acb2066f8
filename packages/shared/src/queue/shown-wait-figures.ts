import { accuracyOf, INSIDE_TARGET } from './eta-accuracy.ts';

/**
 * How the expected wait shown to drivers held (issue 40, "Seen by the plant"): each ticket's
 * range read at its issue, set against the wait its truck really had, from that reading to its
 * first call. The server's accuracy page (modules/queue/wait-accuracy.service.ts) hands it one
 * queue type's readings of a plant day, or of the whole period. The figures are the backtest's
 * and the simulator's (eta-accuracy.ts `accuracyOf`: called inside when low ≤ waited ≤ high, the
 * error against the range's middle); what the plant's page adds is the tickets never called,
 * which are counted apart and in no other figure.
 */

/** The issue's target: at least this share of the readings with a range called inside it. */
export const INSIDE_TARGET_SHARE = INSIDE_TARGET;

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

/** The figures of a set of readings. */
export function shownWaitFigures(readings: readonly ShownWait[]): ShownWaitFigures {
  const called = readings.flatMap(({ range, waitedMin }) =>
    waitedMin === null ? [] : [{ flow: '', atIssue: true, range, waitedMin }],
  );
  const figures = accuracyOf(called);
  return {
    readings: readings.length,
    notCalled: readings.length - called.length,
    withRange: figures.withRange,
    noRange: figures.noRange,
    inside: figures.insideCount,
    insideShare: figures.inside,
    medianErrorMin: figures.medianErrorMin,
    medianWaitMin: figures.medianWaitMin,
  };
}

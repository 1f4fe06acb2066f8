/**
 * The line's play, held to what came of it (issue 40): a range read off the plays
 * (line-forecast.ts) holds nine in ten of the plays, but the plays are tidier than the yard
 * (they play the stations open now all night, and draw each truck's way on its own of the
 * lab's load), so the real calls fell inside far less often. Each queue type's ranges are
 * therefore widened, or narrowed, by how its own past ranges fared: split conformal prediction
 * on the play's range (conformalized quantile regression).
 *
 * For each past reading with its play's range (low, mid, high) and the wait that came:
 *   below = low − waited    how many minutes under the range it was called
 *   above = waited − high   how many over
 * (negative when inside). A new range moves each end out by its side's quantile of those scores:
 * where nine in twenty of the calls came over the range, its high goes out until one in twenty
 * does. A type whose calls fall inside more often than that is narrowed the same way. Each band
 * of the play's middle is calibrated on its own readings (MIDDLE_BANDS), all of them together
 * where a band has too few. Calls far past the rest (a driver who parked for the night: above
 * past Tukey's far-out fence) are left out: nothing in the line foretells them.
 *
 * In minutes, not in the play's own spread: in the simulator's lab a range read with a narrow
 * play (the truck in the lab, a short line after it) erred as much as a wide one of its band,
 * and scaled by its spread it stayed too narrow; being the narrowest, those were the ranges
 * shown (narrowEnough), and the lab's shown ranges held 56-64 % of the calls.
 */

/** A range of a play, minutes from its reading. */
export interface PlayRange {
  low: number;
  mid: number;
  high: number;
}

/** A past reading of the type: its play's range and the minutes the truck then waited. */
export interface CalibrationSample extends PlayRange {
  waited: number;
}

/** How far each end of a play's range moves out, in minutes (negative: in). */
export interface SideScores {
  below: number;
  above: number;
  /** The readings it was made of (far-out calls left out). */
  samples: number;
}

/**
 * A type's calibration: of all its readings, and of those whose play's middle fell in each of
 * MIDDLE_BANDS (null where too few): a long wait errs more than a short one with the same
 * spread (more happens in it that the play does not foresee), and a range is shown only when
 * narrow enough for its middle, so one set of scores for all kept the short waits' ranges too
 * wide and the long waits' too narrow.
 */
export interface Calibration extends SideScores {
  bands: (SideScores | null)[];
}

/** The bands of the play's middle (minutes) calibrated apart: under 10, 10–30, … */
export const MIDDLE_BANDS = [10, 30, 60, 120, 240];
const bandOf = (mid: number) => {
  const band = MIDDLE_BANDS.findIndex((edge) => mid < edge);
  return band === -1 ? MIDDLE_BANDS.length : band;
};

/** Fewest past readings whose calls came to calibrate by: below this the plays' ranges stand. */
export const MIN_CALIBRATION_SAMPLES = 30;
/** The share of calls a calibrated range means to hold (each side misses half the rest). */
export const CALIBRATED_COVERAGE = 0.9;
/** Tukey's far-out fence: the upper quartile plus this many times the spread of the quartiles. */
const FAR_OUT = 3;
const FENCE_FLOOR_MINUTES = 5;

/**
 * The conformal quantile of `scores` (sorted in place): the ⌈(n + 1)·q⌉-th smallest, the
 * finite-sample rank that keeps the promise on a new reading; past the last, the last.
 */
function conformalQuantile(scores: number[], q: number): number {
  scores.sort((a, b) => a - b);
  const rank = Math.min(scores.length, Math.ceil((scores.length + 1) * q));
  return scores[rank - 1]!;
}

/** The type's calibration from its past readings; null when they are too few. */
export function calibrationOf(samples: readonly CalibrationSample[]): Calibration | null {
  if (samples.length < MIN_CALIBRATION_SAMPLES) return null;
  const above = samples.map((s) => s.waited - s.high);
  const sorted = [...above].sort((a, b) => a - b);
  const q1 = sorted[Math.floor((sorted.length - 1) * 0.25)]!;
  const q3 = sorted[Math.ceil((sorted.length - 1) * 0.75)]!;
  // The spread between the quartiles, at least a few minutes: with most calls inside, the
  // quartiles can sit together and put every late call past the fence.
  const fence = q3 + FAR_OUT * Math.max(q3 - q1, FENCE_FLOOR_MINUTES);
  const kept = samples.filter((_, i) => above[i]! <= fence);
  const all = scoresOf(kept);
  if (!all) return null;
  const bands = Array.from({ length: MIDDLE_BANDS.length + 1 }, (_, band) =>
    scoresOf(kept.filter((s) => bandOf(s.mid) === band)),
  );
  return { ...all, bands };
}

/** Each side's conformal score of these readings; null when they are too few. */
function scoresOf(samples: readonly CalibrationSample[]): SideScores | null {
  if (samples.length < MIN_CALIBRATION_SAMPLES) return null;
  const tail = 1 - (1 - CALIBRATED_COVERAGE) / 2;
  return {
    below: conformalQuantile(
      samples.map((s) => s.low - s.waited),
      tail,
    ),
    above: conformalQuantile(
      samples.map((s) => s.waited - s.high),
      tail,
    ),
    samples: samples.length,
  };
}

/**
 * A play's range, calibrated: each end moved by its side's score (never below now), its middle
 * kept inside. Ends that would cross (a type whose calls all fell near the middle) meet there.
 */
export function calibrated(range: PlayRange, calibration: Calibration | null): PlayRange {
  if (!calibration) return range;
  // Its band's scores; all the readings' where the band has too few.
  const scores = calibration.bands[bandOf(range.mid)] ?? calibration;
  let low = Math.max(0, range.low - scores.below);
  let high = Math.max(0, range.high + scores.above);
  if (low > high) low = high = (low + high) / 2;
  return { low, mid: Math.min(high, Math.max(low, range.mid)), high };
}

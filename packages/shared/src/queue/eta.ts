/**
 * How long a waiting truck will wait for its call (issue 21), as a range a driver can plan by:
 * "about 35–50 min". Pure: the server gives it the branch's own recent history and the line as
 * it is now; the driver's page, the calling cards and the display board show what it answers.
 *
 * The method (docs/drivers-and-notifications.md, "Expected wait"):
 *  - A queue type's trucks are called one after another at some rate λ (calls a minute). λ is
 *    estimated from two sources: the calls of the last hour, and the calls in the same hour of
 *    the recent days. The days' mean is a prior worth PRIOR_MINUTES of watching, which the last
 *    hour's count updates (a Gamma prior on a Poisson rate): a quiet start of a shift that is
 *    busy every day still expects the usual pace, and a day busier than usual shows within the
 *    hour. The rate covers everything that paces the calls, the stations open and the officers
 *    at them included, because it is counted from the calls themselves.
 *  - A truck with `ahead` trucks before it is called at the (ahead + 1)-th call from now. With
 *    calls at rate λ that time follows a Gamma(ahead + 1, λ) law; the range is its 10th to 90th
 *    percentile, so about eight trucks in ten are called within it if the pace holds.
 *  - A lab truck cannot be called before its result: its wait is at least the lab's remaining
 *    time (the median of recent samples' durations less the time its sample has been in).
 *  - No call in the last hour and none in the same hour of recent days: no estimate (null),
 *    rather than a number made up.
 */

/** What the estimate knows of one queue type and one truck. */
export interface EtaInput {
  /** Trucks of the type waiting before this one. */
  ahead: number;
  /** Calls of the type in the last `recentMinutes` (first calls: a recall does not move the line). */
  recentCalls: number;
  recentMinutes: number;
  /**
   * Calls of the type in the same clock window on each recent day the branch worked (any call
   * that day), zeros included: a window that is quiet every day expects few calls.
   */
  pastCalls: readonly number[];
  /** Lab trucks before their result: minutes until it is expected; null otherwise. */
  labRemainingMinutes?: number | null;
}

/** Minutes from now: the likely middle, and the range about eight calls in ten fall inside. */
export interface EtaRange {
  low: number;
  mid: number;
  high: number;
}

/** What the recent days' pace counts for, in minutes of watching the last hour. */
export const PRIOR_MINUTES = 60;
/** The range's percentiles (10th and 90th) as standard normal quantiles. */
const Z_LOW = -1.2816;
const Z_HIGH = 1.2816;

/**
 * Calls a minute: the recent days' mean pace in the window, updated by what the last
 * `recentMinutes` saw. Null when neither saw a call.
 */
export function callRate(
  input: Pick<EtaInput, 'recentCalls' | 'recentMinutes' | 'pastCalls'>,
): number | null {
  const { recentCalls, recentMinutes, pastCalls } = input;
  const days = pastCalls.length;
  if (recentCalls <= 0 && days === 0) return null;
  const priorMinutes = days > 0 ? PRIOR_MINUTES : 0;
  const priorCalls =
    days > 0 ? (pastCalls.reduce((a, b) => a + b, 0) / days) * (PRIOR_MINUTES / recentMinutes) : 0;
  const minutes = priorMinutes + recentMinutes;
  const calls = priorCalls + recentCalls;
  return calls > 0 && minutes > 0 ? calls / minutes : null;
}

/**
 * The p-quantile of the time to the k-th event of a Poisson process of rate λ, in the same
 * unit as 1/λ: Wilson and Hilferty's cube-root approximation of the Gamma(k, λ) law, close
 * enough at k = 1 (within a few percent of the exponential's exact quantile) and better above.
 */
export function gammaQuantile(k: number, rate: number, z: number): number {
  const c = 1 / (9 * k);
  const cube = Math.max(0, 1 - c + z * Math.sqrt(c));
  return (k * cube ** 3) / rate;
}

/** The expected wait for a call, in minutes; null when the history says nothing. */
export function expectedWait(input: EtaInput): EtaRange | null {
  const rate = callRate(input);
  if (rate === null) return null;
  const k = Math.max(0, Math.floor(input.ahead)) + 1;
  const floor = Math.max(0, input.labRemainingMinutes ?? 0);
  return {
    low: Math.max(floor, gammaQuantile(k, rate, Z_LOW)),
    mid: Math.max(floor, k / rate),
    high: Math.max(floor, gammaQuantile(k, rate, Z_HIGH)),
  };
}

/**
 * The range as a driver reads it: whole minutes, to the nearest 5 above 15 min and 10 above an
 * hour, the high end at least a step above the low one. A wait of under a minute reads 0–1.
 */
export function roundedRange(range: EtaRange): { low: number; high: number } {
  const step = (minutes: number) => (minutes >= 60 ? 10 : minutes >= 15 ? 5 : 1);
  const low = Math.floor(range.low / step(range.low)) * step(range.low);
  const high = Math.max(Math.ceil(range.high / step(range.high)) * step(range.high), low + step(low));
  return { low, high };
}

/** A range as words can carry it: minutes, or whole hours once it reaches two hours. */
export interface WaitInUnits {
  unit: 'minutes' | 'hours';
  low: number;
  high: number;
}

/** "about 30–45 min", or from two hours on "about 3–6 hours" (never "180–360 min"). */
export function waitInUnits(range: { low: number; high: number }): WaitInUnits {
  if (range.high < 120) return { unit: 'minutes', low: range.low, high: range.high };
  const low = Math.floor(range.low / 60);
  return { unit: 'hours', low, high: Math.max(Math.ceil(range.high / 60), low + 1) };
}

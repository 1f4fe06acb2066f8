import type { ScaleReading } from './reading.ts';

/**
 * When the weight on the bridge can be recorded. An indicator's own stable flag is set after a
 * fraction of a second without motion, which a truck still rolling onto the deck can fool, so
 * the bridge also asks that the weight stayed put for a while:
 *
 *  - stable: every reading of the last `holdMs` fits within ±`toleranceKg` of one weight (their
 *    spread is at most twice the tolerance) AND the indicator, when its format has a flag, says
 *    stable; a reading outside the band starts the wait again from that reading;
 *  - moving: a weight, but not (yet) stable;
 *  - overload / underload: the indicator shows no weight; never stable, and the wait starts
 *    again once a weight comes back;
 *  - no-signal: no reading for `noSignalMs` (cable pulled, indicator off); the next reading
 *    starts the wait again, as nobody knows what the weight did meanwhile.
 *
 * The time is always the caller's (`nowMs`), never the clock's, so the rules are tested with
 * made-up times and the bridge decides which clock counts.
 */
export type WeightState =
  { state: 'stable' | 'moving'; kg: number } | { state: 'overload' | 'underload' | 'no-signal'; kg: null };

export interface StableDetectorOptions {
  /** Half the band the weight must stay in, in kg (e.g. one or two divisions: 10 or 20 kg). */
  toleranceKg: number;
  /** How long the weight must stay in the band, in ms (e.g. 3000). */
  holdMs: number;
  /** How long without a reading means the indicator is gone, in ms (e.g. 2000). */
  noSignalMs: number;
}

export interface StableDetector {
  /** Takes a reading received at `nowMs` and says what the weight is doing now. */
  update(reading: ScaleReading, nowMs: number): WeightState;
  /** What the weight is doing at `nowMs` without a new reading: call it on a timer to see no-signal. */
  check(nowMs: number): WeightState;
}

/** Room for float rounding: 12340.3 - 12320.3 is 20.000000000001455, still within ±10 kg. */
const ROUNDING_KG = 1e-6;

export function createStableDetector(options: StableDetectorOptions): StableDetector {
  const { toleranceKg, holdMs, noSignalMs } = options;
  for (const name of ['toleranceKg', 'holdMs', 'noSignalMs'] as const) {
    const value: unknown = options[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(
        `The stable weight setting ${name} must be a number of 0 or more, not ${String(value)}.`,
      );
    }
  }

  let last: { reading: ScaleReading; atMs: number } | null = null;
  /** The readings since the wait began: their lowest and highest weight, and when it began. */
  let run: { minKg: number; maxKg: number; sinceMs: number } | null = null;

  const silent = (nowMs: number) => last === null || nowMs - last.atMs >= noSignalMs;

  function stateAt(nowMs: number): WeightState {
    if (last === null || silent(nowMs)) return { state: 'no-signal', kg: null };
    const { reading } = last;
    if (reading.status !== 'ok') return { state: reading.status, kg: null };
    if (reading.kg === null) return { state: 'no-signal', kg: null };
    const held = run !== null && nowMs - run.sinceMs >= holdMs;
    const indicatorStable = reading.stableFlag !== false;
    return { state: held && indicatorStable ? 'stable' : 'moving', kg: reading.kg };
  }

  return {
    update(reading, nowMs) {
      const kg = reading.status === 'ok' ? reading.kg : null;
      if (kg === null || silent(nowMs)) run = null;
      if (kg !== null) {
        const minKg = Math.min(run?.minKg ?? kg, kg);
        const maxKg = Math.max(run?.maxKg ?? kg, kg);
        run =
          run !== null && maxKg - minKg <= 2 * toleranceKg + ROUNDING_KG
            ? { minKg, maxKg, sinceMs: run.sinceMs }
            : { minKg: kg, maxKg: kg, sinceMs: nowMs };
      }
      last = { reading, atMs: nowMs };
      return stateAt(nowMs);
    },
    check: stateAt,
  };
}

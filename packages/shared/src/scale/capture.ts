import type { ScaleLive } from '../contracts/socket-events.ts';

/**
 * Why a scale's weight cannot be captured now (the reasons the server refuses with). The page
 * knows all but SCALE_NOT_CLEARED from the live weight; that one only the server knows.
 */
export type CaptureRefusal =
  'SCALE_OFFLINE' | 'SCALE_NO_SIGNAL' | 'SCALE_NOT_STABLE' | 'SCALE_NO_WEIGHT' | 'SCALE_NOT_CLEARED';

/**
 * A scale reads "empty" at most this far from zero (mud on the deck, a person crossing it).
 * After each capture the scale must read empty before it captures again: the weighed truck has
 * driven off, so one truck's weight is never recorded for the next (weighbridges call it the
 * return-to-zero interlock).
 */
export const SCALE_ZERO_KG = 200;

/** Whether a reading says the deck is empty (SCALE_ZERO_KG). */
export const readsEmpty = (kg: number | null) => kg !== null && Math.abs(kg) <= SCALE_ZERO_KG;

/** The heaviest weight a weighbridge records, in kg (as WeightSchema allows a typed one). */
export const CAPTURE_MAX_KG = 100_000;

/**
 * Whether what a scale shows may be recorded as a truck's weight: only a stable weight above
 * zero and within the weighbridge's range, from a bridge that is connected and reporting. The
 * weighing page enables its capture button by this rule, and the server checks it again on the
 * weight it holds (never the page's).
 */
export function captureRefusal(live: ScaleLive): CaptureRefusal | null {
  switch (live.state) {
    case 'offline':
      return 'SCALE_OFFLINE';
    case 'no-signal':
      return 'SCALE_NO_SIGNAL';
    case 'stable':
      return live.kg !== null && live.kg > 0 && live.kg <= CAPTURE_MAX_KG ? null : 'SCALE_NO_WEIGHT';
    case 'moving':
    case 'overload':
    case 'underload':
      return 'SCALE_NOT_STABLE';
  }
}

/** A captured weight as it is kept: to a tenth of a kilogram, like a typed one. */
export const capturedKg = (kg: number) => Math.round(kg * 10) / 10;

import type { ScaleLive } from '../contracts/socket-events.ts';

/** Why a scale's weight cannot be captured now (the reasons the server refuses with). */
export type CaptureRefusal = 'SCALE_OFFLINE' | 'SCALE_NO_SIGNAL' | 'SCALE_NOT_STABLE' | 'SCALE_NO_WEIGHT';

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

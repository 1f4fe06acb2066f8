import { INSIDE_TARGET, quantile } from '@truck-queue/shared/queue/eta-accuracy';
import { narrowest } from '@truck-queue/shared/queue/line-forecast';
import type { TruckPlan } from './plan.ts';

/**
 * What no expected wait can narrow (issue 40): a lab truck's own way before its call (its
 * sample taken, the lab's time, its result read; a recheck's second pass), each drawn on its own
 * in the day's plan (plan.ts). At its ticket nothing tells one truck's way from another's, so a
 * range read then that holds INSIDE_TARGET of the lab trucks' calls, even one that knew the
 * plan's every other time, spans at least the narrowest stretch holding that share of their own
 * ways. Where a station is free when the result is read (the day's quiet hours) the wait is that
 * way; where the line at the stations is longer, the station's turn decides instead.
 */
export interface LabWayFloor {
  /** The lab trucks called (not rejected), not parked. */
  trucks: number;
  /** The narrowest span of minutes holding INSIDE_TARGET of their own ways. */
  spanMin: number;
  medianMin: number;
}

/** Minutes of the truck's own way through the lab to its call; null when it is never called. */
export function labWayMinutes(plan: TruckPlan): number | null {
  if (plan.flow !== 'lab' || plan.labOutcome === 'reject' || plan.labOutcome === 'recheck-reject')
    return null;
  const { sampleAfter, labTakes, decideAfter, recheckTakes } = plan.stage;
  // As the journey goes (journey.ts): a recheck goes to the recheck point, then the lab again.
  const first = sampleAfter + labTakes + decideAfter;
  const second = plan.labOutcome === 'recheck-pass' ? recheckTakes + labTakes + decideAfter : 0;
  return (first + second) / 60;
}

export function labWayFloor(plans: readonly TruckPlan[], share = INSIDE_TARGET): LabWayFloor | null {
  const ways = plans
    .filter((plan) => plan.parkedUntil === null)
    .map(labWayMinutes)
    .filter((minutes): minutes is number => minutes !== null)
    .sort((a, b) => a - b);
  if (ways.length === 0) return null;
  const { low, high } = narrowest(ways, ways.length, share);
  return { trucks: ways.length, spanMin: high - low, medianMin: quantile(ways, 0.5)! };
}

/**
 * The weighbridge's rules (DESIGN.md and docs/weighbridge-and-lab.md, "Weighing rules"): a truck is
 * weighed in once, then out once, both before it leaves; gross is the heavier weighing, tare the
 * lighter, net their difference. Trucks that deliver are heavier coming in, trucks that collect
 * are heavier going out, so neither weighing is "the loaded one" by itself.
 */

import { isAdminRoles, parseRoles, ROLE, type RoleId } from '../roles.ts';

export type WeighDirection = 'in' | 'out';

/**
 * Where a recorded weight came from: captured from a scale's indicator (stable, through its
 * bridge: the frame and the scale are kept) or typed by hand (with a reason, by an officer allowed
 * to). Weights recorded before scales existed were typed, and count as manual. A weigh-out may
 * also be the vehicle's stored tare (issue 42): the truck left empty without crossing the scale,
 * where the plant allows it, and the slip says from when the tare is.
 */
export const WEIGHT_SOURCES = ['indicator', 'manual', 'stored_tare'] as const;
export type WeightSource = (typeof WEIGHT_SOURCES)[number];

/** Where one weighing came from, as it is kept with the weight. */
export type WeightFrom =
  | { source: 'indicator'; deviceId: number; frame: string }
  | { source: 'manual'; reason: string | null }
  /** The vehicle's stored tare, weighed at `tareAt` (a weigh-out only). */
  | { source: 'stored_tare'; tareAt: Date };

/** A weight recorded without saying where it came from was typed. */
export const TYPED_WEIGHT: WeightFrom = { source: 'manual', reason: null };

/**
 * Roles an admin may allow to type a weight by hand (a branch setting): those that weigh but do
 * not run the branch. Admins always may, since they can change the setting anyway.
 */
export const MANUAL_WEIGHT_ROLE_CHOICES = [ROLE.manager, ROLE.employee] as const satisfies readonly RoleId[];
export type ManualWeightRole = (typeof MANUAL_WEIGHT_ROLE_CHOICES)[number];

/** Whether an officer with `roles` may type a weight, given the roles the branch allows. */
export function mayTypeWeights(
  roles: string | null | undefined,
  allowed: readonly ManualWeightRole[],
): boolean {
  return (
    isAdminRoles(roles) || parseRoles(roles).some((role) => (allowed as readonly string[]).includes(role))
  );
}

/** The branch's setting as stored ("51,55"): unknown or repeated ids are dropped. */
export function parseManualWeightRoles(stored: string | null | undefined): ManualWeightRole[] {
  return MANUAL_WEIGHT_ROLE_CHOICES.filter((role) => parseRoles(stored).includes(role));
}

/** Flows whose trucks cross the weighbridge (a visitor on the general flow is not weighed). */
export function weighsOnFlow(flowEngineId: number): boolean {
  return flowEngineId === 2 || flowEngineId === 3;
}

/** Which weighings a truck already has. */
export interface Weighed {
  in: boolean;
  out: boolean;
}

export type WeighingRefusal = 'ALREADY_WEIGHED_IN' | 'NOT_WEIGHED_IN' | 'ALREADY_WEIGHED_OUT';

/** Why this weighing cannot be recorded now, or null when it can. */
export function weighingRefusal(direction: WeighDirection, weighed: Weighed): WeighingRefusal | null {
  if (direction === 'in') return weighed.in ? 'ALREADY_WEIGHED_IN' : null;
  if (!weighed.in) return 'NOT_WEIGHED_IN';
  return weighed.out ? 'ALREADY_WEIGHED_OUT' : null;
}

/** The weighing a truck is due: in first, then out, then none. */
export function dueWeighing(weighed: Weighed): WeighDirection | null {
  if (!weighed.in) return 'in';
  return weighed.out ? null : 'out';
}

export interface WeighingTotals {
  gross: number | null;
  tare: number | null;
  net: number | null;
}

/** Gross, tare and net in kg once both weighings exist; nulls before. Net keeps one decimal. */
export function weighingTotals(weighInKg: number | null, weighOutKg: number | null): WeighingTotals {
  if (weighInKg === null || weighOutKg === null) return { gross: null, tare: null, net: null };
  const gross = Math.max(weighInKg, weighOutKg);
  const tare = Math.min(weighInKg, weighOutKg);
  // Weights have one decimal; rounding keeps 41250 - 12000.5 at 29249.5, not 29249.499999.
  return { gross, tare, net: Math.round((gross - tare) * 10) / 10 };
}

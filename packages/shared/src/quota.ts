/**
 * A supplier's quota in a season (issue 39, contracts/season.contract.ts): what it has delivered
 * in the season's unit, what is left, and whether one more load would be past it. The server
 * answers these (seasons.service.ts) and the web shows them, by these rules.
 */
import type { QuotaUnit } from './contracts/season.contract.ts';

/** A number to the tenth (tonnes and entitlements are kept so). */
export const toTenth = (value: number): number => Math.round(value * 10) / 10;

/** Paid kilograms as tonnes to the tenth. */
export const tonnesOfKg = (kg: number): number => Math.round(kg / 100) / 10;

/** What a supplier has delivered, counted in the season's unit. */
export function deliveredIn(unit: QuotaUnit, weighed: { loads: number; tonnes: number }): number {
  return unit === 'loads' ? weighed.loads : weighed.tonnes;
}

/** The entitlement less what is delivered (negative: over quota), to the tenth. */
export function quotaRemaining(entitlement: number, delivered: number): number {
  return toTenth(entitlement - delivered);
}

export interface QuotaUse {
  unit: QuotaUnit;
  entitlement: number;
  /** Delivered so far, in `unit`. */
  delivered: number;
  /** Open bookings in the season's days (loads, whatever the unit). */
  bookedLoads: number;
}

/**
 * Whether one more load would be past the quota. In loads the open bookings count as loads to
 * come: delivered + booked + 1 > entitlement. In tonnes a load's weight is not known before it is
 * weighed, so a supplier is over once its delivered tonnes reach the entitlement.
 */
export function overQuota(use: QuotaUse): boolean {
  if (use.unit === 'loads') return use.delivered + use.bookedLoads + 1 > use.entitlement;
  return use.delivered >= use.entitlement;
}

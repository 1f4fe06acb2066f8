/**
 * The weighbridge's checks of a truck's weights (issue 42, part 5): the product's minimum and
 * maximum net and gross, and the legal gross of the vehicle that carries it. A weight outside is
 * not refused (the scale is right, the truck is what it is): the officer is warned and confirms,
 * and the warning stays with the ticket and on its slip.
 *
 * Gross is the heavier weighing, so it is never below either weighing: an upper limit on the
 * gross is checked from the first weighing on (an overloaded cane truck is warned at its
 * weigh-in); a lower limit on the gross, and anything on the net, only once both exist.
 */

/**
 * Vehicle classes and their legal gross weight on Thai roads (kg): a cane truck (a ten-wheeler
 * with a cane body) 25 t, six wheels 15 t, ten wheels 25 t, twelve wheels 30 t, a trailer
 * combination 50.5 t. A branch may set its own figure per class (weighing rules).
 */
export const VEHICLE_CLASSES = ['cane_truck', 'six_wheel', 'ten_wheel', 'twelve_wheel', 'trailer'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];

export const DEFAULT_GROSS_LIMITS: Readonly<Record<VehicleClass, number>> = {
  cane_truck: 25_000,
  six_wheel: 15_000,
  ten_wheel: 25_000,
  twelve_wheel: 30_000,
  trailer: 50_500,
};

/** A branch's legal gross per class: its own figures over the defaults. */
export function grossLimits(
  own: Partial<Record<string, number>> | null | undefined,
): Record<VehicleClass, number> {
  const limits = { ...DEFAULT_GROSS_LIMITS };
  for (const key of VEHICLE_CLASSES) {
    const kg = own?.[key];
    if (typeof kg === 'number' && Number.isFinite(kg) && kg > 0) limits[key] = kg;
  }
  return limits;
}

/** What a truck's weights are checked against; null: no limit of that kind. */
export interface WeightLimits {
  minNetKg: number | null;
  maxNetKg: number | null;
  minGrossKg: number | null;
  maxGrossKg: number | null;
  /** The legal gross of its vehicle class (its product's class, the branch's figure). */
  legalGrossKg: number | null;
}

export const NO_LIMITS: WeightLimits = {
  minNetKg: null,
  maxNetKg: null,
  minGrossKg: null,
  maxGrossKg: null,
  legalGrossKg: null,
};

export const WEIGHT_WARNINGS = [
  'GROSS_OVER_LEGAL',
  'GROSS_ABOVE_MAX',
  'GROSS_BELOW_MIN',
  'NET_ABOVE_MAX',
  'NET_BELOW_MIN',
] as const;
export type WeightWarningCode = (typeof WEIGHT_WARNINGS)[number];

/** One warning: what, the weight checked and the limit it passed (kg). */
export interface WeightWarning {
  code: WeightWarningCode;
  kg: number;
  limitKg: number;
}

/**
 * The warnings a truck's weights raise: `inKg` and `outKg` as recorded or about to be (null
 * before). In the order of WEIGHT_WARNINGS, so the stored list reads the same every time.
 */
export function weightWarnings(
  inKg: number | null,
  outKg: number | null,
  limits: WeightLimits,
): WeightWarning[] {
  const weighed = [inKg, outKg].filter((kg): kg is number => kg !== null);
  if (weighed.length === 0) return [];
  const gross = Math.max(...weighed);
  const both = weighed.length === 2;
  const net = both ? Math.round((gross - Math.min(...weighed)) * 10) / 10 : null;
  const found: WeightWarning[] = [];
  const over = (code: WeightWarningCode, kg: number | null, limit: number | null) => {
    if (kg !== null && limit !== null && kg > limit) found.push({ code, kg, limitKg: limit });
  };
  const under = (code: WeightWarningCode, kg: number | null, limit: number | null) => {
    if (kg !== null && limit !== null && kg < limit) found.push({ code, kg, limitKg: limit });
  };
  over('GROSS_OVER_LEGAL', gross, limits.legalGrossKg);
  over('GROSS_ABOVE_MAX', gross, limits.maxGrossKg);
  under('GROSS_BELOW_MIN', both ? gross : null, limits.minGrossKg);
  over('NET_ABOVE_MAX', net, limits.maxNetKg);
  under('NET_BELOW_MIN', net, limits.minNetKg);
  return found;
}

/** The stored list ("GROSS_OVER_LEGAL,NET_BELOW_MIN"): unknown codes are dropped. */
export function parseWeightWarnings(stored: string | null | undefined): WeightWarningCode[] {
  const codes = new Set((stored ?? '').split(','));
  return WEIGHT_WARNINGS.filter((code) => codes.has(code));
}

/**
 * Whether a stored tare may still finish a truck: taken no more than `days` days before `now`
 * (and not after it: a clock's error never makes a tare from the future valid).
 */
export function storedTareValid(weighedAt: Date, now: Date, days: number): boolean {
  const age = now.getTime() - weighedAt.getTime();
  return age >= 0 && age <= days * 24 * 3600_000;
}

/** The last moment a stored tare is valid. */
export function storedTareExpires(weighedAt: Date, days: number): Date {
  return new Date(weighedAt.getTime() + days * 24 * 3600_000);
}

import type { TFunction } from 'i18next';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import type { StoredTare, WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { isApiRequestError } from '../../lib/api-client.ts';
import { formatKg } from './weight.ts';

/** A weighing's warning as the server sends it with WEIGHT_WARNING (issue 42). */
export type WarningWire = NonNullable<ApiError['warnings']>[number];

/** The warnings of a weighing refused as WEIGHT_WARNING (the officer confirms or not); null for any other failure. */
export function weightWarningsOf(error: unknown): WarningWire[] | null {
  if (!isApiRequestError(error) || error.detail.reason !== 'WEIGHT_WARNING') return null;
  return error.detail.warnings ?? [];
}

/** One line per warning with its figures: "Gross 26,500 kg is over the legal 25,000 kg for this vehicle". */
export function warningLines(t: TFunction, warnings: readonly WarningWire[], locale: string): string[] {
  return warnings.map((w) =>
    t(`weighing.warnings.${w.code}`, { kg: formatKg(w.kg, locale), limit: formatKg(w.limit_kg, locale) }),
  );
}

/**
 * What the weighing page offers for a truck's stored tare: finish on it (allowed, valid, the
 * truck weighed in and not out, the tare lighter than its weigh-in), say it has lapsed, or nothing.
 */
export type StoredTareOffer = 'finish' | 'expired' | 'heavy' | 'none';

export function storedTareOffer(
  truck: Pick<WeighRecord, 'weigh_in_kg' | 'weigh_out_kg'> | undefined,
  answer: { allowed: boolean; tare: StoredTare | null } | undefined,
): StoredTareOffer {
  if (!truck || truck.weigh_in_kg === null || truck.weigh_out_kg !== null) return 'none';
  if (!answer?.allowed || !answer.tare) return 'none';
  if (!answer.tare.valid) return 'expired';
  return answer.tare.kg < truck.weigh_in_kg ? 'finish' : 'heavy';
}

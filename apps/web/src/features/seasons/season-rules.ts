import { calendarYear, type Calendar } from '@truck-queue/shared/calendar';
import { OVER_QUOTA_RULES, QUOTA_UNITS } from '@truck-queue/shared/contracts/season.contract';
import type { HarvestSeason } from '@truck-queue/shared/season';
import { isApiRequestError } from '../../lib/api-client.ts';

export { OVER_QUOTA_RULES, QUOTA_UNITS };

/** The fields of the season form a server refusal can land on ('days' holds starts_on and ends_on). */
export type SeasonField = 'name' | 'product' | 'days' | 'unit' | 'over_quota' | 'active';

export interface SeasonRefusal {
  field: SeasonField;
  key: `seasons.form.refused.${SeasonField}` | 'seasons.form.overlap';
}

const FIELD_OF: Record<string, SeasonField> = {
  name: 'name',
  product: 'product',
  starts_on: 'days',
  ends_on: 'days',
  unit: 'unit',
  over_quota: 'over_quota',
  active: 'active',
};

/**
 * The form's fields a saveSeason refusal is about: the days for SEASON_OVERLAP, or each field
 * VALIDATION_FAILED names. Empty for any other refusal (said above the form).
 */
export function seasonRefusals(error: unknown): SeasonRefusal[] {
  if (!isApiRequestError(error)) return [];
  if (error.detail.reason === 'SEASON_OVERLAP') return [{ field: 'days', key: 'seasons.form.overlap' }];
  if (error.code !== 'VALIDATION_FAILED') return [];
  const refusals: SeasonRefusal[] = [];
  for (const issue of error.detail.issues ?? []) {
    const field = FIELD_OF[issue.path.split('.')[0] ?? ''];
    if (field && !refusals.some((r) => r.field === field))
      refusals.push({ field, key: `seasons.form.refused.${field}` });
  }
  return refusals;
}

export type QuotaRefusalKey = 'seasons.quotas.refused.supplier' | 'seasons.quotas.refused.entitlement';

/**
 * Which rows a saveQuotas refusal is about, by supplier id (`sent` is the call's quotas, in its
 * order: the issues name them by index), and the i18n key of why.
 */
export function quotaRefusals(
  error: unknown,
  sent: readonly { supplier_id: number }[],
): Map<number, QuotaRefusalKey> {
  const rows = new Map<number, QuotaRefusalKey>();
  if (!isApiRequestError(error) || error.code !== 'VALIDATION_FAILED') return rows;
  for (const issue of error.detail.issues ?? []) {
    const match = /^quotas\.(\d+)\.(supplier_id|entitlement)$/.exec(issue.path);
    const supplier = match ? sent[Number(match[1])] : undefined;
    if (!match || !supplier || rows.has(supplier.supplier_id)) continue;
    rows.set(
      supplier.supplier_id,
      match[2] === 'entitlement' ? 'seasons.quotas.refused.entitlement' : 'seasons.quotas.refused.supplier',
    );
  }
  return rows;
}

/**
 * A new season's name and days: the crop year of the branch's harvest season that holds plant
 * day `today`, or between seasons the next one; named as plants write it in the branch's
 * calendar ("2569/70").
 */
export function newSeasonDays(
  today: string,
  harvest: HarvestSeason,
  calendar: Calendar,
): { name: string; starts_on: string; ends_on: string } {
  const year = Number(today.slice(0, 4));
  const span = (opened: number) => ({
    opened,
    starts_on: `${opened}-${harvest.start}`,
    ends_on: `${harvest.finish < harvest.start ? opened + 1 : opened}-${harvest.finish}`,
  });
  const holding = span(today.slice(5) >= harvest.start ? year : year - 1);
  const season = holding.ends_on < today ? span(holding.opened + 1) : holding;
  const first = calendarYear(season.opened, calendar);
  const name = harvest.finish < harvest.start ? `${first}/${String(first + 1).slice(-2)}` : String(first);
  return { name, starts_on: season.starts_on, ends_on: season.ends_on };
}

/** How much of the entitlement is delivered, as a percentage for a progress bar (0 to 100). */
export function deliveredPercent(delivered: number, entitlement: number): number {
  if (entitlement <= 0) return delivered > 0 ? 100 : 0;
  return Math.min(100, Math.round((delivered / entitlement) * 100));
}

/**
 * The quotas the officer changed, to send: each supplier's typed entitlement (null: none) where
 * it differs from the one kept.
 */
export function changedQuotas(
  drafts: ReadonlyMap<number, number | null>,
): { supplier_id: number; entitlement: number | null }[] {
  return [...drafts].map(([supplier_id, entitlement]) => ({ supplier_id, entitlement }));
}

/** The drafts once a row's input says `value`: kept when it differs from `saved`, dropped when not. */
export function withDraft(
  drafts: ReadonlyMap<number, number | null>,
  supplierId: number,
  saved: number | null,
  value: number | null,
): Map<number, number | null> {
  const next = new Map(drafts);
  if (value === saved) next.delete(supplierId);
  else next.set(supplierId, value);
  return next;
}

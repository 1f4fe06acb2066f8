import type { WeighRecord } from '@truck-queue/shared/contracts/station-work.contract';
import { dueWeighing, type WeighDirection } from '@truck-queue/shared/queue/weighing';

/** A weighbridge reads up to 100 t, to a tenth of a kilogram at best (the contract's WeightSchema). */
export const MAX_WEIGHT_KG = 100_000;

export type { WeighDirection };

export interface NumberSymbols {
  group: string;
  decimal: string;
}

/** The thousands and decimal separators of a language: ',' '.' in Thai and English, '.' ',' in German. */
export function numberSymbols(locale: string): NumberSymbols {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** The one weight formatter (shared/weight-format.ts): 29962 -> '29,962', 12345.5 -> '12,345.5'. */
export { formatKg } from '@truck-queue/shared/weight-format';

/** The weight field's text for a value ('12345.5' -> '12,345.5'), grouped the language's way. */
export function formatWeightText(value: string | number | undefined, symbols: NumberSymbols): string {
  if (value === undefined || value === '') return '';
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
  return fraction === undefined ? grouped : `${grouped}${symbols.decimal}${fraction}`;
}

/** What the officer typed back to a plain number string: '12,345.5' -> '12345.5' ('12.345,5' in German). */
export function parseWeightText(text: string | undefined, symbols: NumberSymbols): string {
  let plain = (text ?? '').replace(/\s/g, '');
  if (symbols.group.trim()) plain = plain.split(symbols.group).join('');
  if (symbols.decimal !== '.') plain = plain.split(symbols.decimal).join('.');
  return plain.replace(/[^\d.-]/g, '');
}

export type WeightProblem = 'required' | 'range' | 'decimals';

/** What is wrong with a weight before it is sent: missing, not above 0 or over 100 t, or finer than 0.1 kg. */
export function weightProblem(kg: number | null | undefined): WeightProblem | null {
  if (kg === null || kg === undefined || Number.isNaN(kg)) return 'required';
  if (kg <= 0 || kg > MAX_WEIGHT_KG) return 'range';
  if (Math.abs(kg * 10 - Math.round(kg * 10)) > 1e-9) return 'decimals';
  return null;
}

/**
 * The weighing Enter records for a queue number: the one today's list says is due (weigh-out
 * for a truck weighed in and not yet out), else weigh-in. Only a suggestion: the server decides.
 */
export function suggestedDirection(row: WeighRecord | undefined): WeighDirection {
  const due = row ? dueWeighing({ in: row.weigh_in_kg !== null, out: row.weigh_out_kg !== null }) : 'in';
  return due ?? 'in';
}

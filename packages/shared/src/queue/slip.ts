/**
 * The receiving slip (issue 20): what a truck is paid on. Gross, tare and net from its two
 * weighings; then, for each lab value its queue type deducts (dirt, impurities), the percentage
 * points above the measurement's allowance taken off the net; what is left is the paid weight.
 * The printed slip, the driver's page and the reports compute it here, so they agree to the
 * tenth of a kilogram. A season's delivered tonnes add it up for 100,000 loads in one statement
 * (server modules/seasons/seasons.repository.ts PAID_KG, step for step the same arithmetic);
 * seasons.test.ts holds the two to the same answers.
 */
import { weighingTotals } from './weighing.ts';

/** A lab value as the slip needs it. */
export interface SlipLabValue {
  name: string;
  value: number;
  decimals: number;
  /** The part of the value above this (a percentage) comes off the net; null: not deducted. */
  deductAbove: number | null;
}

export interface SlipDeduction {
  name: string;
  /** Percentage points taken off the net: the value above its allowance, to its decimals. */
  percent: number;
  /** The measurement's decimals, to write the points as the lab wrote the value ("2.40"). */
  decimals: number;
  kg: number;
}

export interface Slip {
  gross: number;
  tare: number;
  net: number;
  deductions: SlipDeduction[];
  /** All deductions together (kg). */
  deducted: number;
  /** Net less the deductions, never below zero (kg). */
  paid: number;
}

const tenth = (kg: number) => Math.round(kg * 10) / 10;

/** The slip once both weighings exist; null before. */
export function receivingSlip(
  weighInKg: number | null,
  weighOutKg: number | null,
  labValues: readonly SlipLabValue[],
): Slip | null {
  const { gross, tare, net } = weighingTotals(weighInKg, weighOutKg);
  if (gross === null || tare === null || net === null) return null;
  const deductions = labValues.flatMap((v) => {
    if (v.deductAbove === null || v.value <= v.deductAbove) return [];
    const scale = 10 ** v.decimals;
    const percent = Math.round((v.value - v.deductAbove) * scale) / scale;
    return [{ name: v.name, percent, decimals: v.decimals, kg: tenth((net * percent) / 100) }];
  });
  const deducted = tenth(deductions.reduce((sum, d) => sum + d.kg, 0));
  return { gross, tare, net, deductions, deducted, paid: Math.max(0, tenth(net - deducted)) };
}

/** A deduction's points as the lab wrote its value, in the reader's language: "2.40" (th, en), "2,40" (de). */
export function deductionPercent(d: Pick<SlipDeduction, 'percent' | 'decimals'>, locale: string): string {
  return d.percent.toLocaleString(locale, {
    minimumFractionDigits: d.decimals,
    maximumFractionDigits: d.decimals,
  });
}

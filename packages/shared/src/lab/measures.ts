/**
 * A queue type's lab measurements (starch %, moisture %, dirt %; CCS for cane): what the lab
 * records at checkout, the range a value may take, the range that passes, and what a value
 * outside it calls for. One file holds the rules the lab dialog, the server and the cards share.
 */

/** What a value outside its pass range calls for: the load is tested again, or turned away. */
export const LAB_FAIL_ACTIONS = ['recheck', 'reject'] as const;
export type LabFailAction = (typeof LAB_FAIL_ACTIONS)[number];

/** At most this many decimals: a lab reads starch to 0.01 % at best. */
export const LAB_DECIMALS_MAX = 3;
/** A queue type records at most this many measurements. */
export const LAB_MEASURES_MAX = 12;
/** Values and bounds stay within this (a percentage, a CCS, a Brix, a temperature). */
export const LAB_VALUE_LIMIT = 1_000_000;

export interface LabMeasure {
  id: number;
  name: string;
  /** Shown after the value: "%", "CCS", "°Bx"; may be empty. */
  unit: string;
  decimals: number;
  /** The values the lab may record (a starch % from 0 to 40): outside is a typing error, refused. */
  min: number;
  max: number;
  /** The values that pass (starch at least 18: pass_min 18, pass_max null); null: no bound. */
  passMin: number | null;
  passMax: number | null;
  onFail: LabFailAction;
  /** The branch's reason (of the onFail kind) the card's dialog proposes; null: none chosen. */
  failReasonId: number | null;
  /**
   * A percentage taken off the net weight on the slip (dirt %): the part of the value above
   * this is deducted; 0 deducts all of it; null deducts nothing.
   */
  deductAbove: number | null;
}

/** One recorded value beside its measurement. */
export interface LabValue {
  measure: LabMeasure;
  value: number;
}

export type LabValueProblem = 'decimals' | 'range';

/** Why the lab may not record this value, or null when it may. */
export function labValueProblem(measure: LabMeasure, value: number): LabValueProblem | null {
  if (!Number.isFinite(value) || value < measure.min || value > measure.max) return 'range';
  const scaled = value * 10 ** measure.decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 ? null : 'decimals';
}

/** Whether a recorded value is within its pass range. */
export function labValuePasses(measure: LabMeasure, value: number): boolean {
  if (measure.passMin !== null && value < measure.passMin) return false;
  return measure.passMax === null || value <= measure.passMax;
}

export type LabOutcome = 'pass' | LabFailAction;

export interface LabVerdict {
  outcome: LabOutcome;
  /** The values outside their pass range, in the queue type's order. */
  failed: LabValue[];
  /** The reason the dialog proposes: the first failing measurement's of the outcome's kind. */
  reasonId: number | null;
}

/**
 * What the values call for: reject when any failing measurement rejects, else recheck when any
 * fails, else pass. The card pre-selects it, with the first such measurement's reason.
 */
export function labVerdict(values: readonly LabValue[]): LabVerdict {
  const failed = values.filter((v) => !labValuePasses(v.measure, v.value));
  const rejecting = failed.filter((v) => v.measure.onFail === 'reject');
  const outcome: LabOutcome = rejecting.length > 0 ? 'reject' : failed.length > 0 ? 'recheck' : 'pass';
  const deciding = outcome === 'reject' ? rejecting : failed;
  return {
    outcome,
    failed,
    reasonId: deciding.find((v) => v.measure.failReasonId !== null)?.measure.failReasonId ?? null,
  };
}

/** A value as the lab wrote it, to its decimals: 24.50 with two. */
export function labValueText(measure: Pick<LabMeasure, 'decimals'>, value: number): string {
  return value.toFixed(measure.decimals);
}

/** The pass range in words a person reads: "≥ 18", "≤ 35", "18 – 35"; null when any value passes. */
export function passRangeText(measure: Pick<LabMeasure, 'passMin' | 'passMax' | 'decimals'>): string | null {
  const { passMin, passMax } = measure;
  const n = (x: number) => x.toFixed(measure.decimals);
  if (passMin !== null && passMax !== null) return `${n(passMin)} – ${n(passMax)}`;
  if (passMin !== null) return `≥ ${n(passMin)}`;
  if (passMax !== null) return `≤ ${n(passMax)}`;
  return null;
}

/** Why a measurement's definition does not hold together, or null when it does. */
export function labMeasureProblem(
  measure: Pick<LabMeasure, 'min' | 'max' | 'passMin' | 'passMax' | 'decimals' | 'deductAbove'>,
): 'range' | 'passRange' | 'deductAbove' | null {
  const { min, max, passMin, passMax } = measure;
  if (!(min < max)) return 'range';
  if (passMin !== null && (passMin < min || passMin > max)) return 'passRange';
  if (passMax !== null && (passMax < min || passMax > max)) return 'passRange';
  if (passMin !== null && passMax !== null && passMin > passMax) return 'passRange';
  if (measure.deductAbove !== null && (measure.deductAbove < 0 || measure.deductAbove > 100))
    return 'deductAbove';
  return null;
}

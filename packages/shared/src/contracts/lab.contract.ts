import { z } from 'zod';
import {
  LAB_DECIMALS_MAX,
  LAB_FAIL_ACTIONS,
  LAB_MEASURES_MAX,
  LAB_VALUE_LIMIT,
  labMeasureProblem,
  type LabMeasure,
} from '../lab/measures.ts';
import { defineContract, IdSchema, noHidden, OkSchema, text } from './api.ts';

/**
 * A queue type's lab measurements (shared/lab/measures.ts): the admin defines them on the queue
 * types page; the lab records their values at checkout; cards and the in/out report show them.
 */

export const LabMeasureSchema = z.object({
  id: z.number(),
  branch_queue_type_id: z.number(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number(),
  min: z.number(),
  max: z.number(),
  pass_min: z.number().nullable(),
  pass_max: z.number().nullable(),
  on_fail: z.enum(LAB_FAIL_ACTIONS),
  fail_reason_id: z.number().nullable(),
  deduct_above: z.number().nullable(),
  sort: z.number(),
  active: z.boolean(),
});
export type LabMeasureWire = z.infer<typeof LabMeasureSchema>;

/** A wire measurement in the rules' words. */
export function measureOf(m: LabMeasureWire): LabMeasure {
  return {
    id: m.id,
    name: m.name,
    unit: m.unit,
    decimals: m.decimals,
    min: m.min,
    max: m.max,
    passMin: m.pass_min,
    passMax: m.pass_max,
    onFail: m.on_fail,
    failReasonId: m.fail_reason_id,
    deductAbove: m.deduct_above,
  };
}

/** One value the lab recorded for a truck, with what a screen needs to show it. */
export const LabResultSchema = z.object({
  measure_id: z.number(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number(),
  value: z.number(),
  /** Within its pass range. */
  passed: z.boolean(),
  /** Its pass range in words ("≥ 18"); null when any value passes. */
  pass_range: z.string().nullable(),
  /** The slip takes the part above this (a percentage) off the net; null: not deducted. */
  deduct_above: z.number().nullable(),
});
export type LabResult = z.infer<typeof LabResultSchema>;

/**
 * What a truck's values call for (labVerdict): `pass`, or `recheck` / `reject` with the reason
 * the dialog proposes; null before the lab recorded values (or when its type measures nothing).
 */
export const LabOutcomeSchema = z.object({
  outcome: z.enum(['pass', ...LAB_FAIL_ACTIONS]),
  reason_id: z.number().nullable(),
});
export type LabOutcomeWire = z.infer<typeof LabOutcomeSchema>;

/**
 * What one checkout or correction recorded, as the ticket's history shows it: the sample
 * (1, then 2 and on after each recheck) and each value with its measurement's name and unit
 * as they were then; a correction also gives the value it replaced (`before`).
 */
export const LabHistorySchema = z.object({
  sample: z.number(),
  values: z.array(
    z.object({
      name: z.string(),
      unit: z.string(),
      decimals: z.number(),
      value: z.number(),
      before: z.number().nullable(),
    }),
  ),
});
export type LabHistoryRecord = z.infer<typeof LabHistorySchema>;

const Bound = z.number().min(-LAB_VALUE_LIMIT).max(LAB_VALUE_LIMIT);

/** Adds a measurement to a lab queue type (no id), or edits, reorders, retires or restores one (id). */
export const saveLabMeasure = defineContract({
  path: 'defineQueue/saveLabMeasure',
  access: 'admin',
  body: z
    .strictObject({
      id: IdSchema.optional(),
      branch_queue_type_id: IdSchema,
      name: text(40),
      unit: noHidden(z.string().trim().max(12)),
      decimals: z.int().min(0).max(LAB_DECIMALS_MAX),
      min: Bound,
      max: Bound,
      pass_min: Bound.nullable(),
      pass_max: Bound.nullable(),
      on_fail: z.enum(LAB_FAIL_ACTIONS),
      /** The branch's reason of the on_fail kind the card proposes; null: none. */
      fail_reason_id: IdSchema.nullable(),
      /** A percentage: the slip deducts the part of the value above it off the net; null: none. */
      deduct_above: z.number().min(0).max(100).nullable(),
      sort: z.int().min(0).max(999),
      active: z.boolean(),
    })
    .superRefine((m, ctx) => {
      const problem = labMeasureProblem({
        min: m.min,
        max: m.max,
        passMin: m.pass_min,
        passMax: m.pass_max,
        decimals: m.decimals,
        deductAbove: m.deduct_above,
      });
      if (problem === 'range') ctx.addIssue({ code: 'custom', path: ['max'], message: 'must be above min' });
      if (problem === 'passRange')
        ctx.addIssue({
          code: 'custom',
          path: ['pass_min'],
          message: 'the pass range must lie within min and max, its lower bound not above its upper',
        });
    }),
  response: OkSchema.extend({ lab_measure: LabMeasureSchema }),
});

/** The values the lab records at checkout: one per measurement of the truck's queue type. */
export const LabValuesSchema = z
  .array(
    z.strictObject({ measure_id: IdSchema, value: z.number().min(-LAB_VALUE_LIMIT).max(LAB_VALUE_LIMIT) }),
  )
  .max(LAB_MEASURES_MAX)
  .refine(
    (values) => new Set(values.map((v) => v.measure_id)).size === values.length,
    'names each measurement once',
  );

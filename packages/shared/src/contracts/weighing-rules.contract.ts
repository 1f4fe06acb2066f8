import { z } from 'zod';
import { defineContract, EmptyBodySchema, noNul, OkSchema } from './api.ts';
import { TruckLicenseSchema } from './queue.contract.ts';
import { WeightSchema } from './station-work.contract.ts';
import { VEHICLE_CLASSES } from '../queue/weight-checks.ts';

/**
 * A branch's weighing rules (issue 42, part 5): whether trucks may finish on their vehicle's
 * stored tare and for how long a stored tare stays valid, the legal gross per vehicle class, and
 * the stored tares themselves. Admins only; the weighing page reads what it needs through
 * process/weighing/storedTare.
 */

/** A legal gross an admin sets (kg): whole kilograms, from a small truck's 1 t to 100 t. */
const GrossLimitSchema = z.int().min(1_000).max(100_000);

export const WeighingRulesSchema = z.object({
  stored_tare_allowed: z.boolean(),
  /** Days a stored tare stays valid after it was weighed. */
  stored_tare_days: z.int().min(1).max(365),
  /** The legal gross per vehicle class (kg): the branch's figure, or the Thai default. */
  gross_limits: z.object(
    Object.fromEntries(VEHICLE_CLASSES.map((c) => [c, GrossLimitSchema])) as {
      [K in (typeof VEHICLE_CLASSES)[number]]: typeof GrossLimitSchema;
    },
  ),
});
export type WeighingRules = z.infer<typeof WeighingRulesSchema>;

export const weighingRules = defineContract({
  path: 'weighbridge/weighingRules',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ rules: WeighingRulesSchema }),
});

export const saveWeighingRules = defineContract({
  path: 'weighbridge/saveWeighingRules',
  access: 'admin',
  body: z.strictObject({
    stored_tare_allowed: z.boolean(),
    stored_tare_days: z.int().min(1).max(365),
    gross_limits: z.strictObject(
      Object.fromEntries(VEHICLE_CLASSES.map((c) => [c, GrossLimitSchema])) as {
        [K in (typeof VEHICLE_CLASSES)[number]]: typeof GrossLimitSchema;
      },
    ),
  }),
  response: OkSchema.extend({ rules: WeighingRulesSchema }),
});

/** A vehicle's stored tare as the office lists it. */
export const StoredTareRowSchema = z.object({
  licence: z.string(),
  kg: z.number(),
  weighed_at: z.string(),
  expires_at: z.string(),
  valid: z.boolean(),
  /** Taken from a ticket's weighing, or recorded by an officer. */
  origin: z.enum(['weighing', 'officer']),
  /** The ticket whose weighing it is; null for an officer's entry. */
  queue_number: z.string().nullable(),
});
export type StoredTareRow = z.infer<typeof StoredTareRowSchema>;

/** The branch's stored tares, newest first (at most 500); `plate` narrows to one vehicle (confusable-safe). */
export const storedTares = defineContract({
  path: 'weighbridge/storedTares',
  access: 'admin',
  body: z.strictObject({ plate: noNul(z.string().trim().max(40)).optional() }),
  response: OkSchema.extend({ tares: z.array(StoredTareRowSchema) }),
});

/** An officer records a vehicle's tare (weighed elsewhere, or re-weighed empty): it replaces the stored one. */
export const saveStoredTare = defineContract({
  path: 'weighbridge/saveStoredTare',
  access: 'admin',
  body: z.strictObject({ licence: TruckLicenseSchema, kg: WeightSchema }),
  response: OkSchema.extend({ tare: StoredTareRowSchema }),
});

/** Forgets a vehicle's stored tare: its next truck is weighed out. */
export const removeStoredTare = defineContract({
  path: 'weighbridge/removeStoredTare',
  access: 'admin',
  body: z.strictObject({ licence: TruckLicenseSchema }),
  response: OkSchema,
});

import { z } from 'zod';
import { defineContract, EmptyBodySchema, noFormula, noHidden, noNul, OkSchema, text } from './api.ts';
import { readTicketCode } from '../scan/ticket-code.ts';
import { InstantSchema, MaybeInstantSchema, QueueNumberSchema } from './queue.contract.ts';
import { ScaleLiveSchema } from './socket-events.ts';
import { WEIGHT_SOURCES } from '../queue/weighing.ts';
import { WEIGHT_WARNINGS } from '../queue/weight-checks.ts';
import { LabMeasureSchema, LabOutcomeSchema, LabResultSchema, LabValuesSchema } from './lab.contract.ts';

/** Lab pickup, weighing and the exit gate: an officer types or scans a truck, the server finds its ticket. */

export const LabRecordSchema = z.object({
  uuid: z.string(),
  queue_number: z.string(),
  /** The plant day of its ticket (YYYY-MM-DD): a truck still inside since an earlier day is marked. */
  queue_date: z.string(),
  truck_license: z.string(),
  queue_state: z.string(),
  stamp_lab_start: MaybeInstantSchema,
  stamp_lab_finish: MaybeInstantSchema,
  /** Seconds from lab start to lab finish; null while the sample is in the lab. */
  stamp_second_ls_to_lf: z.number().nullable(),
  /** When the truck left the plant: a truck gone before its result needs no checkout. */
  exit: MaybeInstantSchema,
  /** Its queue type: which measurements (lab_measures) its checkout records. */
  branch_queue_type_id: z.number(),
  /** The values recorded at its latest checkout, and what they call for. */
  lab_values: z.array(LabResultSchema),
  lab_outcome: LabOutcomeSchema.nullable(),
  /** Which sample `lab_values` are from: 1, then 2 and on after each recheck; 0 before any. */
  lab_sample: z.number(),
  /** The lab may still correct its result (decide's rule: out, not called, closed or weighed out). */
  lab_correctable: z.boolean(),
  /** Its weighings so far, so the lab sees the truck's stage (a load weighed out is gone). */
  weigh_in_at: MaybeInstantSchema,
  weigh_out_at: MaybeInstantSchema,
});
export type LabRecord = z.infer<typeof LabRecordSchema>;

/**
 * A ticket code as scanned from a ticket's Code 128 or typed from it (T-016JD), as printed once
 * read; one whose check symbol does not match (a misread) names no ticket and is refused.
 */
export const TicketCodeSchema = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const reading = readTicketCode(text);
    if (reading.ok) return reading.code;
    // Not aborting: the union then names this field instead of "no option matched".
    ctx.addIssue({
      code: 'custom',
      continue: true,
      message:
        reading.problem === 'check'
          ? 'does not match its check symbol (a misread): scan it again'
          : 'is not a ticket code',
    });
    return z.NEVER;
  });

/**
 * The truck a counter means, named exactly one way: the number as typed (with, once the officer
 * picked one of several trucks holding it (AMBIGUOUS_NUMBER), that ticket's uuid); the uuid alone
 * (the driver's page address of the ticket's QR code); or the ticket code of its Code 128.
 */
function truckRefBody<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.union(
    [
      z.strictObject({ queue_number: QueueNumberSchema, uuid: z.uuid().optional(), ...extra }),
      z.strictObject({ uuid: z.uuid(), ...extra }),
      z.strictObject({ ticket_code: TicketCodeSchema, ...extra }),
    ],
    { error: 'names the truck one way: queue_number (uuid may come with it), uuid, or ticket_code' },
  );
}
const QueueNumberBody = truckRefBody({});

/** The lab receives a truck's sample: QS -> LS, stamps the lab start. */
export const labAccept = defineContract({
  path: 'process/example/accept',
  access: 'lab',
  body: QueueNumberBody,
  response: OkSchema.extend({ queue: LabRecordSchema }),
});

/**
 * Checkout: the lab result is ready, LS -> LF, stamps the lab finish. A queue type with lab
 * measurements needs every one's value (within its range, to its decimals), else
 * VALIDATION_FAILED naming the measurement; they are kept with the truck.
 */
export const labCompleted = defineContract({
  path: 'process/example/completed',
  access: 'lab',
  body: truckRefBody({ values: LabValuesSchema.optional() }),
  response: OkSchema.extend({ queue: LabRecordSchema }),
});

/**
 * The lab corrects a result saved by mistake: every measurement's value again and the reason in
 * words, kept in the ticket's history with the values replaced. Refused once the truck was
 * called, closed or weighed out (RESULT_LOCKED), before its result (RESULT_NOT_OUT), or when
 * no value changes (VALIDATION_FAILED).
 */
export const labCorrect = defineContract({
  path: 'process/example/correct',
  access: 'lab',
  body: z.strictObject({ uuid: z.uuid(), values: LabValuesSchema, note: text(200) }),
  response: OkSchema.extend({ queue: LabRecordSchema }),
});

/** Today's samples the lab accepted; `queue_number` (optional, may be empty) narrows the list. */
export const getAcceptToday = defineContract({
  path: 'process/example/getAcceptToday',
  access: 'lab',
  body: z.strictObject({ queue_number: noNul(z.string().trim().toUpperCase().max(20)).optional() }),
  response: OkSchema.extend({
    queue: z.array(LabRecordSchema),
    /** The active measurements of the branch's queue types, for the checkout dialog. */
    lab_measures: z.array(LabMeasureSchema),
  }),
});

export const ExitRecordSchema = z.object({
  uuid: z.string(),
  queue_number: z.string(),
  /** The plant day of its ticket (YYYY-MM-DD): a truck still inside since an earlier day is marked. */
  queue_date: z.string(),
  truck_license: z.string(),
  queue_type_name: z.string(),
  created: InstantSchema,
  exit: InstantSchema,
  /** Seconds from the ticket to the exit. */
  time_in_factory: z.number(),
  /** The gate let it out before its work was done (the officer confirmed). */
  left_unfinished: z.boolean(),
});
export type ExitRecord = z.infer<typeof ExitRecordSchema>;

export const exitFactory = defineContract({
  path: 'process/security/exitFactory',
  access: 'exit',
  body: truckRefBody({
    /** The officer saw what the truck has not done (UNFINISHED_EXIT) and lets it out anyway. */
    confirm_unfinished: z.boolean().optional(),
  }),
  response: OkSchema.extend({ queue: ExitRecordSchema }),
});

export const getExitToday = defineContract({
  path: 'process/security/getExitToday',
  access: 'exit',
  body: EmptyBodySchema,
  response: OkSchema.extend({ queue: z.array(ExitRecordSchema) }),
});

export const WeighRecordSchema = z.object({
  uuid: z.string(),
  /** Its ticket's Code 128 (T-…): a scanned ticket is found in the list by it. */
  ticket_code: z.string(),
  queue_number: z.string(),
  /** The plant day of its ticket (YYYY-MM-DD): a truck still inside since an earlier day is marked. */
  queue_date: z.string(),
  truck_license: z.string(),
  queue_type_name: z.string(),
  product_name: z.string(),
  /** Its stage, as the weighbridge shows it: the state, the station it was called to, the call's time. */
  flow_engine_id: z.number(),
  queue_state: z.string(),
  station_name: z.string().nullable(),
  called: MaybeInstantSchema,
  weigh_in_kg: z.number().nullable(),
  weigh_in_at: MaybeInstantSchema,
  weigh_out_kg: z.number().nullable(),
  weigh_out_at: MaybeInstantSchema,
  /** Where each weight came from (WEIGHT_SOURCES): a scale's indicator or typed by hand; null before it is weighed. */
  weigh_in_source: z.enum(WEIGHT_SOURCES).nullable(),
  weigh_out_source: z.enum(WEIGHT_SOURCES).nullable(),
  /** Why a weight was typed by hand, as the officer wrote it; null for a captured weight or an old one. */
  weigh_in_reason: z.string().nullable(),
  weigh_out_reason: z.string().nullable(),
  /** The scale a weight was captured from (its name); null for a typed one. */
  weigh_in_scale: z.string().nullable(),
  weigh_out_scale: z.string().nullable(),
  /** The heavier weighing, the lighter one, and their difference (kg), once both exist. */
  gross_kg: z.number().nullable(),
  tare_kg: z.number().nullable(),
  net_kg: z.number().nullable(),
  /** A weigh-out on the vehicle's stored tare (source stored_tare): when that tare was weighed. */
  weigh_out_tare_at: MaybeInstantSchema,
  /** What the weights were warned of and the officer confirmed (issue 42; WEIGHT_WARNINGS). */
  weight_warnings: z.array(z.enum(WEIGHT_WARNINGS)),
});
export type WeighRecord = z.infer<typeof WeighRecordSchema>;

/** Weights in kg: a weighbridge reads up to 100 t, to a tenth of a kilogram at best. */
export const WeightSchema = z
  .number()
  // At least a tenth of a kilogram: a smaller positive number (5e-324) is 0.0 once kept to one decimal.
  .min(0.1)
  .max(100_000)
  .refine((kg) => Math.abs(kg * 10 - Math.round(kg * 10)) < 1e-9, 'may have one decimal at most');

/** Why a weight is typed by hand rather than captured from the scale: required, one line, kept with it. */
export const ManualWeightReasonSchema = noFormula(noHidden(z.string().trim().min(3).max(200)));

/**
 * A weight typed by hand: only by an officer whose role the branch allows to (admins always;
 * MANUAL_WEIGHT_NOT_ALLOWED otherwise), and with the reason, which is kept with the weight.
 */
const WeighBody = truckRefBody({
  weight: WeightSchema,
  reason: ManualWeightReasonSchema,
  /** A weigh-out only: the officer saw what the truck has not done first (OUT_OF_ORDER) and records it anyway. */
  confirm_out_of_order: z.boolean().optional(),
  /** The officer saw the weights' warnings (WEIGHT_WARNING) and records them anyway, marked. */
  confirm_weight_warnings: z.boolean().optional(),
});

export const weighIn = defineContract({
  path: 'process/weighing/weighIn',
  access: 'weighing',
  body: WeighBody,
  response: OkSchema.extend({ queue: WeighRecordSchema }),
});

export const weighOut = defineContract({
  path: 'process/weighing/weighOut',
  access: 'weighing',
  body: WeighBody,
  response: OkSchema.extend({ queue: WeighRecordSchema }),
});

/** A scale of the branch as the weighing page lists it, with its weight now. */
export const WeighingScaleSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The weighbridge station it weighs at; null when the admin has not chosen one. */
  station_id: z.number().nullable(),
  station_name: z.string().nullable(),
  live: ScaleLiveSchema,
});
export type WeighingScale = z.infer<typeof WeighingScaleSchema>;

/** The branch's registered scales, for the weighing page to choose the one it stands at. */
export const getScales = defineContract({
  path: 'process/weighing/getScales',
  access: 'weighing',
  body: EmptyBodySchema,
  response: OkSchema.extend({
    scale: z.array(WeighingScaleSchema),
    /** Whether this officer may type a weight by hand (weighIn / weighOut): the branch's setting. */
    may_type: z.boolean(),
  }),
});

/**
 * Records the weight a scale shows now, as the truck's weigh-in or weigh-out. The server takes the
 * weight from what the scale's bridge last reported, never from the page: it must be stable,
 * above zero and fresh (SCALE_SILENT_MS), else CONFLICT with the reason (SCALE_NOT_STABLE,
 * SCALE_NO_WEIGHT, SCALE_NO_SIGNAL, SCALE_OFFLINE). The weight is kept with the scale and the
 * indicator's frame.
 */
export const captureWeight = defineContract({
  path: 'process/weighing/capture',
  access: 'weighing',
  body: truckRefBody({
    direction: z.enum(['in', 'out']),
    scale_uuid: z.uuid(),
    confirm_out_of_order: z.boolean().optional(),
    confirm_weight_warnings: z.boolean().optional(),
  }),
  response: OkSchema.extend({ queue: WeighRecordSchema }),
});

export const getWeighToday = defineContract({
  path: 'process/weighing/getWeighToday',
  access: 'weighing',
  body: EmptyBodySchema,
  response: OkSchema.extend({ queue: z.array(WeighRecordSchema) }),
});

/** A vehicle's stored tare as the weighing page shows it (issue 42). */
export const StoredTareSchema = z.object({
  kg: z.number(),
  /** When the vehicle was weighed empty (ISO instant), and the last moment the tare is valid. */
  weighed_at: z.string(),
  expires_at: z.string(),
  /** Still valid now (the branch's days). */
  valid: z.boolean(),
});
export type StoredTare = z.infer<typeof StoredTareSchema>;

/**
 * The stored tare of a truck's vehicle, for the weighing page to offer finishing on it: whether the
 * branch allows it, and the tare (null when the vehicle has none).
 */
export const storedTareOf = defineContract({
  path: 'process/weighing/storedTare',
  access: 'weighing',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({ allowed: z.boolean(), tare: StoredTareSchema.nullable() }),
});

/**
 * Finishes a weighed-in truck on its vehicle's stored tare instead of weighing it out (issue 42):
 * the tare becomes its weigh-out (source stored_tare, the tare's date kept), net = gross − tare.
 * Refused when the branch does not allow it (STORED_TARE_NOT_ALLOWED), the vehicle has none
 * (NO_STORED_TARE), it is older than the branch's days (STORED_TARE_EXPIRED) or not lighter than
 * the weigh-in (STORED_TARE_TOO_HEAVY); a truck not yet called to unload is refused (OUT_OF_ORDER).
 */
export const finishOnStoredTare = defineContract({
  path: 'process/weighing/finishOnStoredTare',
  access: 'weighing',
  body: truckRefBody({ confirm_weight_warnings: z.boolean().optional() }),
  response: OkSchema.extend({ queue: WeighRecordSchema }),
});

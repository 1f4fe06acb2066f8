import { z } from 'zod';
import { QUEUE_STATES } from '../queue/queue-machine.ts';
import { WEIGHT_SOURCES } from '../queue/weighing.ts';
import { WEIGHT_WARNINGS } from '../queue/weight-checks.ts';
import { defineContract, OkSchema } from './api.ts';
import { LabResultSchema } from './lab.contract.ts';
import { PublicDisputeSchema } from './dispute.contract.ts';

/** One weighing as the slip shows it: the weight, when (the site's clock), and where it came from. */
export const SlipWeighingSchema = z.object({
  kg: z.number(),
  at: z.string(),
  source: z.enum(WEIGHT_SOURCES),
  /** The scale it was captured from; null for a typed weight. */
  scale: z.string().nullable(),
  /** Why it was typed by hand; null for a captured one. */
  reason: z.string().nullable(),
});

/**
 * The receiving slip (shared/queue/slip.ts): both weighings, gross, tare and net, the lab's
 * values, what they take off the net, and the weight the truck is paid on.
 */
export const SlipSchema = z.object({
  weigh_in: SlipWeighingSchema,
  weigh_out: SlipWeighingSchema,
  gross_kg: z.number(),
  tare_kg: z.number(),
  net_kg: z.number(),
  lab_values: z.array(LabResultSchema),
  deductions: z.array(
    z.object({ name: z.string(), percent: z.number(), decimals: z.number(), kg: z.number() }),
  ),
  deducted_kg: z.number(),
  paid_kg: z.number(),
  /** A weigh-out on the vehicle's stored tare (issue 42): when that tare was weighed (the site's clock); else null. */
  stored_tare_at: z.string().nullable(),
  /** What the weighbridge warned of and the officer confirmed (WEIGHT_WARNINGS): over the legal gross, outside the product's range. */
  weight_warnings: z.array(z.enum(WEIGHT_WARNINGS)),
});
export type SlipWire = z.infer<typeof SlipSchema>;

/**
 * The driver's page: one ticket, by its unguessable uuid. It tells nothing about other
 * trucks beyond how many wait ahead.
 */
export const PublicQueueSchema = z.object({
  uuid: z.string(),
  /** The ticket's short code, shown as a Code 128 for a counter's scanner (scan/ticket-code.ts). */
  ticket_code: z.string(),
  company_name: z.string(),
  branch_name: z.string(),
  queue_number: z.string(),
  queue_type_info: z.object({ queue_type_name: z.string() }),
  product_info: z.object({ name: z.string() }),
  created_view: z.string(),
  flow_engine_id: z.number(),
  queue_state: z.enum(QUEUE_STATES),
  /** Trucks of the same queue type still waiting before this one; null once called. */
  ahead: z.number().nullable(),
  /**
   * While waiting: minutes until the call is likely, as a range about eight calls in ten fall
   * inside (shared/queue/eta.ts); null once called, or while the type's history says nothing.
   */
  expected_wait: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** The station a called truck must go to. */
  station_name: z.string().nullable(),
  /**
   * While waiting on a line with an order rule (issue 38): its class's daily cap is full, so the
   * truck waits until there is room; null otherwise.
   */
  line_hold: z
    .object({ class_name: z.string(), max_percent: z.number(), of: z.enum(['loads', 'tonnes']) })
    .nullable(),
  lab_done: z.boolean(),
  exited: z.boolean(),
  /** The number it was issued with, when a transfer gave it another. */
  previous_number: z.string().nullable(),
  /** Why the load was sent to recheck or rejected (the branch's words). */
  reason_name: z.string().nullable(),
  /** The receiving slip once the truck is weighed in and out; null before. */
  slip: SlipSchema.nullable(),
  /** The driver's latest dispute of the slip, if he sent one. */
  dispute: PublicDisputeSchema.nullable(),
});
export type PublicQueue = z.infer<typeof PublicQueueSchema>;

/**
 * What the driver's page hears when its line moves (the `line` event of /public): its own place
 * only, worked out by the server from one read of the line for every page of it.
 */
export const PublicLineUpdateSchema = PublicQueueSchema.pick({
  queue_state: true,
  ahead: true,
  expected_wait: true,
  station_name: true,
  line_hold: true,
});
export type PublicLineUpdate = z.infer<typeof PublicLineUpdateSchema>;

export const queueInformation = defineContract({
  path: 'process/user/queueInformation',
  access: 'public',
  body: z.strictObject({ queue_number_id: z.uuid() }),
  response: OkSchema.extend({ queue: PublicQueueSchema }),
});

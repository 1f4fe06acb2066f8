import { z } from 'zod';
import { QUEUE_STATES } from '../queue/queue-machine.ts';
import { defineContract, OkSchema } from './api.ts';

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
  /** The station a called truck must go to. */
  station_name: z.string().nullable(),
  lab_done: z.boolean(),
  exited: z.boolean(),
  /** The number it was issued with, when a transfer gave it another. */
  previous_number: z.string().nullable(),
  /** Why the load was sent to recheck or rejected (the branch's words). */
  reason_name: z.string().nullable(),
});
export type PublicQueue = z.infer<typeof PublicQueueSchema>;

export const queueInformation = defineContract({
  path: 'process/user/queueInformation',
  access: 'public',
  body: z.strictObject({ queue_number_id: z.uuid() }),
  response: OkSchema.extend({ queue: PublicQueueSchema }),
});

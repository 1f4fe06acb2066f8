import { z } from 'zod';
import { defineContract, IdSchema, noFormula, noHidden, OkSchema } from './api.ts';
import { InstantSchema, MaybeInstantSchema } from './queue.contract.ts';

/**
 * A driver who disagrees with his receiving slip says so from the driver's page; admins list
 * the branch's disputes and close each with what was done. Both are in the ticket's history.
 */

/** A dispute's note or an admin's answer: a line or a few, no formula. */
export const DisputeTextSchema = noFormula(noHidden(z.string().trim().min(3).max(500), true));

/** The driver's dispute as his page shows it. */
export const PublicDisputeSchema = z.object({
  note: z.string(),
  /** When he sent it, on the site's clock. */
  created_view: z.string(),
  resolved: z.boolean(),
  /** What the plant did about it, once resolved. */
  resolution: z.string().nullable(),
});
export type PublicDispute = z.infer<typeof PublicDisputeSchema>;

/**
 * The driver disputes his slip (the ticket's uuid, as on his page): only once the slip exists
 * (NO_SLIP before), one open at a time (DISPUTE_OPEN), within the days the page answers.
 */
export const fileDispute = defineContract({
  path: 'process/user/dispute',
  access: 'public',
  body: z.strictObject({ queue_number_id: z.uuid(), note: DisputeTextSchema }),
  response: OkSchema.extend({ dispute: PublicDisputeSchema }),
});

export const DisputeRowSchema = z.object({
  id: z.number(),
  queue_uuid: z.string(),
  queue_number: z.string(),
  truck_license: z.string(),
  queue_type_name: z.string(),
  note: z.string(),
  created: InstantSchema,
  /** The slip's net and paid weight (kg), as the driver saw them. */
  net_kg: z.number().nullable(),
  paid_kg: z.number().nullable(),
  resolved_at: MaybeInstantSchema,
  resolved_by: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type DisputeRow = z.infer<typeof DisputeRowSchema>;

/** The branch's disputes, open ones first, then the latest resolved (at most 200 in all). */
export const listDisputes = defineContract({
  path: 'admin/disputes',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({ dispute: z.array(DisputeRowSchema) }),
});

/** How many of the branch's disputes wait for an answer: the side menu's and the dashboard's badge. */
export const pendingDisputes = defineContract({
  path: 'admin/pendingDisputes',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({ pending: z.number() }),
});

/** Closes an open dispute with what was done (DISPUTE_RESOLVED when it already was). */
export const resolveDispute = defineContract({
  path: 'admin/resolveDispute',
  access: 'admin',
  body: z.strictObject({ id: IdSchema, resolution: DisputeTextSchema }),
  response: OkSchema.extend({ dispute: DisputeRowSchema }),
});

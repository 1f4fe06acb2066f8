import { z } from 'zod';
import { DEVICE_KINDS, defineContract, EmptyBodySchema, OkSchema } from './api.ts';
import { YARD_STAGES } from '../queue/yard-stage.ts';

/** A longest wait at or past this many minutes is highlighted on the branches page. */
export const LONG_WAIT_MINUTES = 60;

/** Why a device counts as offline: its screen or bridge is not connected, or its printer cannot print. */
export const DEVICE_OFFLINE_REASONS = ['disconnected', 'printer'] as const;

export const BranchOverviewSchema = z.object({
  branch_id: z.number().int(),
  name: z.string(),
  /** The branch the session works in now. */
  current: z.boolean(),
  /** Trucks inside now: not out of the gate, ticket neither voided nor cancelled (the dashboard's "in progress"). */
  inside: z.number().int(),
  /** The trucks inside per stage (shared/queue/yard-stage.ts); they add up to `inside`. */
  stages: z.record(z.enum(YARD_STAGES), z.number().int()),
  /** The truck inside that has waited longest for its first call, since its ticket; null: none waits. */
  longest_wait: z
    .object({ queue_number: z.string(), minutes: z.number().int(), since: z.string() })
    .nullable(),
  /** The branch's plant day now (its own day start) and its tickets, as the dashboard's trends count them. */
  today: z.object({
    day: z.string(),
    trucks: z.number().int(),
    weighed: z.number().int(),
    net_kg: z.number(),
  }),
  /** The branch's open alerts no one has acknowledged yet (its bells' count, alert.contract.ts). */
  alerts_open: z.number().int(),
  /** The branch's registered, active displays, kiosks and scales, and those offline now. */
  devices: z.object({
    registered: z.number().int(),
    offline: z.array(
      z.object({ kind: z.enum(DEVICE_KINDS), name: z.string(), reason: z.enum(DEVICE_OFFLINE_REASONS) }),
    ),
  }),
});
export type BranchOverview = z.infer<typeof BranchOverviewSchema>;

/**
 * Every branch the officer holds at a glance (issue 41): the branches the branch switcher offers
 * (authen/mainBranch: every active branch for role 1000, else the officer's own), the session's
 * first, then by name. For admins (SuperAdmin and Admin).
 */
export const branchesOverview = defineContract({
  path: 'report/branchesOverview',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({
    /** When the figures were read (the longest waits are as of then). */
    at: z.string(),
    branches: z.array(BranchOverviewSchema),
  }),
});

export const branchesOverviewContracts = { branchesOverview };

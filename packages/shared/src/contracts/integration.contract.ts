import { z } from 'zod';
import {
  INTEGRATION_NAME_MAX,
  INTEGRATION_RATE,
  INTEGRATION_SCOPES,
} from '../integrations/integration-keys.ts';
import { defineContract, IdSchema, OkSchema, text } from './api.ts';
import { InstantSchema, MaybeInstantSchema } from './queue.contract.ts';
import {
  InOutFilterSchema,
  InOutRowSchema,
  SiteDaySchema,
  summaryReport,
  SummaryRowSchema,
} from './report.contract.ts';

/**
 * Integrations (issue 42): the admins' keys (made, listed, revoked, their calls read) and the
 * calls a key makes, each behind one scope (integrations/integration-keys.ts).
 */

export const IntegrationKeySchema = z.object({
  id: z.number(),
  /** `tqk_<uid>_…`: how the office and the integration tell keys apart (the secret is never shown again). */
  uid: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  rate_per_minute: z.number(),
  expires_at: MaybeInstantSchema,
  created: InstantSchema,
  created_by: z.string(),
  revoked_at: MaybeInstantSchema,
  revoked_by: z.string().nullable(),
  last_used_at: MaybeInstantSchema,
});
export type IntegrationKey = z.infer<typeof IntegrationKeySchema>;

export const listIntegrationKeys = defineContract({
  path: 'admin/integrationKeys',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({ keys: z.array(IntegrationKeySchema) }),
});

/** A new key for the officer's branch; the answer holds the key itself, shown this once. */
export const createIntegrationKey = defineContract({
  path: 'admin/createIntegrationKey',
  access: 'admin',
  body: z.strictObject({
    name: text(INTEGRATION_NAME_MAX),
    scopes: z
      .array(z.enum(INTEGRATION_SCOPES))
      .min(1)
      .max(INTEGRATION_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'each scope once'),
    rate_per_minute: z.int().min(INTEGRATION_RATE.min).max(INTEGRATION_RATE.max),
    /** The last plant day it works (site time); null: until revoked. */
    expires_on: SiteDaySchema.nullable(),
  }),
  response: OkSchema.extend({ key: IntegrationKeySchema, secret: z.string() }),
});

/** Stops a key at once, on every instance (each call reads its key). */
export const revokeIntegrationKey = defineContract({
  path: 'admin/revokeIntegrationKey',
  access: 'admin',
  body: z.strictObject({ id: IdSchema }),
  response: OkSchema.extend({ key: IntegrationKeySchema }),
});

export const IntegrationCallSchema = z.object({
  at: InstantSchema,
  path: z.string(),
  status: z.number(),
  address: z.string(),
});
export type IntegrationCall = z.infer<typeof IntegrationCallSchema>;

/** The latest calls made with a key (the audit), newest first, a page at a time. */
export const integrationKeyCalls = defineContract({
  path: 'admin/integrationKeyCalls',
  access: 'admin',
  body: z.strictObject({
    id: IdSchema,
    /** Calls before this instant (the previous page's last); absent: the newest. */
    before: z.iso.datetime({ offset: true }).optional(),
  }),
  response: OkSchema.extend({
    calls: z.array(IntegrationCallSchema),
    /** More calls lie before the last one listed. */
    more: z.boolean(),
  }),
});

/** The key's branch's tickets issued in a period, as the in/out report lists them (tickets:read). */
export const integrationTickets = defineContract({
  path: 'integration/tickets',
  access: 'integration',
  scope: 'tickets:read',
  largeResponse: true,
  body: InOutFilterSchema,
  response: OkSchema.extend({
    rows: z.array(InOutRowSchema),
    /** Tickets matching; more than rows.length when the list was cut (ask a shorter period). */
    total: z.number(),
    voided: z.number(),
  }),
});

/** The key's branch's weighings and slips of a period, a page at a time, as the summary report (reports:read). */
export const integrationWeighings = defineContract({
  path: 'integration/weighings',
  access: 'integration',
  scope: 'reports:read',
  largeResponse: true,
  body: summaryReport.body,
  response: OkSchema.extend({ rows: z.array(SummaryRowSchema), total: z.number() }),
});

import { z } from 'zod';
import { defineContract, IdSchema, noHidden, OkSchema, text } from './api.ts';
import { SiteDaySchema } from './report.contract.ts';

/**
 * Quotas per season (issue 39): a season (crop year) of one product at a branch, each supplier's
 * entitlement in it, and what it has delivered so far, from its weighed loads: paid weight where
 * the slip deducts, net where it does not. A supplier over its quota is told so at booking, by the
 * rule the season sets.
 */

/** What a quota counts: tonnes (of paid weight) or truck-loads. */
export const QUOTA_UNITS = ['tonnes', 'loads'] as const;
export type QuotaUnit = (typeof QUOTA_UNITS)[number];

/**
 * What a booking beyond the supplier's quota meets: refused; made, with a warning the office and
 * the supplier see; or made only with a reason the office gives (the supplier's own page cannot).
 */
export const OVER_QUOTA_RULES = ['refuse', 'warn', 'reason'] as const;
export type OverQuotaRule = (typeof OVER_QUOTA_RULES)[number];

/** A season's name as plants write a crop year: "2568/69", "ฤดูหีบ 2568/69". */
export const SeasonNameSchema = text(40);

export const SeasonInputSchema = z
  .strictObject({
    /** Left out: a new season. */
    id: IdSchema.optional(),
    name: SeasonNameSchema,
    /** The product its quotas are of (a product of the branch). */
    product: IdSchema,
    /** Its first and last plant day. */
    starts_on: SiteDaySchema,
    ends_on: SiteDaySchema,
    unit: z.enum(QUOTA_UNITS),
    over_quota: z.enum(OVER_QUOTA_RULES),
    active: z.boolean(),
  })
  .refine((s) => s.ends_on >= s.starts_on, { path: ['ends_on'], message: 'must not be before starts_on' })
  .refine((s) => daysBetween(s.starts_on, s.ends_on) < 550, {
    path: ['ends_on'],
    message: 'a season is at most 550 days long',
  });
export type SeasonInput = z.input<typeof SeasonInputSchema>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const SeasonSchema = z.object({
  id: z.number(),
  name: z.string(),
  product: z.number(),
  product_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  unit: z.enum(QUOTA_UNITS),
  over_quota: z.enum(OVER_QUOTA_RULES),
  active: z.boolean(),
  /** Suppliers with a quota in it, and their entitlements and deliveries added up (in `unit`). */
  suppliers: z.number(),
  entitlement: z.number(),
  delivered: z.number(),
});
export type Season = z.infer<typeof SeasonSchema>;

/** The branch's seasons, the latest start first (inactive ones too: history keeps them). */
export const listSeasons = defineContract({
  path: 'admin/season/list',
  access: 'suppliers',
  body: z.strictObject({}),
  response: OkSchema.extend({ seasons: z.array(SeasonSchema) }),
});

/**
 * Creates or updates a season. Refused CONFLICT SEASON_OVERLAP: an active season of the same
 * product whose days overlap these. VALIDATION_FAILED: a product not of the branch (product); a
 * unit changed once quotas are set (unit).
 */
export const saveSeason = defineContract({
  path: 'admin/season/save',
  access: 'suppliers',
  body: SeasonInputSchema,
  response: OkSchema.extend({ season: SeasonSchema }),
});

/** At most this many quotas are set in one call. */
export const QUOTAS_PER_SAVE = 500;
/** The largest entitlement a quota may hold (tonnes or loads). */
export const QUOTA_MAX = 1_000_000;

export const QuotaRowSchema = z.object({
  supplier_id: z.number(),
  code: z.string(),
  name: z.string(),
  /** In the season's unit; null: the supplier has no quota in this season. */
  entitlement: z.number().nullable(),
  /** Delivered in the season so far, in its unit (tonnes to the tenth). */
  delivered: z.number(),
  /** Entitlement less delivered (negative: over quota); null without a quota. */
  remaining: z.number().nullable(),
  /** Loads weighed out in the season, and their paid tonnes, whatever the unit. */
  loads: z.number(),
  tonnes: z.number(),
  /** Open bookings (booked, not yet checked in) in the season's days, in loads. */
  booked: z.number(),
});
export type QuotaRow = z.infer<typeof QuotaRowSchema>;

/**
 * A season's quotas, a page at a time by supplier code: every active supplier of the branch (and
 * any inactive one that has a quota or delivered), those whose code or name holds `find`;
 * `with_quota` keeps those with a quota only.
 */
export const listQuotas = defineContract({
  path: 'admin/season/quotas',
  access: 'suppliers',
  body: z.strictObject({
    season_id: IdSchema,
    find: noHidden(z.string().trim().max(120)).default(''),
    with_quota: z.boolean().default(false),
    page: z.int32().min(1).default(1),
    page_size: z.int32().min(1).max(200).default(50),
  }),
  response: OkSchema.extend({
    season: SeasonSchema,
    rows: z.array(QuotaRowSchema),
    total: z.number(),
  }),
});

/**
 * Sets suppliers' entitlements in a season (null takes a supplier's quota away), all or nothing.
 * VALIDATION_FAILED: a supplier not of the branch (quotas.N.supplier_id); a supplier twice.
 */
export const saveQuotas = defineContract({
  path: 'admin/season/saveQuotas',
  access: 'suppliers',
  body: z.strictObject({
    season_id: IdSchema,
    quotas: z
      .array(
        z.strictObject({
          supplier_id: IdSchema,
          entitlement: z.number().min(0).max(QUOTA_MAX).multipleOf(0.1).nullable(),
        }),
      )
      .min(1)
      .max(QUOTAS_PER_SAVE),
  }),
  response: OkSchema.extend({ saved: z.number() }),
});

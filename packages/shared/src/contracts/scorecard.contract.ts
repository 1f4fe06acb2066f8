import { z } from 'zod';
import { SCORECARD_GRADES } from '../suppliers/scorecard-grade.ts';
import { defineContract, OkSchema } from './api.ts';
import { daysBetween, SiteDaySchema } from './report.contract.ts';
import { SupplierTokenSchema } from './supplier-portal.contract.ts';

/**
 * Scorecards (issue 41): over a period of plant days, one row per supplier and one per plate of the
 * trucks that came with no supplier (the haulier by plate): trucks, tonnes, punctuality against
 * bookings, no-shows, rejected and rechecked loads, lab averages against their pass range,
 * deductions, dwell, and a grade (shared/suppliers/scorecard-grade.ts). docs/reports.md, "Scorecards".
 */

/** The most plant days one request covers: a quarter. */
export const SCORECARD_MAX_DAYS = 92;
/** The days the supplier's own page and the daily grade read: the last 30 plant days. */
export const SCORECARD_RECENT_DAYS = 30;

export const ScorecardQuerySchema = z
  .strictObject({
    find_start: SiteDaySchema,
    find_finish: SiteDaySchema,
    /** Worst grade first (the default), or by name. */
    sort: z.enum(['worst', 'name']).default('worst'),
  })
  .refine((p) => p.find_start <= p.find_finish, {
    message: 'find_start must not be after find_finish',
    path: ['find_finish'],
  })
  .refine((p) => daysBetween(p.find_start, p.find_finish) < SCORECARD_MAX_DAYS, {
    message: `this report covers at most ${SCORECARD_MAX_DAYS} days`,
    path: ['find_finish'],
  });
export type ScorecardQuery = z.input<typeof ScorecardQuerySchema>;

export const ScorecardGradeSchema = z.enum(SCORECARD_GRADES);

/** One lab measure's values of a row's trucks against the measure's pass range. */
export const ScorecardLabSchema = z.object({
  measure_id: z.number(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number(),
  pass_min: z.number().nullable(),
  pass_max: z.number().nullable(),
  /** Trucks with a value (their latest sample's). */
  samples: z.number(),
  average: z.number().nullable(),
  /** Values outside the pass range. */
  out_of_range: z.number(),
});
export type ScorecardLab = z.infer<typeof ScorecardLabSchema>;

export const ScorecardRowSchema = z.object({
  /** 'supplier:<id>' or 'plate:<plate key>'. */
  key: z.string(),
  supplier_id: z.number().nullable(),
  supplier_code: z.string().nullable(),
  /** The supplier's name, or the plate as first typed. */
  name: z.string(),
  trucks: z.number(),
  /** Trucks weighed in and out, their net and paid weight (kg) and the lab's deductions. */
  weighed: z.number(),
  net_kg: z.number(),
  paid_kg: z.number(),
  deducted_kg: z.number(),
  /** Bookings of the period's days (not for a plate): every one, and by what became of it. */
  bookings: z.number(),
  on_time: z.number(),
  late: z.number(),
  no_shows: z.number(),
  cancelled: z.number(),
  /** Bookings still open (their window not closed yet). */
  open: z.number(),
  rejected: z.number(),
  rechecked: z.number(),
  /** Median seconds from the ticket to the exit of the trucks that left; null: none left. */
  dwell_median_seconds: z.number().nullable(),
  lab: z.array(ScorecardLabSchema),
  grade: ScorecardGradeSchema.nullable(),
  points: z.number().nullable(),
  lost: z.object({ late: z.number(), no_show: z.number(), rejected: z.number(), rechecked: z.number() }),
});
export type ScorecardRow = z.infer<typeof ScorecardRowSchema>;

export const ScorecardsSchema = z.object({ rows: z.array(ScorecardRowSchema) });
export type Scorecards = z.infer<typeof ScorecardsSchema>;

export const scorecardsReport = defineContract({
  path: 'report/scorecards',
  access: 'report',
  body: ScorecardQuerySchema,
  largeResponse: true,
  response: OkSchema.extend(ScorecardsSchema.shape),
});

export const scorecardsExport = defineContract({
  path: 'report/scorecardsExport',
  access: 'report',
  body: ScorecardQuerySchema,
  response: OkSchema.extend({ excel_url: z.string(), rows: z.number() }),
});

/**
 * The signed-in supplier's own scorecard (its page): its row over the last SCORECARD_RECENT_DAYS
 * plant days, today included. UNAUTHENTICATED as the page's other calls.
 */
export const supplierScorecard = defineContract({
  path: 'public/supplier/scorecard',
  access: 'public',
  body: z.strictObject({ token: SupplierTokenSchema }),
  response: OkSchema.extend({
    start: z.string(),
    finish: z.string(),
    row: ScorecardRowSchema,
    /** Its LINE chat hears of its grade's changes. */
    line_linked: z.boolean(),
  }),
});

/**
 * A code ("GRADE-XXXX-XXXX", 15 minutes) the supplier sends to the plant's LINE account: that
 * chat then hears when its grade changes. LINE_NOT_CONFIGURED without the plant's LINE account.
 */
export const supplierGradeLine = defineContract({
  path: 'public/supplier/gradeLine',
  access: 'public',
  body: z.strictObject({ token: SupplierTokenSchema }),
  response: OkSchema.extend({ code: z.string(), chat_url: z.string().nullable(), expires_at: z.string() }),
});

export const scorecardContracts = {
  scorecardsReport,
  scorecardsExport,
  supplierScorecard,
  supplierGradeLine,
};

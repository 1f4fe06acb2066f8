import { z } from 'zod';
import { defineContract, OkSchema } from './api.ts';

/**
 * How often the expected wait shown to drivers held (issue 40, "Seen by the plant"): per queue
 * type of the admin's branch and per plant day, the ranges read at each ticket's issue
 * (eta_readings) set against each truck's first call. The figures are
 * shared/queue/shown-wait-figures.ts's; minutes are real minutes of the plant's clock.
 */

/** Plant days the page shows unless asked for another count. */
export const WAIT_ACCURACY_DEFAULT_DAYS = 7;
/** The most plant days one request covers (readings are kept at least this long). */
export const WAIT_ACCURACY_MAX_DAYS = 31;

/** The figures of a set of readings (ShownWaitFigures, on the wire). */
export const WaitFiguresSchema = z.object({
  /** Tickets read at their issue. */
  readings: z.number(),
  /** Never called (rejected, voided, gone, or still waiting): neither inside nor outside. */
  not_called: z.number(),
  /** Called, and shown a range: the share's base. */
  with_range: z.number(),
  /** Called, and shown no range (the page counted the trucks ahead). */
  no_range: z.number(),
  /** Of with_range, called inside the range. */
  inside: z.number(),
  /** inside / with_range (0–1); null without a reading to judge. */
  inside_share: z.number().nullable(),
  /** Median |real wait − the range's middle|, minutes (one decimal). */
  median_error_minutes: z.number().nullable(),
  /** Median real wait of the called readings, minutes (one decimal). */
  median_wait_minutes: z.number().nullable(),
});
export type WaitFigures = z.infer<typeof WaitFiguresSchema>;

/** The figures of no reading at all: a day without a ticket, or nothing recorded yet. */
export const NO_WAIT_READINGS: WaitFigures = {
  readings: 0,
  not_called: 0,
  with_range: 0,
  no_range: 0,
  inside: 0,
  inside_share: null,
  median_error_minutes: null,
  median_wait_minutes: null,
};

export const WaitDaySchema = WaitFiguresSchema.extend({
  /** The plant day (YYYY-MM-DD) of the tickets. */
  day: z.string(),
});
export type WaitDay = z.infer<typeof WaitDaySchema>;

export const WaitTypeSchema = z.object({
  branch_queue_type_id: z.number(),
  queue_type_name: z.string(),
  prefix: z.string(),
  flow_engine_id: z.number(),
  /** Every plant day asked, oldest first (a day without a ticket has 0 readings). */
  days: z.array(WaitDaySchema),
  /** The days together. */
  total: WaitFiguresSchema,
});
export type WaitType = z.infer<typeof WaitTypeSchema>;

export const waitAccuracy = defineContract({
  path: 'admin/waitAccuracy',
  access: 'admin',
  /** The branch is the session's; `days`: the last N plant days, today included. */
  body: z.strictObject({
    days: z.int().min(1).max(WAIT_ACCURACY_MAX_DAYS).default(WAIT_ACCURACY_DEFAULT_DAYS),
  }),
  response: OkSchema.extend({
    /** The plant days asked, oldest first; the last is today. */
    days: z.array(z.string()),
    /** The share of readings with a range the issue asks to be called inside it (0–1). */
    target_inside_share: z.number(),
    /** The branch's queue types that are active or had readings in the period. */
    types: z.array(WaitTypeSchema),
  }),
});

export const waitAccuracyContracts = { waitAccuracy };

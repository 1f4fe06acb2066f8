import { z } from 'zod';
import { TIME_STAGES } from '../queue/time-stages.ts';
import { defineContract, OkSchema } from './api.ts';
import { daysBetween, SiteDaySchema } from './report.contract.ts';

/**
 * Where the time goes (issue 41): over the plant days of a period, each truck's time cut into
 * the stages of shared/queue/time-stages.ts, per hour of its ticket and per plant day, per
 * station and officer, and each station's idle time while trucks it could serve waited.
 * docs/reports.md, "Where the time goes".
 */

/** The most plant days one request covers: a day-by-hour map of two months is still read at a glance. */
export const TIME_BREAKDOWN_MAX_DAYS = 62;

/** Hours of the clock (0 to 23). */
const HOURS = 24;

export const TimeBreakdownQuerySchema = z
  .strictObject({
    find_start: SiteDaySchema,
    find_finish: SiteDaySchema,
    /** A line (branch queue type) of the branch; 0 or absent: every line. */
    branch_queue_type_id: z.int32().min(0).default(0),
  })
  .refine((p) => p.find_start <= p.find_finish, {
    message: 'find_start must not be after find_finish',
    path: ['find_finish'],
  })
  .refine((p) => daysBetween(p.find_start, p.find_finish) < TIME_BREAKDOWN_MAX_DAYS, {
    message: `this report covers at most ${TIME_BREAKDOWN_MAX_DAYS} days`,
    path: ['find_finish'],
  });
export type TimeBreakdownQuery = z.input<typeof TimeBreakdownQuerySchema>;

export const TimeStageSchema = z.enum(TIME_STAGES);

/** One stage's time over a set of trucks: the sum, the trucks that went through it, their average. */
export const StageFiguresSchema = z.object({
  stage: TimeStageSchema,
  seconds: z.number(),
  trucks: z.number(),
  /** seconds / trucks, whole seconds; null when no truck went through the stage. */
  average_seconds: z.number().nullable(),
});
export type StageFigures = z.infer<typeof StageFiguresSchema>;

/** The trucks whose ticket was issued in one hour of the clock (every day of the period together). */
export const StageHourSchema = z.object({
  hour: z.number(),
  trucks: z.number(),
  /** Every stage, in TIME_STAGES order. */
  stages: z.array(StageFiguresSchema),
});
export type StageHour = z.infer<typeof StageHourSchema>;

/** The trucks of one plant day (their ticket's). */
export const StageDaySchema = z.object({
  day: z.string(),
  trucks: z.number(),
  stages: z.array(StageFiguresSchema),
});
export type StageDay = z.infer<typeof StageDaySchema>;

/** One plant day × hour of issue × stage with time in it: the heat map's cells. */
export const StageCellSchema = z.object({
  day: z.string(),
  hour: z.number(),
  stage: TimeStageSchema,
  seconds: z.number(),
  trucks: z.number(),
});
export type StageCell = z.infer<typeof StageCellSchema>;

export const StationTimeSchema = z.object({
  station_id: z.number(),
  station_name: z.string(),
  /** 1 a call station, 2 a recheck station (both when it handles both). */
  station_types: z.array(z.number()),
  /** Trucks it held (called or sent to it). */
  trucks: z.number(),
  /** Time it held a truck: from the call (or recheck) until the truck left that state. */
  service_seconds: z.number(),
  average_seconds: z.number().nullable(),
  /** Time it held no truck while a truck it could be called to waited for its call (call stations; 0 for a recheck station). */
  idle_seconds: z.number(),
  /** The idle seconds in each hour of the clock (index 0 is 00:00–00:59), every day together. */
  idle_by_hour: z.array(z.number()).length(HOURS),
});
export type StationTime = z.infer<typeof StationTimeSchema>;

export const OfficerTimeSchema = z.object({
  officer_id: z.number().nullable(),
  /** '' when no officer is recorded (a device's call). */
  officer_name: z.string(),
  /** Trucks the officer called. */
  trucks: z.number(),
  /** Walk and at-station time of those calls. */
  service_seconds: z.number(),
  average_seconds: z.number().nullable(),
});
export type OfficerTime = z.infer<typeof OfficerTimeSchema>;

/** A line of the branch the page offers as a filter. */
export const TimeLineSchema = z.object({ id: z.number(), prefix: z.string(), name: z.string() });
export type TimeLine = z.infer<typeof TimeLineSchema>;

export const TimeBreakdownSchema = z.object({
  /** The branch's lines (active ones, and the one asked for): the filter's choices. */
  lines: z.array(TimeLineSchema),
  /** Trucks of the period with at least one stage (voided tickets are in none). */
  trucks: z.number(),
  /** The hour the plant day starts at (0–23): the charts read the hours from there. */
  first_hour: z.number(),
  totals: z.array(StageFiguresSchema),
  hours: z.array(StageHourSchema).length(HOURS),
  /** Every plant day of the period, days without a truck too. */
  days: z.array(StageDaySchema),
  cells: z.array(StageCellSchema),
  stations: z.array(StationTimeSchema),
  officers: z.array(OfficerTimeSchema),
});
export type TimeBreakdown = z.infer<typeof TimeBreakdownSchema>;

export const timeBreakdownReport = defineContract({
  path: 'report/timeBreakdown',
  access: 'report',
  body: TimeBreakdownQuerySchema,
  // A day × hour × stage cell each: thousands for two months.
  largeResponse: true,
  response: OkSchema.extend(TimeBreakdownSchema.shape),
});

export const timeBreakdownExport = defineContract({
  path: 'report/timeBreakdownExport',
  access: 'report',
  body: TimeBreakdownQuerySchema,
  response: OkSchema.extend({ excel_url: z.string(), rows: z.number() }),
});

export const timeBreakdownContracts = { timeBreakdownReport, timeBreakdownExport };

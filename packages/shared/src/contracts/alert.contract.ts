import { z } from 'zod';
import {
  ALERT_CAP_PERCENT,
  ALERT_KINDS,
  ALERT_REPEAT_MINUTES,
  ALERT_THRESHOLD_MINUTES,
  alertKindTakesPercent,
  alertKindTakesQueueType,
  TIME_OF_DAY,
} from '../alerts/alert-rules.ts';
import { defineContract, IdSchema, OkSchema } from './api.ts';
import { InstantSchema, MaybeInstantSchema } from './queue.contract.ts';
import { SiteDaySchema, daysBetween } from './report.contract.ts';

/**
 * The manager's alerts (issue 41): the branch's rules (admins), the open alerts and their history
 * (every officer sees those that concern them: managers all of the branch's), acknowledging one,
 * and each person's LINE link, quiet hours and subscriptions.
 */

export const AlertRuleSchema = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  /** null: every queue type of the branch (and for the device kinds, always null). */
  branch_queue_type_id: z.number().nullable(),
  queue_type_name: z.string().nullable(),
  /** Minutes past which it is raised; null for cap_near. */
  threshold_minutes: z.number().nullable(),
  /** cap_near: the percent of its cap a class's share of the day reaches; null for every other kind. */
  threshold_percent: z.number().nullable(),
  /** 0: LINE tells once; otherwise again this often until someone acknowledges it or it ends. */
  repeat_minutes: z.number(),
  /** A banner on the screens besides the bell, and LINE even in a person's quiet hours. */
  urgent: z.boolean(),
  active: z.boolean(),
  /** The officers who get it by LINE. */
  subscribers: z.array(z.object({ officer_id: z.number(), name: z.string(), line_linked: z.boolean() })),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

export const listAlertRules = defineContract({
  path: 'admin/alertRules',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({ rules: z.array(AlertRuleSchema) }),
});

/** Adds a rule (no id) or changes one; a rule is turned off, never deleted (its alerts keep it). */
export const saveAlertRule = defineContract({
  path: 'admin/saveAlertRule',
  access: 'admin',
  body: z
    .strictObject({
      id: IdSchema.optional(),
      kind: z.enum(ALERT_KINDS),
      branch_queue_type_id: IdSchema.nullable(),
      threshold_minutes: z.int().min(ALERT_THRESHOLD_MINUTES.min).max(ALERT_THRESHOLD_MINUTES.max).nullable(),
      threshold_percent: z.int().min(ALERT_CAP_PERCENT.min).max(ALERT_CAP_PERCENT.max).nullable(),
      repeat_minutes: z.int().min(ALERT_REPEAT_MINUTES.min).max(ALERT_REPEAT_MINUTES.max),
      urgent: z.boolean(),
      active: z.boolean(),
    })
    .refine((r) => r.branch_queue_type_id === null || alertKindTakesQueueType(r.kind), {
      message: 'this kind of rule is not about a queue type',
      path: ['branch_queue_type_id'],
    })
    .refine((r) => !alertKindTakesPercent(r.kind) || r.threshold_minutes === null, {
      message: 'a cap_near rule has a percent of the cap, not minutes: threshold_minutes must be null',
      path: ['threshold_minutes'],
    })
    .refine((r) => !alertKindTakesPercent(r.kind) || r.threshold_percent !== null, {
      message: 'a cap_near rule needs threshold_percent (the percent of the cap)',
      path: ['threshold_percent'],
    })
    .refine((r) => alertKindTakesPercent(r.kind) || r.threshold_minutes !== null, {
      message: 'this kind of rule needs threshold_minutes',
      path: ['threshold_minutes'],
    })
    .refine((r) => alertKindTakesPercent(r.kind) || r.threshold_percent === null, {
      message: 'only a cap_near rule has threshold_percent: it must be null',
      path: ['threshold_percent'],
    }),
  response: OkSchema.extend({ rule: AlertRuleSchema }),
});

export const AlertRowSchema = z.object({
  id: z.number(),
  rule_id: z.number(),
  kind: z.enum(ALERT_KINDS),
  urgent: z.boolean(),
  /** The rule's threshold: minutes, or for cap_near the percent of the cap (the other null). */
  threshold_minutes: z.number().nullable(),
  threshold_percent: z.number().nullable(),
  queue_uuid: z.string().nullable(),
  queue_number: z.string().nullable(),
  truck_license: z.string().nullable(),
  queue_type_name: z.string().nullable(),
  station_name: z.string().nullable(),
  device_name: z.string().nullable(),
  /** printer_paper: the printer's health when it was raised. */
  health: z.string().nullable(),
  /** cap_near: the capped class's name in the line's rule, its share of the day when raised, its cap. */
  class_name: z.string().nullable(),
  share_percent: z.number().nullable(),
  max_percent: z.number().nullable(),
  /** When the stage it times began (the truck's wait, the station's last call, the device's last sight). */
  since: InstantSchema,
  raised_at: InstantSchema,
  /** Ended on its own: the truck moved on, the station called, the device came back. */
  resolved_at: MaybeInstantSchema,
  acknowledged_at: MaybeInstantSchema,
  acknowledged_by: z.string().nullable(),
  /** Times LINE was sent it (each round to every subscriber outside quiet hours). */
  rounds: z.number(),
});
export type AlertRow = z.infer<typeof AlertRowSchema>;

/** The branch's alerts still open that concern the officer, newest first (at most 200): the bell and the banner. */
export const openAlerts = defineContract({
  path: 'alerts/open',
  access: 'dashboard',
  body: z.strictObject({}),
  response: OkSchema.extend({ alerts: z.array(AlertRowSchema), unacknowledged: z.number() }),
});

/** The longest period the history lists in one request. */
export const ALERT_HISTORY_MAX_DAYS = 31;

/**
 * A period's alerts counted whole (the list stops at 500): how many were raised of each kind,
 * acknowledged and ended, and how long after being raised the median one was acknowledged, in
 * the rules' minutes.
 */
export const AlertSummarySchema = z.object({
  raised: z.number(),
  acknowledged: z.number(),
  ended: z.number(),
  by_kind: z.array(z.object({ kind: z.enum(ALERT_KINDS), count: z.number() })),
  median_acknowledge_minutes: z.number().nullable(),
});
export type AlertSummary = z.infer<typeof AlertSummarySchema>;

/** The alerts raised in a period (site days, both included), newest first, at most 500; and all of them counted. */
export const alertHistory = defineContract({
  path: 'alerts/history',
  access: 'dashboard',
  body: z
    .strictObject({ find_start: SiteDaySchema, find_finish: SiteDaySchema })
    .refine((p) => p.find_start <= p.find_finish, {
      message: 'find_start must not be after find_finish',
      path: ['find_finish'],
    })
    .refine((p) => daysBetween(p.find_start, p.find_finish) < ALERT_HISTORY_MAX_DAYS, {
      message: `the history covers at most ${ALERT_HISTORY_MAX_DAYS} days`,
      path: ['find_finish'],
    }),
  response: OkSchema.extend({
    alerts: z.array(AlertRowSchema),
    truncated: z.boolean(),
    summary: AlertSummarySchema,
  }),
});

/** Someone has it in hand: LINE stops repeating it, the bell stops counting it (ALERT_ACKNOWLEDGED twice). */
export const acknowledgeAlert = defineContract({
  path: 'alerts/acknowledge',
  access: 'dashboard',
  body: z.strictObject({ id: z.int().positive() }),
  response: OkSchema.extend({ alert: AlertRowSchema }),
});

const TimeOfDaySchema = z.string().regex(TIME_OF_DAY, 'must be a time HH:MM');

export const MyAlertSettingsSchema = z.object({
  /** The plant has a LINE account on this server. */
  line_configured: z.boolean(),
  line_linked: z.boolean(),
  quiet_start: z.string().nullable(),
  quiet_end: z.string().nullable(),
  /** The branch's active rules that concern the officer, and whether they get each by LINE. */
  rules: z.array(AlertRuleSchema.omit({ subscribers: true }).extend({ subscribed: z.boolean() })),
});
export type MyAlertSettings = z.infer<typeof MyAlertSettingsSchema>;

export const myAlertSettings = defineContract({
  path: 'alerts/mySettings',
  access: 'dashboard',
  body: z.strictObject({}),
  response: OkSchema.extend({ settings: MyAlertSettingsSchema }),
});

/** Quiet hours (both or neither) and the rules the officer gets by LINE (only rules of `mySettings`). */
export const saveMyAlertSettings = defineContract({
  path: 'alerts/saveMySettings',
  access: 'dashboard',
  body: z
    .strictObject({
      quiet_start: TimeOfDaySchema.nullable(),
      quiet_end: TimeOfDaySchema.nullable(),
      subscribed_rule_ids: z.array(IdSchema).max(200),
    })
    .refine((s) => (s.quiet_start === null) === (s.quiet_end === null), {
      message: 'quiet hours need a start and an end',
      path: ['quiet_end'],
    }),
  response: OkSchema.extend({ settings: MyAlertSettingsSchema }),
});

/**
 * A code the officer sends to the plant's LINE account to get alerts there (valid 15 minutes;
 * a new one replaces it). LINE_NOT_CONFIGURED without an account.
 */
export const linkAlertLine = defineContract({
  path: 'alerts/lineLink',
  access: 'dashboard',
  body: z.strictObject({}),
  response: OkSchema.extend({
    code: z.string(),
    /** The chat with the code typed (null while the account's id is unknown: send the code by hand). */
    chat_url: z.string().nullable(),
    expires_at: InstantSchema,
  }),
});

/** Stops alerts by LINE for the officer (the link is forgotten). */
export const unlinkAlertLine = defineContract({
  path: 'alerts/lineUnlink',
  access: 'dashboard',
  body: z.strictObject({}),
  response: OkSchema.extend({ settings: MyAlertSettingsSchema }),
});

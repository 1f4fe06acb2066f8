import { z } from 'zod';
import { PrintJobEntrySchema } from './printing.contract.ts';
import { LabHistorySchema } from './lab.contract.ts';
import { CALENDARS } from '../calendar.ts';
import { isSeasonDay } from '../season.ts';
import { PROVINCE_NAMES } from '../province-neighbours.ts';
import { MINUTES_PER_DAY } from '../plant-day.ts';
import { QUEUE_STATES } from '../queue/queue-machine.ts';
import {
  BRANCH_LANGUAGES,
  NO_SHOW_POLICIES,
  NO_SHOW_RECALLS_MAX,
  REASON_KINDS,
} from '../queue/yard-rules.ts';
import { defineContract, EmptyBodySchema, IdSchema, noFormula, noHidden, OkSchema, text } from './api.ts';
import { InstantSchema } from './queue.contract.ts';

/**
 * The yard's everyday moves beyond the spec's calls: the branch's reason lists and no-show rule
 * (admin-managed), and a ticket's history. The moves themselves (recheck and reject with a
 * reason, no-show, transfer, void) are staff socket events (socket-events.ts).
 */

/** An officer's note on a recheck, reject or void: optional, one line, shown on reports. */
export const ReasonNoteSchema = noFormula(noHidden(z.string().trim().max(200)));

/** Why, as the officer picked it from the branch's list, and what they added. */
export const ReasonArgSchema = z.strictObject({
  reason_id: IdSchema,
  note: ReasonNoteSchema.optional(),
});
export type ReasonArg = z.infer<typeof ReasonArgSchema>;

export const ReasonSchema = z.object({
  id: z.number(),
  kind: z.enum(REASON_KINDS),
  name: z.string(),
  active: z.boolean(),
  sort: z.number(),
  /** The branch queue types it applies to; empty: every queue type (the default). */
  queue_type_ids: z.array(z.number()),
});
export type Reason = z.infer<typeof ReasonSchema>;

/** A day of the year every year has: 'MM-DD', 29 February excluded. */
const SeasonDaySchema = z.string().refine(isSeasonDay, 'must be a day of the year, MM-DD (not 02-29)');

export const YardSettingsSchema = z.object({
  no_show_after_recalls: z.int().min(1).max(NO_SHOW_RECALLS_MAX),
  no_show_policy: z.enum(NO_SHOW_POLICIES),
  /** When the plant day starts: minutes after midnight on the site's clock (06:00 is 360). */
  day_start_minutes: z
    .int()
    .min(0)
    .max(MINUTES_PER_DAY - 1),
  /** The calendar the branch's dates are written in: 'BE' (Buddhist era) or 'CE' (shared/calendar.ts). */
  calendar: z.enum(CALENDARS),
  /** Languages other than Thai write the year in `calendar` too; off, they write the Common era. */
  calendar_all_languages: z.boolean(),
  /** The language officers' screens start in until they choose one ('' = the plant's default). */
  language: z.enum(BRANCH_LANGUAGES),
  /** The sign-in form's "remember me" starts ticked (off for the shared PCs of a plant office). */
  remember_default: z.boolean(),
  /** Plates on public screens (displays, other trucks on a driver's page) are masked: "กข 12••". */
  mask_plates: z.boolean(),
  /** The branch's displays use a good Thai voice of their browser, where they have one, instead of the voice pack. */
  prefer_browser_voice: z.boolean(),
  /** The harvest season's first and last day, 'MM-DD' (shared/season.ts): the period pickers' "this season". */
  season_start: SeasonDaySchema,
  season_finish: SeasonDaySchema,
  /**
   * The province the plant stands in, by the Thai name a plate writes (shared/provinces.ts), or
   * null while unset: its kiosks list it and its neighbouring provinces first.
   */
  province: z.enum(PROVINCE_NAMES).nullable(),
});
export type YardSettingsWire = z.infer<typeof YardSettingsSchema>;

/**
 * What the calling page needs for its dialogs: the branch's active reasons, its no-show rule,
 * and the queue types a waiting ticket may be moved to (every active type, with its flow).
 */
export const yardRules = defineContract({
  path: 'process/yard/rules',
  access: 'calling',
  body: EmptyBodySchema,
  response: OkSchema.extend({
    reasons: z.array(ReasonSchema),
    settings: YardSettingsSchema,
    queue_types: z.array(
      z.object({
        id: z.number(),
        queue_type_name: z.string(),
        prefix: z.string(),
        flow_engine_id: z.number(),
      }),
    ),
  }),
});

/** The admin's page: every reason (retired ones too) and the no-show rule. */
export const yardSettings = defineContract({
  path: 'admin/yard/settings',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ reasons: z.array(ReasonSchema), settings: YardSettingsSchema }),
});

/**
 * Adds a reason (no id) or renames, reorders, retires or restores one (id). `queue_type_ids`: the
 * branch queue types it applies to, empty for all; left out, a new reason applies to all and an
 * edited one keeps its own.
 */
export const saveReason = defineContract({
  path: 'admin/yard/saveReason',
  access: 'admin',
  body: z.strictObject({
    id: IdSchema.optional(),
    kind: z.enum(REASON_KINDS),
    name: text(60),
    active: z.boolean(),
    sort: z.int().min(0).max(999),
    queue_type_ids: z.array(IdSchema).max(100).optional(),
  }),
  response: OkSchema.extend({ reason: ReasonSchema }),
});

/** Saves the yard's rules; a setting left out (any but the no-show rule) keeps its value. */
export const saveYardSettings = defineContract({
  path: 'admin/yard/saveSettings',
  access: 'admin',
  body: z.strictObject({
    ...YardSettingsSchema.shape,
    day_start_minutes: YardSettingsSchema.shape.day_start_minutes.optional(),
    calendar: YardSettingsSchema.shape.calendar.optional(),
    calendar_all_languages: YardSettingsSchema.shape.calendar_all_languages.optional(),
    language: YardSettingsSchema.shape.language.optional(),
    remember_default: YardSettingsSchema.shape.remember_default.optional(),
    mask_plates: YardSettingsSchema.shape.mask_plates.optional(),
    prefer_browser_voice: YardSettingsSchema.shape.prefer_browser_voice.optional(),
    season_start: YardSettingsSchema.shape.season_start.optional(),
    season_finish: YardSettingsSchema.shape.season_finish.optional(),
    province: YardSettingsSchema.shape.province.optional(),
  }),
  response: OkSchema.extend({ settings: YardSettingsSchema }),
});

export const HistoryEntrySchema = z.object({
  at: InstantSchema,
  /** The audit action: issue, call, recheck, reject, finish, accept, complete, lab_correct, weigh_in, weigh_out, exit, no_show, transfer, void. */
  action: z.string(),
  from_state: z.enum(QUEUE_STATES).nullable(),
  to_state: z.enum(QUEUE_STATES),
  station_name: z.string().nullable(),
  /** Who: an officer's name, or a kiosk's name; both null for the system. */
  officer_name: z.string().nullable(),
  device_name: z.string().nullable(),
  reason_name: z.string().nullable(),
  note: z.string().nullable(),
  /** A transfer: the number before and after. */
  from_number: z.string().nullable(),
  to_number: z.string().nullable(),
  /** A checkout's or a lab correction's values as recorded then (its sample; a correction's values before). */
  lab: LabHistorySchema.nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** Every transition of one ticket of the branch, oldest first. */
export const queueHistory = defineContract({
  path: 'process/queue/history',
  access: 'dashboard',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({
    queue: z.object({
      uuid: z.string(),
      queue_number: z.string(),
      /** The number the ticket was issued with, when a transfer changed it. */
      previous_number: z.string().nullable(),
      truck_license: z.string(),
      queue_type_name: z.string(),
      queue_state: z.enum(QUEUE_STATES),
    }),
    history: z.array(HistoryEntrySchema),
    /** Every print of its ticket (the and each reprint), oldest first. */
    prints: z.array(PrintJobEntrySchema),
  }),
});

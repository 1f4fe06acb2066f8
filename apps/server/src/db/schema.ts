import { sql } from 'drizzle-orm';
import { CALENDARS, DEFAULT_CALENDAR } from '@truck-queue/shared/calendar';
import { DEVICE_KINDS } from '@truck-queue/shared/contracts/api';
import { WEIGHT_SOURCES } from '@truck-queue/shared/queue/weighing';
import { VEHICLE_CLASSES, type VehicleClass } from '@truck-queue/shared/queue/weight-checks';
import { LAB_FAIL_ACTIONS } from '@truck-queue/shared/lab/measures';
import type { LabHistoryRecord } from '@truck-queue/shared/contracts/lab.contract';
import type { GoodsReceiptBody } from '@truck-queue/shared/contracts/goods-receipt.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { SUPPLIER_KINDS } from '@truck-queue/shared/contracts/supplier.contract';
import { OVER_QUOTA_RULES, QUOTA_UNITS } from '@truck-queue/shared/contracts/season.contract';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  type BookingRules,
  type BookingWindow,
} from '@truck-queue/shared/contracts/booking.contract';
import { NOTIFY_CHANNELS, NOTIFY_MOMENTS } from '@truck-queue/shared/notifications/moments';
import { ALERT_KINDS } from '@truck-queue/shared/alerts/alert-rules';
import { WEBHOOK_DELIVERY_STATUSES } from '@truck-queue/shared/integrations/webhooks';
import {
  READ_OUTCOMES,
  READ_REASONS,
  READER_ACTIONS,
  READER_MIN_CONFIDENCE,
} from '@truck-queue/shared/identify/readers';
import {
  DEFAULT_PRINTER_PORT,
  PRINT_FAILURES,
  PRINT_JOB_KINDS,
  PRINT_STATES,
  PRINT_TARGETS,
  PRINTER_HEALTHS,
} from '@truck-queue/shared/printing/printer-status';
import {
  customType,
  type AnyPgColumn,
  bigserial,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One schema for PostgreSQL and the embedded PGlite. Names follow the spec's entities
 * (SPEC.md section 3); rows that history refers to are deactivated (`active = false`),
 * never deleted, so reports keep their names.
 */

const created = () => timestamp('created', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull().default(''),
    active: boolean('active').notNull().default(true),
    created: created(),
    /** The yard's no-show rule (shared/queue/yard-rules.ts): offered after this many recalls ... */
    noShowAfterRecalls: integer('no_show_after_recalls').notNull().default(3),
    /** ... and then the truck is requeued at the end of its line, or its ticket cancelled. */
    noShowPolicy: text('no_show_policy').notNull().default('requeue'),
    /**
     * When the plant's working day starts, in minutes after midnight on the site's clock
     * (shared/plant-day.ts): a ticket's queue_date, its number's day and every "today" follow it.
     */
    dayStartMinutes: integer('day_start_minutes').notNull().default(0),
    /**
     * The calendar its dates are written in (shared/calendar.ts): 'BE' (Buddhist era, as Thai
     * documents use) or 'CE'. Only the year a person reads changes; stored dates stay Gregorian.
     */
    calendar: text('calendar', { enum: CALENDARS }).notNull().default(DEFAULT_CALENDAR),
    /**
     * Whether languages other than Thai also write the year in `calendar`: off, a BE branch's
     * English, German... screens show the Christian year, as their readers expect (issue 36).
     */
    calendarAllLanguages: boolean('calendar_all_languages').notNull().default(false),
    /**
     * The language its officers' screens start in until an officer chooses one ('th', 'en', ...;
     * '' = the plant's DEFAULT_LANGUAGE): it wins over the browser's language (issue 36).
     */
    language: text('language').notNull().default(''),
    /** Whether the sign-in form's "remember me" starts ticked: off for the shared PCs of a plant office. */
    rememberDefault: boolean('remember_default').notNull().default(false),
    /**
     * Licence plates on public screens (displays, other trucks on a driver's page) are masked
     * ("กข 12••", shared/plate-mask.ts) unless the branch turns this off.
     */
    maskPlates: boolean('mask_plates').notNull().default(true),
    /** Displays use a good Thai voice of their browser, where they have one, instead of the voice pack. */
    preferBrowserVoice: boolean('prefer_browser_voice').notNull().default(false),
    /**
     * Roles besides admins the branch allows to type a weight by hand instead of capturing it from
     * a scale ("51,55"; shared/queue/weighing.ts MANUAL_WEIGHT_ROLE_CHOICES): none unless an admin adds them.
     */
    manualWeightRoles: text('manual_weight_roles').notNull().default(''),
    /** The plant's privacy notice, shown to a driver before he asks to be notified (issue 21). */
    privacyNotice: text('privacy_notice').notNull().default(''),
    /** Drivers' contact data (subscriptions, LINE ids, what was sent) is erased after this many days. */
    contactRetentionDays: integer('contact_retention_days').notNull().default(90),
    /** Licence plates of tickets older than this many days are anonymised (reports keep their counts). */
    plateRetentionDays: integer('plate_retention_days').notNull().default(365),
    /**
     * The harvest season, 'MM-DD' to 'MM-DD' (shared/season.ts): the dashboard's and the reports'
     * "this season". A finish before the start runs over the new year (1 November to 30 April).
     */
    seasonStart: text('season_start').notNull().default('11-01'),
    seasonFinish: text('season_finish').notNull().default('04-30'),
    /**
     * The province the plant stands in, as a plate writes it (shared/provinces.ts); null until an
     * admin sets it. The kiosk lists it and its neighbours first (shared/province-neighbours.ts).
     */
    province: text('province'),
    /**
     * Whether an officer may finish a truck on its vehicle's stored tare instead of weighing it
     * out (issue 42; vehicle_tares): off unless an admin allows it ...
     */
    storedTareAllowed: boolean('stored_tare_allowed').notNull().default(false),
    /** ... and for how many days after it was weighed a stored tare stays valid. */
    storedTareDays: integer('stored_tare_days').notNull().default(30),
    /**
     * The branch's legal gross per vehicle class (kg, shared/queue/weight-checks.ts
     * VEHICLE_CLASSES): its own figures; a class left out has the Thai default (cane truck 25 t).
     */
    grossLimits: jsonb('gross_limits').$type<Partial<Record<VehicleClass, number>>>().notNull().default({}),
  },
  (t) => [
    check('branches_stored_tare_days', sql`${t.storedTareDays} between 1 and 365`),
    check('branches_no_show_after_recalls', sql`${t.noShowAfterRecalls} between 1 and 20`),
    check('branches_no_show_policy', sql`${t.noShowPolicy} in ('requeue', 'cancel')`),
    check('branches_day_start_minutes', sql`${t.dayStartMinutes} between 0 and 1439`),
    check('branches_calendar', sql`${t.calendar} in ('BE', 'CE')`),
    check('branches_language', sql`${t.language} in ('', 'th', 'en', 'es', 'de', 'it', 'ru')`),
    check('branches_contact_retention_days', sql`${t.contactRetentionDays} between 1 and 3650`),
    check('branches_plate_retention_days', sql`${t.plateRetentionDays} between 1 and 3650`),
    check('branches_season_start', sql`${t.seasonStart} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'`),
    check('branches_season_finish', sql`${t.seasonFinish} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'`),
  ],
);

/**
 * Why a load is sent to recheck or rejected, or a ticket voided: each branch's own list, in
 * the plant's words. Retired (active = false), never deleted, so history keeps its reason.
 */
export const queueReasons = pgTable(
  'queue_reasons',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    created: created(),
  },
  (t) => [
    uniqueIndex('queue_reasons_name_key').on(t.branchId, t.kind, t.name),
    check(
      'queue_reasons_kind',
      sql`${t.kind} in ('recheck', 'reject', 'void', 'out_of_order', 'admit', 'reclass')`,
    ),
  ],
);

/**
 * The queue types a reason applies to. A reason with no row here applies to every queue type of
 * its branch; with rows, only to those (a reject reason of cassava loads only, for instance).
 */
export const queueReasonTypes = pgTable(
  'queue_reason_types',
  {
    reasonId: integer('reason_id')
      .notNull()
      .references(() => queueReasons.id),
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.reasonId, t.branchQueueTypeId] }),
    index('queue_reason_types_type_idx').on(t.branchQueueTypeId),
  ],
);

export const officers = pgTable(
  'officers',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    /** '' for an officer who signs in with a username only. */
    email: text('email').notNull(),
    /**
     * A login for an officer without an e-mail (or besides one): letters, digits, '.', '_', '-',
     * never an '@' (shared/login.ts); '' when none.
     */
    username: text('username').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').notNull(),
    active: boolean('active').notNull().default(true),
    created: created(),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    // An e-mail belongs to one officer, whatever its case.
    uniqueIndex('officers_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    // A username too, and an officer has at least one of them to sign in with.
    uniqueIndex('officers_username_key')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.username} <> ''`),
    check('officers_login', sql`${t.email} <> '' or ${t.username} <> ''`),
    index('officers_branch_idx').on(t.branchId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the 256-bit token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    /** The branch the session works in (role 1000 may switch it). */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    remember: boolean('remember').notNull().default(false),
    created: created(),
    lastSeen: ts('last_seen').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_officer_idx').on(t.officerId)],
);

/**
 * Browsers an officer signed in from (the "device cookie" defence): each successful sign-in
 * gives the browser a random token, kept here as its SHA-256 only. An attempt that presents a
 * live one of its account is throttled on its own, so a stranger's failures from the same
 * address do not hold the owner back. Unused for 90 days, a row is ignored and then pruned.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    tokenHash: text('token_hash').notNull().unique(),
    created: created(),
    lastUsed: ts('last_used').notNull().defaultNow(),
  },
  (t) => [
    index('known_browsers_officer_idx').on(t.officerId, t.lastUsed),
    index('known_browsers_last_used_idx').on(t.lastUsed),
  ],
);

/** Sign-ins, failed sign-ins, sign-outs and refused calls: the security audit, also read by throttling. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    email: text('email'),
    officerId: integer('officer_id').references(() => officers.id),
    ip: text('ip'),
    detail: text('detail'),
    created: created(),
  },
  (t) => [
    index('auth_events_email_idx').on(t.kind, t.email, t.created),
    index('auth_events_ip_idx').on(t.kind, t.ip, t.created),
  ],
);

export const flowEngines = pgTable('flow_engines', {
  id: integer('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
});

/** The states of a flow engine that a station may handle (SPEC "Selectable states"). */
export const flowStates = pgTable(
  'flow_states',
  {
    id: serial('id').primaryKey(),
    flowEngineId: integer('flow_engine_id')
      .notNull()
      .references(() => flowEngines.id),
    state: text('state').notNull(),
    stateName: text('state_name').notNull(),
    stateDetail: text('state_detail').notNull().default(''),
  },
  (t) => [uniqueIndex('flow_states_engine_state_key').on(t.flowEngineId, t.state)],
);

/**
 * Queue types: a name and the flow its queues follow. The spec's master list (no branch, seeded at
 * every start) is what every branch picks from; a type a branch's admin created or renamed is that
 * branch's own row (`branch_id`), so a rename in one branch leaves the others' names alone.
 */
export const queueTypes = pgTable(
  'queue_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    flowEngineId: integer('flow_engine_id')
      .notNull()
      .references(() => flowEngines.id),
    branchId: integer('branch_id').references(() => branches.id),
  },
  (t) => [
    uniqueIndex('queue_types_master_name_key')
      .on(t.name)
      .where(sql`${t.branchId} is null`),
    index('queue_types_branch_idx').on(t.branchId),
  ],
);

export const branchQueueTypes = pgTable(
  'branch_queue_types',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    queueTypeId: integer('queue_type_id')
      .notNull()
      .references(() => queueTypes.id),
    prefix: text('prefix').notNull(),
    status: smallint('status').notNull().default(1),
    active: boolean('active').notNull().default(true),
    created: created(),
    /**
     * Who goes first in its line (issue 38; shared/contracts/order.contract.ts LineRule, applied
     * by shared/queue/order-rule.ts): null is first come, first served.
     */
    orderRule: jsonb('order_rule').$type<LineRule>(),
  },
  (t) => [
    // A queue type once per branch, a prefix unique within the branch, among active rows.
    uniqueIndex('branch_queue_types_type_key')
      .on(t.branchId, t.queueTypeId)
      .where(sql`${t.active}`),
    uniqueIndex('branch_queue_types_prefix_key')
      .on(t.branchId, t.prefix)
      .where(sql`${t.active}`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    created: created(),
    /**
     * The weights a load of it should fall within (kg; null: no limit): a weighing outside is
     * warned at the weighbridge, confirmed by the officer and kept on the ticket (issue 42).
     */
    minNetKg: numeric('min_net_kg', { precision: 10, scale: 1 }),
    maxNetKg: numeric('max_net_kg', { precision: 10, scale: 1 }),
    minGrossKg: numeric('min_gross_kg', { precision: 10, scale: 1 }),
    maxGrossKg: numeric('max_gross_kg', { precision: 10, scale: 1 }),
    /** The vehicles that bring it (VEHICLE_CLASSES): their legal gross is checked; null: none. */
    vehicleClass: text('vehicle_class', { enum: VEHICLE_CLASSES }),
  },
  (t) => [
    index('products_branch_idx').on(t.branchId),
    check(
      'products_vehicle_class',
      sql`${t.vehicleClass} is null or ${t.vehicleClass} in ('cane_truck', 'six_wheel', 'ten_wheel', 'twelve_wheel', 'trailer')`,
    ),
    check(
      'products_net_range',
      sql`${t.minNetKg} is null or ${t.maxNetKg} is null or ${t.minNetKg} <= ${t.maxNetKg}`,
    ),
    check(
      'products_gross_range',
      sql`${t.minGrossKg} is null or ${t.maxGrossKg} is null or ${t.minGrossKg} <= ${t.maxGrossKg}`,
    ),
  ],
);

export const branchQueueTypeProducts = pgTable(
  'branch_queue_type_products',
  {
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.branchQueueTypeId, t.productId] })],
);

/**
 * A queue type's lab measurements (shared/lab/measures.ts): what the lab records at checkout,
 * the values it may take, those that pass, and what a value outside calls for. Retired
 * (active = false), never deleted, so recorded values keep their name and unit.
 */
export const labMeasures = pgTable(
  'lab_measures',
  {
    id: serial('id').primaryKey(),
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    decimals: integer('decimals').notNull().default(1),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    passMin: doublePrecision('pass_min'),
    passMax: doublePrecision('pass_max'),
    onFail: text('on_fail', { enum: LAB_FAIL_ACTIONS }).notNull().default('recheck'),
    failReasonId: integer('fail_reason_id').references(() => queueReasons.id),
    /** The slip deducts the part of the value above this (a percentage) off the net; null: none. */
    deductAbove: doublePrecision('deduct_above'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    created: created(),
  },
  (t) => [
    uniqueIndex('lab_measures_name_key')
      .on(t.branchQueueTypeId, t.name)
      .where(sql`${t.active}`),
    check('lab_measures_decimals', sql`${t.decimals} between 0 and 3`),
    check('lab_measures_range', sql`${t.min} < ${t.max}`),
    check('lab_measures_on_fail', sql`${t.onFail} in ('recheck', 'reject')`),
  ],
);

export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    /**
     * A weighbridge: the station a scale weighs at (devices.station_id). Trucks are not called
     * to it; the Weighbridge controller pairs scales only with such stations.
     */
    weighbridge: boolean('weighbridge').notNull().default(false),
    active: boolean('active').notNull().default(true),
    created: created(),
  },
  (t) => [index('stations_branch_idx').on(t.branchId)],
);

/** Which flow states a station handles (SPEC aState: sus_id, sus_flow_state, sus_station). */
export const stationStates = pgTable(
  'station_states',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    flowStateId: integer('flow_state_id')
      .notNull()
      .references(() => flowStates.id),
  },
  (t) => [uniqueIndex('station_states_key').on(t.stationId, t.flowStateId)],
);

/** Calling controller: the queue types an officer calls (aQTCtrl). */
export const officerQueueTypes = pgTable(
  'officer_queue_types',
  {
    id: serial('id').primaryKey(),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
  },
  (t) => [uniqueIndex('officer_queue_types_key').on(t.officerId, t.branchQueueTypeId)],
);

/** Calling controller: the stations an officer calls to (aStationCtrl). */
export const officerStations = pgTable(
  'officer_stations',
  {
    id: serial('id').primaryKey(),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
  },
  (t) => [uniqueIndex('officer_stations_key').on(t.officerId, t.stationId)],
);

/** TV display screens, ticket kiosks (printers) and weighbridge scales (their bridges). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    name: text('name').notNull(),
    /** For kiosks: the name of the printer the ticket goes to. */
    printerName: text('printer_name'),
    /** For displays: how long a call stays under "now calling" before the board drops it. */
    nowCallingSeconds: integer('now_calling_seconds').notNull().default(600),
    /** For displays: how many of the latest calls the board lists (3 to 20). */
    recentCount: integer('recent_count').notNull().default(8),
    /** The short id the device shows and an officer types in to register it. */
    deviceId: text('device_id'),
    /** SHA-256 of the device's long secret: the secret of the browser that said hello with the id registered. */
    secretHash: text('secret_hash'),
    verifiedDate: ts('verified_date'),
    /** Displays: when its socket last connected, went away or reported (stamped at most once a minute). */
    lastSeenAt: ts('last_seen_at'),
    active: boolean('active').notNull().default(true),
    created: created(),
    /** Displays: what a call says (shared/voice/announcement.ts); null: DEFAULT_SENTENCE. */
    announceSentence: text('announce_sentence'),
    /** Displays: how fast the clips play, 0.7 to 1.3. */
    announceRate: real('announce_rate').notNull().default(1),
    /** Displays: how loud, 0 to 100. */
    announceVolume: integer('announce_volume').notNull().default(100),
    /** Displays: how many times a call is said, 1 or 2. */
    announceRepeat: integer('announce_repeat').notNull().default(1),
    /** Kiosks: where tickets print (shared/printing/printer-status.ts PRINT_TARGETS). */
    printTarget: text('print_target', { enum: PRINT_TARGETS }).notNull().default('browser'),
    /** Kiosks printing to a network printer: its address and raw TCP port. */
    printerHost: text('printer_host'),
    printerPort: integer('printer_port').notNull().default(DEFAULT_PRINTER_PORT),
    /** Kiosks: the roll's width in mm, 80 or 58. */
    paperWidth: integer('paper_width').notNull().default(80),
    /** Kiosks: the printer's health as last read (PRINTER_HEALTHS) and when; null: never read. */
    printerHealth: text('printer_health', { enum: PRINTER_HEALTHS }),
    printerHealthAt: ts('printer_health_at'),
    /** Scales: the weighbridge (a station of the branch) whose deck it weighs. */
    stationId: integer('station_id').references(() => stations.id),
    /**
     * Scales: when a weight was last captured from it; the next capture waits until it has read
     * empty since (shared/scale/capture.ts SCALE_ZERO_KG, the return-to-zero interlock).
     */
    scaleCapturedAt: ts('scale_captured_at'),
    /** Readers (plate cameras, RFID): what an identified truck does there (READER_ACTIONS). */
    readerAction: text('reader_action', { enum: READER_ACTIONS }),
    /** Readers: the least confidence (percent) a plate read needs to act without an officer. */
    readerMinConfidence: integer('reader_min_confidence').notNull().default(READER_MIN_CONFIDENCE.default),
    /** Entrance readers (check_in): the network ticket printer its check-ins print on; null: none. */
    readerPrinterId: integer('reader_printer_id').references((): AnyPgColumn => devices.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('devices_now_calling_seconds', sql`${t.nowCallingSeconds} between 30 and 86400`),
    check('devices_recent_count', sql`${t.recentCount} between 3 and 20`),
    check('devices_announce_rate', sql`${t.announceRate}::numeric between 0.7 and 1.3`),
    check('devices_announce_volume', sql`${t.announceVolume} between 0 and 100`),
    check('devices_announce_repeat', sql`${t.announceRepeat} in (1, 2)`),
    check('devices_print_target', sql`${t.printTarget} in ('browser', 'network', 'usb')`),
    check('devices_printer_port', sql`${t.printerPort} between 1 and 65535`),
    check('devices_paper_width', sql`${t.paperWidth} in (58, 80)`),
    check('devices_kind', sql`${t.kind} in ('display', 'printer', 'scale', 'reader')`),
    check('devices_reader_action', sql`${t.readerAction} in ('gate_exit', 'weighbridge', 'check_in')`),
    check('devices_reader_min_confidence', sql`${t.readerMinConfidence} between 50 and 100`),
    uniqueIndex('devices_device_id_key')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('devices_branch_idx').on(t.branchId, t.kind),
  ],
);

/**
 * Unregistered screens waiting to be registered: each short id and the secret (hashed) of the
 * browser that first said hello with it. Register binds that secret to the registration, so
 * another browser that knows the id cannot become the device. Ids unseen for a day are forgotten.
 */
export const deviceHellos = pgTable(
  'device_hellos',
  {
    shortId: text('short_id').primaryKey(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    secretHash: text('secret_hash').notNull(),
    firstSeen: ts('first_seen').notNull(),
    lastSeen: ts('last_seen').notNull(),
  },
  (t) => [index('device_hellos_last_seen_idx').on(t.lastSeen)],
);

export const deviceQueueTypes = pgTable(
  'device_queue_types',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
  },
  (t) => [uniqueIndex('device_queue_types_key').on(t.deviceId, t.branchQueueTypeId)],
);

/** A truck's ticket and every stamp of its journey. */
/**
 * Who brings the loads (issue 39): a branch's growers, group leaders, middlemen and companies,
 * by code (the quota number where there is one). Never deleted once a ticket names it: made
 * inactive instead.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    code: text('code').notNull(),
    /** The code compared without case: one supplier per code and branch. */
    codeKey: text('code_key').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: SUPPLIER_KINDS }).notNull(),
    phone: text('phone'),
    taxId: text('tax_id'),
    /** The group leader it delivers under (a supplier of kind leader of the same branch). */
    leaderId: integer('leader_id').references((): AnyPgColumn => suppliers.id),
    active: boolean('active').notNull().default(true),
    /**
     * The PIN its booking page signs in with (password-hash.ts), given by the office, and when;
     * null: none yet. Wrong PINs are counted in auth_events (kind supplier_pin_failed) since then.
     */
    pinHash: text('pin_hash'),
    pinSetAt: ts('pin_set_at'),
    created: created(),
    updated: ts('updated').notNull().defaultNow(),
    /** The vendor number the ERP pays it under (issue 42's goods receipts); null: its code. */
    erpCode: text('erp_code'),
  },
  (t) => [
    uniqueIndex('suppliers_code_key').on(t.branchId, t.codeKey),
    check('suppliers_kind', sql`${t.kind} in ('grower', 'leader', 'middleman', 'company')`),
    check('suppliers_not_own_leader', sql`${t.leaderId} is distinct from ${t.id}`),
  ],
);

/** A supplier signed in on its booking page (issue 39): the token's hash, as officers' sessions keep theirs. */
export const supplierSessions = pgTable(
  'supplier_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    created: created(),
    lastSeen: ts('last_seen').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('supplier_sessions_supplier_idx').on(t.supplierId)],
);

/** A supplier's vehicles by plate: a plate (as the one-active-ticket rule reads it) belongs to one supplier of the branch. */
export const supplierVehicles = pgTable(
  'supplier_vehicles',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    licence: text('licence').notNull(),
    /** shared/licence.ts plateSearchKey of the licence. */
    plateKey: text('plate_key').notNull(),
    /** The RFID tag the vehicle carries (its EPC, hex, upper case): a reader's tag finds the vehicle. */
    tag: text('tag'),
  },
  (t) => [
    uniqueIndex('supplier_vehicles_plate_key').on(t.branchId, t.plateKey),
    uniqueIndex('supplier_vehicles_tag_key')
      .on(t.branchId, t.tag)
      .where(sql`${t.tag} is not null`),
    index('supplier_vehicles_supplier_idx').on(t.supplierId),
  ],
);

/**
 * A season (crop year) of one product at a branch (issue 39): the days its quotas run, what they
 * count, and what a booking past a supplier's quota meets.
 */
export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    unit: text('unit', { enum: QUOTA_UNITS }).notNull(),
    overQuota: text('over_quota', { enum: OVER_QUOTA_RULES }).notNull(),
    active: boolean('active').notNull().default(true),
    created: created(),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    index('seasons_branch_idx').on(t.branchId, t.productId),
    check('seasons_days', sql`${t.endsOn} >= ${t.startsOn}`),
    check('seasons_unit', sql`${t.unit} in ('tonnes', 'loads')`),
    check('seasons_over_quota', sql`${t.overQuota} in ('refuse', 'warn', 'reason')`),
  ],
);

/** A supplier's entitlement in a season, in the season's unit. */
export const supplierQuotas = pgTable(
  'supplier_quotas',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    entitlement: numeric('entitlement', { precision: 12, scale: 1 }).notNull(),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.supplierId] }),
    index('supplier_quotas_supplier_idx').on(t.supplierId),
    check('supplier_quotas_entitlement', sql`${t.entitlement} >= 0`),
  ],
);

/** A branch's booking rules (shared/contracts/booking.contract.ts BookingRules); none: DEFAULT_BOOKING_RULES. */
export const bookingRules = pgTable('booking_rules', {
  branchId: integer('branch_id')
    .primaryKey()
    .references(() => branches.id),
  rules: jsonb('rules').$type<BookingRules>().notNull(),
  updated: ts('updated').notNull().defaultNow(),
});

/** A line's booking plan: its capacity per day and per window, the walk-ins' share, its closed days. */
export const bookingLines = pgTable('booking_lines', {
  branchQueueTypeId: integer('branch_queue_type_id')
    .primaryKey()
    .references(() => branchQueueTypes.id),
  branchId: integer('branch_id')
    .notNull()
    .references(() => branches.id),
  enabled: boolean('enabled').notNull().default(false),
  dayCapacity: integer('day_capacity').notNull(),
  walkInPercent: integer('walk_in_percent').notNull(),
  windows: jsonb('windows').$type<BookingWindow[]>().notNull(),
  closedDays: jsonb('closed_days').$type<string[]>().notNull(),
  updated: ts('updated').notNull().defaultNow(),
});

/**
 * A slot of a line booked for a supplier (issue 39): a plant day and a window, a plate (or any of
 * the supplier's vehicles), a product. Its ticket, once checked in, names it (queues.booking_id).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** What its QR carries (BOOKING_CODE_ALPHABET), unique in the branch. */
    code: text('code').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The plate booked, as typed; null: any of the supplier's vehicles. */
    licence: text('licence'),
    plateKey: text('plate_key'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** The window as booked ('HH:MM' on the site's clock) and its instants. */
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('booked'),
    source: text('source', { enum: BOOKING_SOURCES }).notNull(),
    /** 0, or how many re-issues of a lapsed booking led to this one (reissueOf: the one it replaces). */
    reissue: integer('reissue').notNull().default(0),
    reissueOf: integer('reissue_of').references((): AnyPgColumn => bookings.id),
    /** The office's reason past the supplier's quota, or for cancelling. */
    note: text('note'),
    overQuota: boolean('over_quota').notNull().default(false),
    createdByOfficerId: integer('created_by_officer_id').references(() => officers.id),
    created: created(),
    checkedInAt: ts('checked_in_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('bookings_code_key').on(t.branchId, t.code),
    index('bookings_line_day_idx').on(t.branchQueueTypeId, t.day),
    index('bookings_supplier_day_idx').on(t.supplierId, t.day),
    index('bookings_branch_day_idx').on(t.branchId, t.day),
    // Its latest change (made, checked in, cancelled): the webhooks read what changed lately.
    index('bookings_changed_idx').on(sql`greatest(${t.created}, ${t.checkedInAt}, ${t.cancelledAt})`),
    // Stored: booked, checked in or cancelled; a booked one whose window closed reads as lapsed
    // (modules/bookings/bookings.repository.ts statusAt).
    check('bookings_status', sql`${t.status} in ('booked', 'checked_in', 'cancelled')`),
    check('bookings_source', sql`${t.source} in ('office', 'supplier', 'calendar')`),
    check('bookings_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_reissue', sql`${t.reissue} between 0 and 10`),
  ],
);

export const queues = pgTable(
  'queues',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    productId: integer('product_id').references(() => products.id),
    /** The site's calendar day the ticket was issued on (SITE_TIMEZONE). */
    queueDate: date('queue_date', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
    queueNumber: text('queue_number').notNull(),
    truckLicense: text('truck_license').notNull(),
    /**
     * The plate however it was typed (shared/licence.ts plateSearchKey): what the one-active-ticket
     * rule and plate searches compare. Set at issue; rows from before it are filled at start
     * (db/plate-keys.ts).
     */
    plateKey: text('plate_key'),
    state: text('state').notNull(),
    /** Where the truck was last called to. */
    stationId: integer('station_id').references(() => stations.id),
    created: created(),
    /** When it joined its line (its issue; a no-show's requeue sends it to the back): lines are served in this order. */
    lineAt: ts('line_at').notNull().defaultNow(),
    calledAt: ts('called_at'),
    /** The latest call (a recall moves it, calledAt keeps the first). */
    lastCalledAt: ts('last_called_at'),
    /** Calls made while already called: the card offers "no-show" from the branch's number on. */
    recallCount: integer('recall_count').notNull().default(0),
    /** The waiting state it was first called from: where a no-show's requeue sends it back. */
    calledFrom: text('called_from'),
    /** The number it was issued with, when a transfer to another queue type renumbered it. */
    previousNumber: text('previous_number'),
    /**
     * Its class in its line's order rule (issue 38), as the officer set it at issue or later with a
     * reason ('' = the ordinary trucks); null: the class its product has in the rule.
     */
    orderClass: text('order_class'),
    /** When its load was cut (or loaded), as the kiosk or the officer gave it: the card shows its age. */
    cutAt: ts('cut_at'),
    /** A manager admitted it past its class's daily cap (the reason is on the audit row). */
    admittedAt: ts('admitted_at'),
    /**
     * The class its line's rule placed it in when it was first called ('' the ordinary trucks):
     * the day's caps and the reports count it so, whatever the rule says later; null before its
     * first call (and for calls before issue 38 kept it).
     */
    calledClass: text('called_class'),
    /** Who brings the load (issue 39): picked at issue, or the supplier whose vehicle the plate is. */
    supplierId: integer('supplier_id').references(() => suppliers.id),
    /** The booking it was checked in with (issue 39): its line place is its slot's. */
    bookingId: integer('booking_id').references(() => bookings.id),
    /** The latest recheck, reject or void: why (the branch's list) and the officer's note. */
    reasonId: integer('reason_id').references(() => queueReasons.id),
    reasonNote: text('reason_note'),
    voidedAt: ts('voided_at'),
    /** The gate let the truck out before its work was done, once the officer confirmed it. */
    leftUnfinished: boolean('left_unfinished').notNull().default(false),
    finishedAt: ts('finished_at'),
    labStart: ts('lab_start'),
    labFinish: ts('lab_finish'),
    rejectedAt: ts('rejected_at'),
    exitAt: ts('exit_at'),
    weighInKg: numeric('weigh_in_kg', { precision: 10, scale: 1 }),
    weighInAt: ts('weigh_in_at'),
    weighOutKg: numeric('weigh_out_kg', { precision: 10, scale: 1 }),
    weighOutAt: ts('weigh_out_at'),
    /**
     * Each weighing's provenance (shared/queue/weighing.ts WEIGHT_SOURCES): captured from a scale
     * (the scale, and the indicator's frame as its bridge read it) or typed by hand (the reason).
     */
    weighInSource: text('weigh_in_source', { enum: WEIGHT_SOURCES }),
    weighInDeviceId: integer('weigh_in_device_id').references(() => devices.id),
    weighInFrame: text('weigh_in_frame'),
    weighInReason: text('weigh_in_reason'),
    weighOutSource: text('weigh_out_source', { enum: WEIGHT_SOURCES }),
    weighOutDeviceId: integer('weigh_out_device_id').references(() => devices.id),
    weighOutFrame: text('weigh_out_frame'),
    weighOutReason: text('weigh_out_reason'),
    /** A weigh-out on the vehicle's stored tare (source stored_tare): when that tare was weighed. */
    weighOutTareAt: ts('weigh_out_tare_at'),
    /**
     * What the weighbridge warned of and the officer confirmed (shared/queue/weight-checks.ts
     * WEIGHT_WARNINGS, comma separated; '' none): the latest weighing's, shown on the slip.
     */
    weightWarnings: text('weight_warnings').notNull().default(''),
    issuedByOfficerId: integer('issued_by_officer_id').references(() => officers.id),
    issuedByDeviceId: integer('issued_by_device_id').references(() => devices.id),
    /** A kiosk's retry carries the same key and gets the same ticket back. */
    idempotencyKey: text('idempotency_key'),
    /** Trucks ahead of it in its line when issued: printed on the ticket (and on every reprint). */
    aheadAtIssue: integer('ahead_at_issue'),
    /** What became of its ticket's paper, latest print (printing.contract.ts PRINT_STATES); null: never printed. */
    printState: text('print_state', { enum: PRINT_STATES }),
    /** When a printer confirmed it printed the ticket, healthy. */
    printedAt: ts('printed_at'),
    /** Why the latest print failed (PRINT_FAILURES); null unless print_state is failed. */
    printFailure: text('print_failure', { enum: PRINT_FAILURES }),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queues_number_key').on(t.branchQueueTypeId, t.queueDate, t.seq),
    uniqueIndex('queues_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('queues_branch_date_idx').on(t.branchId, t.queueDate),
    index('queues_branch_created_idx').on(t.branchId, t.created),
    index('queues_active_idx')
      .on(t.branchId, t.state)
      .where(sql`${t.exitAt} is null`),
    index('queues_plate_key_idx').on(t.branchId, t.plateKey),
    index('queues_supplier_idx')
      .on(t.supplierId, t.queueDate)
      .where(sql`${t.supplierId} is not null`),
    uniqueIndex('queues_booking_key')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    // The counters find a truck by the number the officer types or scans (station-work.service.ts).
    index('queues_branch_number_idx').on(t.branchId, t.queueNumber),
    check('queues_seq_positive', sql`${t.seq} > 0`),
    check(
      'queues_weigh_in_source',
      sql`(${t.weighInKg} is null) = (${t.weighInSource} is null) and (${t.weighInSource} is distinct from 'indicator' or ${t.weighInDeviceId} is not null)`,
    ),
    check(
      'queues_weigh_out_source',
      sql`(${t.weighOutKg} is null) = (${t.weighOutSource} is null) and (${t.weighOutSource} is distinct from 'indicator' or ${t.weighOutDeviceId} is not null)`,
    ),
    check(
      'queues_weigh_out_tare_at',
      sql`(${t.weighOutSource} is not distinct from 'stored_tare') = (${t.weighOutTareAt} is not null)`,
    ),
  ],
);

/**
 * A vehicle's stored tare at a branch (issue 42), by plate key (shared/licence.ts plateSearchKey,
 * so "80-1234" and "๘๐ ๑๒๓๔" are one vehicle): its empty weight, taken from its latest weigh-out
 * (the lighter weighing) or recorded by an officer. A truck may finish on it instead of weighing
 * out while it is valid (branches.stored_tare_days) and the branch allows it.
 */
export const vehicleTares = pgTable(
  'vehicle_tares',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    plateKey: text('plate_key').notNull(),
    /** The plate as last written (the office's list shows it). */
    licence: text('licence').notNull(),
    kg: numeric('kg', { precision: 10, scale: 1 }).notNull(),
    /** When the vehicle was weighed empty (the weighing's time, or the officer's entry). */
    weighedAt: ts('weighed_at').notNull(),
    /** Where it came from: a ticket's weighing ('weighing') or an officer's entry ('officer'). */
    origin: text('origin', { enum: ['weighing', 'officer'] }).notNull(),
    /** The ticket whose weighing it is; null for an officer's entry. */
    queueId: bigint('queue_id', { mode: 'number' }).references(() => queues.id),
    /** The officer who recorded it, or who made the weighing. */
    officerId: integer('officer_id').references(() => officers.id),
  },
  (t) => [
    uniqueIndex('vehicle_tares_plate_key').on(t.branchId, t.plateKey),
    check('vehicle_tares_kg', sql`${t.kg} > 0`),
    check('vehicle_tares_origin', sql`${t.origin} in ('weighing', 'officer')`),
  ],
);

/** The lab's values of a truck's sample, one per measurement: the latest checkout's (a recheck's replaces them). */
export const queueLabValues = pgTable(
  'queue_lab_values',
  {
    queueId: bigint('queue_id', { mode: 'number' })
      .notNull()
      .references(() => queues.id),
    measureId: integer('measure_id')
      .notNull()
      .references(() => labMeasures.id),
    value: doublePrecision('value').notNull(),
    officerId: integer('officer_id').references(() => officers.id),
    created: created(),
    /** Which sample of the truck these values are from: 1, then 2 and on after each recheck. */
    sample: smallint('sample').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.measureId] })],
);

/**
 * A driver's dispute of his receiving slip (the driver's page): his note, and once an admin has
 * looked into it, what was done. At most one open per ticket; each is in the ticket's history.
 */
export const queueDisputes = pgTable(
  'queue_disputes',
  {
    id: serial('id').primaryKey(),
    queueId: bigint('queue_id', { mode: 'number' })
      .notNull()
      .references(() => queues.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    note: text('note').notNull(),
    created: created(),
    resolvedAt: ts('resolved_at'),
    resolvedByOfficerId: integer('resolved_by_officer_id').references(() => officers.id),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('queue_disputes_open_key')
      .on(t.queueId)
      .where(sql`${t.resolvedAt} is null`),
    index('queue_disputes_branch_idx').on(t.branchId, t.created),
  ],
);

/** The last running number issued per queue type per site day: one atomic upsert hands out the next. */
export const queueCounters = pgTable(
  'queue_counters',
  {
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    queueDate: date('queue_date', { mode: 'string' }).notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchQueueTypeId, t.queueDate] })],
);

/**
 * The dashboard's daily roll-up: per queue type and site day of issue, how many tickets, how
 * many left, and the sum and count of each stage's seconds. A trigger on `queues` (migration
 * 0002) keeps it current in the same transaction as every stamp, so a year of dashboard reads
 * a few hundred rows instead of every queue.
 */
const stage = (name: string) => ({
  seconds: doublePrecision(`${name}_s`).notNull().default(0),
  count: integer(`${name}_n`).notNull().default(0),
});
const inFactory = stage('in_factory');
const qsToC = stage('qs_to_c');
const cToF = stage('c_to_f');
const fToExit = stage('f_to_exit');
const qsToLs = stage('qs_to_ls');
const lsToLf = stage('ls_to_lf');
const lfToC = stage('lf_to_c');
export const queueDailyStats = pgTable(
  'queue_daily_stats',
  {
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    queueDate: date('queue_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    total: integer('total').notNull().default(0),
    exited: integer('exited').notNull().default(0),
    /** Voided tickets: in none of the other figures. */
    voided: integer('voided').notNull().default(0),
    /** Cancelled no-shows that never reached the gate: not waiting, not out. */
    noShow: integer('no_show').notNull().default(0),
    inFactorySeconds: inFactory.seconds,
    inFactoryCount: inFactory.count,
    qsToCSeconds: qsToC.seconds,
    qsToCCount: qsToC.count,
    cToFSeconds: cToF.seconds,
    cToFCount: cToF.count,
    fToExitSeconds: fToExit.seconds,
    fToExitCount: fToExit.count,
    qsToLsSeconds: qsToLs.seconds,
    qsToLsCount: qsToLs.count,
    lsToLfSeconds: lsToLf.seconds,
    lsToLfCount: lsToLf.count,
    lfToCSeconds: lfToC.seconds,
    lfToCCount: lfToC.count,
  },
  (t) => [
    primaryKey({ columns: [t.branchQueueTypeId, t.queueDate] }),
    index('queue_daily_stats_branch_idx').on(t.branchId, t.queueDate),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Report files (the in/out export) waiting to be downloaded: only by the session that asked,
 * and only until `expires`. Kept in the database so any server instance can hand them out.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the download token, hex; the token is only in the download address. */
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    created: created(),
    expires: ts('expires').notNull(),
  },
  (t) => [index('report_exports_expires_idx').on(t.expires)],
);

/**
 * A plant's own recording of a voice token (shared/voice/announcement.ts), per branch: it wins
 * over the VOICE_CLIPS_DIR file and the generated clip. In the database so every instance of a
 * scaled-out server plays the same.
 */
export const voiceClips = pgTable(
  'voice_clips',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    token: text('token').notNull(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    /** SHA-256 of the bytes, hex: the clip's version as displays see it. */
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => officers.id),
    created: created(),
  },
  (t) => [uniqueIndex('voice_clips_branch_token_key').on(t.branchId, t.token)],
);

/** Append-only: every state change of a queue, who made it and where to. */
export const queueTransitions = pgTable(
  'queue_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queueId: bigint('queue_id', { mode: 'number' })
      .notNull()
      .references(() => queues.id),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    stationId: integer('station_id').references(() => stations.id),
    officerId: integer('officer_id').references(() => officers.id),
    deviceId: integer('device_id').references(() => devices.id),
    created: created(),
    reasonId: integer('reason_id').references(() => queueReasons.id),
    note: text('note'),
    /**
     * A call of another truck than the line's rule called next (issue 38): the truck passed over.
     * Its reason, when the line asks one, is this row's reason (kind out_of_order).
     */
    passedQueueId: bigint('passed_queue_id', { mode: 'number' }),
    /** A transfer: the queue number before and after. */
    fromNumber: text('from_number'),
    toNumber: text('to_number'),
    /**
     * The lab's values as this change recorded them (a checkout's, or a correction's with the
     * values before): kept here as they were, so every sample and correction stays in the history.
     */
    lab: jsonb('lab').$type<LabHistoryRecord>(),
  },
  (t) => [index('queue_transitions_queue_idx').on(t.queueId)],
);

/**
 * An officer's re-announcement of a call (a call or recheck transition): its id is the `attempt`
 * the displays announce and report it with (0 is the call itself).
 */
export const callReannouncements = pgTable(
  'call_reannouncements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transitionId: bigint('transition_id', { mode: 'number' })
      .notNull()
      .references(() => queueTransitions.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    created: created(),
  },
  (t) => [index('call_reannouncements_transition_idx').on(t.transitionId)],
);

/**
 * What each display made of each announcement of a call (the proof that it played): played (at
 * the display's time), captioned only, or failed, with the display's reason. One row per call,
 * display and attempt; a later report of the same replaces it.
 */
export const callAnnouncements = pgTable(
  'call_announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transitionId: bigint('transition_id', { mode: 'number' })
      .notNull()
      .references(() => queueTransitions.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    /** 0 for the call itself, else the call_reannouncements id. */
    attempt: bigint('attempt', { mode: 'number' }).notNull().default(0),
    outcome: text('outcome', { enum: ['played', 'captioned', 'failed'] }).notNull(),
    reason: text('reason'),
    /** The display's own time of the outcome, kept within a sane window around the report. */
    playedAt: ts('played_at').notNull(),
    reportedAt: ts('reported_at').notNull(),
  },
  (t) => [
    uniqueIndex('call_announcements_key').on(t.transitionId, t.deviceId, t.attempt),
    index('call_announcements_device_idx').on(t.deviceId, t.reportedAt),
    check('call_announcements_outcome', sql`${t.outcome} in ('played', 'captioned', 'failed')`),
  ],
);

/**
 * Every print of a ticket (append-only but for the job's own outcome): the issue's print and
 * each reprint, where it went (a kiosk's printer, or a browser: device null), who asked (an
 * officer, or the kiosk itself: officer null) and what became of it. A reprint's row is its
 * audit. A test print from the Printing controller has no queue. A receiving slip (kind slip,
 * issue 20) is printed for a weighed-out truck; it says nothing of the ticket's own paper.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queueId: bigint('queue_id', { mode: 'number' }).references(() => queues.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: text('kind', { enum: PRINT_JOB_KINDS }).notNull(),
    deviceId: integer('device_id').references(() => devices.id),
    officerId: integer('officer_id').references(() => officers.id),
    target: text('target', { enum: PRINT_TARGETS }).notNull(),
    state: text('state', { enum: PRINT_STATES }).notNull(),
    reason: text('reason', { enum: PRINT_FAILURES }),
    created: created(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('print_jobs_queue_idx').on(t.queueId),
    index('print_jobs_pending_idx')
      .on(t.deviceId, t.created)
      .where(sql`${t.state} = 'pending'`),
    check('print_jobs_kind', sql`${t.kind} in ('issue', 'reprint', 'test', 'slip')`),
    check('print_jobs_state', sql`${t.state} in ('printed', 'failed', 'pending', 'browser')`),
  ],
);

/** Settings of the installation kept in the database (the Web Push VAPID key pair, the retention job's last run). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated: ts('updated').notNull().defaultNow(),
});

/**
 * A driver following his ticket (issue 21): a browser's Web Push subscription, or a LINE chat
 * linked by the ticket's code; what he wants to hear, in which language. It ends at the ticket's
 * exit (or when he stops, or the push service says the browser is gone), and the retention job
 * erases it after the branch's contact retention period.
 */
export const driverSubscriptions = pgTable(
  'driver_subscriptions',
  {
    id: serial('id').primaryKey(),
    queueId: bigint('queue_id', { mode: 'number' })
      .notNull()
      .references(() => queues.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    channel: text('channel', { enum: NOTIFY_CHANNELS }).notNull(),
    /** Web Push: the push service's endpoint and the browser's keys (RFC 8291). */
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** LINE: the user id the webhook gave for the chat that sent the ticket's code. */
    lineUserId: text('line_user_id'),
    language: text('language').notNull().default('th'),
    /** Told once when this many trucks or fewer are ahead; null: not asked. */
    notifyAhead: smallint('notify_ahead'),
    notifyCalled: boolean('notify_called').notNull().default(true),
    notifyLab: boolean('notify_lab').notNull().default(true),
    /** When the driver agreed to the privacy notice (his page's tick, or his LINE message). */
    consentedAt: ts('consented_at').notNull(),
    created: created(),
    endedAt: ts('ended_at'),
    /** exit, cancelled, unsubscribed, gone (the push service or LINE refused the address for good). */
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('driver_subscriptions_endpoint_key')
      .on(t.queueId, t.endpoint)
      .where(sql`${t.endedAt} is null and ${t.endpoint} is not null`),
    uniqueIndex('driver_subscriptions_line_key')
      .on(t.queueId, t.lineUserId)
      .where(sql`${t.endedAt} is null and ${t.lineUserId} is not null`),
    index('driver_subscriptions_queue_idx').on(t.queueId),
    index('driver_subscriptions_branch_idx').on(t.branchId, t.created),
    check('driver_subscriptions_channel', sql`${t.channel} in ('web_push', 'line')`),
    check(
      'driver_subscriptions_address',
      sql`(${t.channel} = 'web_push') = (${t.endpoint} is not null and ${t.p256dh} is not null and ${t.auth} is not null) or ${t.endedAt} is not null`,
    ),
  ],
);

/**
 * One message to one subscription (an outbox): written when its moment comes, sent by the
 * notifier in the background with retries, so a call never waits for a push service or LINE.
 * A moment is sent once per subscription (moment_key: ahead, lab, or called:<transition id>).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => driverSubscriptions.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    channel: text('channel', { enum: NOTIFY_CHANNELS }).notNull(),
    moment: text('moment', { enum: NOTIFY_MOMENTS }).notNull(),
    momentKey: text('moment_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The driver's page. */
    url: text('url').notNull(),
    /** pending, sent, failed (given up after the last try), dropped (the subscription ended first). */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    created: created(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('notification_deliveries_moment_key').on(t.subscriptionId, t.momentKey),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_branch_idx').on(t.branchId, t.created),
    check('notification_deliveries_status', sql`${t.status} in ('pending', 'sent', 'failed', 'dropped')`),
  ],
);

/**
 * What a driver was shown at his ticket's issue (issue 40, "Seen by the plant"): the expected
 * wait's range then, in whole minutes as his page showed it (both null: no range, the page
 * counted the trucks ahead), and the trucks ahead. One row per ticket, written after the issue's
 * commit (modules/queue/eta-readings.ts); set against the ticket's first call (queues.called_at)
 * it says how often the range held. The retention job removes rows past the branch's contact
 * retention period (never fewer than the accuracy page's 31 days).
 */
export const etaReadings = pgTable(
  'eta_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queueId: bigint('queue_id', { mode: 'number' })
      .notNull()
      .references(() => queues.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** The ticket's queue type when it was read (a later transfer does not move the reading). */
    branchQueueTypeId: integer('branch_queue_type_id')
      .notNull()
      .references(() => branchQueueTypes.id),
    /** The server's clock when the range was read. */
    readAt: ts('read_at').notNull(),
    lowMinutes: integer('low_minutes'),
    highMinutes: integer('high_minutes'),
    ahead: integer('ahead').notNull(),
    /**
     * The line's play as it stood (shared/queue/line-forecast.ts), before it was held to how
     * the type's past ranges fared (shared/queue/range-calibration.ts): what the next
     * calibration reads, so a calibrated range never calibrates the next. Null: no play.
     */
    playLowMinutes: real('play_low_minutes'),
    playMidMinutes: real('play_mid_minutes'),
    playHighMinutes: real('play_high_minutes'),
  },
  (t) => [
    uniqueIndex('eta_readings_queue_key').on(t.queueId),
    index('eta_readings_branch_read_idx').on(t.branchId, t.readAt),
    check(
      'eta_readings_range',
      sql`(${t.lowMinutes} is null) = (${t.highMinutes} is null) and (${t.lowMinutes} is null or (${t.lowMinutes} >= 0 and ${t.lowMinutes} <= ${t.highMinutes}))`,
    ),
    check('eta_readings_ahead', sql`${t.ahead} >= 0`),
  ],
);

/**
 * The manager's alerts (issue 41, shared/alerts/alert-rules.ts): a branch's rules, each a kind
 * (a truck waiting, in the lab, at a station or inside too long; a station idle; a device offline
 * or a printer out of paper), narrowed to a queue type or not, with its threshold. Turned off,
 * never deleted: its alerts keep it.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    /** null: every queue type of the branch. */
    branchQueueTypeId: integer('branch_queue_type_id').references(() => branchQueueTypes.id),
    /** Minutes past which it is raised; null only for cap_near, which has a percent instead. */
    thresholdMinutes: integer('threshold_minutes'),
    /** cap_near: the percent of its cap a class's share of the day reaches (null for every other kind). */
    thresholdPercent: integer('threshold_percent'),
    /** 0: LINE tells once; otherwise again this often until acknowledged or ended. */
    repeatMinutes: integer('repeat_minutes').notNull().default(0),
    /** A banner on the screens, and LINE even in a subscriber's quiet hours. */
    urgent: boolean('urgent').notNull().default(false),
    active: boolean('active').notNull().default(true),
    created: created(),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_branch_idx').on(t.branchId),
    check(
      'alert_rules_threshold',
      sql`case when ${t.kind} = 'cap_near' then ${t.thresholdMinutes} is null and ${t.thresholdPercent} between 50 and 100 else ${t.thresholdPercent} is null and ${t.thresholdMinutes} between 1 and 1440 end`,
    ),
    check('alert_rules_repeat', sql`${t.repeatMinutes} between 0 and 1440`),
    check(
      'alert_rules_kind',
      sql`${t.kind} in ('waiting_call', 'in_lab', 'at_station', 'inside_plant', 'station_idle', 'device_offline', 'printer_paper', 'cap_near')`,
    ),
  ],
);

/** Who gets a rule's alerts by LINE (each officer chooses, among the rules that concern them). */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.officerId] }),
    index('alert_subscriptions_officer_idx').on(t.officerId),
  ],
);

/**
 * An officer's LINE chat for alerts (linked by sending a code to the plant's account) and quiet
 * hours (minutes after midnight on the site's clock: no LINE but urgent alerts between them).
 */
export const officerAlertSettings = pgTable(
  'officer_alert_settings',
  {
    officerId: integer('officer_id')
      .primaryKey()
      .references(() => officers.id),
    lineUserId: text('line_user_id'),
    lineLinkedAt: ts('line_linked_at'),
    /** SHA-256 of the code the officer sends to link the chat, and when it lapses. */
    linkCodeHash: text('link_code_hash'),
    linkCodeExpires: ts('link_code_expires'),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('officer_alert_settings_code_key')
      .on(t.linkCodeHash)
      .where(sql`${t.linkCodeHash} is not null`),
    check(
      'officer_alert_settings_quiet',
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and (${t.quietStart} is null or (${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439))`,
    ),
  ],
);

/**
 * One alert: a rule's subject (a truck, a station, a device) past its threshold. Open until it
 * ends on its own (resolved_at); acknowledged by who took it in hand. One open alert per rule and
 * subject, whichever instance found it.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id),
    /** 'queue:<id>', 'station:<id>', 'device:<id>' or 'cap:<branch queue type id>:<class key>'. */
    subject: text('subject').notNull(),
    queueId: bigint('queue_id', { mode: 'number' }).references(() => queues.id),
    stationId: integer('station_id').references(() => stations.id),
    deviceId: integer('device_id').references(() => devices.id),
    /** printer_paper: the health that raised it. */
    health: text('health'),
    /** cap_near: the line, its capped class, and the class's share of the day (percent) when raised. */
    branchQueueTypeId: integer('branch_queue_type_id').references(() => branchQueueTypes.id),
    classKey: text('class_key'),
    sharePercent: real('share_percent'),
    /** When the stage it times began. */
    since: ts('since').notNull(),
    raisedAt: ts('raised_at').notNull(),
    /** The latest LINE round, and how many there were. */
    notifiedAt: ts('notified_at'),
    rounds: smallint('rounds').notNull().default(0),
    resolvedAt: ts('resolved_at'),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => officers.id),
  },
  (t) => [
    uniqueIndex('alerts_open_key')
      .on(t.ruleId, t.subject)
      .where(sql`${t.resolvedAt} is null`),
    index('alerts_branch_raised_idx').on(t.branchId, t.raisedAt),
    index('alerts_open_idx')
      .on(t.branchId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * An alert's LINE message to one subscriber, one per round (an outbox, sent in the background
 * with the drivers' retries): pending, sent, failed (given up) or dropped (acknowledged or ended
 * before it went).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id),
    officerId: integer('officer_id')
      .notNull()
      .references(() => officers.id),
    round: smallint('round').notNull(),
    lineUserId: text('line_user_id').notNull(),
    text: text('text').notNull(),
    /**
     * A digest (one message naming several alerts of a rule) is kept against its latest alert and
     * names every alert here, that one included: it goes unless all of them were acknowledged or
     * ended first. Null for a message of one alert.
     */
    covers: bigint('covers', { mode: 'number' }).array(),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error'),
    created: created(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('alert_deliveries_round_key').on(t.alertId, t.officerId, t.round),
    index('alert_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('alert_deliveries_status', sql`${t.status} in ('pending', 'sent', 'failed', 'dropped')`),
  ],
);

/**
 * A supplier's LINE chat for its grade's changes (issue 41): linked by sending the code its page
 * shows to the plant's account (the alerts' link-code mechanism, notifications/link-codes.ts).
 */
export const supplierLineChats = pgTable(
  'supplier_line_chats',
  {
    supplierId: integer('supplier_id')
      .primaryKey()
      .references(() => suppliers.id),
    lineUserId: text('line_user_id'),
    lineLinkedAt: ts('line_linked_at'),
    /** SHA-256 of the code the supplier sends to link the chat, and when it lapses. */
    linkCodeHash: text('link_code_hash'),
    linkCodeExpires: ts('link_code_expires'),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_line_chats_code_key')
      .on(t.linkCodeHash)
      .where(sql`${t.linkCodeHash} is not null`),
  ],
);

/**
 * A supplier's grade over the last 30 plant days as the daily job found it on a plant day (one
 * row per supplier and day, whichever instance computed it first): the scorecard's rule.
 */
export const supplierGrades = pgTable(
  'supplier_grades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** null: not graded (too few trucks). */
    grade: text('grade'),
    points: doublePrecision('points'),
    trucks: integer('trucks').notNull(),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [
    uniqueIndex('supplier_grades_day_key').on(t.supplierId, t.day),
    check('supplier_grades_grade', sql`${t.grade} is null or ${t.grade} in ('A', 'B', 'C', 'D')`),
  ],
);

/**
 * A grade change's LINE message to the supplier (an outbox, sent in the background with the
 * drivers' retries like the alerts'): pending, sent or failed (given up).
 */
export const supplierGradeMessages = pgTable(
  'supplier_grade_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gradeId: bigint('grade_id', { mode: 'number' })
      .notNull()
      .references(() => supplierGrades.id),
    lineUserId: text('line_user_id').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error'),
    created: created(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('supplier_grade_messages_grade_key').on(t.gradeId),
    index('supplier_grade_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('supplier_grade_messages_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * An integration's key (issue 42): its scopes, branch, rate and expiry; the secret kept only as
 * its SHA-256 (a random 256-bit secret needs no slow hash). Revoked, never deleted: the audit
 * keeps its calls.
 */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    id: serial('id').primaryKey(),
    /** The key's public id, the 8 characters after `tqk_`. */
    uid: text('uid').notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    /** null: it never expires. */
    expiresAt: ts('expires_at'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => officers.id),
    created: created(),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by').references(() => officers.id),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('integration_keys_uid_idx').on(t.uid),
    index('integration_keys_branch_idx').on(t.branchId),
    check('integration_keys_rate', sql`${t.ratePerMinute} between 1 and 600`),
  ],
);

/** Every call made with an integration key, answered or refused (issue 42's audit). */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => integrationKeys.id),
    path: text('path').notNull(),
    /** The HTTP status it was answered with. */
    status: integer('status').notNull(),
    address: text('address').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('integration_calls_key_at_idx').on(t.keyId, t.at),
    // The hourly prune (INTEGRATION_CALLS_KEEP_DAYS) deletes by time alone.
    index('integration_calls_at_idx').on(t.at),
  ],
);

/**
 * A webhook endpoint (issue 42): another system's https address subscribed to some of the
 * branch's events. Its secret signs every POST (HMAC-SHA256), so it is kept as it is: it is shown
 * once when made or rotated, never listed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** Paused: nothing is sent; its events still wait for it, in order, until it is resumed. */
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by')
      .notNull()
      .references(() => officers.id),
    created: created(),
  },
  (t) => [index('webhook_endpoints_branch_idx').on(t.branchId)],
);

/**
 * An event of a branch as sent to its endpoints, made once from its source (a ticket's audit
 * row, a slip's print job, a booking's change, an alert): `source` names it, so reading the
 * source again never makes it twice. `subject` (the ticket, booking or alert) orders deliveries.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    type: text('type').notNull(),
    source: text('source').notNull(),
    subject: text('subject').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created: created(),
  },
  (t) => [
    uniqueIndex('webhook_events_source_key').on(t.source),
    index('webhook_events_created_idx').on(t.created),
  ],
);

/**
 * One event to one endpoint (an outbox): pending until the endpoint answers 2xx (sent), retried
 * with back-off, failed after the last retry. A delivery goes only when every earlier event of
 * its subject to that endpoint has gone (in order per ticket); a replay makes it pending again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    subject: text('subject').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastAttemptAt: ts('last_attempt_at'),
    /** The endpoint's HTTP status at the last attempt; null: it did not answer. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** What kind of failure the last was (WEBHOOK_FAILURES), for the office to say in its language. */
    lastFailure: text('last_failure'),
    /** How long the last attempt took (ms). */
    lastMs: integer('last_ms'),
    /**
     * Counts the claims: an attempt's outcome is written only while its claim is the latest (a
     * sender whose lease ran out cannot overwrite what another instance sent since).
     */
    claims: integer('claims').notNull().default(0),
    sentAt: ts('sent_at'),
    created: created(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_subject_idx').on(t.endpointId, t.subject, t.eventId),
    index('webhook_deliveries_created_idx').on(t.created),
    // The endpoints' list: what waits, what failed, the last delivered.
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_failed_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 'failed'`),
    index('webhook_deliveries_sent_idx').on(t.endpointId, t.sentAt),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * How far the webhooks have read each source (webhook-feed.ts): every row after `safe_id` is read
 * again at each look (ids can commit out of order), until the feed knows nothing before a later
 * id can still commit. For the bookings, read by time, it is the last look's time (ms).
 */
export const webhookCursors = pgTable('webhook_cursors', {
  source: text('source').primaryKey(),
  safeId: bigint('safe_id', { mode: 'number' }).notNull(),
});

/**
 * A branch's ERP settings for goods receipts (issue 42): the plant code and movement type the ERP
 * posts them under. None: empty plant code, movement type 101 (SAP's goods receipt for a PO).
 */
export const erpSettings = pgTable('erp_settings', {
  branchId: integer('branch_id')
    .primaryKey()
    .references(() => branches.id),
  plantCode: text('plant_code').notNull().default(''),
  movementType: text('movement_type').notNull().default('101'),
  updated: ts('updated').notNull().defaultNow(),
});

/** A product's material code in the ERP (issue 42): kept apart from the catalog's own columns. */
export const erpProductCodes = pgTable(
  'erp_product_codes',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    code: text('code').notNull(),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [index('erp_product_codes_branch_idx').on(t.branchId)],
);

/**
 * A finished weighed truck's goods receipt (issue 42), one row per version: version 1 once the
 * truck is finished (or let out) weighed in and out, then a version marked as a correction of the
 * one before whenever a later change alters what it says. Written by the receipts' scanner over
 * queue_transitions (modules/goods-receipts); `payload` is the receipt as it is sent (webhooks,
 * the API, the exports), the columns beside it what those filter on.
 */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** The plant day of the truck's weigh-out (shared/plant-day.ts). */
    day: date('day', { mode: 'string' }).notNull(),
    queueId: bigint('queue_id', { mode: 'number' })
      .notNull()
      .references(() => queues.id),
    version: integer('version').notNull(),
    /** The version this one corrects (null for version 1). */
    corrects: bigint('corrects', { mode: 'number' }).references((): AnyPgColumn => goodsReceipts.id),
    /** The ticket's latest audit row this version was made from: a scanner writes each once. */
    sourceTransitionId: bigint('source_transition_id', { mode: 'number' }).notNull(),
    /** The ticket was voided after its receipt: this version cancels it. */
    cancelled: boolean('cancelled').notNull().default(false),
    payload: jsonb('payload').$type<GoodsReceiptBody>().notNull(),
    created: created(),
  },
  (t) => [
    uniqueIndex('goods_receipts_version_key').on(t.queueId, t.version),
    uniqueIndex('goods_receipts_source_key').on(t.sourceTransitionId),
    index('goods_receipts_branch_day_idx').on(t.branchId, t.day),
    index('goods_receipts_branch_id_idx').on(t.branchId, t.id),
    check('goods_receipts_version', sql`${t.version} >= 1`),
    check('goods_receipts_corrects', sql`(${t.version} = 1) = (${t.corrects} is null)`),
  ],
);

/**
 * What a plate camera or RFID reader read (issue 42), and what became of it: the truck let out at
 * the gate or named to the weighbridge by itself, or asking an officer (a low-confidence read, no
 * truck or several, a plate one character off, a truck whose work is not done) until one chose
 * the truck or set it aside. The snapshot is kept SNAPSHOT_DAYS, then dropped (the row stays).
 */
export const identifications = pgTable(
  'identifications',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    readerId: integer('reader_id')
      .notNull()
      .references(() => devices.id),
    at: ts('at').notNull(),
    action: text('action', { enum: READER_ACTIONS }).notNull(),
    /** Weighbridge readers: the weighbridge station the read names the truck to. */
    stationId: integer('station_id').references(() => stations.id),
    /** The plate as the camera read it, and its confidence (percent); null for a tag. */
    plate: text('plate'),
    confidence: integer('confidence'),
    /** The RFID tag as read; null for a plate. */
    tag: text('tag'),
    /** plateSearchKey of the plate, or of the tag's vehicle: a reader's repeats are one read. */
    readKey: text('read_key').notNull(),
    outcome: text('outcome', { enum: READ_OUTCOMES }).notNull(),
    /** Why it asks an officer (READ_REASONS); null when it acted by itself. */
    reason: text('reason', { enum: READ_REASONS }),
    /** The ticket it identified, or the one the officer chose. */
    queueId: integer('queue_id').references(() => queues.id),
    /** The trucks an officer is offered (close plates, several matches), by ticket id. */
    suggestions: jsonb('suggestions').$type<number[]>().notNull().default([]),
    /** Entrance reads: the bookings of the day an officer is offered (several, or refused now), by id. */
    bookings: jsonb('bookings').$type<number[]>().notNull().default([]),
    snapshot: bytea('snapshot'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => officers.id),
  },
  (t) => [
    index('identifications_branch_at_idx').on(t.branchId, t.at),
    index('identifications_open_idx')
      .on(t.branchId, t.action)
      .where(sql`${t.outcome} = 'needs_officer' and ${t.resolvedAt} is null`),
    index('identifications_queue_idx').on(t.queueId),
    index('identifications_snapshot_idx')
      .on(t.at)
      .where(sql`${t.snapshot} is not null`),
    check('identifications_confidence', sql`${t.confidence} between 0 and 100`),
  ],
);

import { z } from 'zod';
import { QUEUE_STATES } from '../queue/queue-machine.ts';
import { LICENCE_MAX, LICENCE_MAX_CODE_POINTS, normaliseLicence, visibleLength } from '../licence.ts';
import { defineContract, EmptyBodySchema, IdSchema, noFormula, noNul, OkSchema } from './api.ts';
import { PrintFailureSchema, PrintOutcomeSchema, PrintStateSchema } from './printing.contract.ts';
import { LabOutcomeSchema, LabResultSchema } from './lab.contract.ts';
import { LinePlaceSchema, LineRuleSchema, OrderClassKeySchema } from './line-rule.ts';

/** An instant on the wire: ISO 8601 in UTC, or null when it has not happened. */
export const InstantSchema = z.string();
export const MaybeInstantSchema = z.string().nullable();

/**
 * What a Thai plate is written with: the Thai script (letters, vowels, tone marks, Thai digits,
 * ฯ), the Latin capitals A-Z (normaliseLicence makes lower case upper), the digits 0-9, spaces,
 * dots, dashes and slashes. Nothing else, so no letter of another script that looks like one of
 * these (Cyrillic А, Lao ບ, small capital ᴀ) and no invisible character makes a second plate.
 */
const LICENCE_CHARACTERS = /^[\p{Script=Thai}A-Z0-9 .\-/]*$/u;
/** A Thai vowel or tone mark drawn on something that is not Thai (a digit, a space, the start). */
const STRAY_THAI_MARK = /(?:^|[^\u0E01-\u0E7F])[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u;
const LICENCE_CHARACTERS_MESSAGE =
  'may hold letters (Thai or Latin), digits, spaces, dots, dashes and slashes only';

/**
 * A truck licence: Thai or Latin letters, digits, spaces, dashes and slashes (a tractor and its
 * trailer: "70-1234 กรุงเทพมหานคร / 71-5678 กรุงเทพมหานคร"), normalised (normaliseLicence)
 * before it is checked, so "70-1234  ขก" and "70-1234 ขก" are one truck. At most LICENCE_MAX
 * characters as a person sees them; the code-point cap is checked first and stops there.
 */
export const TruckLicenseSchema = noFormula(
  noNul(
    z
      .string()
      .overwrite(normaliseLicence)
      .min(1)
      .max(LICENCE_MAX_CODE_POINTS, { abort: true })
      .refine(
        (value) => visibleLength(value) <= LICENCE_MAX,
        `may be at most ${LICENCE_MAX} characters (a Thai letter with its vowel and tone marks is one)`,
      ),
  ),
)
  .regex(LICENCE_CHARACTERS, LICENCE_CHARACTERS_MESSAGE)
  .refine(
    (value) => !STRAY_THAI_MARK.test(value),
    'may not hold a Thai vowel or tone mark without its letter',
  );

/** What an officer has typed of a licence so far, to find the branch's recent plates (may be empty). */
export const LicenceSearchSchema = noNul(
  z
    .string()
    .overwrite(normaliseLicence)
    .max(LICENCE_MAX_CODE_POINTS, { abort: true })
    .regex(LICENCE_CHARACTERS, LICENCE_CHARACTERS_MESSAGE),
);

/** How far back the recent plates go, and how many a search answers (most recent first). */
export const RECENT_PLATES_DAYS = 30;
export const RECENT_PLATES_LIMIT = 10;

export const RecentPlatesResponseSchema = OkSchema.extend({
  /** Distinct licences of the branch's tickets, the most recently issued first. */
  plates: z.array(z.string()),
});

/**
 * The branch's licences of the last RECENT_PLATES_DAYS days (voided tickets aside) that hold
 * what the officer typed, spaces, dashes and dots aside (plateSearchKey), most recent first:
 * the New ticket dialog's suggestions. Nothing typed: the most recent ones.
 */
export const recentPlates = defineContract({
  path: 'process/printer/recentPlates',
  access: 'calling',
  body: z.strictObject({ find_license: LicenceSearchSchema }),
  response: RecentPlatesResponseSchema,
});

/** A queue number as an officer types it (A001); the server compares it trimmed and upper-cased. */
export const QueueNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1)
  .max(20)
  .regex(/^[A-Z0-9\p{L}-]+$/u, 'is not a queue number');

export const TicketSchema = z.object({
  uuid: z.string(),
  /** The short code of the ticket's Code 128 (scan/ticket-code.ts): counters find the ticket by it. */
  ticket_code: z.string(),
  queue_number: z.string(),
  queue_type_name: z.string(),
  product_name: z.string(),
  truck_license: z.string(),
  created: InstantSchema,
  /** Trucks ahead of it in its line when it was issued (a reprint says the same); null for tickets issued before it was kept. */
  ahead_at_issue: z.number().nullable(),
  /**
   * The plant's LINE chat with the ticket's code and key typed (issue 21): printed as a second,
   * smaller QR; null without a LINE Official Account.
   */
  line_chat_url: z.string().nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** A kiosk's retry key: the same key gets the same ticket back instead of a second one. */
export const IdempotencyKeySchema = noNul(z.string().min(8).max(100));

/**
 * Issues a ticket: by an officer who calls that queue type, or by a registered kiosk (device
 * credentials instead of a session) for one of its queue types.
 */
export const issueQueue = defineContract({
  path: 'process/printer/issueQueue',
  access: 'calling',
  device: 'printer',
  body: z.strictObject({
    id_branchQT: IdSchema,
    product: IdSchema,
    truck_license: TruckLicenseSchema,
    /** A retry with the same key gets the same ticket back instead of a second one. */
    idempotency_key: IdempotencyKeySchema.optional(),
    /**
     * Officers only (a kiosk prints on its own printer): print it on this kiosk's printer of the
     * branch; left out or null, the officer's browser prints it (`print.state` browser).
     */
    printer_uuid: z.uuid().nullable().optional(),
    /**
     * Its class in the line's order rule (issue 38; '' the ordinary trucks), where the officer or
     * a booking says; left out, its product's class.
     */
    order_class: z.union([z.literal(''), OrderClassKeySchema]).optional(),
    /** When its load was cut (or loaded): the card shows its age, the rule may call stale loads first. */
    cut_at: z.iso.datetime({ offset: true }).optional(),
    /**
     * Who brings the load (issue 39): an active supplier of the branch (findSupplier); null for
     * none. Left out, the supplier whose vehicles hold the plate, if one does.
     */
    supplier_id: IdSchema.nullable().optional(),
  }),
  /**
   * `print` says what became of the ticket's paper: a network printer has printed it or failed
   * (within PRINT_DEADLINE_MS), a USB kiosk is to print job `job_id` (pending), or a browser
   * prints it (browser). A retry with the same idempotency key answers the first print's state.
   */
  response: OkSchema.extend({ queue: TicketSchema, print: PrintOutcomeSchema }),
});

/** The queue types (with their products) an officer may issue tickets for. */
export const ticketOptions = defineContract({
  path: 'process/printer/ticketOptions',
  access: 'calling',
  body: EmptyBodySchema,
  response: OkSchema.extend({
    queue_type: z.array(
      z.object({
        id: z.number(),
        queue_type_name: z.string(),
        prefix: z.string(),
        flow_engine_id: z.number(),
        product: z.array(z.object({ id: z.number(), name: z.string() })),
      }),
    ),
  }),
});

export const StationPermissionSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 1: a call station, 2: a recheck station. */
  type: z.union([z.literal(1), z.literal(2)]),
});

/**
 * Minutes until a waiting truck is likely called, as a range about eight calls in ten fall
 * inside (shared/queue/eta.ts, rounded as drivers read it).
 */
export const ExpectedWaitSchema = z.object({ low: z.number(), high: z.number() });
export type ExpectedWait = z.infer<typeof ExpectedWaitSchema>;

export const CardQueueSchema = z.object({
  _id: z.number(),
  uuid: z.string(),
  queue_number: z.string(),
  /** The plant day of its ticket (YYYY-MM-DD): a truck still inside since an earlier day is marked. */
  queue_date: z.string(),
  queue_state: z.enum(QUEUE_STATES),
  truck_license: z.string(),
  product_name: z.string(),
  created: InstantSchema,
  /** Where a called truck was sent. */
  station_name: z.string().nullable(),
  /** Calls of this truck after its first: the card offers "no-show" from the branch's number on. */
  recall_count: z.number(),
  /** The number it was issued with, when a transfer gave it another. */
  previous_number: z.string().nullable(),
  /** Why it was sent to recheck or rejected, from the branch's list, and the officer's note. */
  reason_name: z.string().nullable(),
  reason_note: z.string().nullable(),
  /** What became of its ticket's paper (printing.contract.ts PRINT_STATES); failed: the card says "not printed". */
  print_state: PrintStateSchema.nullable(),
  print_failure: PrintFailureSchema.nullable(),
  /** The lab's values of its sample and what they call for (the recheck / reject dialog pre-selects it). */
  lab_values: z.array(LabResultSchema),
  lab_outcome: LabOutcomeSchema.nullable(),
  /**
   * While it waits: its expected wait for the call, the driver's page's own, counted from the
   * trucks before it in its line (issue 21); null once called, or while its queue type's
   * history says nothing yet.
   */
  expected_wait: ExpectedWaitSchema.nullable(),
  /** While it waits: its place in its line's order and why (issue 38); null once called. */
  line_place: LinePlaceSchema.nullable(),
  /** Its class in its line's order rule ('' the ordinary trucks). */
  order_class: z.string(),
  /** When its load was cut or loaded, when given. */
  cut_at: MaybeInstantSchema,
  /** A manager admitted it past its class's daily cap. */
  admitted: z.boolean(),
  /** Its latest call (a recall moves it): how long it has been at the station. */
  last_called_at: MaybeInstantSchema,
});
export type CardQueue = z.infer<typeof CardQueueSchema>;

export const ProcessCardSchema = z.object({
  _id: z.number(),
  uuid: z.string(),
  flow_engine_id: z.number(),
  flow_engine_uuid: z.string(),
  queue_type_name: z.string(),
  prefix: z.string(),
  station_permission: z.array(StationPermissionSchema),
  queue_number: z.array(CardQueueSchema),
  /** Its line's order rule (issue 38): classes' names, caps, whether a call out of order asks why; null: first come, first served. */
  order_rule: LineRuleSchema.nullable(),
  /**
   * How long a truck of this line usually stays at its station, call to finish (the median of
   * the last 7 days), in minutes: a card running longer turns amber, twice as long red. Null
   * while there is no history.
   */
  usual_station_minutes: z.number().nullable(),
});
export type ProcessCard = z.infer<typeof ProcessCardSchema>;

/** Manage Calling: a card per queue type the officer calls, with its waiting and called trucks. */
export const getCardInProcess = defineContract({
  path: 'process/calling/getCardInProcess',
  access: 'calling',
  body: z.strictObject({ find_total_day: z.union([z.literal(1), z.literal(3)]) }),
  response: OkSchema.extend({ card: z.array(ProcessCardSchema) }),
});

export const findFlowEngineByUUID = defineContract({
  path: 'flowEngine/findFlowEngineByUUID',
  access: 'calling',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({ id: z.number(), uuid: z.string(), name: z.string() }),
});

export const FlowQueueRowSchema = z.object({
  _id: z.number(),
  uuid: z.string(),
  queue_number: z.string(),
  queue_date: z.string(),
  queue_state: z.enum(QUEUE_STATES),
  queue_type_id: z.number(),
  queue_type_name: z.string(),
  product_name: z.string(),
  truck_license: z.string(),
  station_name: z.string().nullable(),
  created: InstantSchema,
  stamp_lab_start: MaybeInstantSchema,
  stamp_lab_finish: MaybeInstantSchema,
  called: MaybeInstantSchema,
  finished: MaybeInstantSchema,
  exit: MaybeInstantSchema,
  previous_number: z.string().nullable(),
  reason_name: z.string().nullable(),
  reason_note: z.string().nullable(),
  print_state: PrintStateSchema.nullable(),
  print_failure: PrintFailureSchema.nullable(),
});
export type FlowQueueRow = z.infer<typeof FlowQueueRowSchema>;

/** Report by flow: one flow engine's queues of the officer's queue types for a site day. */
export const getQueueByFlow = defineContract({
  path: 'process/calling/getQueueByFlow',
  access: 'calling',
  body: z.strictObject({
    uuid: z.uuid(),
    /** YYYY-MM-DD; today (site time) when absent. */
    find_date: z.iso.date().optional(),
  }),
  response: OkSchema.extend({
    /** The site day the list is for (today in the site's time zone when none was asked). */
    find_date: z.string(),
    flow_engine: z.object({ id: z.number(), uuid: z.string(), name: z.string() }),
    station_permission: z.array(StationPermissionSchema.extend({ queue_type_id: z.number() })),
    queue: z.array(FlowQueueRowSchema),
  }),
});

import { z } from 'zod';
import { hasHiddenCharacter, startsLikeFormula } from '../typed-text.ts';
import type { IntegrationScope } from '../integrations/integration-keys.ts';
import type { Permission } from '../roles.ts';
import { WEIGHT_WARNINGS } from '../queue/weight-checks.ts';

/**
 * Every call is `POST /api/<path>` with a JSON body. A contract names the path, the body
 * and response schemas, and who may make the call: the server registers routes from these
 * and the web client is typed by them, so neither side writes the shapes twice.
 *
 * access:
 *  - 'public':  no session (sign-in, the driver's page); the API key is still required.
 *  - 'session': any signed-in officer.
 *  - a Permission: a signed-in officer whose roles grant it (roles.ts).
 *  - 'device':  only a registered device (see `device`), never an officer.
 *  - 'integration': only an integration key (`Authorization: Bearer tqk_…`) whose scopes hold
 *    the contract's `scope`; never an officer, never the web's API key (issue 42).
 *
 * device: a registered display or ticket kiosk of this kind may also make the call, with its
 * credentials (the `device-id` and `device-secret` headers) instead of a session.
 */
export type Access = 'public' | 'session' | 'device' | 'integration' | Permission;

export const DEVICE_KINDS = ['display', 'printer', 'scale', 'reader'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface ApiContract<
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  A extends Access = Access,
  D extends DeviceKind | undefined = DeviceKind | undefined,
> {
  path: string;
  access: A;
  device?: D;
  /** The scope an integration key needs for the call (access 'integration' only). */
  scope?: IntegrationScope;
  body: Body;
  response: Response;
  /**
   * Long lists (report rows): the handler builds exactly the response's shape, so the server
   * sends it with plain JSON.stringify instead of checking thousands of rows against the
   * schema again. Tests still check every such response against the schema.
   */
  largeResponse?: true;
  /** A body larger than the server's usual 1 MiB (an uploaded recording), in bytes. */
  bodyLimit?: number;
}

export function defineContract<
  Body extends z.ZodType,
  Response extends z.ZodType,
  A extends Access,
  D extends DeviceKind | undefined = undefined,
>(contract: ApiContract<Body, Response, A, D>): ApiContract<Body, Response, A, D> {
  return contract;
}

export type BodyOf<C extends ApiContract> = z.input<C['body']>;
export type ResponseOf<C extends ApiContract> = z.output<C['response']>;

/** A call that takes no fields. Clients may send `{}` or no body at all. */
export const EmptyBodySchema = z.strictObject({});

/** Success of a call: the spec's `status: 1`. */
export const OkSchema = z.object({ status: z.literal(1) });

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_API_KEY',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'FORBIDDEN',
  /** Device credentials that match no registered device (never registered, cancelled, or another browser's). */
  'DEVICE_NOT_REGISTERED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  /** A JSON body nested deeper than the server reads (MAX_JSON_DEPTH): refused before it is parsed. */
  'BODY_TOO_DEEP',
  /** Too many calls or events from one socket, address or session: slow down (HTTP 429, Retry-After). */
  'RATE_LIMITED',
  /** An export is already being made for this session, or the server is making as many as it may. */
  'EXPORT_BUSY',
  'INTERNAL',
  /** The database did not answer in time or refused the connection (HTTP 503, Retry-After). */
  'DATABASE_UNAVAILABLE',
  /** A new password that is the officer's e-mail or the part before its @ (shared/password-rule.ts). */
  'PASSWORD_IS_EMAIL',
  /** A new password on the list of the commonest passwords (shared/password-rule.ts). */
  'PASSWORD_TOO_COMMON',
  /** A kiosk set to print on a network printer without its address (print-settings.ts). */
  'PRINTER_HOST_REQUIRED',
  /** A network printer's address outside the plant's own network (shared/printing/plant-address.ts). */
  'PRINTER_ADDRESS_NOT_LOCAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why a CONFLICT happened, so a screen can say it in the officer's language. */
export const CONFLICT_REASONS = [
  'ALREADY_LEFT',
  'WRONG_STATE',
  'CALLED_RECENTLY',
  'ACTIVE_TICKET',
  'IDEMPOTENCY_KEY_REUSED',
  'NOT_LAB_FLOW',
  'SAMPLE_ALREADY_TAKEN',
  'SAMPLE_NOT_TAKEN',
  'RESULT_ALREADY_OUT',
  /** A lab correction while the sample is still in the lab (its result is not out yet). */
  'RESULT_NOT_OUT',
  /** A lab correction once the truck was called, rejected, finished or weighed out. */
  'RESULT_LOCKED',
  'EXIT_ALREADY_RECORDED',
  'ALREADY_WEIGHED_IN',
  'NOT_WEIGHED_IN',
  'ALREADY_WEIGHED_OUT',
  /** A weighing of a truck whose flow is not weighed (a general-flow visitor: weighing.ts weighsOnFlow). */
  'FLOW_NOT_WEIGHED',
  /** A weight captured from a scale (process/weighing/capture): what the scale shows now does not allow it. */
  'SCALE_NOT_STABLE',
  'SCALE_NO_WEIGHT',
  'SCALE_NOT_CLEARED',
  'SCALE_NO_SIGNAL',
  'SCALE_OFFLINE',
  /** A dispute of a slip before the truck is weighed out, or while another is open; one closed already. */
  'NO_SLIP',
  'DISPUTE_OPEN',
  'DISPUTE_RESOLVED',
  /** A weight typed by hand by an officer whose role the branch does not allow to (FORBIDDEN). */
  'MANUAL_WEIGHT_NOT_ALLOWED',
  'EMAIL_TAKEN',
  /** A username another officer already signs in with (any case). */
  'USERNAME_TAKEN',
  'PREFIX_TAKEN',
  'QUEUE_TYPE_TAKEN',
  'NAME_TAKEN',
  'DEVICE_ID_TAKEN',
  'LAST_ADMIN',
  /** The only SuperAdmin may not demote or delete themself. */
  'LAST_SUPERADMIN',
  'NO_DEVICE',
  /** No unregistered screen is showing this Device ID (mistyped, or the screen was closed). */
  'DEVICE_NOT_WAITING',
  /** A no-show is offered only after the branch's number of recalls. */
  'NOT_ENOUGH_RECALLS',
  /** Only a ticket still waiting for its call moves to another queue type. */
  'NOT_WAITING',
  /** A transfer stays within the ticket's flow (a lab ticket goes to a lab queue type). */
  'OTHER_FLOW',
  'SAME_QUEUE_TYPE',
  /** The reason given is not one of those the branch allows for the ticket's queue type. */
  'REASON_NOT_FOR_QUEUE_TYPE',
  /** An admin voided the ticket: nothing moves it. */
  'TICKET_VOIDED',
  /** The ticket was cancelled as a no-show: only the gate may still record it. */
  'TICKET_CANCELLED',
  /** Several trucks inside hold the typed number: `candidates` lists them, the officer picks one. */
  'AMBIGUOUS_NUMBER',
  /** The gate asks first: the truck's work is not done (`missing`); confirm to let it out anyway. */
  'UNFINISHED_EXIT',
  /**
   * The weighbridge asks first: the truck is weighed out before the steps its flow puts before
   * (`missing`: its lab result, its call); confirm to record it anyway.
   */
  'OUT_OF_ORDER',
  /** A call of an earlier plant day is not announced again. */
  'CALL_EXPIRED',
  /** A voided, cancelled, finished, rejected or exited ticket is not printed again. */
  'QUEUE_CLOSED',
  /** A kiosk that prints through its browser's dialog: the server cannot print on it (print from the kiosk). */
  'PRINTS_IN_BROWSER',
  /** A driver's browser named a push endpoint that is not a known push service (PUSH_SERVICE_HOSTS). */
  'PUSH_SERVICE_NOT_ALLOWED',
  /**
   * A driver's browser named a push endpoint that is not written as browsers write one (a plain
   * https address: readers of URLs could disagree on its host).
   */
  'PUSH_ENDPOINT_NOT_CANONICAL',
  /** As many browsers as may follow one ticket already do. */
  'TOO_MANY_FOLLOWERS',
  /**
   * The line's rule calls another truck next (`queue_number`), and the line asks a reason from the
   * branch's list to call this one first (issue 38).
   */
  'CALL_OUT_OF_ORDER',
  /** The truck's class has reached its daily cap: it waits, unless a manager admits it. */
  'CAP_FULL',
  /** Call next: no truck of the line may be called now (none waits, or the caps hold every one). */
  'LINE_EMPTY',
  /** Call next: every station of the line the officer calls from has a truck called to it. */
  'NO_FREE_STATION',
  /** Another supplier of the branch has this code (issue 39). */
  'SUPPLIER_CODE_TAKEN',
  /** Another supplier of the branch has this plate among its vehicles (the message names it). */
  'PLATE_TAKEN',
  /** An active season of the same product already holds some of these days. */
  'SEASON_OVERLAP',
  /** The line takes no booking for this slot: a closed day, past the cut-off, or too far ahead. */
  'BOOKING_CLOSED',
  /** No bookable load is left in the window (or the day). */
  'WINDOW_FULL',
  /** The supplier holds as many bookings that day as the rules allow. */
  'SUPPLIER_DAY_LIMIT',
  /** The supplier is past its season's quota, and the season refuses (or asks a reason). */
  'OVER_QUOTA',
  /** The plate is not one of the supplier's vehicles (nor the booked one). */
  'PLATE_NOT_SUPPLIERS',
  /** The booking was cancelled, lapsed or checked in already. */
  'BOOKING_NOT_OPEN',
  /** A lapsed booking re-issued as many times as the rules allow. */
  'REISSUE_LIMIT',
  /** A booked truck too early or too late for its window, where the rules refuse it. */
  'BOOKING_OUTSIDE_WINDOW',
  /** The alert was acknowledged already (by whom is on it). */
  'ALERT_ACKNOWLEDGED',
  /** The plant has no LINE account on this server: alerts show on the screens only. */
  'LINE_NOT_CONFIGURED',
  /**
   * The weighbridge asks first (issue 42): the weights fall outside the product's range or over
   * the vehicle's legal gross (`warnings`); confirm to record them, the warning kept on the ticket.
   */
  'WEIGHT_WARNING',
  /** The branch does not let trucks finish on a stored tare (its weighing rules). */
  'STORED_TARE_NOT_ALLOWED',
  /** The vehicle has no stored tare at this branch. */
  'NO_STORED_TARE',
  /** The vehicle's stored tare is older than the branch's days: weigh the truck out. */
  'STORED_TARE_EXPIRED',
  /** The stored tare is not lighter than the truck's weigh-in: weigh it out. */
  'STORED_TARE_TOO_HEAVY',
  /** A camera's or reader's read an officer decided already (issue 42): the other's decision stands. */
  'READ_DECIDED',
  /** The RFID tag is carried by a vehicle of another supplier of the branch (issue 42). */
  'TAG_TAKEN',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/** One of the trucks a typed number may mean (AMBIGUOUS_NUMBER). */
export const NumberCandidateSchema = z.object({
  uuid: z.string(),
  queue_number: z.string(),
  truck_license: z.string(),
  queue_type_name: z.string(),
  /** When the ticket was issued (ISO 8601): the screen shows its date and time. */
  created: z.string(),
  /** Its plant day (YYYY-MM-DD): one of an earlier day is marked. */
  queue_date: z.string(),
});
export type NumberCandidate = z.infer<typeof NumberCandidateSchema>;

/**
 * What a truck has not done yet that its flow expects before the gate (UNFINISHED_EXIT) or
 * before its weigh-out (OUT_OF_ORDER), in the order the work goes.
 */
export const UNFINISHED_STEPS = ['lab', 'call', 'finish', 'weigh_out'] as const;
export type UnfinishedStep = (typeof UNFINISHED_STEPS)[number];

/** Every failure: HTTP 4xx/5xx with this body. `message` is English; the UI translates `code`. */
export const ApiErrorSchema = z.object({
  status: z.literal(0),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  reason: z.enum(CONFLICT_REASONS).optional(),
  /** The queue the refusal is about (for ACTIVE_TICKET: the ticket the truck already holds). */
  queue_number: z.string().optional(),
  /** AMBIGUOUS_NUMBER: the trucks inside that hold the number. */
  candidates: z.array(NumberCandidateSchema).optional(),
  /** UNFINISHED_EXIT, OUT_OF_ORDER: what the truck has not done. */
  missing: z.array(z.enum(UNFINISHED_STEPS)).optional(),
  /** WEIGHT_WARNING: what the weights are outside of (shared/queue/weight-checks.ts). */
  warnings: z
    .array(z.object({ code: z.enum(WEIGHT_WARNINGS), kg: z.number(), limit_kg: z.number() }))
    .optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A row id: a positive integer that fits PostgreSQL's integer (a larger one is refused here, not by the database). */
export const IdSchema = z.int32().positive();

/**
 * A string the database will hold: PostgreSQL text cannot store U+0000, so a string with one
 * is refused here as invalid instead of failing in the database.
 */
export function noNul<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !value.includes('\u0000'), 'may not hold the NUL character');
}

/** A name that reaches reports and exports may not start like a formula. */
export function noFormula<T extends z.ZodString>(schema: T): T {
  return schema.refine(
    (value) => !startsLikeFormula(value),
    'may not start with =, +, -, @, a tab or a line break (a spreadsheet would read it as a formula)',
  );
}

/**
 * Text a person typed that others read (names, notes, reasons): no hidden character (NUL
 * included, which PostgreSQL cannot hold either). `lines`: a note that may have line breaks.
 */
export function noHidden<T extends z.ZodString>(schema: T, lines = false): T {
  return noNul(schema).refine(
    // NUL is noNul's to say, once.
    (value) => !hasHiddenCharacter(value.replaceAll('\u0000', ''), lines),
    'may not hold invisible characters (direction marks, zero-width spaces, control characters)',
  );
}

/**
 * Text typed by a person: trimmed, not blank, bounded, on one line and without invisible
 * characters. Every such field is a name that shows in reports and exports (licences, officers,
 * products, stations, devices): none starts like a formula.
 */
export function text(max: number) {
  return noFormula(noHidden(z.string().trim().min(1).max(max)));
}

export const HEADER_SESSION = 'session';
export const HEADER_API_KEY = 'authorization';
/** A device's short id (what it shows on screen) and the long secret only that browser knows. */
export const HEADER_DEVICE_ID = 'device-id';
export const HEADER_DEVICE_SECRET = 'device-secret';

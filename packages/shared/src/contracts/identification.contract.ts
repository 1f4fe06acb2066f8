import { z } from 'zod';
import {
  isJpegBase64,
  READ_OUTCOMES,
  READ_REASONS,
  READER_ACTIONS,
  SNAPSHOT_MAX_BYTES,
  TAG_PATTERN,
  tagKey,
} from '../identify/readers.ts';
import { defineContract, IdSchema, OkSchema } from './api.ts';
import { PrintOutcomeSchema } from './printing.contract.ts';
import { InstantSchema, MaybeInstantSchema, TicketSchema, TruckLicenseSchema } from './queue.contract.ts';

/**
 * Plate cameras and RFID readers (issue 42). A reader (a device of kind `reader`, registered on
 * the Weighbridge controller like a scale) posts each read with its `device-id` and
 * `device-secret` headers; the gate's and the weighbridge's officers see the reads that need
 * them and decide. shared/identify/readers.ts says what a read may become.
 */

/** A snapshot as a reader sends it: a JPEG in base64, at most SNAPSHOT_MAX_BYTES once decoded. */
export const SnapshotSchema = z
  .string()
  .max(Math.ceil(SNAPSHOT_MAX_BYTES / 3) * 4, {
    message: `must be a JPEG of at most ${SNAPSHOT_MAX_BYTES / 1024} KB`,
    abort: true,
  })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be base64', abort: true })
  .refine(isJpegBase64, 'must be a JPEG image');

/** A tag's id: its EPC in hex, spaces, dashes and colons aside. */
export const TagSchema = z
  .string()
  .max(64)
  .overwrite(tagKey)
  .regex(TAG_PATTERN, 'must be 8 to 32 hex digits');

/**
 * One read: a plate with the camera's confidence (0–100), or a tag; a snapshot may come with
 * either. The answer says what became of it (the reader's own log, and the simulator's check).
 */
export const identify = defineContract({
  path: 'device/identify',
  access: 'device',
  device: 'reader',
  body: z.union([
    z.strictObject({
      plate: TruckLicenseSchema,
      confidence: z.number().min(0).max(100),
      snapshot: SnapshotSchema.optional(),
    }),
    z.strictObject({ tag: TagSchema, snapshot: SnapshotSchema.optional() }),
  ]),
  response: OkSchema.extend({
    read: z.object({
      id: z.number(),
      outcome: z.enum(READ_OUTCOMES),
      reason: z.enum(READ_REASONS).nullable(),
      queue_number: z.string().nullable(),
      truck_license: z.string().nullable(),
      /**
       * The ticket an entrance reader's check-in issued (`checked_in`): a reader that prints or
       * shows tickets itself, rather than on the plant's printer, has what the paper holds (the
       * number, the driver's page link, the counters' code). Null for every other outcome.
       */
      ticket: TicketSchema.nullable(),
    }),
  }),
});

/** A truck as a read names it or offers it. */
export const ReadTruckSchema = z.object({
  uuid: z.string(),
  queue_number: z.string(),
  truck_license: z.string(),
  queue_type_name: z.string(),
});
export type ReadTruck = z.infer<typeof ReadTruckSchema>;

/** A booking an entrance read offers its officer. */
export const ReadBookingSchema = z.object({
  id: z.number(),
  code: z.string(),
  supplier_name: z.string(),
  /** Its window, HH:mm-HH:mm. */
  window: z.string(),
  /** Its plate; null: any vehicle of its supplier. */
  truck_license: z.string().nullable(),
});
export type ReadBooking = z.infer<typeof ReadBookingSchema>;

export const ReadRecordSchema = z.object({
  id: z.number(),
  at: InstantSchema,
  reader_name: z.string(),
  action: z.enum(READER_ACTIONS),
  /** Weighbridge readers: the station the truck stands at. */
  station_id: z.number().nullable(),
  station_name: z.string().nullable(),
  plate: z.string().nullable(),
  confidence: z.number().nullable(),
  tag: z.string().nullable(),
  outcome: z.enum(READ_OUTCOMES),
  reason: z.enum(READ_REASONS).nullable(),
  /** The truck it identified or the officer chose; null for none. */
  queue: ReadTruckSchema.nullable(),
  /** The trucks the officer is offered: the matches or the close plates. */
  suggestions: z.array(ReadTruckSchema),
  /** Entrance reads: the bookings of the day the officer is offered (several, or refused now). */
  bookings: z.array(ReadBookingSchema),
  /** Whether its snapshot is kept (identificationSnapshot shows it). */
  has_snapshot: z.boolean(),
  resolved_at: MaybeInstantSchema,
});
export type ReadRecord = z.infer<typeof ReadRecordSchema>;

/** How many reads a page lists. */
export const READS_LISTED = 30;

/**
 * The gate's reads of this plant day that wait for its officer (oldest first), and its latest
 * reads whatever became of them (newest first, READS_LISTED).
 */
export const gateReads = defineContract({
  path: 'process/security/reads',
  access: 'exit',
  body: z.strictObject({}),
  response: OkSchema.extend({ open: z.array(ReadRecordSchema), latest: z.array(ReadRecordSchema) }),
});

/**
 * The gate's officer decides a read: lets out the truck it chose (`uuid`, with the exit's own
 * refusals: UNFINISHED_EXIT until `confirm_unfinished`) or sets the read aside (no `uuid`).
 * A read decided already: CONFLICT READ_DECIDED.
 */
export const resolveGateRead = defineContract({
  path: 'process/security/resolveRead',
  access: 'exit',
  body: z.strictObject({
    id: IdSchema,
    uuid: z.uuid().optional(),
    confirm_unfinished: z.boolean().optional(),
  }),
  response: OkSchema.extend({ read: ReadRecordSchema }),
});

/** The weighbridges' reads of this plant day: those that wait for an officer, and the latest. */
export const weighbridgeReads = defineContract({
  path: 'process/weighing/reads',
  access: 'weighing',
  body: z.strictObject({}),
  response: OkSchema.extend({ open: z.array(ReadRecordSchema), latest: z.array(ReadRecordSchema) }),
});

/**
 * The weighbridge's officer decides a read: the truck it chose stands on the deck (`uuid`: the
 * page puts it in, as an identified read does), or the read is set aside.
 */
export const resolveWeighbridgeRead = defineContract({
  path: 'process/weighing/resolveRead',
  access: 'weighing',
  body: z.strictObject({ id: IdSchema, uuid: z.uuid().optional() }),
  response: OkSchema.extend({ read: ReadRecordSchema }),
});

/** The entrance's reads of this plant day (the ticket desk's page): those that wait for an officer, and the latest. */
export const checkInReads = defineContract({
  path: 'process/calling/reads',
  access: 'calling',
  body: z.strictObject({}),
  response: OkSchema.extend({ open: z.array(ReadRecordSchema), latest: z.array(ReadRecordSchema) }),
});

/**
 * The ticket desk's officer decides an entrance read: checks the truck in against the booking
 * chosen (`booking_id`, with the check-in's own refusals, its ticket printed on `printer_uuid`
 * as the desk's own check-in prints) or sets the read aside (no `booking_id`: the desk issues or
 * checks it in by hand). A read decided already: CONFLICT READ_DECIDED.
 */
export const resolveCheckInRead = defineContract({
  path: 'process/calling/resolveRead',
  access: 'calling',
  body: z.strictObject({
    id: IdSchema,
    booking_id: IdSchema.optional(),
    printer_uuid: z.uuid().nullable().optional(),
  }),
  response: OkSchema.extend({
    read: ReadRecordSchema,
    /** The ticket issued; null when the read was set aside. */
    queue: TicketSchema.nullable(),
    print: PrintOutcomeSchema.nullable(),
  }),
});

/** A read's snapshot (a JPEG, base64), while it is kept; NOT_FOUND after. */
export const identificationSnapshot = defineContract({
  path: 'process/identification/snapshot',
  access: 'session',
  body: z.strictObject({ id: IdSchema }),
  response: OkSchema.extend({ mime: z.literal('image/jpeg'), data: z.string(), at: InstantSchema }),
});

/**
 * The latest snapshot a camera took of a ticket's truck (a read that named it, or that an officer
 * decided for it), for its slip at the weighbridge; null when none is kept.
 */
export const ticketSnapshot = defineContract({
  path: 'process/identification/ticketSnapshot',
  access: 'session',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({
    snapshot: z
      .object({ read_id: z.number(), at: InstantSchema, mime: z.literal('image/jpeg'), data: z.string() })
      .nullable(),
  }),
});

export const identificationContracts = {
  ticketSnapshot,
  identify,
  gateReads,
  resolveGateRead,
  weighbridgeReads,
  resolveWeighbridgeRead,
  checkInReads,
  resolveCheckInRead,
  identificationSnapshot,
};

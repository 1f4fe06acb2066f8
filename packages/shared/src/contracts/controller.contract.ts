import { z } from 'zod';
import { MANUAL_WEIGHT_ROLE_CHOICES } from '../queue/weighing.ts';
import { READER_ACTIONS, READER_MIN_CONFIDENCE } from '../identify/readers.ts';
import { defineContract, EmptyBodySchema, IdSchema, noHidden, OkSchema, text } from './api.ts';
import { MaybeInstantSchema } from './queue.contract.ts';
import { ScaleLiveSchema } from './socket-events.ts';
import { DisplayLiveSchema } from './announcement.contract.ts';
import {
  PaperWidthSchema,
  PrinterHealthStateSchema,
  PrintSettingsFields,
  PrintTargetSchema,
} from './printing.contract.ts';
import { normaliseToken, SENTENCE_MAX, sentenceProblem } from '../voice/announcement.ts';

/** The controllers (SPEC.md section 7): who calls what, and which screens and kiosks serve which queue types. */

const Id = IdSchema;
const Ids = z.array(Id).max(500);

/** A checkbox dialog's choices: every item of the branch, marked when assigned. */
const ChoicesSchema = z.array(z.object({ id: z.number(), name: z.string(), selected: z.boolean() }));

export const CallingRowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  lastname: z.string(),
  /** '' for an officer who signs in with a username only. */
  email: z.string(),
  /** '' when none. */
  username: z.string(),
  roles: z.string(),
  /** Assigned queue types; `id` is the assignment (for deleteDeviceCtrl). */
  aQTCtrl: z.array(z.object({ id: z.number(), queue_type_name: z.string(), branch_queue_type: z.number() })),
  /** Assigned stations; `id` is the assignment (for deleteStationCtrl). */
  aStationCtrl: z.array(
    z.object({ id: z.number(), name: z.string(), station: z.number(), officer: z.number() }),
  ),
});
export type CallingRow = z.infer<typeof CallingRowSchema>;

export const mainCalling = defineContract({
  path: 'calling/mainCalling',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ officer: z.array(CallingRowSchema) }),
});

/** `id` is the officer; `aCtrl` (the client's current list) is not needed. */
export const callingLoadQueueType = defineContract({
  path: 'calling/loadQueueType',
  access: 'admin',
  body: z.strictObject({ id: Id, aCtrl: z.array(z.unknown()).max(500).optional() }),
  response: OkSchema.extend({ queueType: ChoicesSchema }),
});

export const callingManageOT = defineContract({
  path: 'calling/manageOT',
  access: 'admin',
  body: z.strictObject({ id: Id, branch_queue_type: Ids }),
  response: OkSchema,
});

export const callingLoadStation = defineContract({
  path: 'calling/loadStation',
  access: 'admin',
  body: z.strictObject({ id: Id, aStationCtrl: z.array(z.unknown()).max(500).optional() }),
  response: OkSchema.extend({ station: ChoicesSchema }),
});

export const callingManageStation = defineContract({
  path: 'calling/manageStation',
  access: 'admin',
  body: z.strictObject({ id: Id, station: Ids }),
  response: OkSchema,
});

export const callingDeleteQueueType = defineContract({
  path: 'calling/deleteDeviceCtrl',
  access: 'admin',
  body: z.strictObject({ id: Id }),
  response: OkSchema,
});

export const callingDeleteStation = defineContract({
  path: 'calling/deleteStationCtrl',
  access: 'admin',
  body: z.strictObject({ id: Id }),
  response: OkSchema,
});

/**
 * The short id a device shows on its screen (8 letters and digits, shown as two groups of 4),
 * typed by an officer: spaces and dashes are ignored, lower case is read as upper case.
 */
export const DeviceIdSchema = z
  .string()
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,10}$/, 'must be the 6 to 10 letters and digits the device shows');

export const DeviceRowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  device_id: z.string().nullable(),
  verified_date: MaybeInstantSchema,
  /** Printers only: the printer the kiosk prints on; null when not reported. */
  printer_name: z.string().nullable(),
  /** Printers: where its tickets print; browser for displays. */
  print_target: PrintTargetSchema,
  /** Printers with a network target: the printer's address and port (9100 unless set). */
  printer_host: z.string().nullable(),
  printer_port: z.number(),
  /** Printers: the roll's width in mm. */
  paper_width: PaperWidthSchema,
  /** Printers: the printer's health as last read; null for displays and browser-print kiosks. */
  printer_health: PrinterHealthStateSchema.nullable(),
  /** Displays only: how long a call stays under "now calling" on the board. */
  now_calling_seconds: z.number(),
  /** Displays only: how many of the latest calls the board lists (per queue type). */
  recent_count: z.number(),
  /** Displays only: online or not, last seen, sound and the last announcement; null for kiosks. */
  live: DisplayLiveSchema.nullable(),
  /** Displays: what a call says (`{number}`, `{station}`, `{plate}`, `{type}`); null: DEFAULT_SENTENCE. */
  announce_sentence: z.string().nullable(),
  /** Displays: how fast the voice plays (ANNOUNCE_RATE). */
  announce_rate: z.number(),
  /** Displays: how loud, 0 to 100. */
  announce_volume: z.number(),
  /** Displays: how many times a call is said, 1 or 2. */
  announce_repeat: z.number(),
  /** Scales only: the weighbridge station whose deck it weighs; null when not chosen (and for the others). */
  station: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Scales only: the weight its bridge reports now (ScaleLiveSchema); null for the others. */
  scale: ScaleLiveSchema.nullable(),
  /** Readers only (issue 42): what a read does there, the least confidence to act alone, its last read. */
  reader: z
    .object({
      action: z.enum(READER_ACTIONS),
      min_confidence: z.number(),
      last_read_at: MaybeInstantSchema,
      /** Entrance readers: the network ticket printer its check-ins print on; null: none. */
      printer: z.object({ id: z.number(), name: z.string() }).nullable(),
    })
    .nullable(),
  /** Assigned queue types; `id` is the assignment (for deleteDeviceCtrl). Scales have none. */
  aCtrl: z.array(z.object({ id: z.number(), queue_type_name: z.string(), branch_queue_type: z.number() })),
});
export type DeviceRow = z.infer<typeof DeviceRowSchema>;

/** Every device controller (display, printer, scale) registers and cancels the same way; only the path prefix and the save body differ. */
function registrationContracts<B extends z.ZodType>(prefix: string, save: string, saveBody: B) {
  return {
    save: defineContract({
      path: `${prefix}/${save}`,
      access: 'admin',
      body: saveBody,
      response: OkSchema.extend({ device: DeviceRowSchema }),
    }),
    addDevice: defineContract({
      path: `${prefix}/addDevice`,
      access: 'admin',
      body: z.strictObject({ uuid: z.uuid(), device_id: DeviceIdSchema }),
      response: OkSchema.extend({ device: DeviceRowSchema }),
    }),
    cancelDevice: defineContract({
      path: `${prefix}/cancelDevice`,
      access: 'admin',
      body: z.strictObject({ uuid: z.uuid() }),
      response: OkSchema,
    }),
  };
}

/** Displays and kiosks also choose their queue types. */
function deviceContracts<B extends z.ZodType>(prefix: 'display' | 'printer', save: string, saveBody: B) {
  return {
    ...registrationContracts(prefix, save, saveBody),
    loadQueueType: defineContract({
      path: `${prefix}/loadQueueType`,
      access: 'admin',
      body: z.strictObject({ id: Id, aCtrl: z.array(z.unknown()).max(500).optional() }),
      response: OkSchema.extend({ queueType: ChoicesSchema }),
    }),
    manageOT: defineContract({
      path: `${prefix}/manageOT`,
      access: 'admin',
      body: z.strictObject({ id: Id, branch_queue_type: Ids }),
      response: OkSchema,
    }),
    deleteDeviceCtrl: defineContract({
      path: `${prefix}/deleteDeviceCtrl`,
      access: 'admin',
      body: z.strictObject({ id: Id }),
      response: OkSchema,
    }),
  };
}

const DeviceName = text(100);

/** How long a display keeps a call under "now calling": 30 s to a day, 10 minutes unless set. */
export const NOW_CALLING_SECONDS = { default: 600, min: 30, max: 86_400 } as const;

/** How many of the latest calls a display's board lists (per queue type): 3 to 20, 8 unless set. */
export const RECENT_COUNT = { default: 8, min: 3, max: 20 } as const;

/** Display screens: create `{name}`, edit `{uuid, name, now_calling_seconds?, recent_count?}`. */
/** A display's voice: how fast (a rate of the clips' speed), how loud (percent), how many times. */
export const ANNOUNCE_RATE = { default: 1, min: 0.7, max: 1.3 } as const;
export const ANNOUNCE_VOLUME = { default: 100, min: 0, max: 100 } as const;
export const ANNOUNCE_REPEATS = [1, 2] as const;

/** A display's sentence, checked by the shared rule (sentenceProblem: its code is the message); null: the default. */
export const AnnounceSentenceSchema = noHidden(z.string().max(SENTENCE_MAX * 4))
  .superRefine((sentence, ctx) => {
    const problem = sentenceProblem(sentence);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseToken);

/** The voice settings of a display's edit body: each left out keeps its value. */
const AnnounceFields = {
  announce_sentence: AnnounceSentenceSchema.nullable().optional(),
  announce_rate: z.number().min(ANNOUNCE_RATE.min).max(ANNOUNCE_RATE.max).optional(),
  announce_volume: z.int().min(ANNOUNCE_VOLUME.min).max(ANNOUNCE_VOLUME.max).optional(),
  announce_repeat: z.union(ANNOUNCE_REPEATS.map((n) => z.literal(n))).optional(),
};

/** Display screens: create `{name}`, edit `{uuid, name, now_calling_seconds?, announce_*?}`. */
export const displayContracts = {
  main: defineContract({
    path: 'display/mainDisplay',
    access: 'admin',
    body: EmptyBodySchema,
    response: OkSchema.extend({ display: z.array(DeviceRowSchema) }),
  }),
  ...deviceContracts(
    'display',
    'doMainDisplay',
    z.union([
      z.strictObject({ name: DeviceName }),
      z.strictObject({
        uuid: z.uuid(),
        name: DeviceName,
        now_calling_seconds: z.int().min(NOW_CALLING_SECONDS.min).max(NOW_CALLING_SECONDS.max).optional(),
        recent_count: z.int().min(RECENT_COUNT.min).max(RECENT_COUNT.max).optional(),
        ...AnnounceFields,
      }),
    ]),
  ),
};

/** Ticket kiosks: create `{name, printer: 1}`, edit `{uuid, name, printer_name?}`. */
export const printerContracts = {
  main: defineContract({
    path: 'printer/mainPrinter',
    access: 'admin',
    body: EmptyBodySchema,
    response: OkSchema.extend({ printer: z.array(DeviceRowSchema) }),
  }),
  ...deviceContracts(
    'printer',
    'doMainPrinter',
    z.union([
      z.strictObject({ name: DeviceName, printer: z.literal(1) }),
      z.strictObject({
        uuid: z.uuid(),
        name: DeviceName,
        printer_name: noHidden(z.string().trim().max(100)).nullable().optional(),
        ...PrintSettingsFields,
      }),
    ]),
  ),
};

/**
 * Weighbridge scales (their bridges, `npm run scale-bridge`): create `{name, station_id}`, edit
 * `{uuid, name, station_id?}`; the list comes with the branch's stations to choose from.
 */
export const scaleContracts = {
  main: defineContract({
    path: 'weighbridge/mainScale',
    access: 'admin',
    body: EmptyBodySchema,
    response: OkSchema.extend({
      scale: z.array(DeviceRowSchema),
      station: z.array(z.object({ id: z.number(), name: z.string() })),
      /** The roles besides admins the branch allows to type a weight by hand (MANUAL_WEIGHT_ROLE_CHOICES). */
      manual_weight_roles: z.array(z.enum(MANUAL_WEIGHT_ROLE_CHOICES)),
    }),
  }),
  /** Which roles besides admins may type a weight by hand (with a reason) instead of capturing it. */
  saveManualWeights: defineContract({
    path: 'weighbridge/saveManualWeights',
    access: 'admin',
    body: z.strictObject({
      roles: z
        .array(z.enum(MANUAL_WEIGHT_ROLE_CHOICES))
        .max(MANUAL_WEIGHT_ROLE_CHOICES.length)
        .refine((roles) => new Set(roles).size === roles.length, 'names each role once'),
    }),
    response: OkSchema.extend({ manual_weight_roles: z.array(z.enum(MANUAL_WEIGHT_ROLE_CHOICES)) }),
  }),
  ...registrationContracts(
    'weighbridge',
    'doMainScale',
    z.union([
      z.strictObject({ name: DeviceName, station_id: Id.nullable() }),
      z.strictObject({ uuid: z.uuid(), name: DeviceName, station_id: Id.nullable().optional() }),
    ]),
  ),
};

/** A reader's least confidence to act without an officer (percent). */
const MinConfidence = z.int().min(READER_MIN_CONFIDENCE.min).max(READER_MIN_CONFIDENCE.max);

/** A weighbridge reader names the station whose deck it watches; a gate reader none. */
const readerStation = (body: { action?: string; station_id?: number | null }) =>
  body.action !== 'weighbridge' || (body.station_id !== undefined && body.station_id !== null);

/**
 * Plate cameras and RFID readers (issue 42), on the Weighbridge controller: create
 * `{name, action, station_id, min_confidence?, printer_id?}`, edit the same with `uuid`. A
 * weighbridge reader needs its weighbridge station; an entrance reader may name a printer.
 */
export const readerContracts = {
  main: defineContract({
    path: 'reader/mainReader',
    access: 'admin',
    body: EmptyBodySchema,
    response: OkSchema.extend({
      reader: z.array(DeviceRowSchema),
      station: z.array(z.object({ id: z.number(), name: z.string() })),
      /** The branch's ticket printers on the network: an entrance reader's check-ins may print on one. */
      printer: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  }),
  ...registrationContracts(
    'reader',
    'doMainReader',
    z.union([
      z
        .strictObject({
          name: DeviceName,
          action: z.enum(READER_ACTIONS),
          station_id: Id.nullable(),
          min_confidence: MinConfidence.optional(),
          /** Entrance readers (check_in): a network ticket printer of the branch, or null for none. */
          printer_id: Id.nullable().optional(),
        })
        .refine(readerStation, { message: 'a weighbridge reader needs its station', path: ['station_id'] }),
      z
        .strictObject({
          uuid: z.uuid(),
          name: DeviceName,
          action: z.enum(READER_ACTIONS),
          station_id: Id.nullable(),
          min_confidence: MinConfidence.optional(),
          /** Entrance readers (check_in): a network ticket printer of the branch, or null for none. */
          printer_id: Id.nullable().optional(),
        })
        .refine(readerStation, { message: 'a weighbridge reader needs its station', path: ['station_id'] }),
    ]),
  ),
};

export const callingControllerContracts = {
  mainCalling,
  callingLoadQueueType,
  callingManageOT,
  callingLoadStation,
  callingManageStation,
  callingDeleteQueueType,
  callingDeleteStation,
};

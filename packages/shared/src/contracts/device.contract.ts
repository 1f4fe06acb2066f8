import { z } from 'zod';
import { CALENDARS } from '../calendar.ts';
import { DEVICE_KINDS, defineContract, EmptyBodySchema, noHidden, OkSchema } from './api.ts';
import { DeviceIdSchema } from './controller.contract.ts';
import { plateSearchKey, visibleLength } from '../licence.ts';
import { TOKEN_MAX, TOKENS_MAX } from '../voice/announcement.ts';
import { PaperWidthSchema, PrintTargetSchema } from './printing.contract.ts';
import { LinePlaceSchema } from './line-rule.ts';
import {
  ExpectedWaitSchema,
  InstantSchema,
  LicenceSearchSchema,
  MaybeInstantSchema,
  RecentPlatesResponseSchema,
} from './queue.contract.ts';

/**
 * What a TV display (/DisplayManage) or a ticket kiosk (/PrinterManage) asks of the server
 * (DESIGN.md "Devices"). A device keeps a short id (shown on screen, typed by an officer in the
 * controller's Register dialog) and a long random secret that never leaves that browser except
 * in the `device-secret` header. The first browser to say hello with an id holds it while it
 * waits; Register binds that browser's secret, so only that browser becomes the device, and its
 * first contact after registration stamps verified_date.
 */

/** The device's secret: 32 random bytes, base64url (43 characters) or longer. */
export const DeviceSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'is not a device secret');

/** A short id is 8 characters from this alphabet: no 0/O, 1/I/L or 2/Z to misread across a room. */
export const DEVICE_ID_ALPHABET = '3456789ABCDEFGHJKMNPQRSTUVWXY';
export const DEVICE_ID_LENGTH = 8;

/** A queue type the device works with, and (for kiosks) the products a truck may choose. */
export const DeviceQueueTypeSchema = z.object({
  id: z.number(),
  queue_type_name: z.string(),
  prefix: z.string(),
  flow_engine_id: z.number(),
  product: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type DeviceQueueType = z.infer<typeof DeviceQueueTypeSchema>;

export const DeviceInfoSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  branch_id: z.number(),
  branch_name: z.string(),
  /** COMPANY_NAME, for the ticket's header and the board's title; may be empty. */
  company_name: z.string(),
  /** The calendar the branch writes its dates in (the ticket's time, the board's clock). */
  calendar: z.enum(CALENDARS),
  /** Kiosks: the printer an admin says it prints on (informational: the browser picks the printer). */
  printer_name: z.string().nullable(),
  /** Kiosks: where its tickets print (browser dialog, a network printer via the server, or its USB printer); browser for displays. */
  print_target: PrintTargetSchema,
  /** Kiosks: the roll's width in mm (80 or 58); 80 for displays. */
  paper_width: PaperWidthSchema,
  verified_date: InstantSchema,
  queue_types: z.array(DeviceQueueTypeSchema),
  /** Displays: what a call says (shared/voice/announcement.ts); null: DEFAULT_SENTENCE (and for kiosks). */
  announce_sentence: z.string().nullable(),
  /** Displays: how fast the clips play (0.7 to 1.3); 1 for kiosks. */
  announce_rate: z.number(),
  /** Displays: how loud, 0 to 100; 100 for kiosks. */
  announce_volume: z.number(),
  /** Displays: how many times a call is said, 1 or 2; 1 for kiosks. */
  announce_repeat: z.number(),
  /** The branch's setting: use a good Thai voice of the browser, where it has one, instead of the voice pack. */
  prefer_browser_voice: z.boolean(),
  /**
   * The province the plant stands in (a plate's Thai name), or null while its admin has not set
   * it: a kiosk lists it and its neighbouring provinces first.
   */
  province: z.string().nullable(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

/**
 * A device announces itself (every page load, every reconnect, after every deviceChanged).
 * The secret travels in the `device-secret` header. Unregistered it learns nothing but that:
 * `registered: false, device: null`. An id another browser already holds (waiting or
 * registered) is refused with a CONFLICT, reason DEVICE_ID_TAKEN: the page shows a new id.
 */
export const hello = defineContract({
  path: 'device/hello',
  access: 'public',
  body: z.strictObject({ device_id: DeviceIdSchema, kind: z.enum(DEVICE_KINDS) }),
  response: OkSchema.extend({
    registered: z.boolean(),
    device_id: z.string(),
    device: DeviceInfoSchema.nullable(),
  }),
});

/** One call on the board: a queue sent to a station (a call, a recall or a recheck). */
export const BoardCallSchema = z.object({
  /** The transition's id: the same call never shows (or is announced) twice. */
  id: z.number(),
  /**
   * The truck's ticket (its row id, not the uuid of its page): a recall is a new call of the same
   * ticket, and the board lists a ticket once, at its latest call.
   */
  queue_id: z.number(),
  queue_number: z.string(),
  queue_type_name: z.string(),
  station_id: z.number(),
  station_name: z.string(),
  /** 'call' or 'recheck'. */
  action: z.string(),
  called_at: InstantSchema,
  /**
   * The truck's licence as a public screen may show it: masked ("กข 12••", shared/plate-mask.ts)
   * unless the branch turned masking off; a masked board never receives the full plate.
   */
  truck_license: z.string(),
});
export type BoardCall = z.infer<typeof BoardCallSchema>;

/**
 * What a truck joining a queue type's line now may expect (the board's footer, issue 21): the
 * trucks of the type waiting today, and the wait for the call of one more behind them (the
 * driver's page's estimate); null while the type's history says nothing yet.
 */
export const BoardWaitSchema = z.object({
  queue_type_id: z.number(),
  queue_type_name: z.string(),
  waiting: z.number(),
  expected_wait: ExpectedWaitSchema.nullable(),
  /**
   * A line with an order rule (issue 38): its next trucks as the rule calls them, at most
   * BOARD_NEXT_UP, earlier days' leftovers first, none a daily cap holds. Numbers only: a public
   * screen. `why`: why it goes where it does (a class that goes first, a long wait, an old
   * load); null in its turn. Empty for a line in plain arrival order (its numbers say it).
   */
  next_up: z.array(
    z.object({
      queue_number: z.string(),
      class_name: z.string().nullable(),
      why: LinePlaceSchema.shape.why.nullable(),
    }),
  ),
  /** The line's trucks a full daily cap holds, by class. */
  held: z.array(
    z.object({
      class_name: z.string(),
      trucks: z.number(),
      max_percent: z.number(),
      of: z.enum(['loads', 'tonnes']),
    }),
  ),
});
/** How many of a line's next trucks the TV board lists. */
export const BOARD_NEXT_UP = 3;
export type BoardWait = z.infer<typeof BoardWaitSchema>;

/**
 * The TV board: every active station of the branch with the latest queue of the display's
 * queue types called to it within the display's `now_calling_seconds` (or nulls; a truck called
 * to another station since is no longer this station's), and this plant day's latest calls,
 * newest first, each truck once (a recall is its latest call): `recent_count` of each of its
 * queue types. The board itself drops a call from "now calling" once it is older than
 * `now_calling_seconds`. `waits`: each of the display's queue types, what a new truck waits.
 */
export const displayBoard = defineContract({
  path: 'device/displayBoard',
  access: 'device',
  device: 'display',
  body: EmptyBodySchema,
  response: OkSchema.extend({
    stations: z.array(
      z.object({
        station_id: z.number(),
        station_name: z.string(),
        queue_number: z.string().nullable(),
        queue_type_name: z.string().nullable(),
        action: z.string().nullable(),
        called_at: MaybeInstantSchema,
      }),
    ),
    recent: z.array(BoardCallSchema),
    now_calling_seconds: z.number(),
    /** How many latest calls the board lists (per queue type): the display's setting. */
    recent_count: z.number(),
    waits: z.array(BoardWaitSchema),
  }),
});

/** The kiosk suggests plates only once the driver has typed this many characters (spaces and dashes aside). */
export const KIOSK_PLATES_MIN_TYPED = 2;

/**
 * A kiosk's suggestions while the driver types: the branch's licences of the last
 * RECENT_PLATES_DAYS days that START with what was typed (spaces, dashes and dots aside), most
 * recent first. The kiosk stands in public: it never lists plates before at least
 * KIOSK_PLATES_MIN_TYPED characters are typed, and the server refuses a shorter search.
 */
export const kioskRecentPlates = defineContract({
  path: 'device/recentPlates',
  access: 'device',
  device: 'printer',
  body: z.strictObject({
    find_license: LicenceSearchSchema.refine(
      (value) => visibleLength(plateSearchKey(value)) >= KIOSK_PLATES_MIN_TYPED,
      `must hold at least ${KIOSK_PLATES_MIN_TYPED} letters or digits`,
    ),
  }),
  response: RecentPlatesResponseSchema,
});

/** Where a clip comes from: the plant's own recording wins over the one the server generated. */
export const VOICE_CLIP_SOURCES = ['recorded', 'generated'] as const;

/** A voice token as a display asks for it (shared/voice/announcement.ts). */
export const VoiceTokenSchema = noHidden(z.string().min(1)).refine(
  (token) => [...token].length <= TOKEN_MAX,
  `must be at most ${TOKEN_MAX} characters`,
);

/**
 * A display's voice: the clip of each token it asks for (the sentence's words, characters,
 * station names), as the audio file's bytes in base64 with its type, and a version (a hash of
 * the bytes) so the display keeps a decoded clip until it changes. A token the server cannot
 * make a clip for is listed in `missing`: the display then falls back (browser voice or caption).
 */
export const voiceClips = defineContract({
  path: 'device/voiceClips',
  access: 'device',
  device: 'display',
  body: z.strictObject({
    tokens: z
      .array(VoiceTokenSchema)
      .min(1)
      .max(4 * TOKENS_MAX),
  }),
  response: OkSchema.extend({
    clips: z.array(
      z.object({
        token: z.string(),
        source: z.enum(VOICE_CLIP_SOURCES),
        mime: z.string(),
        version: z.string(),
        audio: z.string(),
      }),
    ),
    missing: z.array(z.string()),
  }),
});

export const deviceContracts = { hello, displayBoard, recentPlates: kioskRecentPlates, voiceClips };

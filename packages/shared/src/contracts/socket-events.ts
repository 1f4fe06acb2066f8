import { z } from 'zod';
import type { ReaderAction } from '../identify/readers.ts';
import { PRINTER_HEALTHS, type PrinterHealth } from '../printing/printer-status.ts';
import { isCalledState } from '../queue/queue-machine.ts';
import type { CallingDisplay, CallProof } from './announcement.contract.ts';
import { IdSchema, type DeviceKind } from './api.ts';
import type { PublicLineUpdate, PublicQueue } from './public-queue.contract.ts';
import type { ProcessCard } from './queue.contract.ts';
import { ReasonArgSchema, type ReasonArg } from './yard.contract.ts';

/**
 * Socket.IO events (SPEC.md section 7, "Real-time channel"). Staff sockets connect to the
 * default namespace with `auth: { session, apiKey }`; the driver's page connects to `/public`
 * with `auth: { queue: <uuid> }`.
 */

export const STAFF_ROOM = 'System';
export const PUBLIC_NAMESPACE = '/public';
/** Displays and kiosks: `auth: { apiKey, kind, device_id, secret }` (registered or not). */
export const DEVICE_NAMESPACE = '/device';
export const RECONNECT_DELAY_MS = 10_000;

/** Every staff action is acknowledged: success, or a stable code and an English message. */
export type Ack =
  | { status: 1; queue_number?: string; station_name?: string }
  | { status: 0; code: string; message: string; reason?: string; queue_number?: string };

export const JoinRoomArgs = z.tuple([IdSchema, z.literal(STAFF_ROOM)]);
/**
 * Call: branch, queue, station, and (issue 38) why, when the line's rule calls another truck
 * next and asks a reason (the spec's three arguments still call the rule's next, or any truck on
 * a line that asks none).
 */
export const CallArgs = z.tuple([IdSchema, IdSchema, IdSchema, ReasonArgSchema.optional()]);
/** Call next: branch, the branch queue type whose line the rule's next truck is called from. */
export const CallNextArgs = z.tuple([IdSchema, IdSchema]);
export const RecordArgs = z.tuple([IdSchema, IdSchema]);
/** Recheck: branch, queue, station, and why (the spec's three arguments still work without it). */
export const RecheckArgs = z.tuple([IdSchema, IdSchema, IdSchema, ReasonArgSchema.optional()]);
/** Reject: branch, queue, and why (optional on the wire, as above; the web always asks). */
export const RejectArgs = z.tuple([IdSchema, IdSchema, ReasonArgSchema.optional()]);
/** Transfer: branch, queue, the branch queue type it moves to. */
export const TransferArgs = z.tuple([IdSchema, IdSchema, IdSchema]);
/** Void: branch, queue, and why (required). */
export const VoidArgs = z.tuple([IdSchema, IdSchema, ReasonArgSchema]);
/** The calling page's cards to push: branch, the days it shows (1 or 3), or null to stop. */
export const WatchCardsArgs = z.tuple([IdSchema, z.union([z.literal(1), z.literal(3), z.null()])]);
/** watchScale: the branch, and the scale's uuid (null: no longer). */
export const WatchScaleArgs = z.tuple([IdSchema, z.uuid().nullable()]);
/** watchBranches (issue 41, the branches page): the session's branch, and whether to watch (false: no longer). */
export const WatchBranchesArgs = z.tuple([IdSchema, z.boolean()]);

/**
 * What a calling page that watches its cards holds after every change of its branch, pushed
 * instead of refetched (`callingCards`): exactly getCardInProcess's cards for its `days`, and
 * calling/announcements' proof of their called trucks (`calledQueueIds`).
 */
export interface CallingCardsPush {
  days: 1 | 3;
  card: ProcessCard[];
  calls: CallProof[];
  displays: CallingDisplay[];
}

/** The called trucks on these cards, whose proof the calling page shows (sorted, as the proof is keyed). */
export function calledQueueIds(cards: readonly ProcessCard[]): number[] {
  return cards
    .flatMap((card) => card.queue_number.filter((q) => isCalledState(q.queue_state)).map((q) => q._id))
    .sort((a, b) => a - b);
}

export interface QueueChangedPayload {
  queue_uuid: string;
  queue_number: string;
  action: string;
  from_state: string | null;
  to_state: string;
  station_name: string | null;
  queue_type_id: number;
}

export interface StaffClientToServer {
  joinRoom: (branchId: number, room: typeof STAFF_ROOM, ack?: (ack: Ack) => void) => void;
  doCalling: (
    branchId: number,
    recordId: number,
    stationId: number,
    outOfOrder?: ReasonArg,
    ack?: (ack: Ack) => void,
  ) => void;
  /**
   * Calls the truck the line's rule calls next to the officer's first free station of the line
   * (issue 38); the ack names the truck and the station.
   */
  doCallNext: (branchId: number, branchQueueTypeId: number, ack?: (ack: Ack) => void) => void;
  doFinish: (branchId: number, recordId: number, ack?: (ack: Ack) => void) => void;
  doRecheck: (
    branchId: number,
    recordId: number,
    stationId: number,
    reason?: ReasonArg,
    ack?: (ack: Ack) => void,
  ) => void;
  doReject: (branchId: number, recordId: number, reason?: ReasonArg, ack?: (ack: Ack) => void) => void;
  /** A called truck did not come (offered after the branch's number of recalls). */
  doNoShow: (branchId: number, recordId: number, ack?: (ack: Ack) => void) => void;
  /** A waiting ticket moves to another queue type of its flow. */
  doTransfer: (
    branchId: number,
    recordId: number,
    branchQueueTypeId: number,
    ack?: (ack: Ack) => void,
  ) => void;
  /** An admin voids a ticket issued by mistake. */
  doVoid: (branchId: number, recordId: number, reason: ReasonArg, ack?: (ack: Ack) => void) => void;
  /**
   * The calling page shows its cards for these days (null: no longer): the socket gets them at
   * once and after every change (`callingCards`) instead of refetching. Asked again on reconnect.
   */
  watchCards: (branchId: number, days: 1 | 3 | null, ack?: (ack: Ack) => void) => void;
  /**
   * The weighing page shows this scale's live weight (its uuid; null: no longer): the socket gets
   * it at once and on every report (`scaleWeight`). Asked again on reconnect.
   */
  watchScale: (branchId: number, scaleUuid: string | null, ack?: (ack: Ack) => void) => void;
  /**
   * The branches page (admins): hear `branchesChanged` for every branch the officer holds (those
   * the branch switcher offers), as of now; false stops. Asked again on reconnect.
   */
  watchBranches: (branchId: number, watch: boolean, ack?: (ack: Ack) => void) => void;
}

export interface StaffServerToClient {
  /** Something changed in the branch: refetch what is on screen. */
  refreshUI: (change: QueueChangedPayload) => void;
  /** A truck was called to a station. */
  popup: (call: { queue_number: string; station_name: string | null; action: string }) => void;
  joinRoomCompleted: (room: { branch_id: number }) => void;
  /** A display or kiosk of the branch was registered, verified, cancelled or edited. */
  deviceChanged: (change: { kind: DeviceKind; uuid: string }) => void;
  /** The branch's calendar or day start changed: fetch the officer's branch again. */
  branchChanged: () => void;
  /**
   * A display reported what became of an announcement of this call, or (device_uuid null) an
   * officer re-announced it: the calling page refetches the proof.
   */
  announcementChanged: (change: { call_id: number; device_uuid: string | null }) => void;
  /** A kiosk's printer changed health (paper near end, paper out, back to ok...): refetch calling/printers. */
  printerChanged: (change: { uuid: string; health: PrinterHealth }) => void;
  /** A dispute of the branch was filed or resolved: refetch the count of open ones (admin/pendingDisputes). */
  disputesChanged: () => void;
  /** An alert of the branch was raised, acknowledged or ended: the bell and the alerts page refetch. */
  alertsChanged: () => void;
  /** The watched cards and their proof, as of the branch's latest change (watchCards). */
  callingCards: (state: CallingCardsPush) => void;
  /** The server could not push the watched cards: refetch them (the request shows why). */
  callingCardsStale: () => void;
  /** The watched scale's weight, at once and on every report of its bridge (watchScale). */
  scaleWeight: (weight: ScaleWeightPush) => void;
  /**
   * Something changed in a branch the branches page watches (watchBranches): refetch the page.
   * At most one per branch every few seconds (realtime/broadcasts.ts, BRANCHES_PACE_MS).
   */
  branchesChanged: (change: { branch_id: number }) => void;
  /**
   * A plate camera or RFID reader of the branch read a truck, or an officer decided a read
   * (issue 42): the gate's and weighbridge's pages refetch their reads; a weighbridge page at
   * `station_id` puts an identified truck (`queue`) in, ready to capture its weight.
   */
  readsChanged: (change: ReadsChangedPayload) => void;
}

/** What the gate's, the weighbridge's and the ticket desk's pages hear of a read (readsChanged). */
export interface ReadsChangedPayload {
  read_id: number;
  action: ReaderAction;
  station_id: number | null;
  outcome: string;
  /** The truck the read identified (or the officer chose); null for none. */
  queue: { uuid: string; queue_number: string; truck_license: string } | null;
}

/** A call as a display announces it. */
export interface DeviceCall {
  id: number;
  /** The truck's ticket: a recall is a new call of the same ticket, which the board lists once. */
  queue_id: number;
  queue_number: string;
  queue_type_name: string;
  station_id: number;
  station_name: string;
  action: string;
  called_at: string;
  /**
   * The truck's licence, masked unless its branch turned masking off (BoardCallSchema). The
   * server always sends it; a call without it shows no plate.
   */
  truck_license?: string;
  /**
   * 0 for the call itself; an officer's re-announcement of the same call carries its own
   * positive number, so a display announces it again (once) after whatever it is saying.
   */
  attempt: number;
}

/** What became of one announcement on one display. */
export const ANNOUNCEMENT_OUTCOMES = ['played', 'captioned', 'failed'] as const;
export type AnnouncementOutcome = (typeof ANNOUNCEMENT_OUTCOMES)[number];

/**
 * A display's report of one announcement (`announced`): played (heard, at `at`), captioned only
 * (no sound allowed or no voice: `reason` says which) or failed (the sound broke: `reason`).
 * `reason` is a short code, e.g. 'sound_blocked', 'no_voice', 'clip_failed', 'audio_error'.
 */
export const AnnouncementReportSchema = z.strictObject({
  call_id: z.int().positive(),
  attempt: z.int().min(0),
  outcome: z.enum(ANNOUNCEMENT_OUTCOMES),
  reason: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type AnnouncementReport = z.infer<typeof AnnouncementReportSchema>;

/** Whether a display's browser lets it play sound: unlocked, blocked until someone taps, or no audio at all. */
export const DISPLAY_SOUNDS = ['on', 'blocked', 'unsupported'] as const;
export type DisplaySound = (typeof DISPLAY_SOUNDS)[number];
/** What a display speaks with: the voice pack's clips, the browser's Thai voice, or nothing (captions). */
export const DISPLAY_SPEECH = ['pack', 'browser', 'none'] as const;
export type DisplaySpeech = (typeof DISPLAY_SPEECH)[number];

/** A display's sound, as it finds it (`status`), for the calling page and the Display controller. */
export const DisplayStatusSchema = z.strictObject({
  sound: z.enum(DISPLAY_SOUNDS),
  voice: z.enum(DISPLAY_SPEECH),
});
export type DisplayStatus = z.infer<typeof DisplayStatusSchema>;

/** A USB kiosk's report of its printer's health. */
export const PrinterStatusReportSchema = z.strictObject({ health: z.enum(PRINTER_HEALTHS) });
export type PrinterStatusReport = z.infer<typeof PrinterStatusReportSchema>;

/**
 * What a weighbridge's indicator shows, as its scale bridge reads it (packages/shared/src/scale:
 * the frame parsers and the stable detector): a weight, stable or still moving; over or under
 * the indicator's range; or no signal (no frame for a while: cable, converter or indicator).
 */
export const SCALE_STATES = ['stable', 'moving', 'overload', 'underload', 'no-signal'] as const;
export type ScaleState = (typeof SCALE_STATES)[number];

/** The largest weight a report may carry, in kg either way: far above any road weighbridge. */
export const SCALE_MAX_KG = 1_000_000;

/**
 * A scale bridge's report (`weight`): sent at once whenever the state changes, while the weight
 * moves at most every SCALE_REPORT_MIN_MS, and at least every SCALE_HEARTBEAT_MS as it is. `kg`
 * is the weight shown (stable, moving) or null (the others); `raw` is the frame it came from, as
 * the parsers show it (printable, control bytes as <STX>…), empty for no-signal; `at` is when the
 * bridge read it. A report of a weight is refused without a weight, and the others with one.
 */
export const ScaleWeightReportSchema = z
  .strictObject({
    state: z.enum(SCALE_STATES),
    kg: z.number().min(-SCALE_MAX_KG).max(SCALE_MAX_KG).nullable(),
    raw: z.string().max(200),
    at: z.iso.datetime({ offset: true }),
  })
  .refine((report) => (report.state === 'stable' || report.state === 'moving') === (report.kg !== null), {
    message: 'A stable or moving report carries a weight; the others carry none.',
    path: ['kg'],
  });
export type ScaleWeightReport = z.infer<typeof ScaleWeightReportSchema>;

/** A moving weight is reported at most this often. */
export const SCALE_REPORT_MIN_MS = 200;
/** A weight that does not change is reported again this often, so the server knows the bridge is there. */
export const SCALE_HEARTBEAT_MS = 1000;
/**
 * The server counts a scale without a report for this long as no signal, whatever it said last
 * (a bridge that hangs, or a network that drops it silently).
 */
export const SCALE_SILENT_MS = 2500;

/**
 * A scale as the server knows it now (the Weighbridge controller, the weighing page): what its
 * bridge last reported, `no-signal` when that is older than SCALE_SILENT_MS, or `offline` when
 * no bridge is connected with the scale's id. `at` is when the bridge read it (null offline).
 */
export const SCALE_LIVE_STATES = [...SCALE_STATES, 'offline'] as const;
export const ScaleLiveSchema = z.object({
  state: z.enum(SCALE_LIVE_STATES),
  kg: z.number().nullable(),
  raw: z.string(),
  at: z.string().nullable(),
});
export type ScaleLive = z.infer<typeof ScaleLiveSchema>;

/** The weight of one scale pushed to the weighing pages watching it (watchScale). */
export type ScaleWeightPush = ScaleLive & { uuid: string };

export interface DeviceClientToServer {
  /** Displays: what became of each announcement (once per call and attempt). */
  announced: (report: AnnouncementReport) => void;
  /** Displays: whether sound may play and what speaks, on every connect and whenever it changes. */
  status: (status: DisplayStatus) => void;
  /**
   * USB kiosks: their printer's health as WebUSB reads it (PrinterStatusReportSchema), on every
   * connect, whenever it changes and at least every PRINTER_CHECK_INTERVAL_MS while idle.
   */
  printerStatus: (report: PrinterStatusReport) => void;
  /** Scale bridges: what the indicator shows (ScaleWeightReportSchema). */
  weight: (report: ScaleWeightReport) => void;
}

export interface DeviceServerToClient {
  /** This device's registration or settings changed: say hello again, then reconnect. */
  deviceChanged: () => void;
  /** Displays: a queue of one of the display's queue types was called to a station. */
  called: (call: DeviceCall) => void;
  /** Its branch's calendar or day start changed: say hello again (the device's info carries them). */
  branchChanged: () => void;
  /** Displays: a voice clip of the branch was recorded, replaced or removed: fetch clips again. */
  voiceChanged: () => void;
  /** USB kiosks: an officer sent a ticket to this kiosk's printer: fetch job `job_id` (device/printJob), print it, report. */
  printJob: (job: { job_id: number }) => void;
}

export interface PublicServerToClient {
  /** The branch's settings changed (its calendar, its day start): refetch the page. */
  queueChanged: () => void;
  /** This ticket changed: the page's whole answer, as process/user/queueInformation gives it. */
  ticket: (queue: PublicQueue) => void;
  /** The line it waits in moved: its place in it now. */
  line: (update: PublicLineUpdate) => void;
}

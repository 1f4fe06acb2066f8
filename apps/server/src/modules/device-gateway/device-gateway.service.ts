import { createBranchMemo } from '../../lib/branch-memo.ts';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import { publicPlate } from '@truck-queue/shared/plate-mask';
import {
  DeviceIdSchema,
  NOW_CALLING_SECONDS,
  RECENT_COUNT,
} from '@truck-queue/shared/contracts/controller.contract';
import {
  DeviceSecretSchema,
  type BoardCall,
  BOARD_NEXT_UP,
  type BoardWait,
  type DeviceInfo,
  type DeviceQueueType,
} from '@truck-queue/shared/contracts/device.contract';
import type { Db } from '../../db/database.ts';
import type { DeviceContext } from '../../lib/auth-context.ts';
import { AppError, conflict, forbidden } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { createRateLimiter, RATE_LIMITS } from '../../lib/rate-limit.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import { sameSecret, tokenHash } from '../../lib/tokens.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { QueueReadsRepository } from '../queue/queue-reads.repository.ts';
import type { EtaService } from '../queue/eta.service.ts';
import type { BranchCards } from '../queue/branch-cards.ts';
import type { IssueInput, QueueService } from '../queue/queue.service.ts';
import { findRecentPlates } from '../queue/recent-plates.ts';
import { createDeviceGatewayRepository } from './device-gateway.repository.ts';
import { claimShortId } from './device-hellos.ts';

/** How long a device's queue types serve at most (see `queueTypesOf`). */
export const DEVICE_TYPES_MAX_AGE_MS = 5_000;

/** What a screen that says hello or connects is to the server (see `arrive`). */
export type Arrival =
  | { status: 'registered'; device: DeviceContext }
  | { status: 'waiting' }
  | { status: 'taken' }
  | { status: 'full' }
  | { status: 'limited' };

/**
 * A display or kiosk as the server knows it (DESIGN.md "Devices"): who it is (its short id and
 * secret), what it may show or issue (its branch and queue types), and the TV board.
 */
export function createDeviceService(deps: {
  db: Db;
  queue: QueueService;
  events: EventHub;
  clock: Clock;
  days: PlantDays;
  companyName: string;
  /** The board's expected waits (one per app: its paces are shared with the driver's page). */
  eta: EtaService;
  /** The queue types' products and the stations (the catalog's rows). */
  catalog: CatalogRepository;
  /** The board's calls, the kiosk's recent plates (the queue's reads). */
  queueReads: QueueReadsRepository;
  /** The branch's lines in their order (the calling cards' snapshot): the board's waits and next trucks. */
  cards: Pick<BranchCards, 'calendar' | 'openQueues'>;
}) {
  const { db, queue, events, clock, days, eta, catalog, queueReads, cards } = deps;
  const repo = createDeviceGatewayRepository(db);
  /**
   * New ids claimed per client address, by hellos and sockets alike (docs/devices-and-printing.md,
   * "Devices").
   */
  const newIds = createRateLimiter(RATE_LIMITS.deviceNewIds, { clock });

  /**
   * What the device row holding this short id says of these credentials: the registered device
   * (its kind and secret match), or whether another browser is that device. The device's first
   * contact after registration stamps verified_date.
   */
  async function lookup(
    kind: DeviceKind,
    shortId: string,
    secretHash: string,
  ): Promise<{ device: DeviceContext | null; otherBrowser: boolean }> {
    const row = await repo.findDeviceByShortId(shortId);
    // No secret: registered before registrations took the waiting screen's secret; it is
    // registered again like a new screen.
    if (!row?.secretHash) return { device: null, otherBrowser: false };
    if (!sameSecret(secretHash, row.secretHash)) return { device: null, otherBrowser: true };
    if (row.kind !== kind) return { device: null, otherBrowser: false };
    const device: DeviceContext = {
      deviceId: row.id,
      uuid: row.uuid,
      kind,
      branchId: row.branchId,
      shortId,
    };
    if (row.verifiedDate === null) {
      // First contact since registration: stamped once, even if the hello and the socket race.
      if (await repo.stampVerified(row.id, shortId, clock.now())) {
        events.publish('deviceChanged', {
          branchId: row.branchId,
          deviceId: row.id,
          uuid: row.uuid,
          kind,
          shortIds: [shortId],
          revoked: false,
        });
      }
    }
    return { device, otherBrowser: false };
  }

  /**
   * The registered device these credentials belong to, or null (never registered, cancelled,
   * another kind, or another browser's id). Reads only: a refused call changes nothing.
   */
  async function identify(kind: DeviceKind, rawId: string, rawSecret: string): Promise<DeviceContext | null> {
    const shortId = DeviceIdSchema.safeParse(rawId);
    const secret = DeviceSecretSchema.safeParse(rawSecret);
    if (!shortId.success || !secret.success) return null;
    return (await lookup(kind, shortId.data, tokenHash(secret.data))).device;
  }

  /**
   * A screen says hello or opens its socket: registered (as this device), waiting (this browser
   * holds the id it shows), taken (another browser holds that id: show a new one), or full (too
   * many ids waiting; try again later), or limited (its address claimed too many new ids
   * lately). Malformed credentials are null.
   */
  async function arrive(
    kind: DeviceKind,
    rawId: string,
    rawSecret: string,
    ip: string,
  ): Promise<Arrival | null> {
    const shortId = DeviceIdSchema.safeParse(rawId);
    const secret = DeviceSecretSchema.safeParse(rawSecret);
    if (!shortId.success || !secret.success) return null;
    const hash = tokenHash(secret.data);
    const found = await lookup(kind, shortId.data, hash);
    if (found.device) return { status: 'registered', device: found.device };
    if (found.otherBrowser) return { status: 'taken' };
    const claim = await claimShortId(db, kind, shortId.data, hash, clock.now(), () => newIds.take(ip) === 0);
    return { status: claim === 'mine' ? 'waiting' : claim };
  }

  /**
   * Each device's queue types as last read: a kiosk's every ticket checks them, two reads each
   * (at the harvest peak, thousands a day, each waiting its turn for the embedded database).
   * Dropped at once by this instance's edit of a device or of the branch's queue types and
   * products; what another instance's device edit changed serves at most DEVICE_TYPES_MAX_AGE_MS.
   */
  const heldTypes = createBranchMemo<DeviceQueueType[]>({
    clock,
    maxAgeMs: DEVICE_TYPES_MAX_AGE_MS,
    maxKeys: 64,
  });
  events.subscribe('deviceChanged', ({ branchId }) => heldTypes.drop(branchId));
  events.subscribe('referenceChanged', ({ branchId }) => heldTypes.drop(branchId));

  /** The device's queue types (active ones), by prefix, with the products each offers. */
  function queueTypesOf(device: DeviceContext): Promise<DeviceQueueType[]> {
    return heldTypes.get(device.branchId, String(device.deviceId), async () =>
      catalog.withProducts(await repo.queueTypesOfDevice(device.deviceId, device.branchId)),
    );
  }

  async function info(device: DeviceContext): Promise<DeviceInfo> {
    const row = await repo.findDeviceInfo(device.deviceId);
    return {
      uuid: device.uuid,
      name: row!.name,
      kind: device.kind,
      branch_id: device.branchId,
      branch_name: row!.branchName,
      company_name: row!.companyName || deps.companyName,
      calendar: row!.calendar,
      printer_name: device.kind === 'printer' ? row!.printerName : null,
      print_target: device.kind === 'printer' ? row!.printTarget : 'browser',
      paper_width: row!.paperWidth === 58 ? 58 : 80,
      verified_date: (row!.verifiedDate ?? clock.now()).toISOString(),
      queue_types: await queueTypesOf(device),
      ...(device.kind === 'display'
        ? {
            announce_sentence: row!.announceSentence,
            announce_rate: row!.announceRate,
            announce_volume: row!.announceVolume,
            announce_repeat: row!.announceRepeat,
          }
        : { announce_sentence: null, announce_rate: 1, announce_volume: 100, announce_repeat: 1 }),
      prefer_browser_voice: row!.preferBrowserVoice,
      province: row!.province,
    };
  }

  /**
   * The board's calls (and rechecks) of these queue types, newest first: those of this plant day
   * (a few hundred rows), and any older one still within the display's now-calling time.
   */
  async function boardCalls(device: DeviceContext, typeIds: number[], holdSeconds: number, mask: boolean) {
    if (typeIds.length === 0) return { calls: [], holdStart: clock.now(), dayStart: clock.now() };
    const calendar = await days.calendar(device.branchId);
    const [dayStart] = calendar.range(calendar.today);
    const holdStart = new Date(clock.now().getTime() - holdSeconds * 1000);
    const rows = await queueReads.callsSince(
      device.branchId,
      typeIds,
      calendar.insideSince,
      holdStart < dayStart ? holdStart : dayStart,
    );
    const calls: BoardCall[] = rows.map(({ called, licence, ...call }) => ({
      ...call,
      called_at: called.toISOString(),
      truck_license: publicPlate(licence, mask),
    }));
    return { calls, holdStart, dayStart };
  }

  /**
   * The board's footer: for each of the display's queue types, the trucks waiting in today's
   * line and the expected wait of a truck issued now behind them (the driver's page's estimate,
   * its pace read once per type).
   */
  async function boardWaits(device: DeviceContext, types: DeviceQueueType[]): Promise<BoardWait[]> {
    if (types.length === 0) return [];
    const calendar = await cards.calendar(device.branchId);
    const [open, estimate] = await Promise.all([
      cards.openQueues(device.branchId, calendar.insideSince),
      eta.estimator(
        types.map((t) => ({
          branchId: device.branchId,
          branchQueueTypeId: t.id,
          flowEngineId: t.flow_engine_id,
        })),
      ),
    ]);
    return types.map((type) => {
      const rule = open.rules.get(type.id) ?? null;
      const nameOf = (key: string) => rule?.classes.find((c) => c.key === key)?.name ?? null;
      // Waiting trucks are the placed ones, in the line's order (an earlier day's leftovers first).
      const inLine = (open.byType.get(type.id) ?? []).filter((q) => q.line_place !== null);
      const waiting = inLine.filter((q) => q.queue_date === calendar.today).length;
      const held = new Map<string, BoardWait['held'][number]>();
      for (const q of inLine) {
        const hold = q.line_place!.hold;
        if (!hold) continue;
        const name = nameOf(hold.class_key) ?? hold.class_key;
        const entry = held.get(hold.class_key);
        if (entry) entry.trucks++;
        else
          held.set(hold.class_key, {
            class_name: name,
            trucks: 1,
            max_percent: hold.max_percent,
            of: hold.of,
          });
      }
      const newcomer = {
        branchId: device.branchId,
        branchQueueTypeId: type.id,
        flowEngineId: type.flow_engine_id,
      };
      return {
        queue_type_id: type.id,
        queue_type_name: type.queue_type_name,
        waiting,
        expected_wait: estimate(newcomer, waiting),
        // A line in plain arrival order needs no list: its numbers say it.
        next_up: (rule ? inLine : [])
          .filter((q) => q.line_place!.hold === null)
          .slice(0, BOARD_NEXT_UP)
          .map((q) => ({
            queue_number: q.queue_number,
            class_name: rule ? nameOf(q.order_class) : null,
            why: q.line_place!.why.kind === 'turn' ? null : q.line_place!.why,
          })),
        held: [...held.values()],
      };
    });
  }

  return {
    identify,
    arrive,

    /** A scale of the branch by its uuid (the weighing page watches it), registered or not. */
    async scaleOf(branchId: number, uuid: string): Promise<DeviceContext | null> {
      const row = await repo.findDevice(branchId, 'scale', { uuid });
      return row
        ? { deviceId: row.id, uuid: row.uuid, kind: 'scale', branchId, shortId: row.deviceId ?? '' }
        : null;
    },

    /**
     * `device/hello`: registered (and with what), or waiting with only its own id back. An id
     * another browser holds is refused (DEVICE_ID_TAKEN): the page then shows a new one.
     */
    async hello(kind: DeviceKind, shortId: string, secret: string, ip: string) {
      const arrival = await arrive(kind, shortId, secret, ip);
      if (arrival === null) throw new AppError('VALIDATION_FAILED', 'The device id or secret is malformed.');
      if (arrival.status === 'taken') {
        throw conflict('Another screen already shows this Device ID: show a new one.', 'DEVICE_ID_TAKEN');
      }
      if (arrival.status === 'full') {
        throw new AppError('RATE_LIMITED', 'Too many screens are waiting to be registered. Try again later.');
      }
      if (arrival.status === 'limited') {
        throw new AppError(
          'RATE_LIMITED',
          'Too many new screens from here lately. Try again in a few minutes.',
        );
      }
      const device = arrival.status === 'registered' ? arrival.device : null;
      return { registered: device !== null, device_id: shortId, device: device ? await info(device) : null };
    },

    /**
     * The TV board: each active station with its latest call of the display's queue types made
     * within the display's now-calling time, and the plant day's latest calls: the display's
     * recent_count of each queue type. Plates are masked unless the branch turned masking off.
     */
    async board(device: DeviceContext) {
      const [typeRows, row] = await Promise.all([queueTypesOf(device), repo.findDeviceInfo(device.deviceId)]);
      const holdSeconds = row?.nowCallingSeconds ?? NOW_CALLING_SECONDS.default;
      const recentCount = row?.recentCount ?? RECENT_COUNT.default;
      const [stationRows, { calls, holdStart, dayStart }, waits] = await Promise.all([
        catalog.listActiveStations(device.branchId),
        boardCalls(
          device,
          typeRows.map((t) => t.id),
          holdSeconds,
          row?.maskPlates ?? true,
        ),
        boardWaits(device, typeRows),
      ]);
      // A truck once, at its latest call: a recall (to the same station or another) replaces the
      // call before it, in the list and at the station it was called to.
      const latestOfQueue = new Map<number, number>();
      for (const call of calls)
        if (!latestOfQueue.has(call.queue_id)) latestOfQueue.set(call.queue_id, call.id);
      const isLatest = (call: BoardCall) => latestOfQueue.get(call.queue_id) === call.id;
      const perType = new Map<string, number>();
      const recent = calls.filter((c) => {
        if (!isLatest(c)) return false;
        if (Date.parse(c.called_at) < dayStart.getTime()) return false;
        const shown = perType.get(c.queue_type_name) ?? 0;
        perType.set(c.queue_type_name, shown + 1);
        return shown < recentCount;
      });
      // Each station's latest call, unless its truck has been called again since (elsewhere).
      const byStation = new Map<number, BoardCall>();
      for (const call of calls) {
        if (Date.parse(call.called_at) < holdStart.getTime()) break;
        if (!byStation.has(call.station_id)) byStation.set(call.station_id, call);
      }
      return {
        // A weighbridge is where trucks are weighed, not called to: off the strip unless a call went there.
        stations: stationRows
          .filter((s) => !s.weighbridge || byStation.has(s.id))
          .map((s) => {
            const newest = byStation.get(s.id);
            const call = newest && isLatest(newest) ? newest : undefined;
            return {
              station_id: s.id,
              station_name: s.name,
              queue_number: call?.queue_number ?? null,
              queue_type_name: call?.queue_type_name ?? null,
              action: call?.action ?? null,
              called_at: call?.called_at ?? null,
            };
          }),
        recent,
        now_calling_seconds: holdSeconds,
        recent_count: recentCount,
        waits,
      };
    },

    /** A kiosk issues a ticket for one of its own queue types. */
    async issueTicket(device: DeviceContext, input: IssueInput) {
      const mine = await queueTypesOf(device);
      if (!mine.some((t) => t.id === input.branchQueueTypeId)) {
        throw forbidden('This kiosk does not issue tickets of this queue type.');
      }
      return queue.issue(device.branchId, input, { deviceId: device.deviceId });
    },

    /** A kiosk's suggestions: its branch's recent licences that start with what the driver typed. */
    recentPlates: (device: DeviceContext, typed: string): Promise<string[]> =>
      findRecentPlates(queueReads, clock, device.branchId, typed, 'prefix'),

    /** A ticket's licence as its branch's public screens show it (masked unless turned off). */
    async publicPlateOfQueue(queueId: number): Promise<string> {
      const row = await repo.plateOfQueue(queueId);
      return row ? publicPlate(row.licence, row.maskPlates) : '';
    },

    /** The verified displays of a branch that show this queue type (they announce its calls). */
    displaysShowing: (branchQueueTypeId: number): Promise<number[]> =>
      repo.verifiedDisplaysShowing(branchQueueTypeId),
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;

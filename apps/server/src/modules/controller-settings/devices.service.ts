import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import type { DisplayLive } from '@truck-queue/shared/contracts/announcement.contract';
import type { ScaleLive } from '@truck-queue/shared/contracts/socket-events';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { DeviceGatewayRepository } from '../device-gateway/device-gateway.repository.ts';
import { waitingSecretHash } from '../device-gateway/device-hellos.ts';
import { queueTypeChoices } from './assignments.ts';
import { printSettingsUpdate, type PrintSettings } from './print-settings.ts';

export type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { ReaderAction } from '@truck-queue/shared/identify/readers';

/** What the live connections say of the devices (the realtime server; nothing in tests without one). */
export interface LiveDevices {
  /** Each display's status: online, last seen, sound, last announcement (announcements.service.ts). */
  live?(deviceIds: number[]): Promise<Map<number, DisplayLive>>;
  /** Each scale's weight now (scale-weights.ts). */
  scales?(deviceIds: readonly number[]): Promise<Map<number, ScaleLive>>;
}

const NO_LIVE_DEVICES: LiveDevices = {};

/** A reader's settings as the controller saves them (readerContracts). */
export interface ReaderSettings {
  action: ReaderAction;
  stationId: number | null;
  minConfidence?: number | undefined;
  /** Entrance readers: a network ticket printer of the branch (null: none; left out: kept). */
  printerId?: number | null | undefined;
}

/** What a scale shows while nothing tells: no bridge connected. */
const SCALE_OFFLINE: ScaleLive = { state: 'offline', kg: null, raw: '', at: null };

const DEVICE_NAMES: Record<DeviceKind, string> = {
  display: 'The display',
  printer: 'The printer',
  scale: 'The scale',
  reader: 'The reader',
};

/**
 * Display, printing and weighbridge controllers: the branch's TV screens, ticket kiosks (with
 * their queue types) or scales (with their weighbridge station). Every change is announced, so the device itself and the controller screens follow live.
 */
export function createDevicesService(deps: {
  db: Db;
  kind: DeviceKind;
  /** The devices' rows (the device gateway's). */
  devices: DeviceGatewayRepository;
  /** The branch's queue types and stations (the catalog's rows). */
  catalog: CatalogRepository;
  events: EventHub;
  clock: Clock;
  live?: LiveDevices;
}) {
  const { db, kind, devices: repo, catalog, events, clock } = deps;
  const live = deps.live ?? NO_LIVE_DEVICES;

  /**
   * Tells every screen the device changed. `revoked`: its browser or bridge stopped being it
   * (cancelled, or registered to another id), so its sockets are disconnected at once.
   */
  function changed(
    auth: AuthContext,
    device: { id: number; uuid: string },
    shortIds: (string | null | undefined)[] = [],
    revoked = false,
  ) {
    events.publish('deviceChanged', {
      branchId: auth.branchId,
      deviceId: device.id,
      uuid: device.uuid,
      kind,
      shortIds: shortIds.filter((id): id is string => Boolean(id)),
      revoked,
    });
  }

  async function list(auth: AuthContext, only?: number): Promise<DeviceRow[]> {
    const rows = await repo.listDevices(auth.branchId, kind, only);
    const links = rows.length === 0 ? [] : await repo.queueTypeLinksOf(rows.map((r) => r.id));
    const registered = rows.filter((r) => r.device_id).map((r) => r.id);
    const status =
      kind === 'display'
        ? ((await live.live?.(registered)) ?? new Map<number, DisplayLive>())
        : new Map<number, DisplayLive>();
    const weights =
      kind === 'scale' ? ((await live.scales?.(registered)) ?? new Map<number, ScaleLive>()) : null;
    return rows.map(
      ({
        verifiedDate,
        paperWidth,
        printerHealth,
        printerHealthAt,
        stationId,
        stationName,
        readerAction,
        readerMinConfidence,
        readerPrinterId,
        readerPrinterName,
        lastReadAt,
        ...r
      }) => ({
        ...r,
        reader:
          kind === 'reader'
            ? {
                action: readerAction ?? 'gate_exit',
                min_confidence: readerMinConfidence,
                last_read_at: lastReadAt?.toISOString() ?? null,
                printer:
                  readerPrinterId !== null && readerPrinterName !== null
                    ? { id: readerPrinterId, name: readerPrinterName }
                    : null,
              }
            : null,
        station: stationId !== null && stationName !== null ? { id: stationId, name: stationName } : null,
        scale: weights ? (weights.get(r.id) ?? SCALE_OFFLINE) : null,
        verified_date: verifiedDate?.toISOString() ?? null,
        paper_width: paperWidth === 58 ? (58 as const) : (80 as const),
        printer_health:
          kind === 'printer' && r.print_target !== 'browser'
            ? { health: printerHealth ?? 'unknown', checked_at: printerHealthAt?.toISOString() ?? null }
            : null,
        live: status.get(r.id) ?? null,
        aCtrl: links
          .filter((l) => l.device === r.id)
          .map(({ id, branch_queue_type, queue_type_name }) => ({ id, branch_queue_type, queue_type_name })),
      }),
    );
  }

  async function find(auth: AuthContext, where: { id?: number; uuid?: string }) {
    const row = await repo.findDevice(auth.branchId, kind, where);
    if (!row) throw notFound(DEVICE_NAMES[kind]);
    return row;
  }

  /** A scale (or a weighbridge reader) is at an active weighbridge station of its branch (stations.weighbridge), nowhere else. */
  async function assertWeighbridge(auth: AuthContext, stationId: number) {
    const [station] = await catalog.listActiveStations(auth.branchId, stationId);
    if (!station?.weighbridge)
      throw new AppError(
        'VALIDATION_FAILED',
        `${DEVICE_NAMES[kind]} must stand at a weighbridge station of this branch.`,
        [{ path: 'station_id', message: 'is not a weighbridge station of this branch' }],
      );
  }

  /** The branch's active ticket printers that print on the network: an entrance reader's choices. */
  async function networkPrinters(branchId: number) {
    const rows = await repo.listDevices(branchId, 'printer');
    return rows.filter((row) => row.print_target === 'network').map(({ id, name }) => ({ id, name }));
  }

  /**
   * A reader's settings as kept: a gate reader has no station, only an entrance reader a printer
   * (one of the branch's network ticket printers: the reader has no browser to print in).
   */
  async function readerValues(auth: AuthContext, reader: ReaderSettings) {
    const stationId = reader.action === 'weighbridge' ? reader.stationId : null;
    if (stationId !== null) await assertWeighbridge(auth, stationId);
    const printerId = reader.action === 'check_in' ? reader.printerId : null;
    if (printerId != null && !(await networkPrinters(auth.branchId)).some((p) => p.id === printerId))
      throw new AppError(
        'VALIDATION_FAILED',
        'An entrance reader prints on a network ticket printer of this branch.',
        [{ path: 'printer_id', message: 'is not a network ticket printer of this branch' }],
      );
    return {
      stationId,
      readerAction: reader.action,
      ...(reader.minConfidence !== undefined ? { readerMinConfidence: reader.minConfidence } : {}),
      ...(printerId !== undefined ? { readerPrinterId: printerId } : {}),
    };
  }

  return {
    list: (auth: AuthContext) => list(auth),

    /** A new device; a scale may say its weighbridge station at once. */
    async create(auth: AuthContext, name: string, stationId: number | null = null) {
      if (stationId !== null) await assertWeighbridge(auth, stationId);
      const id = await repo.insertDevice(auth.branchId, kind, name, stationId);
      return (await list(auth, id))[0]!;
    },

    /** A new reader: where it stands (the gate, or a weighbridge's station) and how sure it must be. */
    async createReader(auth: AuthContext, name: string, reader: ReaderSettings) {
      const { stationId, ...settings } = await readerValues(auth, reader);
      const id = await repo.insertDevice(auth.branchId, kind, name, stationId, settings);
      return (await list(auth, id))[0]!;
    },

    async updateReader(auth: AuthContext, uuid: string, name: string, reader: ReaderSettings) {
      const current = await find(auth, { uuid });
      await repo.updateDevice(current.id, { name, ...(await readerValues(auth, reader)) });
      changed(auth, current);
      return (await list(auth, current.id))[0]!;
    },

    /** The printers an entrance reader may print its check-ins on. */
    printerChoices: (auth: AuthContext) => networkPrinters(auth.branchId),

    /** The branch's weighbridge stations, where a scale may weigh (the Weighbridge controller's choices). */
    stationChoices: (auth: AuthContext) =>
      catalog
        .listActiveStations(auth.branchId)
        .then((rows) => rows.filter((row) => row.weighbridge).map(({ id, name }) => ({ id, name }))),

    async update(
      auth: AuthContext,
      uuid: string,
      values: {
        name: string;
        printerName?: string | null | undefined;
        nowCallingSeconds?: number | undefined;
        recentCount?: number | undefined;
        /** Displays' voice: each left undefined keeps its value; a null sentence is the default one. */
        announce?: {
          sentence?: string | null | undefined;
          rate?: number | undefined;
          volume?: number | undefined;
          repeat?: number | undefined;
        };
        /** Kiosks' printing: each left undefined keeps its value (print-settings.ts). */
        print?: PrintSettings;
        /** Scales: the weighbridge station (null: none); undefined keeps it. */
        stationId?: number | null | undefined;
      },
    ) {
      const current = await find(auth, { uuid });
      const station =
        kind === 'scale' && values.stationId !== undefined ? { stationId: values.stationId } : {};
      if (station.stationId) await assertWeighbridge(auth, station.stationId);
      const print = kind === 'printer' && values.print ? printSettingsUpdate(current, values.print) : {};
      const printerName =
        kind === 'printer' && values.printerName !== undefined
          ? { printerName: values.printerName || null }
          : {};
      const nowCalling =
        kind === 'display' && values.nowCallingSeconds !== undefined
          ? { nowCallingSeconds: values.nowCallingSeconds }
          : {};
      const recent =
        kind === 'display' && values.recentCount !== undefined ? { recentCount: values.recentCount } : {};
      const announce = kind === 'display' && values.announce ? values.announce : {};
      const voice = Object.fromEntries(
        Object.entries({
          announceSentence: announce.sentence,
          announceRate: announce.rate,
          announceVolume: announce.volume,
          announceRepeat: announce.repeat,
        }).filter(([, value]) => value !== undefined),
      );
      await repo.updateDevice(current.id, {
        name: values.name,
        ...printerName,
        ...nowCalling,
        ...recent,
        ...voice,
        ...print,
        ...station,
      });
      changed(auth, current);
      return (await list(auth, current.id))[0]!;
    },

    /**
     * Register: the short id an unregistered screen of this kind shows and is waiting with.
     * The registration takes that screen's secret at once, so only that browser becomes the
     * device; it is verified on its next contact.
     */
    async register(auth: AuthContext, uuid: string, deviceId: string) {
      const current = await find(auth, { uuid });
      const taken = await repo.findDeviceWithShortId(deviceId);
      if (taken && taken.id !== current.id)
        throw conflict('This Device ID is already registered.', 'DEVICE_ID_TAKEN');
      const secretHash = await waitingSecretHash(db, kind, deviceId, clock.now());
      if (!secretHash) {
        throw conflict(
          'No unregistered screen is showing this Device ID. Check the ID on the screen and try again.',
          'DEVICE_NOT_WAITING',
        );
      }
      await repo.registerDevice(current.id, deviceId, secretHash).catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw conflict('This Device ID is already registered.', 'DEVICE_ID_TAKEN');
        throw error;
      });
      // The old id's browser stops being the device; the new id's unregistered screen is waiting.
      changed(auth, current, [current.deviceId, deviceId], true);
      return (await list(auth, current.id))[0]!;
    },

    /** Cancel connection: forgets the device; it shows a new id to register again. */
    async cancel(auth: AuthContext, uuid: string) {
      const current = await find(auth, { uuid });
      if (!current.deviceId) throw conflict('This device has no connection yet.', 'NO_DEVICE');
      await repo.disconnectDevice(current.id);
      changed(auth, current, [current.deviceId], true);
    },

    async queueTypeChoices(auth: AuthContext, id: number) {
      await find(auth, { id });
      const chosen = await repo.queueTypeIdsOfDevice(id);
      return queueTypeChoices(catalog, auth, new Set(chosen));
    },

    async setQueueTypes(auth: AuthContext, id: number, typeIds: number[]) {
      const current = await find(auth, { id });
      await catalog.assertBranchQueueTypes(auth.branchId, typeIds);
      const unique = [...new Set(typeIds)];
      await repo.transaction((tx) => repo.replaceDeviceQueueTypes(tx, id, unique));
      changed(auth, current);
    },

    async removeQueueType(auth: AuthContext, assignmentId: number) {
      const row = await repo.findDeviceQueueType(auth.branchId, kind, assignmentId);
      if (!row) throw notFound('The assignment');
      await repo.deleteDeviceQueueType(assignmentId);
      changed(auth, row.device);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;

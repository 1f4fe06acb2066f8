import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { ReaderAction } from '@truck-queue/shared/identify/readers';
import type { PrinterHealth, PrintTarget } from '@truck-queue/shared/printing/printer-status';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../queue/queue.repository.ts';
import {
  branches,
  branchQueueTypes,
  deviceHellos,
  deviceQueueTypes,
  devices,
  identifications,
  queues,
  queueTypes,
  stations,
} from '../../db/schema.ts';

/** A transaction's handle: the link replacement runs in one the service opens. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A branch's active devices of one kind: the controller screens see no other. */
const ofBranch = (branchId: number, kind: DeviceKind): SQL =>
  and(eq(devices.branchId, branchId), eq(devices.kind, kind), eq(devices.active, true))!;

/**
 * The displays and kiosks (devices, their queue types) and the screens waiting to be registered
 * (device_hellos): what the devices themselves read, and what the display and printing
 * controllers manage.
 */
export function createDeviceGatewayRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    // What a device reads of itself.

    /** The active device holding this short id, with its secret hash and when it was verified. */
    async findDeviceByShortId(shortId: string) {
      const [row] = await db
        .select({
          id: devices.id,
          uuid: devices.uuid,
          kind: devices.kind,
          branchId: devices.branchId,
          secretHash: devices.secretHash,
          verifiedDate: devices.verifiedDate,
        })
        .from(devices)
        .where(and(eq(devices.deviceId, shortId), eq(devices.active, true)));
      return row ?? null;
    },

    /**
     * Stamps the device's first contact since registration, once: false when it was already
     * stamped (a hello and a socket racing) or the short id moved meanwhile.
     */
    async stampVerified(id: number, shortId: string, now: Date): Promise<boolean> {
      const [verified] = await db
        .update(devices)
        .set({ verifiedDate: now })
        .where(and(eq(devices.id, id), eq(devices.deviceId, shortId), isNull(devices.verifiedDate)))
        .returning({ id: devices.id });
      return verified !== undefined;
    },

    /** The device's active queue types in its branch, by prefix. */
    queueTypesOfDevice(deviceId: number, branchId: number) {
      return db
        .select({
          id: branchQueueTypes.id,
          queue_type_name: queueTypes.name,
          prefix: branchQueueTypes.prefix,
          flow_engine_id: queueTypes.flowEngineId,
        })
        .from(deviceQueueTypes)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, deviceQueueTypes.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(
          and(
            eq(deviceQueueTypes.deviceId, deviceId),
            eq(branchQueueTypes.branchId, branchId),
            eq(branchQueueTypes.active, true),
          ),
        )
        .orderBy(asc(branchQueueTypes.prefix));
    },

    /** The device's names and its branch's, for its own page. */
    async findDeviceInfo(deviceId: number) {
      const [row] = await db
        .select({
          name: devices.name,
          printerName: devices.printerName,
          printTarget: devices.printTarget,
          paperWidth: devices.paperWidth,
          nowCallingSeconds: devices.nowCallingSeconds,
          recentCount: devices.recentCount,
          verifiedDate: devices.verifiedDate,
          branchName: branches.name,
          maskPlates: branches.maskPlates,
          companyName: branches.companyName,
          calendar: branches.calendar,
          preferBrowserVoice: branches.preferBrowserVoice,
          province: branches.province,
          announceSentence: devices.announceSentence,
          announceRate: devices.announceRate,
          announceVolume: devices.announceVolume,
          announceRepeat: devices.announceRepeat,
        })
        .from(devices)
        .innerJoin(branches, eq(branches.id, devices.branchId))
        .where(eq(devices.id, deviceId));
      return row ?? null;
    },

    /** A ticket's licence and whether its branch masks plates on public screens. */
    async plateOfQueue(queueId: number) {
      const [row] = await db
        .select({ licence: queues.truckLicense, maskPlates: branches.maskPlates })
        .from(queues)
        .innerJoin(branches, eq(branches.id, queues.branchId))
        .where(eq(queues.id, queueId));
      return row ?? null;
    },

    /** The verified active displays that show this queue type. */
    async verifiedDisplaysShowing(branchQueueTypeId: number): Promise<number[]> {
      const rows = await db
        .select({ id: devices.id })
        .from(deviceQueueTypes)
        .innerJoin(devices, eq(devices.id, deviceQueueTypes.deviceId))
        .where(
          and(
            eq(deviceQueueTypes.branchQueueTypeId, branchQueueTypeId),
            eq(devices.kind, 'display'),
            eq(devices.active, true),
            isNotNull(devices.verifiedDate),
          ),
        );
      return rows.map((r) => r.id);
    },

    // The controllers' side: a branch's devices of one kind.

    /** The branch's devices of a kind (or only one of them), by name. */
    listDevices(branchId: number, kind: DeviceKind, only?: number) {
      return db
        .select({
          id: devices.id,
          uuid: devices.uuid,
          name: devices.name,
          device_id: devices.deviceId,
          verifiedDate: devices.verifiedDate,
          printer_name: devices.printerName,
          now_calling_seconds: devices.nowCallingSeconds,
          recent_count: devices.recentCount,
          announce_sentence: devices.announceSentence,
          announce_rate: devices.announceRate,
          announce_volume: devices.announceVolume,
          announce_repeat: devices.announceRepeat,
          print_target: devices.printTarget,
          printer_host: devices.printerHost,
          printer_port: devices.printerPort,
          paperWidth: devices.paperWidth,
          printerHealth: devices.printerHealth,
          printerHealthAt: devices.printerHealthAt,
          stationId: devices.stationId,
          stationName: stations.name,
          readerAction: devices.readerAction,
          readerMinConfidence: devices.readerMinConfidence,
          readerPrinterId: devices.readerPrinterId,
          readerPrinterName: (kind === 'reader'
            ? sql<string | null>`(select p.name from ${devices} p where p.id = ${devices.readerPrinterId})`
            : sql<string | null>`null`
          ).mapWith(String),
          // A reader's last read (the others have none to look for).
          lastReadAt: (kind === 'reader'
            ? sql`(select max(${identifications.at}) from ${identifications} where ${identifications.readerId} = ${devices.id})`
            : sql`null`
          ).mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
        })
        .from(devices)
        .leftJoin(stations, eq(stations.id, devices.stationId))
        .where(and(ofBranch(branchId, kind), only ? eq(devices.id, only) : undefined))
        .orderBy(asc(devices.name));
    },

    /**
     * The registered active devices of these branches, every kind, by name: the branches page
     * counts those offline (one statement for all of them, whatever the number of branches).
     */
    registeredDevicesOf(branchIds: readonly number[]) {
      return db
        .select({
          id: devices.id,
          branchId: devices.branchId,
          kind: devices.kind,
          name: devices.name,
          printTarget: devices.printTarget,
          printerHealth: devices.printerHealth,
        })
        .from(devices)
        .where(
          and(
            anyOf(devices.branchId, branchIds, 'int'),
            eq(devices.active, true),
            isNotNull(devices.deviceId),
          ),
        )
        .orderBy(asc(devices.name), asc(devices.id));
    },

    /** The active queue types linked to these devices, by prefix; one query for all of them. */
    queueTypeLinksOf(deviceIds: number[]) {
      return db
        .select({
          id: deviceQueueTypes.id,
          device: deviceQueueTypes.deviceId,
          branch_queue_type: deviceQueueTypes.branchQueueTypeId,
          queue_type_name: queueTypes.name,
        })
        .from(deviceQueueTypes)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, deviceQueueTypes.branchQueueTypeId))
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(inArray(deviceQueueTypes.deviceId, deviceIds), eq(branchQueueTypes.active, true)))
        .orderBy(asc(branchQueueTypes.prefix));
    },

    /** A device of the branch and kind, by id or uuid. */
    async findDevice(branchId: number, kind: DeviceKind, where: { id?: number; uuid?: string }) {
      const [row] = await db
        .select({
          id: devices.id,
          uuid: devices.uuid,
          deviceId: devices.deviceId,
          printTarget: devices.printTarget,
          printerHost: devices.printerHost,
          printerPort: devices.printerPort,
        })
        .from(devices)
        .where(
          and(
            ofBranch(branchId, kind),
            where.id ? eq(devices.id, where.id) : undefined,
            where.uuid ? eq(devices.uuid, where.uuid) : undefined,
          ),
        );
      return row ?? null;
    },

    /**
     * A weight captured from this scale at `at`, in the capture's transaction: only when it read
     * empty (`emptyAt`) after its last capture, or was never captured from. False: it was not.
     */
    async markCaptured(tx: Executor, scaleId: number, emptyAt: Date | null, at: Date): Promise<boolean> {
      const rows = await tx
        .update(devices)
        .set({ scaleCapturedAt: at })
        .where(
          and(
            eq(devices.id, scaleId),
            emptyAt
              ? or(isNull(devices.scaleCapturedAt), lt(devices.scaleCapturedAt, emptyAt))
              : isNull(devices.scaleCapturedAt),
          ),
        )
        .returning({ id: devices.id });
      return rows.length === 1;
    },

    /** The device (any branch, kind or state) registered with this short id. */
    async findDeviceWithShortId(shortId: string): Promise<{ id: number } | null> {
      const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.deviceId, shortId));
      return row ?? null;
    },

    async insertDevice(
      branchId: number,
      kind: DeviceKind,
      name: string,
      stationId: number | null = null,
      reader: {
        readerAction: ReaderAction;
        readerMinConfidence?: number;
        readerPrinterId?: number | null;
      } | null = null,
    ): Promise<number> {
      const [row] = await db
        .insert(devices)
        .values({ branchId, kind, name, stationId, ...reader })
        .returning({ id: devices.id });
      return row!.id;
    },

    async updateDevice(
      id: number,
      values: {
        name: string;
        printerName?: string | null;
        nowCallingSeconds?: number;
        recentCount?: number;
        announceSentence?: string | null;
        announceRate?: number;
        announceVolume?: number;
        announceRepeat?: number;
        /** Kiosks' printing (controller-settings/print-settings.ts). */
        printTarget?: PrintTarget;
        printerHost?: string | null;
        printerPort?: number;
        paperWidth?: number;
        printerHealth?: PrinterHealth | null;
        printerHealthAt?: Date | null;
        /** Scales' and weighbridge readers' station. */
        stationId?: number | null;
        /** Readers: what a read does, and the least confidence to act alone. */
        readerAction?: ReaderAction;
        readerMinConfidence?: number;
        /** Entrance readers: the ticket printer their check-ins print on. */
        readerPrinterId?: number | null;
      },
    ): Promise<void> {
      await db.update(devices).set(values).where(eq(devices.id, id));
    },

    /**
     * Binds the short id and the waiting browser's secret to the device, verified on its next
     * contact; an id taken meanwhile rejects with the unique violation.
     */
    async registerDevice(id: number, shortId: string, secretHash: string): Promise<void> {
      await db
        .update(devices)
        .set({ deviceId: shortId, secretHash, verifiedDate: null })
        .where(eq(devices.id, id));
    },

    /** Forgets the device's short id and secret: its browser is no longer the device. */
    async disconnectDevice(id: number): Promise<void> {
      await db
        .update(devices)
        .set({ deviceId: null, verifiedDate: null, secretHash: null })
        .where(eq(devices.id, id));
    },

    /** Ids of the queue types linked to the device, active or not. */
    async queueTypeIdsOfDevice(deviceId: number): Promise<number[]> {
      const rows = await db
        .select({ id: deviceQueueTypes.branchQueueTypeId })
        .from(deviceQueueTypes)
        .where(eq(deviceQueueTypes.deviceId, deviceId));
      return rows.map((r) => r.id);
    },

    /** The device shows or issues exactly these queue types (ids without repeats). */
    async replaceDeviceQueueTypes(tx: Tx, deviceId: number, branchQueueTypeIds: number[]): Promise<void> {
      await tx.delete(deviceQueueTypes).where(eq(deviceQueueTypes.deviceId, deviceId));
      if (branchQueueTypeIds.length) {
        await tx
          .insert(deviceQueueTypes)
          .values(branchQueueTypeIds.map((branchQueueTypeId) => ({ deviceId, branchQueueTypeId })));
      }
    },

    /** A queue-type link (its id) of one of the branch's devices of the kind, with that device. */
    async findDeviceQueueType(branchId: number, kind: DeviceKind, linkId: number) {
      const [row] = await db
        .select({ id: deviceQueueTypes.id, device: { id: devices.id, uuid: devices.uuid } })
        .from(deviceQueueTypes)
        .innerJoin(devices, eq(devices.id, deviceQueueTypes.deviceId))
        .where(and(eq(deviceQueueTypes.id, linkId), ofBranch(branchId, kind)));
      return row ?? null;
    },

    async deleteDeviceQueueType(linkId: number): Promise<void> {
      await db.delete(deviceQueueTypes).where(eq(deviceQueueTypes.id, linkId));
    },

    // Screens waiting to be registered (device-hellos.ts holds the rules).

    /** The waiting screen says hello again: true when this browser already holds the id. */
    async touchHello(kind: DeviceKind, shortId: string, secretHash: string, now: Date): Promise<boolean> {
      const [seen] = await db
        .update(deviceHellos)
        .set({ kind, lastSeen: now })
        .where(and(eq(deviceHellos.shortId, shortId), eq(deviceHellos.secretHash, secretHash)))
        .returning({ shortId: deviceHellos.shortId });
      return seen !== undefined;
    },

    /** How many ids are held: seen since `since`. */
    async countHellosSince(since: Date): Promise<number> {
      const [held] = await db
        .select({ n: count() })
        .from(deviceHellos)
        .where(gte(deviceHellos.lastSeen, since));
      return held!.n;
    },

    /** The secret hash of the browser holding this id (seen since `since`), or null. */
    async findHelloHolder(shortId: string, since: Date): Promise<string | null> {
      const [holder] = await db
        .select({ secretHash: deviceHellos.secretHash })
        .from(deviceHellos)
        .where(and(eq(deviceHellos.shortId, shortId), gte(deviceHellos.lastSeen, since)));
      return holder?.secretHash ?? null;
    },

    /**
     * First writer wins, in one statement: a new id is inserted; an id held by this same
     * browser, or not seen since `forgotten`, is (re)taken; an id another browser holds is left
     * alone and false comes back.
     */
    async claimHello(
      kind: DeviceKind,
      shortId: string,
      secretHash: string,
      now: Date,
      forgotten: Date,
    ): Promise<boolean> {
      const [claimed] = await db
        .insert(deviceHellos)
        .values({ shortId, kind, secretHash, firstSeen: now, lastSeen: now })
        .onConflictDoUpdate({
          target: deviceHellos.shortId,
          set: {
            kind,
            secretHash,
            firstSeen: sql`case when ${deviceHellos.secretHash} = ${secretHash} then ${deviceHellos.firstSeen} else ${now.toISOString()}::timestamptz end`,
            lastSeen: now,
          },
          setWhere: or(eq(deviceHellos.secretHash, secretHash), lt(deviceHellos.lastSeen, forgotten)),
        })
        .returning({ shortId: deviceHellos.shortId });
      return claimed !== undefined;
    },

    /** Forgets the ids not seen since `before`. */
    async deleteHellosSeenBefore(before: Date): Promise<void> {
      await db.delete(deviceHellos).where(lt(deviceHellos.lastSeen, before));
    },

    /** The secret hash of the browser of this kind waiting with `shortId` (seen since `since`), or null. */
    async findWaitingHello(kind: DeviceKind, shortId: string, since: Date): Promise<string | null> {
      const [row] = await db
        .select({ secretHash: deviceHellos.secretHash })
        .from(deviceHellos)
        .where(
          and(
            eq(deviceHellos.shortId, shortId),
            eq(deviceHellos.kind, kind),
            gte(deviceHellos.lastSeen, since),
          ),
        );
      return row?.secretHash ?? null;
    },
  };
}

export type DeviceGatewayRepository = ReturnType<typeof createDeviceGatewayRepository>;

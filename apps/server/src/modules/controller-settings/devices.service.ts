import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DeviceRow } from '@truck-queue/shared/contracts/controller.contract';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, devices, deviceQueueTypes, queueTypes } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { assertBranchRows } from '../../db/branch-scope.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { waitingSecretHash } from '../device-gateway/device-hellos.ts';
import { queueTypeChoices } from './assignments.ts';

export type DeviceKind = 'display' | 'printer';

/**
 * Display and printing controllers: the branch's TV screens or ticket kiosks and their queue
 * types. Every change is announced, so the device itself and the controller screens follow live.
 */
export function createDevicesService(db: Db, events: EventHub, kind: DeviceKind, clock: Clock) {
  const mine = (auth: AuthContext) =>
    and(eq(devices.branchId, auth.branchId), eq(devices.kind, kind), eq(devices.active, true));

  function changed(
    auth: AuthContext,
    device: { id: number; uuid: string },
    shortIds: (string | null | undefined)[] = [],
  ) {
    events.publish('deviceChanged', {
      branchId: auth.branchId,
      deviceId: device.id,
      uuid: device.uuid,
      kind,
      shortIds: shortIds.filter((id): id is string => Boolean(id)),
    });
  }

  async function list(auth: AuthContext, only?: number): Promise<DeviceRow[]> {
    const rows = await db
      .select({
        id: devices.id,
        uuid: devices.uuid,
        name: devices.name,
        device_id: devices.deviceId,
        verifiedDate: devices.verifiedDate,
        printer_name: devices.printerName,
      })
      .from(devices)
      .where(and(mine(auth), only ? eq(devices.id, only) : undefined))
      .orderBy(asc(devices.name));
    const links =
      rows.length === 0
        ? []
        : await db
            .select({
              id: deviceQueueTypes.id,
              device: deviceQueueTypes.deviceId,
              branch_queue_type: deviceQueueTypes.branchQueueTypeId,
              queue_type_name: queueTypes.name,
            })
            .from(deviceQueueTypes)
            .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, deviceQueueTypes.branchQueueTypeId))
            .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
            .where(
              and(
                inArray(
                  deviceQueueTypes.deviceId,
                  rows.map((r) => r.id),
                ),
                eq(branchQueueTypes.active, true),
              ),
            )
            .orderBy(asc(branchQueueTypes.prefix));
    return rows.map(({ verifiedDate, ...r }) => ({
      ...r,
      verified_date: verifiedDate?.toISOString() ?? null,
      aCtrl: links
        .filter((l) => l.device === r.id)
        .map(({ id, branch_queue_type, queue_type_name }) => ({ id, branch_queue_type, queue_type_name })),
    }));
  }

  async function find(auth: AuthContext, where: { id?: number; uuid?: string }) {
    const [row] = await db
      .select({ id: devices.id, uuid: devices.uuid, deviceId: devices.deviceId })
      .from(devices)
      .where(
        and(
          mine(auth),
          where.id ? eq(devices.id, where.id) : undefined,
          where.uuid ? eq(devices.uuid, where.uuid) : undefined,
        ),
      );
    if (!row) throw notFound(kind === 'display' ? 'The display' : 'The printer');
    return row;
  }

  return {
    list: (auth: AuthContext) => list(auth),

    async create(auth: AuthContext, name: string) {
      const [row] = await db
        .insert(devices)
        .values({ branchId: auth.branchId, kind, name })
        .returning({ id: devices.id });
      return (await list(auth, row!.id))[0]!;
    },

    async update(
      auth: AuthContext,
      uuid: string,
      values: { name: string; printerName?: string | null | undefined },
    ) {
      const current = await find(auth, { uuid });
      const printerName =
        kind === 'printer' && values.printerName !== undefined
          ? { printerName: values.printerName || null }
          : {};
      await db
        .update(devices)
        .set({ name: values.name, ...printerName })
        .where(eq(devices.id, current.id));
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
      const [taken] = await db.select({ id: devices.id }).from(devices).where(eq(devices.deviceId, deviceId));
      if (taken && taken.id !== current.id)
        throw conflict('This Device ID is already registered.', 'DEVICE_ID_TAKEN');
      const secretHash = await waitingSecretHash(db, kind, deviceId, clock.now());
      if (!secretHash) {
        throw conflict(
          'No unregistered screen is showing this Device ID. Check the ID on the screen and try again.',
          'DEVICE_NOT_WAITING',
        );
      }
      await db
        .update(devices)
        .set({ deviceId, secretHash, verifiedDate: null })
        .where(eq(devices.id, current.id))
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw conflict('This Device ID is already registered.', 'DEVICE_ID_TAKEN');
          throw error;
        });
      // The old id's browser stops being the device; the new id's unregistered screen is waiting.
      changed(auth, current, [current.deviceId, deviceId]);
      return (await list(auth, current.id))[0]!;
    },

    /** Cancel connection: forgets the device; it shows a new id to register again. */
    async cancel(auth: AuthContext, uuid: string) {
      const current = await find(auth, { uuid });
      if (!current.deviceId) throw conflict('This device has no connection yet.', 'NO_DEVICE');
      await db
        .update(devices)
        .set({ deviceId: null, verifiedDate: null, secretHash: null })
        .where(eq(devices.id, current.id));
      changed(auth, current, [current.deviceId]);
    },

    async queueTypeChoices(auth: AuthContext, id: number) {
      await find(auth, { id });
      const chosen = await db
        .select({ id: deviceQueueTypes.branchQueueTypeId })
        .from(deviceQueueTypes)
        .where(eq(deviceQueueTypes.deviceId, id));
      return queueTypeChoices(db, auth, new Set(chosen.map((c) => c.id)));
    },

    async setQueueTypes(auth: AuthContext, id: number, typeIds: number[]) {
      const current = await find(auth, { id });
      await assertBranchRows(db, branchQueueTypes, auth.branchId, typeIds, 'branch_queue_type');
      const unique = [...new Set(typeIds)];
      await db.transaction(async (tx) => {
        await tx.delete(deviceQueueTypes).where(eq(deviceQueueTypes.deviceId, id));
        if (unique.length) {
          await tx
            .insert(deviceQueueTypes)
            .values(unique.map((branchQueueTypeId) => ({ deviceId: id, branchQueueTypeId })));
        }
      });
      changed(auth, current);
    },

    async removeQueueType(auth: AuthContext, assignmentId: number) {
      const [row] = await db
        .select({ id: deviceQueueTypes.id, device: { id: devices.id, uuid: devices.uuid } })
        .from(deviceQueueTypes)
        .innerJoin(devices, eq(devices.id, deviceQueueTypes.deviceId))
        .where(and(eq(deviceQueueTypes.id, assignmentId), mine(auth)));
      if (!row) throw notFound('The assignment');
      await db.delete(deviceQueueTypes).where(eq(deviceQueueTypes.id, assignmentId));
      changed(auth, row.device);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;

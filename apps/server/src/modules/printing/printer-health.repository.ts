import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PrinterHealth, PrintTarget } from '@truck-queue/shared/printing/printer-status';
import type { Db } from '../../db/database.ts';
import { branches, devices } from '../../db/schema.ts';

/** A kiosk's printer as the health checks see it. */
export interface KioskPrinter {
  id: number;
  uuid: string;
  branchId: number;
  printTarget: PrintTarget;
  printerHost: string | null;
  printerPort: number;
  printerHealth: PrinterHealth | null;
  printerHealthAt: Date | null;
}

const kioskPrinter = {
  id: devices.id,
  uuid: devices.uuid,
  branchId: devices.branchId,
  printTarget: devices.printTarget,
  printerHost: devices.printerHost,
  printerPort: devices.printerPort,
  printerHealth: devices.printerHealth,
  printerHealthAt: devices.printerHealthAt,
};

/** The address a health was read at: a health is stored only while the kiosk still prints there. */
export interface ReadAt {
  host: string;
  port: number;
}

/** The stored health of kiosks' printers (devices.printer_health, printer_health_at). */
export function createPrinterHealthRepository(db: Db) {
  return {
    /** Every active, registered kiosk of an active branch that prints to a network printer. */
    networkKiosks(): Promise<KioskPrinter[]> {
      return db
        .select(kioskPrinter)
        .from(devices)
        .innerJoin(branches, eq(branches.id, devices.branchId))
        .where(
          and(
            eq(devices.kind, 'printer'),
            eq(devices.active, true),
            eq(branches.active, true),
            eq(devices.printTarget, 'network'),
            isNotNull(devices.printerHost),
            isNotNull(devices.deviceId),
          ),
        )
        .orderBy(asc(devices.id));
    },

    /** One active kiosk, by id (any branch); null when there is none. */
    async kiosk(id: number): Promise<KioskPrinter | null> {
      const [row] = await db
        .select(kioskPrinter)
        .from(devices)
        .where(and(eq(devices.id, id), eq(devices.kind, 'printer'), eq(devices.active, true)));
      return row ?? null;
    },

    /** One active kiosk of a branch, by uuid; null when the branch has none such. */
    async kioskOfBranch(branchId: number, uuid: string): Promise<KioskPrinter | null> {
      const [row] = await db
        .select(kioskPrinter)
        .from(devices)
        .where(
          and(
            eq(devices.uuid, uuid),
            eq(devices.branchId, branchId),
            eq(devices.kind, 'printer'),
            eq(devices.active, true),
          ),
        );
      return row ?? null;
    },

    /**
     * Stores a health read now. `readAt`: the network address it was read at; a kiosk whose
     * address or target changed meanwhile keeps its (reset) health, the reading being of a
     * printer it no longer uses. Returns whether the stored health changed (null when nothing
     * was stored), with the kiosk, so a change is announced by the instance that stored it (two
     * racing to store the same change may both announce it: screens refetch once more).
     */
    async store(
      id: number,
      health: PrinterHealth,
      at: Date,
      readAt: ReadAt | null,
    ): Promise<{ changed: boolean; uuid: string; branchId: number; previous: PrinterHealth | null } | null> {
      const still = readAt
        ? and(
            eq(devices.printTarget, 'network'),
            eq(devices.printerHost, readAt.host),
            eq(devices.printerPort, readAt.port),
          )
        : undefined;
      // The row's health before this update, read by the same statement.
      const previous = db.select({ health: devices.printerHealth }).from(devices).where(eq(devices.id, id));
      const [row] = await db
        .update(devices)
        .set({ printerHealth: health, printerHealthAt: at })
        .where(and(eq(devices.id, id), eq(devices.kind, 'printer'), still))
        .returning({
          uuid: devices.uuid,
          branchId: devices.branchId,
          previous: sql<PrinterHealth | null>`(${previous})`,
        });
      if (!row) return null;
      return { ...row, changed: row.previous !== health };
    },
  };
}

export type PrinterHealthRepository = ReturnType<typeof createPrinterHealthRepository>;

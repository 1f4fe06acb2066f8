import type { PrinterHealthState } from '@truck-queue/shared/contracts/printing.contract';
import {
  needsAttention,
  PRINTER_CHECK_INTERVAL_MS,
  type PrinterHealth,
} from '@truck-queue/shared/printing/printer-status';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { readPrinterHealth, type PrinterAddress } from './network-printer.ts';
import { createPrinterHealthRepository, type KioskPrinter } from './printer-health.repository.ts';

/** How many network printers are read at once: a few dead ones must not hold up the round. */
const CHECKS_AT_ONCE = 4;

export interface PrinterHealthDeps {
  db: Db;
  events: EventHub;
  clock: Clock;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  /** How a network printer is read (network-printer.ts). */
  read?: (address: PrinterAddress) => Promise<PrinterHealth>;
}

/**
 * Kiosks' printers' health, kept in devices.printer_health: network printers are read by the
 * server between jobs (every PRINTER_CHECK_INTERVAL_MS, and at once when a kiosk's printer
 * settings change), so paper near its end warns the calling page before a ticket fails; print
 * jobs and USB kiosks' reports record what they learnt. A change is announced once
 * (`printerChanged` to the branch's staff screens) and logged.
 */
export function createPrinterHealth(deps: PrinterHealthDeps) {
  const { events, clock, log } = deps;
  const repo = createPrinterHealthRepository(deps.db);
  const read = deps.read ?? ((address: PrinterAddress) => readPrinterHealth(address));
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;

  /** Keeps a background promise until it settles, so closing the app waits for it. */
  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  async function store(deviceId: number, health: PrinterHealth, readAt: PrinterAddress | null) {
    const at = clock.now();
    const stored = await repo.store(deviceId, health, at, readAt);
    if (stored?.changed) {
      const fields = { device: stored.uuid, branchId: stored.branchId, health, previous: stored.previous };
      if (needsAttention(health)) log.warn(fields, 'printer: needs attention');
      else log.info(fields, 'printer: health changed');
      events.publish('printerChanged', { branchId: stored.branchId, deviceId, uuid: stored.uuid, health });
    }
    return { health, checked_at: at.toISOString() };
  }

  /** The kiosk's printer's health: read now when the server reaches it, else the last report. */
  async function check(kiosk: KioskPrinter): Promise<PrinterHealthState> {
    if (kiosk.printTarget === 'browser') return { health: 'unknown', checked_at: null };
    if (kiosk.printTarget === 'usb' || !kiosk.printerHost) {
      return {
        health: kiosk.printerHealth ?? 'unknown',
        checked_at: kiosk.printerHealthAt?.toISOString() ?? null,
      };
    }
    const address = { host: kiosk.printerHost, port: kiosk.printerPort };
    return store(kiosk.id, await readConfirmed(address), address);
  }

  /**
   * A printer's word (paper out, cover open) is stored as read. Silence is not a word: one
   * status answer lost on a busy network or a busy server would tell every calling page that a
   * working printer is down, until the next round 30 s later. So silence is read once more
   * before it counts.
   */
  async function readConfirmed(address: PrinterAddress): Promise<PrinterHealth> {
    const first = await read(address);
    if (first !== 'no_answer' && first !== 'unreachable') return first;
    return read(address);
  }

  /** One round over every network kiosk's printer, a few at a time. */
  async function checkAllOnce(): Promise<void> {
    const kiosks = await repo.networkKiosks();
    let next = 0;
    const worker = async () => {
      while (next < kiosks.length && !stopped) await check(kiosks[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, kiosks.length) }, worker));
  }

  /** Reads every network kiosk's printer now and stores what changed; one round at a time. */
  function checkAll(): Promise<void> {
    round ??= track(checkAllOnce()).finally(() => (round = null));
    return round;
  }

  return {
    checkAll,

    /** printer/checkPrinter: a kiosk of the branch (null when there is none such). */
    async checkKiosk(branchId: number, uuid: string): Promise<PrinterHealthState | null> {
      const kiosk = await repo.kioskOfBranch(branchId, uuid);
      return kiosk ? track(check(kiosk)) : null;
    },

    /**
     * Records a health learnt elsewhere (a print job's status before and after, a USB kiosk's
     * report), announcing it when it changed.
     */
    async recordPrinterHealth(deviceId: number, health: PrinterHealth): Promise<void> {
      await store(deviceId, health, null);
    },

    /** Reads every PRINTER_CHECK_INTERVAL_MS (or `everyMs`) and when a kiosk's printer settings change. */
    start(everyMs = PRINTER_CHECK_INTERVAL_MS): void {
      if (timer || stopped) return;
      timer = setInterval(() => {
        checkAll().catch((error: unknown) => log.warn({ err: error }, 'printer: the checks failed'));
      }, everyMs);
      timer.unref();
    },

    /**
     * A kiosk's settings changed (its target, printer address, registration): read its printer
     * at once in the background, so the controller shows the new printer's health in seconds.
     */
    checkSoon(deviceId: number): void {
      if (stopped) return;
      track(
        repo.kiosk(deviceId).then((kiosk) => (kiosk?.printTarget === 'network' ? check(kiosk) : null)),
      ).catch((error: unknown) => log.warn({ err: error, deviceId }, 'printer: the check failed'));
    },

    /** Stops the checks and waits for those under way (each ends within its deadline). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type PrinterHealthService = ReturnType<typeof createPrinterHealth>;

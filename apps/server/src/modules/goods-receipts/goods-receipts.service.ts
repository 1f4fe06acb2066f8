import {
  GOODS_RECEIPTS_PAGE_MAX,
  type ErpSettings,
  type GoodsReceipt,
  type GoodsReceiptBody,
} from '@truck-queue/shared/contracts/goods-receipt.contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { NO_LAB, type LabService } from '../lab/lab.service.ts';
import { receiptsCsv } from './goods-receipts-csv.ts';
import { createGoodsReceiptsRepository } from './goods-receipts.repository.ts';
import { owesReceipt, receiptBody, sameReceipt } from './receipt.ts';

/**
 * How far below its mark each scan reads again: bigserial ids are taken when a change starts and
 * seen when it commits, so a slow change may appear below rows already read. A ticket's change
 * commits within seconds: the rows of the last RECEIPT_LOOK_BACK_MS among the RECEIPT_LOOK_BACK
 * below the mark are read again (a plant writes far fewer in that time).
 */
export const RECEIPT_LOOK_BACK = 1_000;
export const RECEIPT_LOOK_BACK_MS = 10 * 60_000;
/**
 * The first scan (a new installation, or the upgrade that brought receipts) starts this long ago:
 * receipts for the trucks of the last two days, not a database's whole history at once.
 */
export const FIRST_SCAN_BACK_MS = 2 * 24 * 3_600_000;
/** Tickets one pass of a scan looks at (a scan makes passes until it has read everything). */
const SCAN_BATCH = 200;

/** A stored receipt as it is sent: its id, when it was made, and what it says. */
export function goodsReceiptWire(row: {
  id: number;
  created: Date;
  payload: GoodsReceiptBody;
}): GoodsReceipt {
  return { id: row.id, created: row.created.toISOString(), ...row.payload };
}

/**
 * ERP goods receipts (issue 42): a scanner over the tickets' audit rows (queue_transitions, one
 * written in the same statement as every ticket change) makes each finished weighed truck's
 * receipt, and a new version, marked as a correction of the one before, whenever a later change
 * alters it. The queue's own changes are left as they are (one statement each): the scanner runs
 * beside them, on a timer and soon after a change, and before every read, so a read is never
 * behind the tickets. Each write is once (unique keys on the ticket's version and on its source
 * audit row), whichever instance makes it.
 */
export function createGoodsReceiptsService(deps: {
  db: Db;
  clock: Clock;
  lab: Pick<LabService, 'resultsOf'>;
  siteTimeZone: string;
}) {
  const { db, clock, lab, siteTimeZone } = deps;
  const repo = createGoodsReceiptsRepository(db);
  let scanning: Promise<number> | null = null;
  let next: Promise<number> | null = null;

  /** One pass over tickets changed after `after`: the receipts written and the newest audit row looked at. */
  async function pass(
    after: number,
    lookBack: { mark: number; since: Date } | null,
  ): Promise<{ written: number; full: boolean; through: number }> {
    const changed = await repo.changedTickets(after, SCAN_BATCH, lookBack);
    const ids = changed.map((c) => c.queueId);
    const [tickets, labs, latest] = await Promise.all([
      repo.tickets(db, ids),
      lab.resultsOf(db, ids),
      repo.latestOf(ids),
    ]);
    const byId = new Map(tickets.map((q) => [q.id, q]));
    let written = 0;
    for (const { queueId, lastTransition } of changed) {
      const q = byId.get(queueId);
      if (!q) continue;
      const before = latest.get(queueId) ?? null;
      const owes = owesReceipt(q);
      // A voided ticket's receipt is cancelled; one never made stays unmade.
      const cancels = !owes && q.voidedAt !== null && before !== null && !before.payload.cancelled;
      if (!owes && !cancels) continue;
      const version = {
        version: (before?.payload.version ?? 0) + 1,
        corrects: before?.id ?? null,
        cancelled: cancels,
      };
      const body = receiptBody(q, labs.get(queueId) ?? NO_LAB, version, siteTimeZone);
      if (!body || (before && sameReceipt(before.payload, body))) continue;
      const made = await repo.insert({
        branchId: q.branchId,
        day: body.day,
        queueId,
        version: body.version,
        corrects: body.corrects,
        sourceTransitionId: lastTransition,
        cancelled: body.cancelled,
        payload: body,
        created: clock.now(),
      });
      if (made) written++;
    }
    const full = changed.length === SCAN_BATCH;
    return { written, full, through: full ? changed.at(-1)!.lastTransition : after };
  }

  /** Reads every audit row since the mark (and RECEIPT_LOOK_BACK below it) and writes what is owed. */
  async function scanOnce(): Promise<number> {
    const mark = await repo.scannedThrough();
    const from =
      mark === null
        ? await repo.before(new Date(clock.now().getTime() - FIRST_SCAN_BACK_MS))
        : Math.max(0, mark - RECEIPT_LOOK_BACK);
    // Read first: what commits after it waits for the next scan, whose look-back holds it.
    const newest = (await repo.newestAfter(mark ?? from)) ?? (mark === null ? from : null);
    let after = from;
    const lookBack =
      mark === null ? null : { mark, since: new Date(clock.now().getTime() - RECEIPT_LOOK_BACK_MS) };
    let written = 0;
    for (;;) {
      const done = await pass(after, lookBack);
      written += done.written;
      if (!done.full) break;
      after = done.through;
    }
    if (newest !== null) await repo.markScanned(newest, clock.now());
    return written;
  }

  return {
    /**
     * Brings the receipts up to the tickets as they are now; one scan at a time in this instance
     * (asked during one, it runs once more after it, for changes the running one began before).
     * Answers how many receipts were written.
     */
    scan(): Promise<number> {
      if (scanning) {
        const running = scanning;
        next ??= running
          .catch(() => 0)
          .then(() => {
            next = null;
            return this.scan();
          });
        return next;
      }
      scanning = scanOnce().finally(() => {
        scanning = null;
      });
      return scanning;
    },

    /** A plant day's receipts of the branch, every version, in the order they were made. */
    async ofDay(branchId: number, day: string): Promise<GoodsReceipt[]> {
      await this.scan();
      return (await repo.ofDay(branchId, day)).map(goodsReceiptWire);
    },

    /** An ERP's poll: the branch's receipts after the last id it has, oldest first. */
    async after(
      branchId: number,
      sinceId: number,
      limit = GOODS_RECEIPTS_PAGE_MAX,
    ): Promise<{ receipts: GoodsReceipt[]; more: boolean }> {
      await this.scan();
      const rows = await repo.after(branchId, sinceId, limit + 1);
      return { receipts: rows.slice(0, limit).map(goodsReceiptWire), more: rows.length > limit };
    },

    /** A plant day's receipts as a file the office downloads: CSV (with its BOM) or JSON. */
    async export(branchId: number, day: string, format: 'csv' | 'json') {
      const receipts = await this.ofDay(branchId, day);
      const content = format === 'csv' ? receiptsCsv(receipts) : JSON.stringify({ day, receipts }, null, 2);
      return { file_name: `goods-receipts_${day}.${format}`, content, rows: receipts.length };
    },

    async settings(branchId: number): Promise<ErpSettings> {
      const s = await repo.settings(branchId);
      return {
        plant_code: s.plantCode,
        movement_type: s.movementType,
        products: s.products.map((p) => ({ id: p.id, name: p.name, erp_code: p.erpCode })),
      };
    },

    async saveSettings(
      branchId: number,
      input: {
        plant_code: string;
        movement_type: string;
        products: { id: number; erp_code: string | null }[];
      },
    ): Promise<ErpSettings> {
      const ids = input.products.map((p) => p.id);
      const known = new Set(await repo.productIds(branchId, ids));
      const unknown = input.products.findIndex((p) => !known.has(p.id));
      if (unknown >= 0)
        throw new AppError('NOT_FOUND', 'No such product in this branch.', [
          { path: `products.${unknown}.id`, message: 'is not a product of this branch' },
        ]);
      await repo.saveSettings(
        branchId,
        {
          plantCode: input.plant_code,
          movementType: input.movement_type,
          products: input.products.map((p) => ({ id: p.id, code: p.erp_code })),
        },
        clock.now(),
      );
      return this.settings(branchId);
    },
  };
}

export type GoodsReceiptsService = ReturnType<typeof createGoodsReceiptsService>;

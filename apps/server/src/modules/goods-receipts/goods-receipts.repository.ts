import { and, asc, desc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { GoodsReceiptBody } from '@truck-queue/shared/contracts/goods-receipt.contract';
import type { Db } from '../../db/database.ts';
import { anyOf } from '../../db/any-of.ts';
import {
  appSettings,
  bookings,
  branches,
  erpProductCodes,
  erpSettings,
  goodsReceipts,
  products,
  queues,
  queueTransitions,
  seasons,
  supplierQuotas,
  suppliers,
} from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

/** The app_settings row the scanner keeps the last audit row it read in. */
const SCANNED_SETTING = 'goods_receipts_scanned';

/** What a receipt is read back as: its columns and what it says. */
const receiptColumns = {
  id: goodsReceipts.id,
  created: goodsReceipts.created,
  payload: goodsReceipts.payload,
};

/** The goods receipts (issue 42) and what the scanner reads of the tickets to make them. */
export function createGoodsReceiptsRepository(db: Db) {
  return {
    /** The last audit row the scanner read; null before its first scan. */
    async scannedThrough(): Promise<number | null> {
      const [row] = await db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, SCANNED_SETTING));
      return row ? Number(row.value) : null;
    },

    /** The audit row before the first written at or after `since`: where a first scan starts. */
    async before(since: Date): Promise<number> {
      const [row] = await db
        .select({ id: sql<string | null>`min(${queueTransitions.id})` })
        .from(queueTransitions)
        .where(gte(queueTransitions.created, since));
      if (row?.id != null) return Number(row.id) - 1;
      return this.lastTransition();
    },

    /** Moves the scanner's mark forward (never back: another instance may be ahead). */
    async markScanned(through: number, now: Date): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key: SCANNED_SETTING, value: String(through), updated: now })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: String(through), updated: now },
          setWhere: sql`${appSettings.value}::bigint < ${through}`,
        });
    },

    /** The newest audit row: where a scanner of an empty table starts. */
    async lastTransition(): Promise<number> {
      const [row] = await db
        .select({ id: sql<string | null>`max(${queueTransitions.id})` })
        .from(queueTransitions);
      return Number(row?.id ?? 0);
    },

    /**
     * The tickets changed after audit row `after` (below `lookBack.mark`, only by rows written
     * since `lookBack.since`) that may owe a receipt or a new version: weighed
     * in and out, and finished, let out or voided; each with its newest audit row, unless a
     * receipt was already made from that row (or a later one). Oldest change first.
     */
    async changedTickets(after: number, limit: number, lookBack: { mark: number; since: Date } | null) {
      const last = sql<string>`max(${queueTransitions.id})`;
      const rows = await db
        .select({ queueId: queueTransitions.queueId, lastTransition: last })
        .from(queueTransitions)
        .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
        .where(
          and(
            gt(queueTransitions.id, after),
            // Below the mark, only what was written lately (a change that committed late).
            lookBack === null
              ? undefined
              : or(gt(queueTransitions.id, lookBack.mark), gte(queueTransitions.created, lookBack.since)),
            sql`${queues.weighInKg} is not null and ${queues.weighOutKg} is not null`,
            sql`(${queues.finishedAt} is not null or ${queues.exitAt} is not null or ${queues.voidedAt} is not null)`,
          ),
        )
        .groupBy(queueTransitions.queueId)
        .having(
          sql`not exists (select 1 from ${goodsReceipts} r where r.queue_id = ${queueTransitions.queueId} and r.source_transition_id >= ${last})`,
        )
        .orderBy(asc(last))
        .limit(limit);
      return rows.map((r) => ({ queueId: r.queueId, lastTransition: Number(r.lastTransition) }));
    },

    /** The newest audit row among those after `after` (the scanner's next mark), or null when none. */
    async newestAfter(after: number): Promise<number | null> {
      const [row] = await db
        .select({ id: sql<string | null>`max(${queueTransitions.id})` })
        .from(queueTransitions)
        .where(gt(queueTransitions.id, after));
      return row?.id == null ? null : Number(row.id);
    },

    /** What a receipt says of these tickets, read in one go: the ticket, its branch, product, supplier and codes. */
    async tickets(executor: Executor, queueIds: readonly number[]) {
      if (queueIds.length === 0) return [];
      return executor
        .select({
          id: queues.id,
          uuid: queues.uuid,
          branchId: queues.branchId,
          queueNumber: queues.queueNumber,
          queueDate: queues.queueDate,
          plate: queues.truckLicense,
          state: queues.state,
          finishedAt: queues.finishedAt,
          exitAt: queues.exitAt,
          voidedAt: queues.voidedAt,
          rejectedAt: queues.rejectedAt,
          weighInKg: queues.weighInKg,
          weighInAt: queues.weighInAt,
          weighOutKg: queues.weighOutKg,
          weighOutAt: queues.weighOutAt,
          branchUuid: branches.uuid,
          branchName: branches.name,
          dayStartMinutes: branches.dayStartMinutes,
          plantCode: sql<string>`coalesce(${erpSettings.plantCode}, '')`,
          movementType: sql<string>`coalesce(${erpSettings.movementType}, '101')`,
          productName: products.name,
          productErpCode: erpProductCodes.code,
          supplierCode: suppliers.code,
          supplierName: suppliers.name,
          supplierErpCode: suppliers.erpCode,
          bookingCode: bookings.code,
          // The season of its product that its day falls in, where its supplier holds a quota.
          season: sql<string | null>`(select s.name from ${seasons} s
              join ${supplierQuotas} sq on sq.season_id = s.id and sq.supplier_id = ${queues.supplierId}
             where s.branch_id = ${queues.branchId} and s.product_id = ${queues.productId} and s.active
               and ${queues.queueDate} between s.starts_on and s.ends_on
             order by s.starts_on desc limit 1)`,
        })
        .from(queues)
        .innerJoin(branches, eq(branches.id, queues.branchId))
        .leftJoin(erpSettings, eq(erpSettings.branchId, queues.branchId))
        .leftJoin(products, eq(products.id, queues.productId))
        .leftJoin(erpProductCodes, eq(erpProductCodes.productId, queues.productId))
        .leftJoin(suppliers, eq(suppliers.id, queues.supplierId))
        .leftJoin(bookings, eq(bookings.id, queues.bookingId))
        .where(anyOf(queues.id, queueIds, 'int'));
    },

    /** Each of these tickets' latest receipt: its id, version and what it says. */
    async latestOf(queueIds: readonly number[]) {
      if (queueIds.length === 0) return new Map<number, { id: number; payload: GoodsReceiptBody }>();
      const rows = await db
        .selectDistinctOn([goodsReceipts.queueId], {
          queueId: goodsReceipts.queueId,
          id: goodsReceipts.id,
          payload: goodsReceipts.payload,
        })
        .from(goodsReceipts)
        .where(anyOf(goodsReceipts.queueId, queueIds, 'int'))
        .orderBy(goodsReceipts.queueId, desc(goodsReceipts.version));
      return new Map(rows.map((r) => [r.queueId, { id: r.id, payload: r.payload }]));
    },

    /**
     * Writes a receipt's version; false when another scanner wrote this version (or from this
     * audit row) first: the unique keys make each write once.
     */
    async insert(values: typeof goodsReceipts.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(goodsReceipts)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: goodsReceipts.id });
      return rows.length > 0;
    },

    /** A plant day's receipts of the branch, every version, in the order they were made. */
    async ofDay(branchId: number, day: string) {
      return db
        .select(receiptColumns)
        .from(goodsReceipts)
        .where(and(eq(goodsReceipts.branchId, branchId), eq(goodsReceipts.day, day)))
        .orderBy(asc(goodsReceipts.id));
    },

    /** The branch's receipts after an id, oldest first, at most `limit`. */
    async after(branchId: number, sinceId: number, limit: number) {
      return db
        .select(receiptColumns)
        .from(goodsReceipts)
        .where(and(eq(goodsReceipts.branchId, branchId), gt(goodsReceipts.id, sinceId)))
        .orderBy(asc(goodsReceipts.id))
        .limit(limit);
    },

    // ---- the ERP settings ----

    async settings(branchId: number) {
      const [row] = await db
        .select({ plantCode: erpSettings.plantCode, movementType: erpSettings.movementType })
        .from(erpSettings)
        .where(eq(erpSettings.branchId, branchId));
      const productRows = await db
        .select({ id: products.id, name: products.name, erpCode: erpProductCodes.code })
        .from(products)
        .leftJoin(erpProductCodes, eq(erpProductCodes.productId, products.id))
        .where(and(eq(products.branchId, branchId), eq(products.active, true)))
        .orderBy(asc(products.name), asc(products.id));
      return {
        plantCode: row?.plantCode ?? '',
        movementType: row?.movementType ?? '101',
        products: productRows,
      };
    },

    /** The branch's products among these ids. */
    async productIds(branchId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.branchId, branchId), inArray(products.id, [...ids])));
      return rows.map((r) => r.id);
    },

    async saveSettings(
      branchId: number,
      values: { plantCode: string; movementType: string; products: { id: number; code: string | null }[] },
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const settings = { plantCode: values.plantCode, movementType: values.movementType, updated: now };
        await tx
          .insert(erpSettings)
          .values({ branchId, ...settings })
          .onConflictDoUpdate({ target: erpSettings.branchId, set: settings });
        const cleared = values.products.filter((p) => p.code === null).map((p) => p.id);
        if (cleared.length > 0)
          await tx.delete(erpProductCodes).where(inArray(erpProductCodes.productId, cleared));
        for (const p of values.products) {
          if (p.code === null) continue;
          await tx
            .insert(erpProductCodes)
            .values({ productId: p.id, branchId, code: p.code, updated: now })
            .onConflictDoUpdate({ target: erpProductCodes.productId, set: { code: p.code, updated: now } });
        }
      });
    },
  };
}

export type GoodsReceiptsRepository = ReturnType<typeof createGoodsReceiptsRepository>;

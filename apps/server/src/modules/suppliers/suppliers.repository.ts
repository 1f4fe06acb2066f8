import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Supplier, SupplierKind } from '@truck-queue/shared/contracts/supplier.contract';
import type { Db } from '../../db/database.ts';
import { suppliers, supplierVehicles } from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

/** A supplier as it is written (its vehicles apart). */
export interface SupplierValues {
  code: string;
  codeKey: string;
  name: string;
  kind: SupplierKind;
  phone: string | null;
  taxId: string | null;
  leaderId: number | null;
  active: boolean;
  /** Left out: kept as it is (an update), none (an insert). */
  erpCode?: string | null | undefined;
}

const leaders = alias(suppliers, 'leaders');

/** `%text%` for LIKE, its own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows written per statement by an import. */
const BATCH = 500;

export function createSuppliersRepository(db: Db) {
  /** The suppliers with these ids as the API answers them, in code order. */
  async function withVehicles(
    executor: Executor,
    where: SQL | undefined,
    page?: { limit: number; offset: number },
  ) {
    const query = executor
      .select({
        id: suppliers.id,
        code: suppliers.code,
        name: suppliers.name,
        kind: suppliers.kind,
        phone: suppliers.phone,
        tax_id: suppliers.taxId,
        leader_id: suppliers.leaderId,
        leaderCode: leaders.code,
        leaderName: leaders.name,
        active: suppliers.active,
        erp_code: suppliers.erpCode,
      })
      .from(suppliers)
      .leftJoin(leaders, eq(leaders.id, suppliers.leaderId))
      .where(where)
      .orderBy(asc(suppliers.codeKey))
      .limit(page?.limit ?? Number.MAX_SAFE_INTEGER)
      .offset(page?.offset ?? 0);
    const rows = await query;
    const plates =
      rows.length === 0
        ? []
        : await executor
            .select({
              supplierId: supplierVehicles.supplierId,
              licence: supplierVehicles.licence,
              tag: supplierVehicles.tag,
            })
            .from(supplierVehicles)
            .where(
              inArray(
                supplierVehicles.supplierId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(supplierVehicles.licence));
    return rows.map(({ leaderCode, leaderName, ...row }): Supplier => ({
      ...row,
      leader: leaderCode === null || leaderName === null ? null : { code: leaderCode, name: leaderName },
      vehicles: plates.filter((p) => p.supplierId === row.id).map((p) => p.licence),
      vehicle_tags: Object.fromEntries(
        plates.filter((p) => p.supplierId === row.id && p.tag !== null).map((p) => [p.licence, p.tag!]),
      ),
    }));
  }

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Serialises every write of the branch's suppliers (codes and plates are checked, then written). */
    async lock(tx: Executor, branchId: number): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`suppliers:${branchId}`}, 0))`);
    },

    /**
     * A page of the branch's suppliers, and how many match: by code, name, or a plate key that
     * holds `plateKey` (already plateSearchKey'd).
     */
    async page(
      branchId: number,
      filter: {
        find: string;
        plateKey: string;
        /** The find as a tag (tagKey'd) when it reads as one: a scanned tag finds its supplier. */
        tag: string | null;
        includeInactive: boolean;
        kind: SupplierKind | undefined;
        limit: number;
        offset: number;
      },
    ) {
      const conditions: (SQL | undefined)[] = [eq(suppliers.branchId, branchId)];
      if (!filter.includeInactive) conditions.push(eq(suppliers.active, true));
      if (filter.kind) conditions.push(eq(suppliers.kind, filter.kind));
      if (filter.find) {
        const byPlate = filter.plateKey
          ? sql`exists (select 1 from ${supplierVehicles} where ${supplierVehicles.supplierId} = ${suppliers.id} and ${supplierVehicles.plateKey} like ${contains(filter.plateKey)})`
          : undefined;
        conditions.push(
          or(
            ilike(suppliers.code, contains(filter.find)),
            ilike(suppliers.name, contains(filter.find)),
            byPlate,
            filter.tag
              ? sql`exists (select 1 from ${supplierVehicles} where ${supplierVehicles.supplierId} = ${suppliers.id} and ${supplierVehicles.tag} = ${filter.tag})`
              : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const [found] = await db.select({ n: count() }).from(suppliers).where(where);
      return {
        suppliers: await withVehicles(db, where, { limit: filter.limit, offset: filter.offset }),
        total: found?.n ?? 0,
      };
    },

    async byId(executor: Executor, branchId: number, id: number): Promise<Supplier | null> {
      const [row] = await withVehicles(executor, and(eq(suppliers.branchId, branchId), eq(suppliers.id, id)));
      return row ?? null;
    },

    /** Every supplier of the branch, its vehicles with it (the export). */
    all: (branchId: number, includeInactive: boolean) =>
      withVehicles(
        db,
        and(eq(suppliers.branchId, branchId), includeInactive ? undefined : eq(suppliers.active, true)),
      ),

    /** The branch's suppliers by code key: id, kind. */
    async codes(executor: Executor, branchId: number) {
      return executor
        .select({ id: suppliers.id, codeKey: suppliers.codeKey, kind: suppliers.kind, code: suppliers.code })
        .from(suppliers)
        .where(eq(suppliers.branchId, branchId));
    },

    /** Every vehicle of the branch: which supplier holds each plate key. */
    async plates(executor: Executor, branchId: number) {
      return executor
        .select({
          plateKey: supplierVehicles.plateKey,
          supplierId: supplierVehicles.supplierId,
          code: suppliers.code,
          name: suppliers.name,
        })
        .from(supplierVehicles)
        .innerJoin(suppliers, eq(suppliers.id, supplierVehicles.supplierId))
        .where(eq(supplierVehicles.branchId, branchId));
    },

    /** The code keys of the suppliers that have this one as their leader. */
    async followerKeys(executor: Executor, supplierId: number): Promise<string[]> {
      const rows = await executor
        .select({ codeKey: suppliers.codeKey })
        .from(suppliers)
        .where(eq(suppliers.leaderId, supplierId));
      return rows.map((r) => r.codeKey);
    },

    /** How many suppliers have this one as their leader. */
    async followers(executor: Executor, supplierId: number): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(suppliers)
        .where(eq(suppliers.leaderId, supplierId));
      return row?.n ?? 0;
    },

    async insert(tx: Executor, branchId: number, values: SupplierValues, now: Date): Promise<number> {
      const [row] = await tx
        .insert(suppliers)
        .values({ branchId, ...values, created: now, updated: now })
        .returning({ id: suppliers.id });
      return row!.id;
    },

    async update(tx: Executor, id: number, values: SupplierValues, now: Date): Promise<void> {
      await tx
        .update(suppliers)
        .set({ ...values, updated: now })
        .where(eq(suppliers.id, id));
    },

    /** Every RFID tag the branch's vehicles carry: which supplier's vehicle carries each. */
    async tags(executor: Executor, branchId: number) {
      return executor
        .select({
          tag: supplierVehicles.tag,
          licence: supplierVehicles.licence,
          supplierId: supplierVehicles.supplierId,
          code: suppliers.code,
          name: suppliers.name,
        })
        .from(supplierVehicles)
        .innerJoin(suppliers, eq(suppliers.id, supplierVehicles.supplierId))
        .where(and(eq(supplierVehicles.branchId, branchId), isNotNull(supplierVehicles.tag)));
    },

    /**
     * The suppliers' vehicles become these. A vehicle's `tag` left undefined keeps the tag its
     * plate carried among these suppliers' vehicles (a save or an import that says nothing of tags).
     */
    async setVehicles(
      tx: Executor,
      branchId: number,
      supplierIds: number[],
      vehicles: { supplierId: number; licence: string; plateKey: string; tag?: string | null | undefined }[],
    ): Promise<void> {
      const kept = new Map<string, string>();
      for (let i = 0; i < supplierIds.length; i += BATCH) {
        const some = supplierIds.slice(i, i + BATCH);
        if (vehicles.some((v) => v.tag === undefined))
          for (const row of await tx
            .select({ plateKey: supplierVehicles.plateKey, tag: supplierVehicles.tag })
            .from(supplierVehicles)
            .where(and(inArray(supplierVehicles.supplierId, some), isNotNull(supplierVehicles.tag))))
            kept.set(row.plateKey, row.tag!);
        await tx.delete(supplierVehicles).where(inArray(supplierVehicles.supplierId, some));
      }
      const rows = vehicles.map(({ tag, ...v }) => ({
        branchId,
        ...v,
        tag: tag === undefined ? (kept.get(v.plateKey) ?? null) : tag,
      }));
      for (let i = 0; i < rows.length; i += BATCH)
        await tx.insert(supplierVehicles).values(rows.slice(i, i + BATCH));
    },

    /**
     * The import's writes: new suppliers inserted and known ones updated (by code key), in
     * batches; answers every code key's id.
     */
    async upsertMany(
      tx: Executor,
      branchId: number,
      rows: Omit<SupplierValues, 'leaderId'>[],
      now: Date,
    ): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (let i = 0; i < rows.length; i += BATCH) {
        const written = await tx
          .insert(suppliers)
          .values(rows.slice(i, i + BATCH).map((row) => ({ branchId, ...row, created: now, updated: now })))
          .onConflictDoUpdate({
            target: [suppliers.branchId, suppliers.codeKey],
            set: {
              code: sql`excluded.code`,
              name: sql`excluded.name`,
              kind: sql`excluded.kind`,
              phone: sql`excluded.phone`,
              taxId: sql`excluded.tax_id`,
              active: sql`excluded.active`,
              updated: now,
            },
          })
          .returning({ id: suppliers.id, codeKey: suppliers.codeKey });
        for (const row of written) ids.set(row.codeKey, row.id);
      }
      return ids;
    },

    async setLeader(tx: Executor, supplierIds: number[], leaderId: number | null): Promise<void> {
      for (let i = 0; i < supplierIds.length; i += BATCH)
        await tx
          .update(suppliers)
          .set({ leaderId })
          .where(inArray(suppliers.id, supplierIds.slice(i, i + BATCH)));
    },

    /**
     * The ticket desk's search: active suppliers whose code or name holds `find`, and the one
     * holding the plate key, that one first; at most `limit`.
     */
    async forDesk(branchId: number, find: string, plateKey: string, limit: number) {
      const byPlate = plateKey
        ? sql<boolean>`exists (select 1 from ${supplierVehicles} where ${supplierVehicles.supplierId} = ${suppliers.id} and ${supplierVehicles.plateKey} = ${plateKey})`
        : sql<boolean>`false`;
      const byText = find
        ? or(ilike(suppliers.code, contains(find)), ilike(suppliers.name, contains(find)))
        : undefined;
      if (!find && !plateKey) return [];
      return (
        db
          .select({
            id: suppliers.id,
            code: suppliers.code,
            name: suppliers.name,
            kind: suppliers.kind,
            leader_name: leaders.name,
            ownsPlate: byPlate,
          })
          .from(suppliers)
          .leftJoin(leaders, eq(leaders.id, suppliers.leaderId))
          .where(and(eq(suppliers.branchId, branchId), eq(suppliers.active, true), or(byPlate, byText)))
          // The plate's owner first (a constant may not be ordered by: only with a plate).
          .orderBy(...(plateKey ? [sql`${byPlate} desc`, asc(suppliers.codeKey)] : [asc(suppliers.codeKey)]))
          .limit(limit)
      );
    },
  };
}

export type SuppliersRepository = ReturnType<typeof createSuppliersRepository>;

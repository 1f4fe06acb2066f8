import { and, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@truck-queue/shared/contracts/booking.contract';
import type { OverQuotaRule, QuotaUnit } from '@truck-queue/shared/contracts/season.contract';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/database.ts';
import { products, seasons, supplierQuotas, suppliers } from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

/** A season as it is written. */
export interface SeasonValues {
  name: string;
  productId: number;
  startsOn: string;
  endsOn: string;
  unit: QuotaUnit;
  overQuota: OverQuotaRule;
  active: boolean;
}

/** A season as it is read, with its product's name. */
export interface SeasonRecord extends SeasonValues {
  id: number;
  productName: string;
}

/** One supplier's quota and deliveries in a season, as stored (kilograms as numeric text). */
export interface QuotaRecord {
  supplierId: number;
  code: string;
  name: string;
  /** Null: no quota in the season. */
  entitlement: number | null;
  loads: number;
  paidKg: number;
  booked: number;
}

/** A quota of a season and what its supplier delivered in it (the season's totals add these up). */
export interface QuotaDelivery {
  entitlement: number;
  loads: number;
  paidKg: number;
}

/** A json column as the driver hands it: parsed already, or as text. */
function json<T>(value: unknown): T[] {
  if (typeof value === 'string') return JSON.parse(value) as T[];
  return (value ?? []) as T[];
}

/** A booking still to come: booked, not yet checked in, cancelled or lapsed. */
const OPEN_BOOKING: BookingStatus = 'booked';

/** `%text%` for LIKE, its own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The paid kilograms of the weighed ticket `q` (its net `w.net`, a double): net less each lab
 * value's deduction, as shared/queue/slip.ts receivingSlip computes it, step for step in the same
 * double arithmetic and rounding (Math.round is floor(x + 0.5)), so the page agrees with the slip
 * to the tenth of a kilogram. seasons.test.ts holds the two to the same answers.
 */
const PAID_KG = sql.raw(`greatest(0, floor((w.net - floor(ded.kg * 10 + 0.5) / 10) * 10 + 0.5) / 10)`);
const DEDUCTED = sql.raw(`
  left join lateral (
    select coalesce(sum(floor(((w.net * d.points) / 100) * 10 + 0.5) / 10), 0) as kg
      from (
        select floor((v.value - m.deduct_above) * power(10::float8, m.decimals) + 0.5)
               / power(10::float8, m.decimals) as points
          from queue_lab_values v
          join lab_measures m on m.id = v.measure_id
         where v.queue_id = q.id and m.deduct_above is not null and v.value > m.deduct_above
      ) d
  ) ded on true`);

/**
 * Per season (those `seasonsWhere` keeps, on the alias `s`) and supplier: the loads it delivered
 * and their paid kilograms. A load is a ticket of the season's branch and product on one of its
 * plant days, with a supplier, not voided, weighed in and out.
 */
function deliveredSql(seasonsWhere: SQL, supplierId?: number): SQL {
  return sql`
    select s.id as season_id, q.supplier_id, count(*)::int as loads,
           coalesce(sum((${PAID_KG})::numeric(14, 1)), 0)::text as paid_kg
      from seasons s
      join queues q on q.branch_id = s.branch_id and q.product_id = s.product_id
                   and q.queue_date between s.starts_on and s.ends_on
      cross join lateral (select abs(q.weigh_in_kg - q.weigh_out_kg)::float8 as net) w
      ${DEDUCTED}
     where ${seasonsWhere}
       and q.supplier_id is not null ${supplierId === undefined ? sql`` : sql`and q.supplier_id = ${supplierId}`}
       and q.voided_at is null
       and q.weigh_in_kg is not null and q.weigh_out_kg is not null
     group by s.id, q.supplier_id`;
}

const seasonColumns = {
  id: seasons.id,
  name: seasons.name,
  productId: seasons.productId,
  productName: products.name,
  startsOn: seasons.startsOn,
  endsOn: seasons.endsOn,
  unit: seasons.unit,
  overQuota: seasons.overQuota,
  active: seasons.active,
};

/** Quotas written per statement. */
const BATCH = 500;

export function createSeasonsRepository(db: Db) {
  return {
    db,
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /** Serialises the writes of the branch's seasons (overlaps are checked, then written). */
    async lock(tx: Executor, branchId: number): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`seasons:${branchId}`}, 0))`);
    },

    /** The branch's seasons, the latest start first. */
    async all(executor: Executor, branchId: number): Promise<SeasonRecord[]> {
      return executor
        .select(seasonColumns)
        .from(seasons)
        .innerJoin(products, eq(products.id, seasons.productId))
        .where(eq(seasons.branchId, branchId))
        .orderBy(desc(seasons.startsOn), desc(seasons.id));
    },

    async byId(executor: Executor, branchId: number, id: number): Promise<SeasonRecord | null> {
      const [row] = await executor
        .select(seasonColumns)
        .from(seasons)
        .innerJoin(products, eq(products.id, seasons.productId))
        .where(and(eq(seasons.branchId, branchId), eq(seasons.id, id)));
      return row ?? null;
    },

    /** The branch's active seasons (any product) holding plant day `day`. */
    async activeAll(executor: Executor, branchId: number, day: string): Promise<SeasonRecord[]> {
      return executor
        .select(seasonColumns)
        .from(seasons)
        .innerJoin(products, eq(products.id, seasons.productId))
        .where(
          and(
            eq(seasons.branchId, branchId),
            eq(seasons.active, true),
            lte(seasons.startsOn, day),
            gte(seasons.endsOn, day),
          ),
        )
        .orderBy(asc(seasons.startsOn), asc(seasons.id));
    },

    /** The active season of the product holding plant day `day`, if any. */
    async activeOn(
      executor: Executor,
      branchId: number,
      productId: number,
      day: string,
    ): Promise<SeasonRecord | null> {
      const [row] = await executor
        .select(seasonColumns)
        .from(seasons)
        .innerJoin(products, eq(products.id, seasons.productId))
        .where(
          and(
            eq(seasons.branchId, branchId),
            eq(seasons.productId, productId),
            eq(seasons.active, true),
            lte(seasons.startsOn, day),
            gte(seasons.endsOn, day),
          ),
        )
        .orderBy(desc(seasons.startsOn))
        .limit(1);
      return row ?? null;
    },

    /** An active season of the product, other than `exceptId`, with a day in common with these. */
    async overlapping(
      executor: Executor,
      branchId: number,
      values: Pick<SeasonValues, 'productId' | 'startsOn' | 'endsOn'>,
      exceptId: number | undefined,
    ): Promise<{ name: string; startsOn: string; endsOn: string } | null> {
      const [row] = await executor
        .select({ name: seasons.name, startsOn: seasons.startsOn, endsOn: seasons.endsOn })
        .from(seasons)
        .where(
          and(
            eq(seasons.branchId, branchId),
            eq(seasons.productId, values.productId),
            eq(seasons.active, true),
            lte(seasons.startsOn, values.endsOn),
            gte(seasons.endsOn, values.startsOn),
            exceptId === undefined ? undefined : ne(seasons.id, exceptId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The product of the branch with this id (active or not), if any. */
    async product(executor: Executor, branchId: number, id: number) {
      const [row] = await executor
        .select({ id: products.id, active: products.active })
        .from(products)
        .where(and(eq(products.branchId, branchId), eq(products.id, id)));
      return row ?? null;
    },

    async insert(tx: Executor, branchId: number, values: SeasonValues, now: Date): Promise<number> {
      const [row] = await tx
        .insert(seasons)
        .values({ branchId, ...values, created: now, updated: now })
        .returning({ id: seasons.id });
      return row!.id;
    },

    async update(tx: Executor, id: number, values: SeasonValues, now: Date): Promise<void> {
      await tx
        .update(seasons)
        .set({ ...values, updated: now })
        .where(eq(seasons.id, id));
    },

    /** How many suppliers have a quota in the season. */
    async quotaCount(executor: Executor, seasonId: number): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(supplierQuotas)
        .where(eq(supplierQuotas.seasonId, seasonId));
      return row?.n ?? 0;
    },

    /**
     * Every quota of the branch's seasons (or of one of them), with what its supplier delivered
     * in the season: the seasons' totals. One statement for them all.
     */
    async quotaTotals(executor: Executor, branchId: number, seasonId?: number) {
      const which = sql`s.branch_id = ${branchId} ${seasonId === undefined ? sql`` : sql`and s.id = ${seasonId}`}`;
      const result = await executor.execute<{
        season_id: number;
        entitlement: string;
        loads: number | null;
        paid_kg: string | null;
      }>(sql`
        with delivered as (${deliveredSql(which)})
        select sq.season_id, sq.entitlement::text as entitlement, d.loads, d.paid_kg
          from supplier_quotas sq
          join seasons s on s.id = sq.season_id
          left join delivered d on d.season_id = sq.season_id and d.supplier_id = sq.supplier_id
         where ${which}`);
      return result.rows.map((r) => ({
        seasonId: Number(r.season_id),
        entitlement: Number(r.entitlement),
        loads: Number(r.loads ?? 0),
        paidKg: Number(r.paid_kg ?? 0),
      }));
    },

    /**
     * A page of a season's quota rows, by supplier code, and how many match: every active
     * supplier of the branch, and an inactive one with a quota or a delivery; `supplierId` keeps
     * one. With them, every quota of the season and its supplier's deliveries (the season's
     * totals; only that supplier's with `supplierId`). One statement: the deliveries are added up
     * once for the page and the totals.
     */
    async quotaPage(
      executor: Executor,
      season: Pick<SeasonRecord, 'id' | 'productId' | 'startsOn' | 'endsOn'>,
      branchId: number,
      filter: {
        find: string;
        withQuota: boolean;
        supplierId?: number;
        limit: number;
        offset: number;
        /** Open bookings whose window closed before this have lapsed: not counted as booked. */
        openAfter: Date;
      },
    ): Promise<{ rows: QuotaRecord[]; total: number; quotas: QuotaDelivery[] }> {
      const conditions: SQL[] = [
        sql`sp.branch_id = ${branchId}`,
        sql`(sp.active or sq.supplier_id is not null or d.supplier_id is not null)`,
      ];
      if (filter.find)
        conditions.push(
          sql`(sp.code ilike ${contains(filter.find)} or sp.name ilike ${contains(filter.find)})`,
        );
      if (filter.withQuota) conditions.push(sql`sq.supplier_id is not null`);
      if (filter.supplierId !== undefined) conditions.push(sql`sp.id = ${filter.supplierId}`);
      const result = await executor.execute<{ total: number; rows: unknown; quotas: unknown }>(sql`
        with delivered as (${deliveredSql(sql`s.id = ${season.id}`, filter.supplierId)}),
        booked as (
          select b.supplier_id, count(*)::int as n
            from bookings b
           where b.branch_id = ${branchId} and b.product_id = ${season.productId}
             and b.status = ${OPEN_BOOKING} and b.ends_at >= ${filter.openAfter.toISOString()}::timestamptz
             and b.day between ${season.startsOn}::date and ${season.endsOn}::date
             ${filter.supplierId === undefined ? sql`` : sql`and b.supplier_id = ${filter.supplierId}`}
           group by b.supplier_id
        ),
        matching as (
          select sp.id, sp.code, sp.name, sp.code_key, sq.entitlement::text as entitlement,
                 coalesce(d.loads, 0) as loads, coalesce(d.paid_kg, '0') as paid_kg, coalesce(bk.n, 0) as booked
            from suppliers sp
            left join supplier_quotas sq on sq.season_id = ${season.id} and sq.supplier_id = sp.id
            left join delivered d on d.supplier_id = sp.id
            left join booked bk on bk.supplier_id = sp.id
           where ${sql.join(conditions, sql` and `)}
        )
        select (select count(*) from matching)::int as total,
               (select coalesce(json_agg(p order by p.code_key), '[]')
                  from (select * from matching order by code_key limit ${filter.limit} offset ${filter.offset}) p
               ) as rows,
               (select coalesce(json_agg(json_build_object(
                         'entitlement', sq.entitlement::text,
                         'loads', coalesce(d.loads, 0),
                         'paid_kg', coalesce(d.paid_kg, '0'))), '[]')
                  from supplier_quotas sq
                  left join delivered d on d.supplier_id = sq.supplier_id
                 where sq.season_id = ${season.id}
                   ${filter.supplierId === undefined ? sql`` : sql`and sq.supplier_id = ${filter.supplierId}`}
               ) as quotas`);
      const [answer] = result.rows;
      const rows = json<{
        id: number;
        code: string;
        name: string;
        entitlement: string | null;
        loads: number;
        paid_kg: string;
        booked: number;
      }>(answer?.rows);
      const quotas = json<{ entitlement: string; loads: number; paid_kg: string }>(answer?.quotas);
      return {
        total: Number(answer?.total ?? 0),
        rows: rows.map((r) => ({
          supplierId: Number(r.id),
          code: r.code,
          name: r.name,
          entitlement: r.entitlement === null ? null : Number(r.entitlement),
          loads: Number(r.loads),
          paidKg: Number(r.paid_kg),
          booked: Number(r.booked),
        })),
        quotas: quotas.map((q) => ({
          entitlement: Number(q.entitlement),
          loads: Number(q.loads),
          paidKg: Number(q.paid_kg),
        })),
      };
    },

    /** The ids of these suppliers that are the branch's. */
    async suppliersOf(executor: Executor, branchId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.branchId, branchId), anyOf(suppliers.id, ids, 'int')))
        .orderBy(asc(suppliers.id));
      return new Set(rows.map((r) => r.id));
    },

    /** Sets quotas (an entitlement) and takes them away (null), in the caller's transaction. */
    async setQuotas(
      tx: Executor,
      seasonId: number,
      quotas: readonly { supplierId: number; entitlement: number | null }[],
      now: Date,
    ): Promise<void> {
      const kept = quotas.filter((q) => q.entitlement !== null);
      const dropped = quotas.filter((q) => q.entitlement === null).map((q) => q.supplierId);
      for (let i = 0; i < dropped.length; i += BATCH)
        await tx
          .delete(supplierQuotas)
          .where(
            and(
              eq(supplierQuotas.seasonId, seasonId),
              anyOf(supplierQuotas.supplierId, dropped.slice(i, i + BATCH), 'int'),
            ),
          );
      for (let i = 0; i < kept.length; i += BATCH)
        await tx
          .insert(supplierQuotas)
          .values(
            kept.slice(i, i + BATCH).map((q) => ({
              seasonId,
              supplierId: q.supplierId,
              entitlement: String(q.entitlement),
              updated: now,
            })),
          )
          .onConflictDoUpdate({
            target: [supplierQuotas.seasonId, supplierQuotas.supplierId],
            set: { entitlement: sql`excluded.entitlement`, updated: now },
          });
    },
  };
}

export type SeasonsRepository = ReturnType<typeof createSeasonsRepository>;

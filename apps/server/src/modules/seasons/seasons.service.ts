import type { z } from 'zod';
import type {
  listQuotas,
  OverQuotaRule,
  QuotaRow,
  QuotaUnit,
  saveQuotas,
  Season,
  SeasonInputSchema,
} from '@truck-queue/shared/contracts/season.contract';
import { deliveredIn, overQuota, quotaRemaining, tonnesOfKg, toTenth } from '@truck-queue/shared/quota';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Executor } from '../queue/queue.repository.ts';
import type { QuotaDelivery, QuotaRecord, SeasonRecord, SeasonsRepository } from './seasons.repository.ts';

type SeasonInput = z.output<typeof SeasonInputSchema>;
type QuotaFilter = z.output<(typeof listQuotas)['body']>;
type QuotasInput = z.output<(typeof saveQuotas)['body']>;

/** Where a supplier stands against its quota in the season holding a plant day (bookings read it). */
export interface QuotaStanding {
  seasonId: number;
  seasonName: string;
  unit: QuotaUnit;
  overQuota: OverQuotaRule;
  entitlement: number;
  /** In the season's unit. */
  delivered: number;
  /** Its open bookings of the product in the season's days. */
  bookedLoads: number;
  /** One more load would be past the quota (shared/quota.ts overQuota). */
  over: boolean;
}

const invalid = (message: string, path: string, issue: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message: issue }]);

/** A quota row as the API answers it: delivered in the season's unit, tonnes to the tenth. */
function toRow(unit: QuotaUnit, r: QuotaRecord): QuotaRow {
  const tonnes = tonnesOfKg(r.paidKg);
  const delivered = deliveredIn(unit, { loads: r.loads, tonnes });
  return {
    supplier_id: r.supplierId,
    code: r.code,
    name: r.name,
    entitlement: r.entitlement,
    delivered,
    remaining: r.entitlement === null ? null : quotaRemaining(r.entitlement, delivered),
    loads: r.loads,
    tonnes,
    booked: r.booked,
  };
}

/** A season as the API answers it: its quotas and their deliveries added up, in its unit. */
function toSeason(s: SeasonRecord, quotas: readonly QuotaDelivery[]): Season {
  const delivered = quotas.reduce(
    (sum, q) => sum + deliveredIn(s.unit, { loads: q.loads, tonnes: tonnesOfKg(q.paidKg) }),
    0,
  );
  return {
    id: s.id,
    name: s.name,
    product: s.productId,
    product_name: s.productName,
    starts_on: s.startsOn,
    ends_on: s.endsOn,
    unit: s.unit,
    over_quota: s.overQuota,
    active: s.active,
    suppliers: quotas.length,
    entitlement: toTenth(quotas.reduce((sum, q) => sum + q.entitlement, 0)),
    delivered: toTenth(delivered),
  };
}

/**
 * Seasons and quotas (issue 39): a branch's crop years per product, each supplier's entitlement
 * in one, and what it has delivered, from its weighed loads' paid weight. Writes take the
 * branch's season lock, so an overlap is checked and written as one step.
 */
export function createSeasonsService(deps: { repo: SeasonsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  /** The seasons as the API answers them, with their quotas added up (one statement for all). */
  async function withTotals(executor: Executor, branchId: number, list: SeasonRecord[], seasonId?: number) {
    const totals = await repo.quotaTotals(executor, branchId, seasonId);
    return list.map((s) =>
      toSeason(
        s,
        totals.filter((q) => q.seasonId === s.id),
      ),
    );
  }

  async function seasonOf(executor: Executor, branchId: number, id: number): Promise<SeasonRecord> {
    const season = await repo.byId(executor, branchId, id);
    if (!season) throw notFound('The season');
    return season;
  }

  /** Where a supplier stands in one season; null without a quota in it. */
  async function standingIn(
    executor: Executor,
    season: SeasonRecord,
    branchId: number,
    supplierId: number,
    lapsedBefore: Date,
  ): Promise<QuotaStanding | null> {
    const { rows } = await repo.quotaPage(executor, season, branchId, {
      find: '',
      withQuota: true,
      supplierId,
      limit: 1,
      offset: 0,
      openAfter: lapsedBefore,
    });
    const row = rows[0];
    if (!row || row.entitlement === null) return null;
    const { delivered } = toRow(season.unit, row);
    return {
      seasonId: season.id,
      seasonName: season.name,
      unit: season.unit,
      overQuota: season.overQuota,
      entitlement: row.entitlement,
      delivered,
      bookedLoads: row.booked,
      over: overQuota({
        unit: season.unit,
        entitlement: row.entitlement,
        delivered,
        bookedLoads: row.booked,
      }),
    };
  }

  return {
    async list(auth: AuthContext): Promise<Season[]> {
      return withTotals(repo.db, auth.branchId, await repo.all(repo.db, auth.branchId));
    },

    async save(auth: AuthContext, input: SeasonInput): Promise<Season> {
      const branchId = auth.branchId;
      return repo.transaction(async (tx) => {
        await repo.lock(tx, branchId);
        const was = input.id === undefined ? null : await seasonOf(tx, branchId, input.id);
        const product = await repo.product(tx, branchId, input.product);
        // A season kept on a product since made inactive may still be edited (ended, renamed).
        if (!product || (!product.active && was?.productId !== product.id))
          throw invalid(
            'The product must be an active product of the branch.',
            'product',
            'is not an active product of this branch',
          );
        if (was && was.unit !== input.unit) {
          const quotas = await repo.quotaCount(tx, was.id);
          if (quotas > 0)
            throw invalid(
              `${quotas} quotas are set in ${was.unit}: the unit stays.`,
              'unit',
              `may not change: ${quotas} quotas are set in ${was.unit}`,
            );
        }
        const values = {
          name: input.name,
          productId: input.product,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          unit: input.unit,
          overQuota: input.over_quota,
          active: input.active,
        };
        if (values.active) {
          const other = await repo.overlapping(tx, branchId, values, input.id);
          if (other)
            throw conflict(
              `The active season ${other.name} (${other.startsOn} to ${other.endsOn}) of the product holds some of these days.`,
              'SEASON_OVERLAP',
            );
        }
        const now = clock.now();
        const id = was?.id ?? (await repo.insert(tx, branchId, values, now));
        if (was) await repo.update(tx, id, values, now);
        const [season] = await withTotals(tx, branchId, [await seasonOf(tx, branchId, id)], id);
        return season!;
      });
    },

    async quotas(auth: AuthContext, filter: QuotaFilter) {
      const season = await seasonOf(repo.db, auth.branchId, filter.season_id);
      const page = await repo.quotaPage(repo.db, season, auth.branchId, {
        find: filter.find,
        withQuota: filter.with_quota,
        limit: filter.page_size,
        offset: (filter.page - 1) * filter.page_size,
        openAfter: clock.now(),
      });
      return {
        season: toSeason(season, page.quotas),
        rows: page.rows.map((r) => toRow(season.unit, r)),
        total: page.total,
      };
    },

    /** Sets and takes away quotas of one season, all or nothing. */
    async saveQuotas(auth: AuthContext, input: QuotasInput): Promise<number> {
      const branchId = auth.branchId;
      return repo.transaction(async (tx) => {
        await repo.lock(tx, branchId);
        const season = await seasonOf(tx, branchId, input.season_id);
        const ids = input.quotas.map((q) => q.supplier_id);
        const ours = await repo.suppliersOf(tx, branchId, ids);
        const issues: { path: string; message: string }[] = [];
        input.quotas.forEach((q, index) => {
          if (ids.indexOf(q.supplier_id) !== index)
            issues.push({ path: `quotas.${index}.supplier_id`, message: 'is listed twice' });
          else if (!ours.has(q.supplier_id))
            issues.push({ path: `quotas.${index}.supplier_id`, message: 'is not a supplier of this branch' });
          if (season.unit === 'loads' && q.entitlement !== null && !Number.isInteger(q.entitlement))
            issues.push({ path: `quotas.${index}.entitlement`, message: 'must be a whole number of loads' });
        });
        if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'Some quotas cannot be set.', issues);
        await repo.setQuotas(
          tx,
          season.id,
          input.quotas.map((q) => ({ supplierId: q.supplier_id, entitlement: q.entitlement })),
          clock.now(),
        );
        return input.quotas.length;
      });
    },

    /**
     * Where the supplier stands in the active season of the product holding plant day `day`;
     * null when no season holds it or the supplier has no quota in it. Open bookings whose window
     * closed before `lapsedBefore` (the bookings' late grace) have lapsed and do not count.
     */
    async standing(
      executor: Executor,
      branchId: number,
      supplierId: number,
      productId: number,
      day: string,
      lapsedBefore: Date = clock.now(),
    ): Promise<QuotaStanding | null> {
      const season = await repo.activeOn(executor, branchId, productId, day);
      return season ? standingIn(executor, season, branchId, supplierId, lapsedBefore) : null;
    },

    /** Where the supplier stands in every active season holding plant day `day` where it has a quota. */
    async standings(
      executor: Executor,
      branchId: number,
      supplierId: number,
      day: string,
      lapsedBefore: Date = clock.now(),
    ): Promise<(QuotaStanding & { productName: string })[]> {
      const held = await repo.activeAll(executor, branchId, day);
      const found = await Promise.all(
        held.map(async (season) => {
          const standing = await standingIn(executor, season, branchId, supplierId, lapsedBefore);
          return standing && { ...standing, productName: season.productName };
        }),
      );
      return found.filter((s) => s !== null);
    },

    /**
     * A season of the branch with each supplier's remaining quota (in its unit) and open bookings:
     * what the delivery calendar hands out. Null: no such season.
     */
    async remaining(branchId: number, seasonId: number, lapsedBefore: Date = clock.now()) {
      const season = await repo.byId(repo.db, branchId, seasonId);
      if (!season) return null;
      const { rows } = await repo.quotaPage(repo.db, season, branchId, {
        find: '',
        withQuota: true,
        limit: Number.MAX_SAFE_INTEGER,
        offset: 0,
        openAfter: lapsedBefore,
      });
      return {
        productId: season.productId,
        startsOn: season.startsOn,
        endsOn: season.endsOn,
        unit: season.unit,
        suppliers: rows
          .filter((r) => r.entitlement !== null)
          .map((r) => {
            const { remaining } = toRow(season.unit, r);
            return { id: r.supplierId, code: r.code, name: r.name, remaining: remaining!, booked: r.booked };
          }),
      };
    },
  };
}

export type SeasonsService = ReturnType<typeof createSeasonsService>;

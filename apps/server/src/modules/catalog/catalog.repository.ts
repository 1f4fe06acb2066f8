import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { assertBranchRows } from '../../db/branch-scope.ts';
import {
  branchQueueTypeProducts,
  branchQueueTypes,
  flowEngines,
  flowStates,
  products,
  queueTypes,
  stations,
  stationStates,
} from '../../db/schema.ts';

/** A transaction's handle: the link replacements run in one the service opens. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A weight column as a number (the wire's), null kept. */
const kgOf = (column: AnyPgColumn) => sql<number | null>`${column}::float8`;

/** A product with its weighing limits (issue 42), as the catalog and the weighbridge read them. */
const productColumns = {
  id: products.id,
  uuid: products.uuid,
  name: products.name,
  min_net_kg: kgOf(products.minNetKg),
  max_net_kg: kgOf(products.maxNetKg),
  min_gross_kg: kgOf(products.minGrossKg),
  max_gross_kg: kgOf(products.maxGrossKg),
  vehicle_class: products.vehicleClass,
};

/** A product's weighing limits as an admin saves them (catalog.contract.ts ProductLimits). */
export type ProductLimitsInput = Omit<
  typeof products.$inferSelect,
  'id' | 'uuid' | 'branchId' | 'name' | 'active' | 'created'
>;

const activeQueueType = (branchId: number) =>
  and(eq(branchQueueTypes.branchId, branchId), eq(branchQueueTypes.active, true));
const activeProduct = (branchId: number) => and(eq(products.branchId, branchId), eq(products.active, true));
const activeStation = (branchId: number) => and(eq(stations.branchId, branchId), eq(stations.active, true));

/**
 * The plant's catalog: master queue types and the branch's queue types (prefix, products),
 * products, stations and the flow states each handles, and the flow engines.
 */
export function createCatalogRepository(db: Db) {
  /** The active products each of these queue types offers, by name; one query for all of them. */
  async function productsOfQueueTypes(
    branchQueueTypeIds: number[],
  ): Promise<Map<number, { id: number; name: string }[]>> {
    const byType = new Map<number, { id: number; name: string }[]>();
    if (branchQueueTypeIds.length === 0) return byType;
    const links = await db
      .select({ typeId: branchQueueTypeProducts.branchQueueTypeId, id: products.id, name: products.name })
      .from(branchQueueTypeProducts)
      .innerJoin(products, eq(products.id, branchQueueTypeProducts.productId))
      .where(
        and(
          inArray(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeIds),
          eq(products.active, true),
        ),
      )
      .orderBy(asc(products.name));
    for (const { typeId, id, name } of links)
      byType.set(typeId, [...(byType.get(typeId) ?? []), { id, name }]);
    return byType;
  }

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /**
     * Runs `work` in a transaction holding the lock of the branch's names of one kind (issue 37):
     * a name is checked free and then written under it, so two parallel creates or renames
     * cannot both find the name free (products and stations have no unique index on it; a
     * branch's own queue type names are compared without case across master types too).
     */
    withNameLock<T>(
      branchId: number,
      kind: 'product' | 'station' | 'queue-type',
      work: (tx: Tx) => Promise<T>,
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`catalog-names:${kind}:${branchId}`}, 0))`,
        );
        return work(tx);
      });
    },

    // Queue types.

    /** The branch's active queue types (or only one of them), by prefix, with their master's name and flow. */
    listBranchQueueTypes(branchId: number, only?: number) {
      return db
        .select({
          id: branchQueueTypes.id,
          uuid: branchQueueTypes.uuid,
          queue_type_id: queueTypes.id,
          queue_type_name: queueTypes.name,
          flow_engine_id: queueTypes.flowEngineId,
          prefix: branchQueueTypes.prefix,
          own_name: sql<boolean>`${queueTypes.branchId} is not null`,
          order_rule: branchQueueTypes.orderRule,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(activeQueueType(branchId), only ? eq(branchQueueTypes.id, only) : undefined))
        .orderBy(asc(branchQueueTypes.prefix));
    },

    /** An active queue type of the branch, by id or uuid. */
    async findBranchQueueType(
      branchId: number,
      key: { id: number } | { uuid: string },
    ): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: branchQueueTypes.id })
        .from(branchQueueTypes)
        .where(
          and(
            'id' in key ? eq(branchQueueTypes.id, key.id) : eq(branchQueueTypes.uuid, key.uuid),
            activeQueueType(branchId),
          ),
        );
      return row ?? null;
    },

    /** The branch's active queue type of this master type, if it has one. */
    async findBranchQueueTypeOfMaster(branchId: number, masterId: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: branchQueueTypes.id })
        .from(branchQueueTypes)
        .where(and(activeQueueType(branchId), eq(branchQueueTypes.queueTypeId, masterId)));
      return row ?? null;
    },

    /** The branch's active queue type using this prefix, other than `exceptId`. */
    async findQueueTypeWithPrefix(
      branchId: number,
      prefix: string,
      exceptId?: number,
    ): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: branchQueueTypes.id })
        .from(branchQueueTypes)
        .where(
          and(
            activeQueueType(branchId),
            eq(branchQueueTypes.prefix, prefix),
            exceptId ? ne(branchQueueTypes.id, exceptId) : undefined,
          ),
        );
      return row ?? null;
    },

    /** Adds a queue type to the branch; a taken prefix or type rejects with the unique violation. */
    async insertBranchQueueType(
      branchId: number,
      masterId: number,
      prefix: string,
      tx: Pick<Db, 'insert'> = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(branchQueueTypes)
        .values({ branchId, queueTypeId: masterId, prefix, status: 1 })
        .returning({ id: branchQueueTypes.id });
      return row!.id;
    },

    /** A taken prefix rejects with the unique violation. */
    async setQueueTypePrefix(id: number, prefix: string, tx: Pick<Db, 'update'> = db): Promise<void> {
      await tx.update(branchQueueTypes).set({ prefix }).where(eq(branchQueueTypes.id, id));
    },

    async deactivateBranchQueueType(id: number): Promise<void> {
      await db.update(branchQueueTypes).set({ active: false }).where(eq(branchQueueTypes.id, id));
    },

    /** The spec's master list: the types no branch owns. */
    listMasterQueueTypes() {
      return db
        .select({ id: queueTypes.id, name: queueTypes.name, flow_engine_id: queueTypes.flowEngineId })
        .from(queueTypes)
        .where(isNull(queueTypes.branchId))
        .orderBy(asc(queueTypes.flowEngineId), asc(queueTypes.name));
    },

    async findMasterQueueType(id: number): Promise<{ id: number; flowEngineId: number } | null> {
      const [row] = await db
        .select({ id: queueTypes.id, flowEngineId: queueTypes.flowEngineId })
        .from(queueTypes)
        .where(and(eq(queueTypes.id, id), isNull(queueTypes.branchId)));
      return row ?? null;
    },

    /** The type behind a branch queue type: its name, flow and owner (null: the master list's). */
    async typeOfBranchQueueType(
      id: number,
    ): Promise<{ queueTypeId: number; name: string; flowEngineId: number; branchId: number | null }> {
      const [row] = await db
        .select({
          queueTypeId: queueTypes.id,
          name: queueTypes.name,
          flowEngineId: queueTypes.flowEngineId,
          branchId: queueTypes.branchId,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(eq(branchQueueTypes.id, id));
      return row!;
    },

    /**
     * Who already answers to this name (compared without case): a master type, or an active queue
     * type of the branch other than `exceptId`.
     */
    async queueTypeNamed(
      branchId: number,
      name: string,
      exceptId?: number,
      executor: Db | Tx = db,
    ): Promise<{ masterId: number; flowEngineId: number } | { branchQueueTypeId: number } | null> {
      const sameName = sql`lower(${queueTypes.name}) = lower(${name})`;
      const [master] = await executor
        .select({ masterId: queueTypes.id, flowEngineId: queueTypes.flowEngineId })
        .from(queueTypes)
        .where(and(isNull(queueTypes.branchId), sameName));
      if (master) return master;
      const [used] = await executor
        .select({ branchQueueTypeId: branchQueueTypes.id })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(
          and(activeQueueType(branchId), sameName, exceptId ? ne(branchQueueTypes.id, exceptId) : undefined),
        );
      return used ?? null;
    },

    /** A type of the branch's own (a name no other branch sees). */
    async insertOwnQueueType(tx: Tx, branchId: number, name: string, flowEngineId: number): Promise<number> {
      const [row] = await tx
        .insert(queueTypes)
        .values({ branchId, name, flowEngineId })
        .returning({ id: queueTypes.id });
      return row!.id;
    },

    async renameOwnQueueType(tx: Tx, queueTypeId: number, name: string): Promise<void> {
      await tx.update(queueTypes).set({ name }).where(eq(queueTypes.id, queueTypeId));
    },

    /** Points a branch queue type at another type (its own renamed one, or back to a master's). */
    async setTypeOfBranchQueueType(tx: Tx, id: number, queueTypeId: number): Promise<void> {
      await tx.update(branchQueueTypes).set({ queueTypeId }).where(eq(branchQueueTypes.id, id));
    },

    /** Throws VALIDATION_FAILED unless every id is an active queue type of the branch. */
    assertBranchQueueTypes: (branchId: number, ids: number[]) =>
      assertBranchRows(db, branchQueueTypes, branchId, ids, 'branch_queue_type'),

    // Products.

    productsOfQueueTypes,

    /** Each queue type with the active products it offers (`product`), as ticket screens list them. */
    async withProducts<T extends { id: number }>(
      types: T[],
    ): Promise<(T & { product: { id: number; name: string }[] })[]> {
      const offered = await productsOfQueueTypes(types.map((t) => t.id));
      return types.map((t) => ({ ...t, product: offered.get(t.id) ?? [] }));
    },

    /** The branch's active products, by name. */
    listActiveProducts(branchId: number) {
      return db
        .select(productColumns)
        .from(products)
        .where(activeProduct(branchId))
        .orderBy(asc(products.name));
    },

    /** Every product of the branch, active ones first, by name (the reports' filter). */
    listBranchProducts(branchId: number) {
      return db
        .select({ id: products.id, name: products.name, active: products.active })
        .from(products)
        .where(eq(products.branchId, branchId))
        .orderBy(desc(products.active), asc(products.name));
    },

    async findActiveProductByUuid(branchId: number, uuid: string) {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .where(and(activeProduct(branchId), eq(products.uuid, uuid)));
      return row ?? null;
    },

    /** The branch's active product with this name, other than `exceptId`. */
    async findProductNamed(
      branchId: number,
      name: string,
      exceptId?: number,
      executor: Db | Tx = db,
    ): Promise<{ id: number } | null> {
      const [row] = await executor
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            activeProduct(branchId),
            eq(products.name, name),
            exceptId ? ne(products.id, exceptId) : undefined,
          ),
        );
      return row ?? null;
    },

    async insertProduct(
      branchId: number,
      name: string,
      limits: Partial<ProductLimitsInput> = {},
      executor: Db | Tx = db,
    ) {
      const [row] = await executor
        .insert(products)
        .values({ branchId, name, ...limits })
        .returning(productColumns);
      return row!;
    },

    async renameProduct(
      id: number,
      name: string,
      limits: Partial<ProductLimitsInput> = {},
      executor: Db | Tx = db,
    ) {
      const [row] = await executor
        .update(products)
        .set({ name, ...limits })
        .where(eq(products.id, id))
        .returning(productColumns);
      return row!;
    },

    /** Ids of the products a queue type offers, active or not. */
    async productIdsOfQueueType(branchQueueTypeId: number): Promise<number[]> {
      const rows = await db
        .select({ id: branchQueueTypeProducts.productId })
        .from(branchQueueTypeProducts)
        .where(eq(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeId));
      return rows.map((r) => r.id);
    },

    /** The queue type offers exactly these products (ids without repeats). */
    async replaceQueueTypeProducts(tx: Tx, branchQueueTypeId: number, productIds: number[]): Promise<void> {
      await tx
        .delete(branchQueueTypeProducts)
        .where(eq(branchQueueTypeProducts.branchQueueTypeId, branchQueueTypeId));
      if (productIds.length) {
        await tx
          .insert(branchQueueTypeProducts)
          .values(productIds.map((productId) => ({ branchQueueTypeId, productId })));
      }
    },

    /** Throws VALIDATION_FAILED unless every id is an active product of the branch. */
    assertBranchProducts: (branchId: number, ids: number[]) =>
      assertBranchRows(db, products, branchId, ids, 'product'),

    // Stations and flows.

    /** The branch's active stations (or only one of them), by name. */
    listActiveStations(branchId: number, only?: number) {
      return db
        .select({
          id: stations.id,
          uuid: stations.uuid,
          name: stations.name,
          weighbridge: stations.weighbridge,
        })
        .from(stations)
        .where(and(activeStation(branchId), only ? eq(stations.id, only) : undefined))
        .orderBy(asc(stations.name));
    },

    /** The flow states these stations handle, with their flow's name; one query for all of them. */
    statesOfStations(stationIds: number[]) {
      return db
        .select({
          sus_id: stationStates.id,
          sus_station: stationStates.stationId,
          sus_flow_state: stationStates.flowStateId,
          fe_name: flowEngines.name,
          fs_state_name: flowStates.stateName,
          fs_state_detail: flowStates.stateDetail,
        })
        .from(stationStates)
        .innerJoin(flowStates, eq(flowStates.id, stationStates.flowStateId))
        .innerJoin(flowEngines, eq(flowEngines.id, flowStates.flowEngineId))
        .where(inArray(stationStates.stationId, stationIds))
        .orderBy(asc(flowStates.flowEngineId), asc(flowStates.id));
    },

    /** An active station of the branch, by id or uuid. */
    async findActiveStation(
      branchId: number,
      where: { id?: number; uuid?: string },
    ): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: stations.id })
        .from(stations)
        .where(
          and(
            activeStation(branchId),
            where.id ? eq(stations.id, where.id) : undefined,
            where.uuid ? eq(stations.uuid, where.uuid) : undefined,
          ),
        );
      return row ?? null;
    },

    /** The branch's active station with this name, other than `exceptId`. */
    async findStationNamed(
      branchId: number,
      name: string,
      exceptId?: number,
      executor: Db | Tx = db,
    ): Promise<{ id: number } | null> {
      const [row] = await executor
        .select({ id: stations.id })
        .from(stations)
        .where(
          and(
            activeStation(branchId),
            eq(stations.name, name),
            exceptId ? ne(stations.id, exceptId) : undefined,
          ),
        );
      return row ?? null;
    },

    async insertStation(
      branchId: number,
      name: string,
      weighbridge = false,
      executor: Db | Tx = db,
    ): Promise<number> {
      const [row] = await executor
        .insert(stations)
        .values({ branchId, name, weighbridge })
        .returning({ id: stations.id });
      return row!.id;
    },

    /** Renames a station and, when `weighbridge` is given, marks it a weighbridge or not. */
    async renameStation(
      id: number,
      name: string,
      weighbridge?: boolean,
      executor: Db | Tx = db,
    ): Promise<void> {
      await executor
        .update(stations)
        .set(weighbridge === undefined ? { name } : { name, weighbridge })
        .where(eq(stations.id, id));
    },

    /** Throws VALIDATION_FAILED unless every id is an active station of the branch. */
    assertBranchStations: (branchId: number, ids: number[]) =>
      assertBranchRows(db, stations, branchId, ids, 'station'),

    /** Ids of the flow states a station handles. */
    async flowStateIdsOfStation(stationId: number): Promise<number[]> {
      const rows = await db
        .select({ id: stationStates.flowStateId })
        .from(stationStates)
        .where(eq(stationStates.stationId, stationId));
      return rows.map((r) => r.id);
    },

    /** Every flow state with its flow, by flow and state. */
    listFlowStates() {
      return db
        .select({
          id: flowStates.id,
          fe_id: flowEngines.id,
          fe_name: flowEngines.name,
          state: flowStates.state,
          state_name: flowStates.stateName,
          state_detail: flowStates.stateDetail,
        })
        .from(flowStates)
        .innerJoin(flowEngines, eq(flowEngines.id, flowStates.flowEngineId))
        .orderBy(asc(flowEngines.id), asc(flowStates.id));
    },

    /** How many of these flow state ids exist. */
    async countFlowStates(ids: number[]): Promise<number> {
      const rows = await db.select({ id: flowStates.id }).from(flowStates).where(inArray(flowStates.id, ids));
      return rows.length;
    },

    /** The station handles exactly these flow states (ids without repeats). */
    async replaceStationStates(tx: Tx, stationId: number, flowStateIds: number[]): Promise<void> {
      await tx.delete(stationStates).where(eq(stationStates.stationId, stationId));
      if (flowStateIds.length)
        await tx
          .insert(stationStates)
          .values(flowStateIds.map((flowStateId) => ({ stationId, flowStateId })));
    },

    /** A station-state link (its id, sus_id) of an active station of the branch. */
    async findStationState(branchId: number, linkId: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: stationStates.id })
        .from(stationStates)
        .innerJoin(stations, eq(stations.id, stationStates.stationId))
        .where(and(eq(stationStates.id, linkId), activeStation(branchId)));
      return row ?? null;
    },

    async deleteStationState(linkId: number): Promise<void> {
      await db.delete(stationStates).where(eq(stationStates.id, linkId));
    },

    async findFlowEngineByUuid(uuid: string) {
      const [row] = await db
        .select({ id: flowEngines.id, uuid: flowEngines.uuid, name: flowEngines.name })
        .from(flowEngines)
        .where(eq(flowEngines.uuid, uuid));
      return row ?? null;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

import { and, asc, eq } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { LabMeasureWire } from '@truck-queue/shared/contracts/lab.contract';
import type { Db } from '../../db/database.ts';
import { branchQueueTypes, labMeasures, queueLabValues, queueReasons, queueTypes } from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

const measureColumns = {
  id: labMeasures.id,
  branch_queue_type_id: labMeasures.branchQueueTypeId,
  name: labMeasures.name,
  unit: labMeasures.unit,
  decimals: labMeasures.decimals,
  min: labMeasures.min,
  max: labMeasures.max,
  pass_min: labMeasures.passMin,
  pass_max: labMeasures.passMax,
  on_fail: labMeasures.onFail,
  fail_reason_id: labMeasures.failReasonId,
  deduct_above: labMeasures.deductAbove,
  sort: labMeasures.sort,
  active: labMeasures.active,
};

/** A measurement as stored, in the order its type lists them. */
const measureOrder = [asc(labMeasures.sort), asc(labMeasures.id)] as const;

/** A measurement's columns as the admin saves them (every one given: the service fills none in). */
export type MeasureValues = Required<Omit<typeof labMeasures.$inferInsert, 'id' | 'created'>>;

export function createLabRepository(db: Db) {
  return {
    /** The measurements of the branch's queue types (retired ones too unless `activeOnly`), in order. */
    async measuresOfBranch(
      executor: Executor,
      branchId: number,
      activeOnly: boolean,
    ): Promise<LabMeasureWire[]> {
      return executor
        .select(measureColumns)
        .from(labMeasures)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, labMeasures.branchQueueTypeId))
        .where(
          and(eq(branchQueueTypes.branchId, branchId), activeOnly ? eq(labMeasures.active, true) : undefined),
        )
        .orderBy(asc(labMeasures.branchQueueTypeId), ...measureOrder);
    },

    /** A queue type's active measurements, in order. */
    async activeMeasuresOfType(executor: Executor, branchQueueTypeId: number): Promise<LabMeasureWire[]> {
      return executor
        .select(measureColumns)
        .from(labMeasures)
        .where(and(eq(labMeasures.branchQueueTypeId, branchQueueTypeId), eq(labMeasures.active, true)))
        .orderBy(...measureOrder);
    },

    /** The branch's queue type with its flow, active or not (history keeps retired types). */
    async queueTypeOfBranch(branchId: number, branchQueueTypeId: number) {
      const [row] = await db
        .select({
          id: branchQueueTypes.id,
          flowEngineId: queueTypes.flowEngineId,
          active: branchQueueTypes.active,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(branchQueueTypes.id, branchQueueTypeId), eq(branchQueueTypes.branchId, branchId)));
      return row ?? null;
    },

    async measureOfBranch(branchId: number, id: number): Promise<LabMeasureWire | null> {
      const [row] = await db
        .select(measureColumns)
        .from(labMeasures)
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, labMeasures.branchQueueTypeId))
        .where(and(eq(labMeasures.id, id), eq(branchQueueTypes.branchId, branchId)));
      return row ?? null;
    },

    /** Whether the branch has this reason of this kind (active or retired: a measure may keep a retired one). */
    async reasonOfBranch(branchId: number, id: number, kind: string): Promise<boolean> {
      const [row] = await db
        .select({ id: queueReasons.id })
        .from(queueReasons)
        .where(
          and(eq(queueReasons.id, id), eq(queueReasons.branchId, branchId), eq(queueReasons.kind, kind)),
        );
      return row !== undefined;
    },

    async insertMeasure(values: MeasureValues): Promise<number> {
      const [row] = await db.insert(labMeasures).values(values).returning({ id: labMeasures.id });
      return row!.id;
    },

    async updateMeasure(id: number, values: MeasureValues): Promise<void> {
      await db.update(labMeasures).set(values).where(eq(labMeasures.id, id));
    },

    /** The values recorded for these queues, each with its measurement, in the measurements' order. */
    async valuesOf(executor: Executor, queueIds: readonly number[]) {
      if (queueIds.length === 0) return [];
      return executor
        .select({
          queueId: queueLabValues.queueId,
          value: queueLabValues.value,
          sample: queueLabValues.sample,
          measure: measureColumns,
        })
        .from(queueLabValues)
        .innerJoin(labMeasures, eq(labMeasures.id, queueLabValues.measureId))
        .where(anyOf(queueLabValues.queueId, queueIds, 'int'))
        .orderBy(asc(queueLabValues.queueId), ...measureOrder);
    },

    /** The sample the truck's recorded values are from; null before any. */
    async sampleOf(tx: Executor, queueId: number): Promise<number | null> {
      const [row] = await tx
        .select({ sample: queueLabValues.sample })
        .from(queueLabValues)
        .where(eq(queueLabValues.queueId, queueId))
        .limit(1);
      return row?.sample ?? null;
    },

    /**
     * A checkout's (or a correction's) values replace the truck's earlier ones: the decision
     * and the slip read only these; the history keeps every sample (queue_transitions.lab).
     */
    async replaceValues(
      tx: Executor,
      queueId: number,
      sample: number,
      values: readonly { measureId: number; value: number }[],
      officerId: number | null,
    ): Promise<void> {
      await tx.delete(queueLabValues).where(eq(queueLabValues.queueId, queueId));
      if (values.length === 0) return;
      await tx
        .insert(queueLabValues)
        .values(values.map((v) => ({ queueId, sample, measureId: v.measureId, value: v.value, officerId })));
    },
  };
}

export type LabRepository = ReturnType<typeof createLabRepository>;

import {
  measureOf,
  type LabHistoryRecord,
  type LabMeasureWire,
  type LabOutcomeWire,
  type LabResult,
} from '@truck-queue/shared/contracts/lab.contract';
import {
  labValuePasses,
  labValueProblem,
  labVerdict,
  passRangeText,
  type LabFailAction,
} from '@truck-queue/shared/lab/measures';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Executor } from '../queue/queue.repository.ts';
import { createLabRepository } from './lab.repository.ts';

/**
 * A truck's lab values as screens show them, what they call for, and which sample they are
 * from (1, then 2 and on after each recheck); none (sample 0) before the lab recorded any.
 */
export interface LabOf {
  values: LabResult[];
  outcome: LabOutcomeWire | null;
  sample: number;
}
export const NO_LAB: LabOf = { values: [], outcome: null, sample: 0 };

/** Recorded values with their measurements (one truck's, in order) as the wire's results and verdict. */
export function labOf(rows: readonly { value: number; measure: LabMeasureWire; sample?: number }[]): LabOf {
  if (rows.length === 0) return NO_LAB;
  const values = rows.map((r) => ({ measure: measureOf(r.measure), value: r.value }));
  const verdict = labVerdict(values);
  return {
    sample: rows[0]!.sample ?? 1,
    values: values.map(({ measure, value }) => ({
      measure_id: measure.id,
      name: measure.name,
      unit: measure.unit,
      decimals: measure.decimals,
      value,
      passed: labValuePasses(measure, value),
      pass_range: passRangeText(measure),
      deduct_above: measure.deductAbove,
    })),
    outcome: { outcome: verdict.outcome, reason_id: verdict.reasonId },
  };
}

export interface LabMeasureInput {
  id?: number | undefined;
  branch_queue_type_id: number;
  name: string;
  unit: string;
  decimals: number;
  min: number;
  max: number;
  pass_min: number | null;
  pass_max: number | null;
  on_fail: LabFailAction;
  fail_reason_id: number | null;
  deduct_above: number | null;
  sort: number;
  active: boolean;
}

/**
 * Lab measurements: the admin defines them per lab queue type; the lab's checkout records a
 * value for each (checked against its range and decimals), kept with the truck. `changed` hears
 * of every definition's edit (cards show verdicts by them).
 */
export function createLabService(db: Db, hooks: { changed?: (branchId: number) => void } = {}) {
  const repo = createLabRepository(db);

  return {
    /** The branch's measurements: every one for the admin, the active ones for the lab. */
    measures: (branchId: number, activeOnly: boolean) => repo.measuresOfBranch(db, branchId, activeOnly),

    async saveMeasure(auth: AuthContext, input: LabMeasureInput): Promise<LabMeasureWire> {
      const type = await repo.queueTypeOfBranch(auth.branchId, input.branch_queue_type_id);
      if (!type) throw notFound('The queue type');
      if (type.flowEngineId !== FLOW_ENGINE.lab)
        throw conflict('Only a queue type that goes through the lab records lab values.', 'NOT_LAB_FLOW');
      if (input.id !== undefined) {
        const existing = await repo.measureOfBranch(auth.branchId, input.id);
        if (!existing || existing.branch_queue_type_id !== input.branch_queue_type_id)
          throw notFound('The lab measurement');
      }
      if (
        input.fail_reason_id !== null &&
        !(await repo.reasonOfBranch(auth.branchId, input.fail_reason_id, input.on_fail))
      )
        throw notFound(`The ${input.on_fail} reason`);
      const values = {
        branchQueueTypeId: input.branch_queue_type_id,
        name: input.name,
        unit: input.unit,
        decimals: input.decimals,
        min: input.min,
        max: input.max,
        passMin: input.pass_min,
        passMax: input.pass_max,
        onFail: input.on_fail,
        failReasonId: input.fail_reason_id,
        deductAbove: input.deduct_above,
        sort: input.sort,
        active: input.active,
      };
      let id = input.id;
      try {
        if (id === undefined) id = await repo.insertMeasure(values);
        else await repo.updateMeasure(id, values);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`This queue type already measures "${input.name}".`, 'NAME_TAKEN');
        throw error;
      }
      hooks.changed?.(auth.branchId);
      return (await repo.measureOfBranch(auth.branchId, id))!;
    },

    /** Each queue's recorded values and verdict (queues without values are left out). */
    async resultsOf(executor: Executor, queueIds: readonly number[]): Promise<Map<number, LabOf>> {
      const rows = await repo.valuesOf(executor, queueIds);
      const byQueue = new Map<number, typeof rows>();
      for (const row of rows) {
        const list = byQueue.get(row.queueId);
        if (list) list.push(row);
        else byQueue.set(row.queueId, [row]);
      }
      return new Map([...byQueue].map(([queueId, list]) => [queueId, labOf(list)]));
    },

    /**
     * A checkout's values, in its transaction: one for each active measurement of the truck's
     * queue type, within its range and to its decimals, else VALIDATION_FAILED naming each
     * problem. They are the truck's next sample (1, or 2 and on after a recheck) and replace the
     * last one's for the decision and the slip; what they were stays in the history (returned
     * for the checkout's audit row). A type that measures nothing takes none.
     */
    async record(
      tx: Executor,
      queue: { id: number; branchQueueTypeId: number },
      values: readonly { measure_id: number; value: number }[] | undefined,
      officerId: number | null,
    ): Promise<{ lab?: LabHistoryRecord }> {
      const measures = await checkedMeasures(tx, queue.branchQueueTypeId, values ?? []);
      if (measures.length === 0) return {};
      const sample = ((await repo.sampleOf(tx, queue.id)) ?? 0) + 1;
      await repo.replaceValues(tx, queue.id, sample, valuesOf(values ?? []), officerId);
      return { lab: historyOf(sample, measures, values ?? [], null) };
    },

    /** Whether the truck's recorded values are these (a repeated checkout is the same checkout). */
    async sameValues(
      tx: Executor,
      queueId: number,
      values: readonly { measure_id: number; value: number }[] | undefined,
    ): Promise<boolean> {
      const stored = await repo.valuesOf(tx, [queueId]);
      const given = values ?? [];
      return (
        stored.length === given.length &&
        given.every((v) => stored.some((row) => row.measure.id === v.measure_id && row.value === v.value))
      );
    },

    /**
     * A correction of the truck's last result (decide has allowed it), in its transaction: the
     * same checks as a checkout, the same sample, and at least one value must change. Returns
     * the audit row's record, with the values it replaced.
     */
    async correct(
      tx: Executor,
      queue: { id: number; branchQueueTypeId: number; queueNumber: string },
      values: readonly { measure_id: number; value: number }[],
      officerId: number | null,
    ): Promise<{ lab: LabHistoryRecord }> {
      const measures = await checkedMeasures(tx, queue.branchQueueTypeId, values);
      const before = await repo.valuesOf(tx, [queue.id]);
      const sample = before[0]?.sample;
      if (measures.length === 0 || sample === undefined)
        throw conflict(`Queue ${queue.queueNumber} has no lab values to correct.`, 'RESULT_NOT_OUT');
      const old = new Map(before.map((row) => [row.measure.id, row.value]));
      if (values.every((v) => old.get(v.measure_id) === v.value))
        throw new AppError('VALIDATION_FAILED', 'The corrected values are the same as those recorded.', [
          { path: 'values', message: 'change at least one value' },
        ]);
      await repo.replaceValues(tx, queue.id, sample, valuesOf(values), officerId);
      return { lab: historyOf(sample, measures, values, old) };
    },
  };

  /** The type's active measurements, once the values given fit them (each one, in range, to its decimals). */
  async function checkedMeasures(
    tx: Executor,
    branchQueueTypeId: number,
    given: readonly { measure_id: number; value: number }[],
  ): Promise<LabMeasureWire[]> {
    const measures = await repo.activeMeasuresOfType(tx, branchQueueTypeId);
    const issues: { path: string; message: string }[] = [];
    given.forEach((v, index) => {
      const measure = measures.find((m) => m.id === v.measure_id);
      if (!measure) {
        issues.push({
          path: `values.${index}.measure_id`,
          message: 'is not a measurement of this queue type',
        });
        return;
      }
      const problem = labValueProblem(measureOf(measure), v.value);
      if (problem === 'range')
        issues.push({
          path: `values.${index}.value`,
          message: `${measure.name} must be from ${measure.min} to ${measure.max}`,
        });
      if (problem === 'decimals')
        issues.push({
          path: `values.${index}.value`,
          message: `${measure.name} has at most ${measure.decimals} decimals`,
        });
    });
    for (const measure of measures)
      if (!given.some((v) => v.measure_id === measure.id))
        issues.push({ path: 'values', message: `${measure.name} is missing` });
    if (issues.length > 0)
      throw new AppError('VALIDATION_FAILED', 'The lab values are missing or not valid.', issues);
    return measures;
  }
}

function valuesOf(values: readonly { measure_id: number; value: number }[]) {
  return values.map((v) => ({ measureId: v.measure_id, value: v.value }));
}

/** What the history keeps of a checkout or correction: the values in the measurements' order, named as they are now. */
function historyOf(
  sample: number,
  measures: readonly LabMeasureWire[],
  values: readonly { measure_id: number; value: number }[],
  before: ReadonlyMap<number, number> | null,
): LabHistoryRecord {
  return {
    sample,
    values: measures.map((m) => ({
      name: m.name,
      unit: m.unit,
      decimals: m.decimals,
      value: values.find((v) => v.measure_id === m.id)!.value,
      before: before?.get(m.id) ?? null,
    })),
  };
}

export type LabService = ReturnType<typeof createLabService>;

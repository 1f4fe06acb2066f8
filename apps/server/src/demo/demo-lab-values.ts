import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LabHistoryRecord } from '@truck-queue/shared/contracts/lab.contract';
import { seededRandom, type Random } from '@truck-queue/shared/seeded-random';
import type { Db } from '../db/database.ts';
import { labMeasures, queueLabValues, queues, queueTransitions } from '../db/schema.ts';

/** Rows per INSERT of values (three a truck). */
const CHUNK = 1000;

type Measure = typeof labMeasures.$inferSelect;

/**
 * One value of a truck's sample, drawn to agree with what the history did with the truck: a load
 * the lab turned away fails the measure that rejects, one it sent to a recheck fails the measure
 * that rechecks, and every other value passes (a measure without a pass range, the dirt the slip
 * deducts, reads a few per cent).
 */
function drawValue(rng: Random, m: Measure, verdict: 'pass' | 'recheck' | 'reject'): number {
  const fails = verdict !== 'pass' && m.onFail === verdict;
  let value: number;
  if (m.passMin !== null) {
    value = fails ? rng.between(m.passMin - 4, m.passMin - 0.2) : rng.between(m.passMin + 1, m.passMin + 12);
  } else if (m.passMax !== null) {
    value = fails ? rng.between(m.passMax + 0.5, m.passMax + 8) : rng.between(m.passMax - 12, m.passMax - 1);
  } else {
    value = rng.between(m.min + 0.5, Math.min(m.max, m.min + 4));
  }
  const clamped = Math.min(m.max, Math.max(m.min, value));
  return Number(clamped.toFixed(m.decimals));
}

/**
 * The lab's values of the demo's history (issue 41: the scorecards' lab averages, the lab-values
 * report and the slips' deductions read them): every lab truck whose result came out gets its
 * sample's values, kept on the ticket and in its history's checkout row as the lab's checkout
 * keeps them (modules/lab). Played after the history is written, from its own seed.
 */
export async function seedDemoLabValues(db: Db, labTypeId: number, seed: number): Promise<number> {
  const measures = await db
    .select()
    .from(labMeasures)
    .where(and(eq(labMeasures.branchQueueTypeId, labTypeId), eq(labMeasures.active, true)))
    .orderBy(asc(labMeasures.sort), asc(labMeasures.id));
  if (measures.length === 0) return 0;
  // The history's lab results and what followed them, in ticket order.
  const steps = await db
    .select({
      transitionId: queueTransitions.id,
      queueId: queueTransitions.queueId,
      action: queueTransitions.action,
      officerId: queueTransitions.officerId,
      created: queueTransitions.created,
    })
    .from(queueTransitions)
    .innerJoin(queues, eq(queues.id, queueTransitions.queueId))
    .where(
      and(
        eq(queues.branchQueueTypeId, labTypeId),
        inArray(queueTransitions.action, ['complete', 'recheck', 'reject']),
      ),
    )
    .orderBy(asc(queueTransitions.queueId), asc(queueTransitions.id));
  const trucks = new Map<
    number,
    { result: (typeof steps)[number] | null; verdict: 'pass' | 'recheck' | 'reject' }
  >();
  for (const step of steps) {
    const truck = trucks.get(step.queueId) ?? { result: null, verdict: 'pass' as const };
    if (step.action === 'complete') truck.result ??= step;
    else if (truck.result) truck.verdict = step.action === 'reject' ? 'reject' : 'recheck';
    trucks.set(step.queueId, truck);
  }

  const rng = seededRandom(seed);
  const values: (typeof queueLabValues.$inferInsert)[] = [];
  const records: { id: number; lab: LabHistoryRecord }[] = [];
  for (const [queueId, { result, verdict }] of trucks) {
    if (!result) continue;
    const sample = measures.map((m) => ({ m, value: drawValue(rng, m, verdict) }));
    for (const { m, value } of sample)
      values.push({
        queueId,
        measureId: m.id,
        value,
        sample: 1,
        officerId: result.officerId,
        created: result.created,
      });
    const lab: LabHistoryRecord = {
      sample: 1,
      values: sample.map(({ m, value }) => ({
        name: m.name,
        unit: m.unit,
        decimals: m.decimals,
        value,
        before: null,
      })),
    };
    records.push({ id: result.transitionId, lab });
  }
  for (let i = 0; i < values.length; i += CHUNK)
    await db.insert(queueLabValues).values(values.slice(i, i + CHUNK));
  for (let i = 0; i < records.length; i += CHUNK) {
    // One parameter: the chunk as JSON, read back as rows.
    await db.execute(sql`
      update ${queueTransitions} as t set lab = v.lab
      from jsonb_to_recordset(${JSON.stringify(records.slice(i, i + CHUNK))}::jsonb) as v(id bigint, lab jsonb)
      where t.id = v.id`);
  }
  return records.length;
}

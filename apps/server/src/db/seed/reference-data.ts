import { FLOW_ENGINE, FLOW_ENGINE_STATES, type FlowEngineId } from '@truck-queue/shared/queue/queue-machine';
import { sql } from 'drizzle-orm';
import { DEFAULT_REASONS, REASON_KINDS } from '@truck-queue/shared/queue/yard-rules';
import type { Db } from '../database.ts';
import { branches, flowEngines, flowStates, queueReasons, queueTypes } from '../schema.ts';

const ENGINE_NAMES: Record<FlowEngineId, string> = {
  1: 'General flow',
  2: 'Standard flow',
  3: 'Lab flow',
};

/** Master queue types an admin picks from when defining a branch's queue types. */
export const MASTER_QUEUE_TYPES = [
  { name: 'ส่งมันสำปะหลัง', flowEngineId: FLOW_ENGINE.lab },
  { name: 'ส่งอ้อย', flowEngineId: FLOW_ENGINE.lab },
  { name: 'ส่งวัตถุดิบอื่น (ตรวจคุณภาพ)', flowEngineId: FLOW_ENGINE.lab },
  { name: 'รับสินค้า', flowEngineId: FLOW_ENGINE.standard },
  { name: 'ส่งสินค้าทั่วไป', flowEngineId: FLOW_ENGINE.standard },
  { name: 'ติดต่อทั่วไป', flowEngineId: FLOW_ENGINE.general },
] as const;

/** Flow engines, their states and the master queue types. Safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  const engineIds = Object.keys(ENGINE_NAMES).map(Number) as FlowEngineId[];
  await db
    .insert(flowEngines)
    .values(engineIds.map((id) => ({ id, name: ENGINE_NAMES[id] })))
    .onConflictDoNothing();
  await db
    .insert(flowStates)
    .values(
      engineIds.flatMap((id) =>
        FLOW_ENGINE_STATES[id].map((s) => ({
          flowEngineId: id,
          state: s.state,
          stateName: s.name,
          stateDetail: s.detail,
        })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(queueTypes)
    .values([...MASTER_QUEUE_TYPES])
    .onConflictDoNothing();
}

/**
 * Gives every branch without a reason list of a kind the Thai defaults (yard-rules.ts). Runs at
 * every start, after the first branch is made: a new branch starts with the lists, a kind added
 * later (out of order, issue 38) reaches the branches made before it, and a branch whose admin
 * retired reasons keeps them retired (retired reasons are rows, so the list is not empty).
 */
export async function seedDefaultReasons(db: Pick<Db, 'execute'>): Promise<void> {
  const defaults = REASON_KINDS.flatMap((kind) =>
    DEFAULT_REASONS[kind].map((name, index) => sql`(${kind}, ${name}, ${(index + 1) * 10}::int)`),
  );
  await db.execute(sql`
    insert into ${queueReasons} (branch_id, kind, name, sort)
    select b.id, d.kind, d.name, d.sort
    from ${branches} b cross join (values ${sql.join(defaults, sql`, `)}) as d(kind, name, sort)
    where not exists (select 1 from ${queueReasons} r where r.branch_id = b.id and r.kind = d.kind)
    on conflict do nothing`);
}

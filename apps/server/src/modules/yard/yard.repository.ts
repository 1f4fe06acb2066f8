import type { Calendar } from '@truck-queue/shared/calendar';
import { and, asc, eq } from 'drizzle-orm';
import type { NoShowPolicy, ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import type { Db } from '../../db/database.ts';
import { branches, branchQueueTypes, queueReasons, queueTypes } from '../../db/schema.ts';

const reasonColumns = {
  id: queueReasons.id,
  kind: queueReasons.kind,
  name: queueReasons.name,
  active: queueReasons.active,
  sort: queueReasons.sort,
};

/** The branch's reason lists and no-show rule (queue_reasons, branches). */
export function createYardRepository(db: Db) {
  return {
    /** Every reason of the branch (the defaults are seeded with the branch), by kind then sort number. */
    async reasons(branchId: number) {
      return db
        .select(reasonColumns)
        .from(queueReasons)
        .where(eq(queueReasons.branchId, branchId))
        .orderBy(asc(queueReasons.kind), asc(queueReasons.sort), asc(queueReasons.id));
    },

    async insertReason(values: {
      branchId: number;
      kind: ReasonKind;
      name: string;
      active: boolean;
      sort: number;
    }) {
      const [row] = await db.insert(queueReasons).values(values).returning(reasonColumns);
      return row!;
    },

    /** Renames, reorders, retires or restores a reason of the branch; null when it is not the branch's. */
    async updateReason(
      branchId: number,
      id: number,
      values: { kind: ReasonKind; name: string; active: boolean; sort: number },
    ) {
      const [row] = await db
        .update(queueReasons)
        .set(values)
        .where(and(eq(queueReasons.id, id), eq(queueReasons.branchId, branchId)))
        .returning(reasonColumns);
      return row ?? null;
    },

    async settings(branchId: number) {
      const [row] = await db
        .select({
          noShowAfterRecalls: branches.noShowAfterRecalls,
          noShowPolicy: branches.noShowPolicy,
          dayStartMinutes: branches.dayStartMinutes,
          calendar: branches.calendar,
          maskPlates: branches.maskPlates,
          preferBrowserVoice: branches.preferBrowserVoice,
          province: branches.province,
        })
        .from(branches)
        .where(eq(branches.id, branchId));
      return row ?? null;
    },

    async saveSettings(
      branchId: number,
      values: {
        noShowAfterRecalls: number;
        noShowPolicy: NoShowPolicy;
        dayStartMinutes: number;
        calendar: Calendar;
        maskPlates: boolean;
        preferBrowserVoice: boolean;
        province: string | null;
      },
    ) {
      await db.update(branches).set(values).where(eq(branches.id, branchId));
    },

    /** The branch's active queue types with their flow: where a waiting ticket may be transferred. */
    async queueTypes(branchId: number) {
      return db
        .select({
          id: branchQueueTypes.id,
          queue_type_name: queueTypes.name,
          prefix: branchQueueTypes.prefix,
          flow_engine_id: queueTypes.flowEngineId,
        })
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(branchQueueTypes.branchId, branchId), eq(branchQueueTypes.active, true)))
        .orderBy(asc(branchQueueTypes.prefix));
    },
  };
}

export type YardRepository = ReturnType<typeof createYardRepository>;

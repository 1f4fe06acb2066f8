import type { Calendar } from '@truck-queue/shared/calendar';
import { and, asc, eq } from 'drizzle-orm';
import type { NoShowPolicy, ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import type { Db } from '../../db/database.ts';
import { assertBranchRows } from '../../db/branch-scope.ts';
import { branches, branchQueueTypes, queueReasons, queueReasonTypes, queueTypes } from '../../db/schema.ts';

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

    /**
     * The active queue types each reason of the branch is narrowed to (a reason without any
     * applies to every queue type), by queue type prefix.
     */
    async reasonQueueTypes(branchId: number): Promise<Map<number, number[]>> {
      const rows = await db
        .select({ reasonId: queueReasonTypes.reasonId, typeId: queueReasonTypes.branchQueueTypeId })
        .from(queueReasonTypes)
        .innerJoin(queueReasons, eq(queueReasons.id, queueReasonTypes.reasonId))
        .innerJoin(branchQueueTypes, eq(branchQueueTypes.id, queueReasonTypes.branchQueueTypeId))
        .where(and(eq(queueReasons.branchId, branchId), eq(branchQueueTypes.active, true)))
        .orderBy(asc(branchQueueTypes.prefix));
      const byReason = new Map<number, number[]>();
      for (const row of rows) byReason.set(row.reasonId, [...(byReason.get(row.reasonId) ?? []), row.typeId]);
      return byReason;
    },

    /** Throws VALIDATION_FAILED unless every id is an active queue type of the branch. */
    assertBranchQueueTypes: (branchId: number, ids: number[]) =>
      assertBranchRows(db, branchQueueTypes, branchId, ids, 'queue_type_ids'),

    /**
     * Adds a reason (no id) or renames, reorders, retires or restores one of the branch, and,
     * when `queueTypeIds` is given, narrows it to those queue types (none: every one), together.
     * Null when the id is not the branch's.
     */
    async saveReason(
      branchId: number,
      id: number | undefined,
      values: { kind: ReasonKind; name: string; active: boolean; sort: number },
      queueTypeIds: number[] | undefined,
    ) {
      return db.transaction(async (tx) => {
        const [row] =
          id === undefined
            ? await tx
                .insert(queueReasons)
                .values({ branchId, ...values })
                .returning(reasonColumns)
            : await tx
                .update(queueReasons)
                .set(values)
                .where(and(eq(queueReasons.id, id), eq(queueReasons.branchId, branchId)))
                .returning(reasonColumns);
        if (!row) return null;
        if (queueTypeIds !== undefined) {
          await tx.delete(queueReasonTypes).where(eq(queueReasonTypes.reasonId, row.id));
          const unique = [...new Set(queueTypeIds)];
          if (unique.length > 0)
            await tx
              .insert(queueReasonTypes)
              .values(unique.map((branchQueueTypeId) => ({ reasonId: row.id, branchQueueTypeId })));
        }
        return row;
      });
    },

    async settings(branchId: number) {
      const [row] = await db
        .select({
          noShowAfterRecalls: branches.noShowAfterRecalls,
          noShowPolicy: branches.noShowPolicy,
          dayStartMinutes: branches.dayStartMinutes,
          calendar: branches.calendar,
          calendarAllLanguages: branches.calendarAllLanguages,
          language: branches.language,
          rememberDefault: branches.rememberDefault,
          maskPlates: branches.maskPlates,
          preferBrowserVoice: branches.preferBrowserVoice,
          seasonStart: branches.seasonStart,
          seasonFinish: branches.seasonFinish,
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
        calendarAllLanguages: boolean;
        language: string;
        rememberDefault: boolean;
        maskPlates: boolean;
        preferBrowserVoice: boolean;
        seasonStart: string;
        seasonFinish: string;
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

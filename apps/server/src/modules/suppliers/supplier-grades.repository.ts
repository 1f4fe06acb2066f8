import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { supplierGradeMessages, supplierGrades, supplierLineChats, suppliers } from '../../db/schema.ts';

/** The daily grades, the suppliers' LINE chats and the grade messages' outbox (issue 41). */
export function createSupplierGradesRepository(db: Db) {
  return {
    /** Branches with an active supplier. */
    async branches(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ branchId: suppliers.branchId })
        .from(suppliers)
        .where(eq(suppliers.active, true));
      return rows.map((r) => r.branchId);
    },

    /** Stores a day's grade; null when another instance (or an earlier run) stored it first. */
    async insertGrade(row: {
      supplierId: number;
      day: string;
      grade: string | null;
      points: number | null;
      trucks: number;
      computedAt: Date;
    }): Promise<number | null> {
      const [inserted] = await db
        .insert(supplierGrades)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: supplierGrades.id });
      return inserted?.id ?? null;
    },

    /** The grade stored on the latest day before `day`; undefined: none. */
    async previousGrade(supplierId: number, day: string) {
      const [row] = await db
        .select({ grade: supplierGrades.grade })
        .from(supplierGrades)
        .where(and(eq(supplierGrades.supplierId, supplierId), lt(supplierGrades.day, day)))
        .orderBy(desc(supplierGrades.day))
        .limit(1);
      return row;
    },

    async gradesOf(supplierId: number) {
      return db
        .select()
        .from(supplierGrades)
        .where(eq(supplierGrades.supplierId, supplierId))
        .orderBy(asc(supplierGrades.day));
    },

    async chat(supplierId: number) {
      const [row] = await db
        .select()
        .from(supplierLineChats)
        .where(eq(supplierLineChats.supplierId, supplierId));
      return row;
    },

    async saveLinkCode(supplierId: number, codeHash: string, expires: Date, now: Date) {
      await db
        .insert(supplierLineChats)
        .values({ supplierId, linkCodeHash: codeHash, linkCodeExpires: expires, updated: now })
        .onConflictDoUpdate({
          target: supplierLineChats.supplierId,
          set: { linkCodeHash: codeHash, linkCodeExpires: expires, updated: now },
        });
    },

    /** Links the chat whose code this is (not lapsed); the supplier's id, or null. */
    async linkByCode(codeHash: string, lineUserId: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(supplierLineChats)
        .set({ lineUserId, lineLinkedAt: now, linkCodeHash: null, linkCodeExpires: null, updated: now })
        .where(and(eq(supplierLineChats.linkCodeHash, codeHash), gte(supplierLineChats.linkCodeExpires, now)))
        .returning({ supplierId: supplierLineChats.supplierId });
      return row?.supplierId ?? null;
    },

    /** A chat that blocked the account: no supplier is linked to it any more. */
    async unlinkChat(lineUserId: string, now: Date) {
      await db
        .update(supplierLineChats)
        .set({ lineUserId: null, lineLinkedAt: null, updated: now })
        .where(eq(supplierLineChats.lineUserId, lineUserId));
    },

    async queueMessage(gradeId: number, lineUserId: string, text: string, now: Date) {
      await db
        .insert(supplierGradeMessages)
        .values({ gradeId, lineUserId, text, nextAttemptAt: now })
        .onConflictDoNothing();
    },

    /** A supplier's grade messages (tests). */
    async messagesOf(supplierId: number) {
      return db
        .select({
          text: supplierGradeMessages.text,
          status: supplierGradeMessages.status,
          attempts: supplierGradeMessages.attempts,
          lineUserId: supplierGradeMessages.lineUserId,
        })
        .from(supplierGradeMessages)
        .innerJoin(supplierGrades, eq(supplierGrades.id, supplierGradeMessages.gradeId))
        .where(eq(supplierGrades.supplierId, supplierId))
        .orderBy(asc(supplierGradeMessages.id));
    },
  };
}

export type SupplierGradesRepository = ReturnType<typeof createSupplierGradesRepository>;

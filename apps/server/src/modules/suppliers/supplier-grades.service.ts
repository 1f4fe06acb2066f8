import { SCORECARD_RECENT_DAYS } from '@truck-queue/shared/contracts/scorecard.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import { describeScorecardGrade } from '@truck-queue/shared/suppliers/scorecard-grade';
import { conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlantDays } from '../../lib/plant-days.ts';
import type { AlertLine } from '../alerts/alerts.service.ts';
import { hashLinkCode, linkCodeIn, newLinkCode } from '../notifications/link-codes.ts';
import { createLineOutbox } from '../notifications/line-outbox.ts';
import type { Db } from '../../db/database.ts';
import { supplierGradeMessages } from '../../db/schema.ts';
import { emptyScorecard, type ScorecardsService } from '../reports/scorecards.service.ts';
import type { SupplierGradesRepository } from './supplier-grades.repository.ts';

/** How long a link code may be sent to the plant's LINE account. */
const LINK_CODE_MS = 15 * 60_000;
/** The code's prefix in the chat: the webhook finds a supplier's code by it. */
const LINK_PREFIX = 'GRADE';
const hashCode = (code: string) => hashLinkCode('grade', code);
export const gradeCodeIn = (text: string): string | null => linkCodeIn(LINK_PREFIX, text);
export const gradeLinkTextOf = (code: string) => `รับแจ้งเกรดผู้ส่ง ${LINK_PREFIX}-${code}`;

/** What the supplier reads in the chat (Thai, the chat's language). */
export const GRADE_LINE_TEXT = {
  linked: 'เชื่อมต่อแล้ว โรงงานจะแจ้งทาง LINE นี้เมื่อเกรดผลงานของคุณเปลี่ยน',
  unknown: 'รหัสนี้ไม่ถูกต้องหรือหมดอายุแล้ว กรุณากด "เชื่อม LINE" ในหน้าของคุณอีกครั้ง',
};

const gradeText = (grade: string | null) => grade ?? 'ยังไม่ให้เกรด';

/** The LINE message of a grade change. */
export function gradeChangeText(
  supplier: { code: string; name: string },
  before: string | null,
  after: { grade: string | null; points: number | null },
): string {
  const points = after.points === null ? '' : ` (${after.points} คะแนน)`;
  return (
    `ผลงาน ${SCORECARD_RECENT_DAYS} วันล่าสุดของ ${supplier.name} (${supplier.code}): ` +
    `เกรดเปลี่ยนจาก ${gradeText(before)} เป็น ${gradeText(after.grade)}${points}\n` +
    `เกรดคิดอย่างไร: ${describeScorecardGrade('th')}`
  );
}

/**
 * The suppliers' grades (issue 41): once a plant day (the first run of the job that day, any
 * instance: one row per supplier and day) each active supplier's grade over the last 30 plant
 * days is stored; when it differs from the one stored before, a LINE message goes to the
 * supplier's linked chat through an outbox with the drivers' retries.
 */
export function createSupplierGradesService(deps: {
  db: Db;
  repo: SupplierGradesRepository;
  clock: Clock;
  days: PlantDays;
  scorecards: Pick<ScorecardsService, 'bySupplier' | 'activeSuppliers'>;
  line: AlertLine | null;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { repo, clock, line } = deps;

  /** The grade changes' LINE messages (supplier_grade_messages), sent with the drivers' retries. */
  const outbox = createLineOutbox(deps.db, supplierGradeMessages, {
    clock,
    line,
    log: deps.log,
    retryPrefix: 'grade',
    failedMessage: 'a grade change could not be sent by LINE',
  });
  const sendDue = () => outbox.sendDue();

  return {
    /** Grades every active supplier for today's plant day (once a day), queues the changes, sends what is due. */
    async run(): Promise<{ graded: number; changed: number; sent: number }> {
      let graded = 0;
      let changed = 0;
      for (const branchId of await repo.branches()) {
        const { today } = await deps.days.calendar(branchId);
        const start = addDays(today, -(SCORECARD_RECENT_DAYS - 1));
        // Every supplier's row in one read of the branch's 30 days, not one per supplier.
        const rows = await deps.scorecards.bySupplier(branchId, { start, finish: today });
        for (const supplier of await deps.scorecards.activeSuppliers(branchId)) {
          const row = rows.get(supplier.id) ?? emptyScorecard(supplier);
          const now = clock.now();
          const gradeId = await repo.insertGrade({
            supplierId: supplier.id,
            day: today,
            grade: row.grade,
            points: row.points,
            trucks: row.trucks,
            computedAt: now,
          });
          if (gradeId === null) continue;
          graded += 1;
          const before = await repo.previousGrade(supplier.id, today);
          if (!before || before.grade === row.grade) continue;
          changed += 1;
          const chat = await repo.chat(supplier.id);
          if (chat?.lineUserId)
            await repo.queueMessage(
              gradeId,
              chat.lineUserId,
              gradeChangeText(supplier, before.grade, row),
              now,
            );
        }
      }
      return { graded, changed, sent: await sendDue() };
    },

    sendDue,

    /** A code the supplier sends to the plant's LINE account to link its chat (its page). */
    async linkLine(supplierId: number) {
      if (!line)
        throw conflict("The plant's LINE account is not set up on this server.", 'LINE_NOT_CONFIGURED');
      const code = newLinkCode();
      const now = clock.now();
      const expires = new Date(now.getTime() + LINK_CODE_MS);
      await repo.saveLinkCode(supplierId, hashCode(code), expires, now);
      return {
        code: `${LINK_PREFIX}-${code}`,
        chat_url: await line.chatWith(gradeLinkTextOf(code)),
        expires_at: expires.toISOString(),
      };
    },

    async linked(supplierId: number): Promise<boolean> {
      return Boolean((await repo.chat(supplierId))?.lineUserId);
    },

    /** The suppliers' side of the LINE chat (line.ts StaffChat). */
    staffChat: {
      async read(userId: string, text: string): Promise<string | null> {
        const code = gradeCodeIn(text);
        if (code === null) return null;
        const supplierId = await repo.linkByCode(hashCode(code), userId, clock.now());
        return supplierId === null ? GRADE_LINE_TEXT.unknown : GRADE_LINE_TEXT.linked;
      },
      async gone(userId: string): Promise<void> {
        await repo.unlinkChat(userId, clock.now());
      },
    },

    gradesOf: (supplierId: number) => repo.gradesOf(supplierId),
    messagesOf: (supplierId: number) => repo.messagesOf(supplierId),
  };
}

export type SupplierGradesService = ReturnType<typeof createSupplierGradesService>;

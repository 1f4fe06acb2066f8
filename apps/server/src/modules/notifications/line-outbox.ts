import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { alertDeliveries, supplierGradeMessages } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SendOutcome } from './channels.ts';
import { RETRY_DELAYS_MS } from './notifier.ts';

/** A table of LINE messages waiting to go (same columns): the alerts' and the grade changes'. */
type LineOutboxTable = typeof alertDeliveries | typeof supplierGradeMessages;

/** A message is claimed this long: another instance takes it after (its sender died). */
const LEASE_MS = 60_000;
const BATCH = 50;

/**
 * An outbox of LINE messages in the database (the alerts' rounds, the suppliers' grade changes):
 * nothing is lost across restarts and instances. Due messages are claimed with a lease, sent,
 * and marked sent, or retried after RETRY_DELAYS_MS (the drivers' delays), or given up after the
 * last (or at once when the chat is gone).
 */
export function createLineOutbox(
  db: Db,
  table: LineOutboxTable,
  deps: {
    clock: Clock;
    line: { pushText(lineUserId: string, text: string, retryKey: string): Promise<SendOutcome> } | null;
    log: { warn: (obj: object, msg: string) => void };
    /** The retry key's prefix of a message (`<prefix>-<id>`), and what a failure's log line says. */
    retryPrefix: string;
    failedMessage: string;
  },
) {
  async function claimDue(now: Date) {
    const result = await db.execute<{ id: number; line_user_id: string; text: string; attempts: number }>(sql`
      update ${table} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
      where id in (
        select id from ${table}
        where status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at limit ${BATCH}
        for update skip locked
      )
      returning id, line_user_id, text, attempts`);
    return result.rows.map((r) => ({
      id: Number(r.id),
      lineUserId: r.line_user_id,
      text: r.text,
      attempts: Number(r.attempts),
    }));
  }

  async function delivered(id: number, now: Date) {
    await db
      .update(table)
      .set({ status: 'sent', sentAt: now, attempts: sql`${table.attempts} + 1` })
      .where(and(eq(table.id, id), eq(table.status, 'pending')));
  }

  async function failed(id: number, error: string, next: Date | null) {
    await db
      .update(table)
      .set({
        status: next === null ? 'failed' : 'pending',
        nextAttemptAt: next ?? sql`${table.nextAttemptAt}`,
        lastError: error.slice(0, 500),
        attempts: sql`${table.attempts} + 1`,
      })
      .where(and(eq(table.id, id), eq(table.status, 'pending')));
  }

  return {
    /** Sends the messages that are due, a batch at a time; returns how many went. */
    async sendDue(): Promise<number> {
      const { line, clock } = deps;
      if (!line) return 0;
      let sent = 0;
      for (;;) {
        const due = await claimDue(clock.now());
        if (due.length === 0) return sent;
        await Promise.all(
          due.map(async (d) => {
            const outcome = await line.pushText(d.lineUserId, d.text, `${deps.retryPrefix}-${d.id}`);
            if (outcome.ok) {
              sent += 1;
              await delivered(d.id, clock.now());
              return;
            }
            const delay = outcome.gone ? undefined : RETRY_DELAYS_MS[d.attempts];
            const next =
              delay === undefined ? null : new Date(clock.now().getTime() + (outcome.retryAfterMs ?? delay));
            deps.log.warn({ messageId: d.id, error: outcome.error }, deps.failedMessage);
            await failed(d.id, outcome.error, next);
          }),
        );
        if (due.length < BATCH) return sent;
      }
    },
  };
}

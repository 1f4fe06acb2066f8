import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authEvents, branches, officers, sessions } from '../../db/schema.ts';

export type AuthEventKind = 'signin' | 'signin_failed' | 'signin_throttled' | 'signout' | 'forbidden';

const officerColumns = {
  id: officers.id,
  uuid: officers.uuid,
  name: officers.name,
  lastname: officers.lastname,
  email: officers.email,
  roles: officers.roles,
  passwordHash: officers.passwordHash,
  branchId: officers.branchId,
};

export function createAuthRepository(db: Db) {
  return {
    async findActiveOfficerByEmail(email: string) {
      const [row] = await db
        .select(officerColumns)
        .from(officers)
        .where(and(sql`lower(${officers.email}) = ${email.toLowerCase()}`, eq(officers.active, true)));
      return row ?? null;
    },

    async findActiveOfficerById(id: number) {
      const [row] = await db
        .select(officerColumns)
        .from(officers)
        .where(and(eq(officers.id, id), eq(officers.active, true)));
      return row ?? null;
    },

    async insertSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!.id;
    },

    /** A live session and its officer: not revoked, not past its lifetime, officer still active. */
    async findLiveSession(hash: string, now: Date) {
      const [row] = await db
        .select({
          id: sessions.id,
          branchId: sessions.branchId,
          lastSeen: sessions.lastSeen,
          officerId: officers.id,
          officerUuid: officers.uuid,
          roles: officers.roles,
        })
        .from(sessions)
        .innerJoin(officers, eq(officers.id, sessions.officerId))
        .where(
          and(
            eq(sessions.tokenHash, hash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(officers.active, true),
          ),
        );
      return row ?? null;
    },

    async touchSession(id: number, now: Date) {
      await db.update(sessions).set({ lastSeen: now }).where(eq(sessions.id, id));
    },

    async revokeSession(id: number, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeOtherSessions(officerId: number, keepSessionId: number | null, now: Date) {
      const conditions = [eq(sessions.officerId, officerId), isNull(sessions.revokedAt)];
      if (keepSessionId !== null) conditions.push(ne(sessions.id, keepSessionId));
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(...conditions))
        .returning({ id: sessions.id });
      return revoked.map((r) => r.id);
    },

    async setSessionBranch(id: number, branchId: number) {
      await db.update(sessions).set({ branchId }).where(eq(sessions.id, id));
    },

    async setPasswordHash(officerId: number, passwordHash: string, now: Date) {
      await db.update(officers).set({ passwordHash, updated: now }).where(eq(officers.id, officerId));
    },

    async recordEvent(values: typeof authEvents.$inferInsert) {
      await db.insert(authEvents).values(values);
    },

    /** Failed sign-ins for an e-mail since a time, not counting those before its last success. */
    async countRecentFailuresForEmail(email: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(authEvents)
        .where(
          and(
            eq(authEvents.kind, 'signin_failed'),
            eq(authEvents.email, email),
            gt(authEvents.created, since),
            sql`${authEvents.id} > coalesce((select max(s.id) from ${authEvents} s where s.kind = 'signin' and s.email = ${email}), 0)`,
          ),
        );
      return row?.n ?? 0;
    },

    async countRecentFailuresForIp(ip: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(authEvents)
        .where(
          and(eq(authEvents.kind, 'signin_failed'), eq(authEvents.ip, ip), gt(authEvents.created, since)),
        );
      return row?.n ?? 0;
    },

    /** Whether a throttled sign-in from this address (for this e-mail, when given) was audited since a time. */
    async throttleRecordedSince(ip: string, email: string | null, since: Date) {
      const conditions = [
        eq(authEvents.kind, 'signin_throttled'),
        eq(authEvents.ip, ip),
        gt(authEvents.created, since),
      ];
      if (email !== null) conditions.push(eq(authEvents.email, email));
      const [row] = await db
        .select({ id: authEvents.id })
        .from(authEvents)
        .where(and(...conditions))
        .limit(1);
      return row !== undefined;
    },

    async findBranch(id: number) {
      const [row] = await db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(and(eq(branches.id, id), eq(branches.active, true)));
      return row ?? null;
    },

    async listActiveBranches() {
      return db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(eq(branches.active, true))
        .orderBy(branches.id);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

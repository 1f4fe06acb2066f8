import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  max,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import type { Db } from '../../db/database.ts';
import { authEvents, branches, knownBrowsers, officers, sessions } from '../../db/schema.ts';
import { createOfficersRepository, OFFICER_COLUMNS } from '../officers/officers.repository.ts';

/**
 * A session that may still be used at `now` (the idle limit aside): not revoked, not past its
 * lifetime, its officer still active. Rows joined with their officer.
 */
const liveAt = (now: Date) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(officers.active, true));

/**
 * Failed sign-ins, and those still being checked (`signin_pending`: a sign-in whose password is
 * being checked counts as a failure until it is settled, so attempts racing in parallel see each
 * other; one left by a crash stays a failure until it is too old to count).
 */
const failedOrPending = inArray(authEvents.kind, ['signin_failed', 'signin_pending']);

/**
 * The audit `detail` of an attempt made with a known browser: `browser:` and the first 16 hex
 * characters of its token's hash (enough to tell an account's browsers apart, useless to sign in).
 */
export const browserDetail = (hash: string) => `browser:${hash.slice(0, 16)}`;

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/**
 * An officer matched by a login: their e-mail or their username, case-insensitively (a username
 * never holds an '@', so one login never matches two officers).
 */
const loginIs = (login: string) =>
  or(
    and(ne(officers.email, ''), sql`lower(${officers.email}) = ${login}`),
    and(ne(officers.username, ''), sql`lower(${officers.username}) = ${login}`),
  );

/**
 * The queries one sign-in decision makes, inside the transaction that holds its locks. `email`
 * is the account's key in the audit (auth_events.email): its e-mail, or its username when it
 * has none (auth.service.ts `accountKey`).
 */
function signinQueries(tx: Executor, email: string, ip: string) {
  /** The `nth` newest failure (1: the newest) matching `where` since a time, or null when there are fewer. */
  async function nthNewestFailure(where: SQL | undefined, since: Date, nth: number): Promise<Date | null> {
    const [row] = await tx
      .select({ created: authEvents.created })
      .from(authEvents)
      .where(and(failedOrPending, where, gt(authEvents.created, since)))
      .orderBy(desc(authEvents.created))
      .offset(nth - 1)
      .limit(1);
    return row?.created ?? null;
  }

  /**
   * Failures of this account matching `where` since a time, and the newest one's time, not
   * counting those before the last success matching `successes` (written on the audit row `s`).
   */
  async function failuresSince(
    where: SQL,
    successes: SQL,
    since: Date,
  ): Promise<{ count: number; last: Date | null }> {
    const [row] = await tx
      .select({ count: count(), last: max(authEvents.created) })
      .from(authEvents)
      .where(
        and(
          failedOrPending,
          eq(authEvents.email, email),
          where,
          gt(authEvents.created, since),
          sql`${authEvents.id} > coalesce((select max(s.id) from ${authEvents} s where s.kind = 'signin' and s.email = ${email} and ${successes}), 0)`,
        ),
      );
    return { count: row?.count ?? 0, last: row?.last ?? null };
  }

  return {
    /**
     * This address's failures on this account since a time, not counting those before its last
     * success here. Attempts made with a known browser are that browser's pair, not the address's:
     * they neither count here nor forgive the address.
     */
    async pairFailures(since: Date): Promise<{ count: number; last: Date | null }> {
      const notBrowser = sql`coalesce(${authEvents.detail}, '') not like 'browser:%'`;
      return failuresSince(
        and(eq(authEvents.ip, ip), notBrowser)!,
        sql`s.ip = ${ip} and coalesce(s.detail, '') not like 'browser:%'`,
        since,
      );
    },

    /**
     * The known browser behind a token hash, when it belongs to this account and was used since
     * a time: its audit `detail`, or null (unknown, another account's, or unused too long).
     */
    async knownBrowser(hash: string, usedSince: Date): Promise<string | null> {
      const [row] = await tx
        .select({ id: knownBrowsers.id })
        .from(knownBrowsers)
        .innerJoin(officers, eq(officers.id, knownBrowsers.officerId))
        .where(and(eq(knownBrowsers.tokenHash, hash), loginIs(email), gt(knownBrowsers.lastUsed, usedSince)))
        .limit(1);
      return row ? browserDetail(hash) : null;
    },

    /** This browser's failures on this account since a time, not counting those before its last success. */
    async browserFailures(detail: string, since: Date): Promise<{ count: number; last: Date | null }> {
      return failuresSince(eq(authEvents.detail, detail), sql`s.detail = ${detail}`, since);
    },

    /** Whether this address signed in to this account since a time. */
    async signedInFromHere(since: Date): Promise<boolean> {
      const [row] = await tx
        .select({ id: authEvents.id })
        .from(authEvents)
        .where(
          and(
            eq(authEvents.kind, 'signin'),
            eq(authEvents.email, email),
            eq(authEvents.ip, ip),
            gt(authEvents.created, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The account's `nth` newest failure from any address since a time. */
    accountNthFailure: (since: Date, nth: number) =>
      nthNewestFailure(eq(authEvents.email, email), since, nth),

    /** The address's `nth` newest failure on any account since a time. */
    addressNthFailure: (since: Date, nth: number) => nthNewestFailure(eq(authEvents.ip, ip), since, nth),

    /**
     * Reserves the attempt: it counts as a failure from now until it is settled. `detail` names
     * the known browser it was made with, if any; the settled row keeps it.
     */
    async reserve(created: Date, detail: string | null): Promise<number> {
      const [row] = await tx
        .insert(authEvents)
        .values({ kind: 'signin_pending', email, ip, detail, created })
        .returning({ id: authEvents.id });
      return row!.id;
    },

    /**
     * Audits a throttled attempt, at most once per `everyMs` for this address (and account,
     * unless the address itself is what is throttled): a throttled attempt costs no password
     * check, and hammering one must not fill the table.
     */
    async recordThrottled(detail: string, byAccount: boolean, now: Date, everyMs: number): Promise<void> {
      const conditions = [
        eq(authEvents.kind, 'signin_throttled'),
        eq(authEvents.ip, ip),
        gt(authEvents.created, new Date(now.getTime() - everyMs)),
      ];
      if (byAccount) conditions.push(eq(authEvents.email, email));
      const [recorded] = await tx
        .select({ id: authEvents.id })
        .from(authEvents)
        .where(and(...conditions))
        .limit(1);
      if (!recorded)
        await tx.insert(authEvents).values({ kind: 'signin_throttled', email, ip, detail, created: now });
    },
  };
}

export type SigninQueries = ReturnType<typeof signinQueries>;

/**
 * An officer's checks of their own current password (authen/changeOwnPassword), in the audit:
 * reserved as `password_change_pending` before the check, then settled as
 * `password_change_failed` (a wrong current password), `password_change_refused` (right, but
 * the new one broke the rule) or `password_changed`. Pending and failed ones count as failures.
 */
export const OWN_PASSWORD = {
  pending: 'password_change_pending',
  failed: 'password_change_failed',
  refused: 'password_change_refused',
  changed: 'password_changed',
  throttled: 'password_change_throttled',
} as const;
export type OwnPasswordOutcome = (typeof OWN_PASSWORD)['failed' | 'refused' | 'changed'];

/**
 * The queries one decision on an officer's own-password check makes, inside the transaction
 * that holds the officer's lock. Rows carry the officer and, in `email`, the account's key
 * (as sign-ins do: the `(kind, email, created)` index finds them).
 */
function ownPasswordQueries(tx: Executor, officerId: number, email: string) {
  const mine = and(eq(authEvents.email, email), eq(authEvents.officerId, officerId));
  return {
    /** Failures (and checks under way) since a time, not counting those before the last change. */
    async failures(since: Date): Promise<{ count: number; last: Date | null }> {
      const [row] = await tx
        .select({ count: count(), last: max(authEvents.created) })
        .from(authEvents)
        .where(
          and(
            inArray(authEvents.kind, [OWN_PASSWORD.failed, OWN_PASSWORD.pending]),
            mine,
            gt(authEvents.created, since),
            sql`${authEvents.id} > coalesce((select max(s.id) from ${authEvents} s where s.kind = ${OWN_PASSWORD.changed} and s.email = ${email} and s.officer_id = ${officerId}), 0)`,
          ),
        );
      return { count: row?.count ?? 0, last: row?.last ?? null };
    },

    /** Reserves the check: it counts as a failure from now until it is settled. */
    async reserve(created: Date, ip: string): Promise<number> {
      const [row] = await tx
        .insert(authEvents)
        .values({ kind: OWN_PASSWORD.pending, email, officerId, ip, created })
        .returning({ id: authEvents.id });
      return row!.id;
    },

    /** Audits a throttled check, at most once per `everyMs` for this officer. */
    async recordThrottled(now: Date, ip: string, everyMs: number): Promise<void> {
      const [recorded] = await tx
        .select({ id: authEvents.id })
        .from(authEvents)
        .where(
          and(
            eq(authEvents.kind, OWN_PASSWORD.throttled),
            mine,
            gt(authEvents.created, new Date(now.getTime() - everyMs)),
          ),
        )
        .limit(1);
      if (!recorded)
        await tx
          .insert(authEvents)
          .values({ kind: OWN_PASSWORD.throttled, email, officerId, ip, created: now });
    },
  };
}

export type OwnPasswordQueries = ReturnType<typeof ownPasswordQueries>;

/** A branch as the officer's pages know it (auth.contract.ts BranchSchema). */
const branchColumns = {
  id: branches.id,
  name: branches.name,
  day_start_minutes: branches.dayStartMinutes,
  calendar: branches.calendar,
  calendar_all_languages: branches.calendarAllLanguages,
  language: sql<Branch['language']>`${branches.language}`,
  company_name: branches.companyName,
  season_start: branches.seasonStart,
  season_finish: branches.seasonFinish,
};

export function createAuthRepository(db: Db) {
  const officerRows = createOfficersRepository(db);
  return {
    /**
     * The active officer signing in with this e-mail or username, with their home branch and
     * password hash: the officer's columns and, explicitly, the hash that only a password check reads.
     */
    async findSigninOfficer(login: string) {
      const [row] = await db
        .select({ ...OFFICER_COLUMNS, branchId: officers.branchId, passwordHash: officers.passwordHash })
        .from(officers)
        .where(and(loginIs(login.toLowerCase()), eq(officers.active, true)));
      return row ?? null;
    },

    /**
     * What the sign-in page shows before anyone signs in: a branch's language and "remember me".
     * The branch asked for if it is active, else the installation's first active branch (a PC
     * that never signed in, or whose branch was closed); null only when no branch is active.
     */
    async findSigninSettings(branchId: number | undefined) {
      const [row] = await db
        .select({
          branch_id: branches.id,
          language: sql<Branch['language']>`${branches.language}`,
          remember_default: branches.rememberDefault,
        })
        .from(branches)
        .where(eq(branches.active, true))
        .orderBy(sql`${branches.id} = ${branchId ?? 0} desc`, branches.id)
        .limit(1);
      return row ?? null;
    },

    /** An active officer's password hash, to check the current password before changing it. */
    async findPasswordHash(officerId: number) {
      const [row] = await db
        .select({
          id: officers.id,
          email: officers.email,
          username: officers.username,
          passwordHash: officers.passwordHash,
        })
        .from(officers)
        .where(and(eq(officers.id, officerId), eq(officers.active, true)));
      return row ?? null;
    },

    /** The session's officer, as the officers module reads one (no password hash). */
    findActiveOfficerById: (id: number) => officerRows.findActiveOfficerById(id),

    async insertSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!.id;
    },

    /**
     * A live session (not revoked, not past its lifetime, its officer still active) with
     * everything a call needs to know of it in one statement: its officer as the pages show them,
     * and its branch (null when the branch is no longer active). The session check makes one
     * round trip instead of three.
     */
    async findLiveSessionView(hash: string, now: Date) {
      const [row] = await db
        .select({
          id: sessions.id,
          branchId: sessions.branchId,
          lastSeen: sessions.lastSeen,
          expiresAt: sessions.expiresAt,
          officer: OFFICER_COLUMNS,
          branch: branchColumns,
        })
        .from(sessions)
        .innerJoin(officers, eq(officers.id, sessions.officerId))
        .leftJoin(branches, and(eq(branches.id, sessions.branchId), eq(branches.active, true)))
        .where(and(eq(sessions.tokenHash, hash), liveAt(now)));
      return row ?? null;
    },

    /** Of these sessions, the live ones (as findLiveSessionView, and used since `idleSince`): one query for many. */
    async liveSessionIds(ids: number[], now: Date, idleSince: Date) {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(officers, eq(officers.id, sessions.officerId))
        .where(and(inArray(sessions.id, ids), liveAt(now), gte(sessions.lastSeen, idleSince)));
      return rows.map((row) => row.id);
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

    /**
     * Runs `work` in one short transaction holding the sign-in locks of this account and then of
     * this address (always in that order, so two attempts never wait on each other in a cycle).
     * Every instance takes the same locks, so the count a decision reads and the reservation it
     * writes cannot be interleaved with another attempt on the same account or address.
     */
    async withSigninLocks<T>(email: string, ip: string, work: (q: SigninQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`signin-account:${email}`}, 0))`,
        );
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signin-address:${ip}`}, 0))`);
        return work(signinQueries(tx, email, ip));
      });
    },

    /**
     * Gives this officer's browser a known-browser token (its hash): the one it presented, if it
     * is still this officer's, is replaced, so one browser keeps one row. Then the officer's rows
     * beyond the newest `keep`, and every row unused since `staleBefore`, are deleted.
     */
    async rememberBrowser(
      officerId: number,
      presentedHash: string | null,
      newHash: string,
      now: Date,
      keep: number,
      staleBefore: Date,
    ): Promise<void> {
      const replaced = presentedHash
        ? await db
            .update(knownBrowsers)
            .set({ tokenHash: newHash, lastUsed: now })
            .where(
              and(
                eq(knownBrowsers.tokenHash, presentedHash),
                eq(knownBrowsers.officerId, officerId),
                gt(knownBrowsers.lastUsed, staleBefore),
              ),
            )
            .returning({ id: knownBrowsers.id })
        : [];
      if (replaced.length === 0) {
        await db.insert(knownBrowsers).values({ officerId, tokenHash: newHash, created: now, lastUsed: now });
        const newest = db
          .select({ id: knownBrowsers.id })
          .from(knownBrowsers)
          .where(eq(knownBrowsers.officerId, officerId))
          .orderBy(desc(knownBrowsers.lastUsed), desc(knownBrowsers.id))
          .limit(keep);
        await db
          .delete(knownBrowsers)
          .where(and(eq(knownBrowsers.officerId, officerId), notInArray(knownBrowsers.id, newest)));
      }
      await db.delete(knownBrowsers).where(lt(knownBrowsers.lastUsed, staleBefore));
    },

    /**
     * Runs `work` in one short transaction holding the lock of this officer's own-password checks
     * (the officer, whichever session or address asks): the count a decision reads and the
     * reservation it writes cannot be interleaved with another check, on any instance.
     */
    async withOwnPasswordLock<T>(
      officerId: number,
      email: string,
      work: (q: OwnPasswordQueries) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`own-password:${officerId}`}, 0))`,
        );
        return work(ownPasswordQueries(tx, officerId, email));
      });
    },

    /** The current password was checked: the reservation becomes the audit row of the outcome. */
    async settleOwnPassword(reservationId: number, outcome: OwnPasswordOutcome) {
      await db
        .update(authEvents)
        .set({ kind: outcome })
        .where(and(eq(authEvents.id, reservationId), eq(authEvents.kind, OWN_PASSWORD.pending)));
    },

    /** The attempt's password was checked: its reservation becomes the audit row of the outcome. */
    async settleSignin(reservationId: number, outcome: 'signin' | 'signin_failed', officerId: number | null) {
      await db
        .update(authEvents)
        .set({ kind: outcome, officerId })
        .where(and(eq(authEvents.id, reservationId), eq(authEvents.kind, 'signin_pending')));
    },

    async findBranch(id: number) {
      const [row] = await db
        .select(branchColumns)
        .from(branches)
        .where(and(eq(branches.id, id), eq(branches.active, true)));
      return row ?? null;
    },

    /** A branch's names and calendar, active or not, for a ticket issued there (the driver's page). */
    async findBranchNames(id: number) {
      const [row] = await db
        .select({ name: branches.name, companyName: branches.companyName, calendar: branches.calendar })
        .from(branches)
        .where(eq(branches.id, id));
      return row ?? null;
    },

    async listActiveBranches() {
      return db.select(branchColumns).from(branches).where(eq(branches.active, true)).orderBy(branches.id);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

import type { Clock } from '../../lib/clock.ts';
import type { FastifyRequest } from 'fastify';
import type { Branch, Officer } from '@truck-queue/shared/contracts/auth.contract';
import { can, permissionsOf, PERMISSIONS, type Permission } from '@truck-queue/shared/roles';
import type { Config } from '../../config.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { assertPasswordAllowed } from '../../lib/password-rule.ts';
import { createRateLimiter, retryAfterSeconds } from '../../lib/rate-limit.ts';
import { newToken, tokenHash } from '../../lib/tokens.ts';
import { OWN_PASSWORD, type AuthRepository, type SigninQueries } from './auth.repository.ts';

/**
 * Sign-in throttling (docs/security.md, "Sign-in throttling"). Failures are counted in `auth_events`, and
 * so are attempts still being checked: each is reserved before its password is checked.
 */
export const THROTTLE = {
  /**
   * Sign-ins being checked at once in this process, from every address: more are refused at
   * once (Retry-After 1), before any database work. Each holds a transaction or a password hash,
   * and the embedded database has one connection: a crowd of addresses cannot queue more.
   */
  inFlight: 16,
  /** Sign-ins being checked at once from one address in this process; more are refused at once. */
  inFlightPerIp: 4,
  /**
   * Sign-ins started per address (a token bucket, before any database work): an office of
   * officers behind one address signing in at shift change gets in within seconds, each
   * retrying after Retry-After; one address cannot keep the database busy with refusals.
   */
  perIpRate: { perSecond: 5, burst: 60 },
  /** Failures of one account from one address before it has to wait... */
  perPair: 5,
  /** ...this long after the last failure, doubling with each further failure, up to pairMaxDelayMs. */
  pairFirstDelayMs: 30_000,
  pairMaxDelayMs: 15 * 60_000,
  /** An address's failures on an account count this long, unless it signs in there since. */
  pairWindowMs: 24 * 3_600_000,
  /** Failures of one account from every address in windowMs; addresses it signed in from are exempt. */
  perAccount: 100,
  /** Failures from one address over every account in windowMs; the same exemption. */
  perIp: 50,
  windowMs: 15 * 60_000,
  /** An address that signed in to an account this recently is one the account's owner uses. */
  knownAddressMs: 30 * 86_400_000,
  /** Refused attempts are audited once a minute per address (and account): see signin. */
  auditEveryMs: 60_000,
  /**
   * Failures of one account from one known browser (a token an earlier sign-in gave it) before
   * it has to wait, then the pair's waits (pairFirstDelayMs doubling up to pairMaxDelayMs,
   * counted over pairWindowMs). Such an attempt is judged by this alone: its address's pair, the
   * account ceiling and the address limit do not hold it back.
   */
  perBrowser: 5,
  /** A known-browser token is honoured this long after its last successful sign-in, then pruned. */
  knownBrowserMs: 90 * 86_400_000,
  /** Known browsers kept per officer (most recently used first); older ones are deleted. */
  knownBrowsersPerOfficer: 20,
  /**
   * Wrong current passwords an officer may give when changing their own password (from any of
   * their sessions, from anywhere) before each further check waits as a pair's would
   * (pairFirstDelayMs doubling up to pairMaxDelayMs, counted over pairWindowMs); a change clears
   * them. Whoever holds a session cannot guess the password behind it any faster than sign-in lets
   * a stranger (changeOwnPassword).
   */
  ownPassword: 5,
} as const;

/** Why an attempt is refused, in the audit's `detail`, and until when. */
interface Refusal {
  detail: 'account' | 'account-ceiling' | 'address' | 'browser';
  until: Date;
}

/** Until when failures counted on a pair make it wait, or null: `allowed`, then growing waits. */
function pairWait(failures: { count: number; last: Date | null }, allowed: number): Date | null {
  if (!failures.last || failures.count < allowed) return null;
  const doublings = Math.min(failures.count - allowed, 30);
  const wait = Math.min(THROTTLE.pairFirstDelayMs * 2 ** doublings, THROTTLE.pairMaxDelayMs);
  return new Date(failures.last.getTime() + wait);
}

/**
 * The throttle's decision for one attempt, from what the audit holds (read under the attempt's
 * locks), or null to let it be checked. The waits of one address on one account grow with each
 * failure; the far higher ceilings per account and per address keep a crowd of addresses, or
 * one address trying many accounts, in check, but never stop an address the account's owner
 * signed in from: so a stranger cannot lock the owner out. An attempt from a known browser of
 * the account (`browser`, its audit detail) is judged by that browser's own failures alone, so
 * a stranger behind the owner's address cannot hold the owner back either.
 */
async function throttleDecision(
  q: SigninQueries,
  now: Date,
  browser: string | null,
): Promise<Refusal | null> {
  const ago = (ms: number) => new Date(now.getTime() - ms);

  if (browser) {
    const until = pairWait(await q.browserFailures(browser, ago(THROTTLE.pairWindowMs)), THROTTLE.perBrowser);
    return until && until > now ? { detail: 'browser', until } : null;
  }

  const refusals: Refusal[] = [];
  const until = pairWait(await q.pairFailures(ago(THROTTLE.pairWindowMs)), THROTTLE.perPair);
  if (until && until > now) refusals.push({ detail: 'account', until });

  if (!(await q.signedInFromHere(ago(THROTTLE.knownAddressMs)))) {
    // Over a limit when its limit-th newest failure is still in the window; free when that one leaves it.
    const account = await q.accountNthFailure(ago(THROTTLE.windowMs), THROTTLE.perAccount);
    if (account)
      refusals.push({ detail: 'account-ceiling', until: new Date(account.getTime() + THROTTLE.windowMs) });
    const address = await q.addressNthFailure(ago(THROTTLE.windowMs), THROTTLE.perIp);
    if (address) refusals.push({ detail: 'address', until: new Date(address.getTime() + THROTTLE.windowMs) });
  }

  return refusals.reduce<Refusal | null>(
    (latest, r) => (latest && latest.until >= r.until ? latest : r),
    null,
  );
}

function tooManyAttempts(waitMs: number, what = 'failed sign-ins'): AppError {
  const seconds = retryAfterSeconds(waitMs);
  const wait =
    seconds < 2 ? 'a moment' : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  const message = `Too many ${what}. Wait ${wait} and try again.`;
  return new AppError('TOO_MANY_ATTEMPTS', message, undefined, { retryAfterSeconds: seconds });
}

/** last_seen is written at most this often, so every call does not become a write. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * A session checked this recently is answered from memory (with its officer and branch), without
 * the database. Whatever ends it through the server (sign-out, a password change, a role change,
 * a deactivation) drops it at once on every instance (`sessionsEnded`, `referenceChanged`); its
 * lifetime and idle limit are checked on every call all the same. Only a change made straight in
 * the database, behind the server's back, is seen this much later.
 */
export const SESSION_CACHE_MS = 5_000;
/** Sessions held at most; past it the cache starts again empty. */
const SESSION_CACHE_MAX = 10_000;

/** A checked session as the cache holds it. */
interface HeldSession {
  auth: AuthContext;
  /** Its officer and branch as the pages show them; null when the branch is no longer active. */
  officer: Officer | null;
  lastSeen: number;
  expiresAt: number;
  checkedAt: number;
}

interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

interface SigninInput {
  /** The officer's e-mail or username (the spec's field name). */
  email: string;
  password: string;
  remember?: boolean | undefined;
  /** The known-browser token an earlier sign-in to this account gave this browser. */
  known_browser?: string | undefined;
}

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The e-mail, username or password is wrong. Please check them.');

/**
 * The key an account's sign-ins are throttled and audited under (auth_events.email): its e-mail,
 * or its username when it has none, whichever of them was typed; an unknown login is its own key.
 * So an officer with both cannot be tried twice as often by alternating them.
 */
const accountKey = (officer: { email: string; username: string } | null, login: string) =>
  officer ? (officer.email || officer.username).toLowerCase() : login.toLowerCase();

export function createAuthService(deps: {
  repo: AuthRepository;
  session: Config['session'];
  events: EventHub;
  clock: Clock;
}) {
  const { repo, session, events, clock } = deps;

  /** Checked sessions by token hash, and each one's hash by session id (to drop it). */
  const held = new Map<string, HeldSession>();
  const heldHash = new Map<number, string>();
  /** Moves on every drop: a check that was reading while one happened does not keep its answer. */
  let generation = 0;
  const forget = (sessionId: number) => {
    const hash = heldHash.get(sessionId);
    if (hash !== undefined) held.delete(hash);
    heldHash.delete(sessionId);
  };
  events.subscribe('sessionsEnded', ({ sessionIds }) => {
    generation += 1;
    for (const id of sessionIds) forget(id);
  });
  // A name, a role, a branch's settings or a session's branch changed: rare, so all of it goes.
  events.subscribe('referenceChanged', () => {
    generation += 1;
    held.clear();
    heldHash.clear();
  });

  /** A live session's held officer, if its check is still fresh. */
  const heldOfficer = (auth: AuthContext): Officer | null => {
    const hash = heldHash.get(auth.sessionId);
    const entry = hash === undefined ? undefined : held.get(hash);
    return entry && entry.auth === auth ? entry.officer : null;
  };

  async function officerView(officerId: number, branchId: number): Promise<Officer> {
    const officer = await repo.findActiveOfficerById(officerId);
    const branch = await repo.findBranch(branchId);
    if (!officer || !branch) throw new AppError('UNAUTHENTICATED', 'Sign in first: the session has ended.');
    return {
      uuid: officer.uuid,
      name: officer.name,
      lastname: officer.lastname,
      email: officer.email,
      username: officer.username,
      roles: officer.roles,
      branch,
    };
  }

  /** Sign-ins being checked per address, in this process (entries leave when they reach zero). */
  const signinsInFlight = new Map<string, number>();
  /** Sign-ins being checked in this process, from every address. */
  let totalInFlight = 0;
  /** Sign-ins started per address (bounded memory, like every limiter). */
  const signinRate = createRateLimiter(THROTTLE.perIpRate, { clock });

  /**
   * A sign-in in three steps: reserve the attempt under the throttle's locks (a short
   * transaction), check the password outside it (the embedded database has one connection,
   * and a hash takes tens of milliseconds), then settle the reservation as a failure or a success.
   */
  async function checkSignin(input: SigninInput, info: RequestInfo, now: Date) {
    const presented = input.known_browser ? tokenHash(input.known_browser) : null;
    const knownSince = new Date(now.getTime() - THROTTLE.knownBrowserMs);
    const found = await repo.findSigninOfficer(input.email);
    const key = accountKey(found, input.email);
    const reservation = await repo.withSigninLocks(key, info.ip, async (q) => {
      const browser = presented ? await q.knownBrowser(presented, knownSince) : null;
      const refusal = await throttleDecision(q, now, browser);
      if (!refusal) return await q.reserve(now, browser);
      await q.recordThrottled(refusal.detail, refusal.detail !== 'address', now, THROTTLE.auditEveryMs);
      return refusal;
    });
    if (typeof reservation !== 'number') throw tooManyAttempts(reservation.until.getTime() - now.getTime());

    // Read again once the attempt is reserved: the officer may have been changed meanwhile.
    const officer = found && (await repo.findSigninOfficer(input.email));
    const valid = officer
      ? await verifyPassword(input.password, officer.passwordHash)
      : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
    if (!officer || !valid) {
      await repo.settleSignin(reservation, 'signin_failed', officer?.id ?? null);
      throw invalidCredentials();
    }

    const token = newToken();
    const lifetime = input.remember ? session.rememberMs : session.maxMs;
    await repo.insertSession({
      tokenHash: tokenHash(token),
      officerId: officer.id,
      branchId: officer.branchId,
      remember: input.remember ?? false,
      created: now,
      lastSeen: now,
      expiresAt: new Date(now.getTime() + lifetime),
      ip: info.ip,
      userAgent: info.userAgent,
    });
    // This browser is now one the officer signs in from: a new token (replacing the one it
    // presented) lets its next attempts be throttled on their own.
    const knownBrowser = newToken();
    await repo.rememberBrowser(
      officer.id,
      presented,
      tokenHash(knownBrowser),
      now,
      THROTTLE.knownBrowsersPerOfficer,
      knownSince,
    );
    await repo.settleSignin(reservation, 'signin', officer.id);
    return {
      ...(await officerView(officer.id, officer.branchId)),
      session: token,
      known_browser: knownBrowser,
    };
  }

  return {
    async signin(input: SigninInput, info: RequestInfo) {
      const now = clock.now();
      // Checked before any database work: a burst from one address, or from many, costs
      // nothing, and the transactions and password hashes kept busy at once stay bounded.
      if (totalInFlight >= THROTTLE.inFlight) {
        const message = 'Too many sign-ins at once. Try again in a moment.';
        throw new AppError('TOO_MANY_ATTEMPTS', message, undefined, { retryAfterSeconds: 1 });
      }
      const inFlight = signinsInFlight.get(info.ip) ?? 0;
      if (inFlight >= THROTTLE.inFlightPerIp) {
        const message = 'Too many sign-ins at once from here. Try again in a moment.';
        throw new AppError('TOO_MANY_ATTEMPTS', message, undefined, { retryAfterSeconds: 1 });
      }
      const waitMs = signinRate.take(info.ip);
      if (waitMs > 0) {
        const message = 'Too many sign-ins from here in a short time. Try again in a moment.';
        throw new AppError('TOO_MANY_ATTEMPTS', message, undefined, {
          retryAfterSeconds: retryAfterSeconds(waitMs),
        });
      }
      totalInFlight += 1;
      signinsInFlight.set(info.ip, inFlight + 1);
      try {
        return await checkSignin(input, info, now);
      } finally {
        totalInFlight -= 1;
        const left = (signinsInFlight.get(info.ip) ?? 1) - 1;
        if (left > 0) signinsInFlight.set(info.ip, left);
        else signinsInFlight.delete(info.ip);
      }
    },

    /**
     * The session behind a token, or null when it is unknown, revoked, past its lifetime or idle
     * too long: from memory when it was checked within SESSION_CACHE_MS, else in one statement.
     */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length > 200) return null;
      const now = clock.now();
      const at = now.getTime();
      const hash = tokenHash(token);
      let entry = held.get(hash);
      if (entry && (at - entry.checkedAt >= SESSION_CACHE_MS || at < entry.checkedAt)) {
        forget(entry.auth.sessionId);
        entry = undefined;
      }
      if (!entry) {
        const started = generation;
        const row = await repo.findLiveSessionView(hash, now);
        if (!row) return null;
        entry = {
          auth: {
            sessionId: row.id,
            officerId: row.officer.id,
            officerUuid: row.officer.uuid,
            roles: row.officer.roles,
            branchId: row.branchId,
          },
          officer: row.branch
            ? {
                uuid: row.officer.uuid,
                name: row.officer.name,
                lastname: row.officer.lastname,
                email: row.officer.email,
                username: row.officer.username,
                roles: row.officer.roles,
                branch: row.branch,
              }
            : null,
          lastSeen: row.lastSeen.getTime(),
          expiresAt: row.expiresAt.getTime(),
          checkedAt: at,
        };
        // Kept only if nothing was dropped while it was read (the answer may predate the drop).
        if (started === generation) {
          if (held.size >= SESSION_CACHE_MAX) {
            held.clear();
            heldHash.clear();
          }
          held.set(hash, entry);
          heldHash.set(row.id, hash);
        }
      }
      if (at >= entry.expiresAt || at - entry.lastSeen > session.idleMs) {
        forget(entry.auth.sessionId);
        return null;
      }
      if (at - entry.lastSeen > TOUCH_INTERVAL_MS) {
        entry.lastSeen = at;
        await repo.touchSession(entry.auth.sessionId, now);
      }
      return entry.auth;
    },

    /**
     * Which of these sessions are still live, judged as `authenticate` judges one but in one
     * query and without counting as use (the realtime sweep of connected sockets).
     */
    async liveSessionIds(sessionIds: number[]): Promise<Set<number>> {
      if (sessionIds.length === 0) return new Set();
      const now = clock.now();
      const idleSince = new Date(now.getTime() - session.idleMs);
      return new Set(await repo.liveSessionIds(sessionIds, now, idleSince));
    },

    /** The sign-in page's settings: of the branch this PC last signed in to, else the first branch. */
    signinSettings: (branchId: number | undefined) => repo.findSigninSettings(branchId),

    async signout(auth: AuthContext, info: RequestInfo) {
      const now = clock.now();
      await repo.revokeSession(auth.sessionId, now);
      await repo.recordEvent({ kind: 'signout', officerId: auth.officerId, ip: info.ip, created: now });
      events.publish('sessionsEnded', { sessionIds: [auth.sessionId] });
    },

    async recordForbidden(auth: AuthContext, path: string, info: RequestInfo) {
      await repo.recordEvent({
        kind: 'forbidden',
        officerId: auth.officerId,
        ip: info.ip,
        detail: path,
        created: clock.now(),
      });
    },

    /** The session's officer and branch: held by the session check that just ran, or read. */
    officer: async (auth: AuthContext): Promise<Officer> =>
      heldOfficer(auth) ?? officerView(auth.officerId, auth.branchId),

    permissions(auth: AuthContext): Permission[] {
      const granted = permissionsOf(auth.roles);
      return PERMISSIONS.filter((p) => granted.has(p));
    },

    async branches(auth: AuthContext): Promise<Branch[]> {
      if (can(auth.roles, 'branchSwitch')) return repo.listActiveBranches();
      const own = await repo.findBranch(auth.branchId);
      return own ? [own] : [];
    },

    async currentBranch(auth: AuthContext): Promise<Branch> {
      const branch = await repo.findBranch(auth.branchId);
      if (!branch) throw notFound('The branch');
      return branch;
    },

    async switchBranch(auth: AuthContext, branchId: number): Promise<Branch> {
      const branch = await repo.findBranch(branchId);
      if (!branch) throw notFound('The branch');
      await repo.setSessionBranch(auth.sessionId, branch.id);
      // The session's branch is held in memory, here and on every instance.
      events.publish('referenceChanged', { branchId: branch.id });
      return branch;
    },

    /**
     * An officer changes their own password; their other sessions end. The current password is
     * checked as a sign-in's is (reserved under the officer's lock, checked outside it, settled,
     * audited; THROTTLE.ownPassword), so a session does not let anyone guess it faster.
     */
    async changeOwnPassword(auth: AuthContext, oldPassword: string, newPassword: string, info: RequestInfo) {
      const officer = await repo.findPasswordHash(auth.officerId);
      if (!officer) throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.');
      const now = clock.now();
      const since = new Date(now.getTime() - THROTTLE.pairWindowMs);
      const reservation = await repo.withOwnPasswordLock(officer.id, accountKey(officer, ''), async (q) => {
        const until = pairWait(await q.failures(since), THROTTLE.ownPassword);
        if (!until || until <= now) return await q.reserve(now, info.ip);
        await q.recordThrottled(now, info.ip, THROTTLE.auditEveryMs);
        return until;
      });
      if (typeof reservation !== 'number') {
        throw tooManyAttempts(reservation.getTime() - now.getTime(), 'wrong current passwords');
      }

      if (!(await verifyPassword(oldPassword, officer.passwordHash))) {
        await repo.settleOwnPassword(reservation, OWN_PASSWORD.failed);
        throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.');
      }
      try {
        assertPasswordAllowed(newPassword, [officer.email, officer.username], 'new_password');
      } catch (error) {
        // The current password was right: not a failure.
        await repo.settleOwnPassword(reservation, OWN_PASSWORD.refused);
        throw error;
      }
      await repo.setPasswordHash(officer.id, await hashPassword(newPassword), now);
      const ended = await repo.revokeOtherSessions(officer.id, auth.sessionId, now);
      await repo.settleOwnPassword(reservation, OWN_PASSWORD.changed);
      events.publish('sessionsEnded', { sessionIds: ended });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

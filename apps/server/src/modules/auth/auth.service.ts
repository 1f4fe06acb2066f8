import type { FastifyRequest } from 'fastify';
import type { Branch, Officer } from '@truck-queue/shared/contracts/auth.contract';
import { can, permissionsOf, PERMISSIONS, type Permission } from '@truck-queue/shared/roles';
import type { Config } from '../../config.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { newToken, tokenHash } from '../../lib/tokens.ts';
import type { AuthRepository } from './auth.repository.ts';

/** Sign-in throttling: failures counted over a sliding window, per account and per address. */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perIp: 50,
  /** Refused attempts are audited once a minute per address (and account): see signin. */
  auditEveryMs: 60_000,
} as const;

/** last_seen is written at most this often, so every call does not become a write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface Clock {
  now(): Date;
}
const systemClock: Clock = { now: () => new Date() };

interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The e-mail or password is wrong. Please check them.');

export function createAuthService(deps: {
  repo: AuthRepository;
  session: Config['session'];
  events: EventHub;
  clock?: Clock;
}) {
  const { repo, session, events } = deps;
  const clock = deps.clock ?? systemClock;

  async function officerView(officerId: number, branchId: number): Promise<Officer> {
    const officer = await repo.findActiveOfficerById(officerId);
    const branch = await repo.findBranch(branchId);
    if (!officer || !branch) throw new AppError('UNAUTHENTICATED', 'Sign in first: the session has ended.');
    return {
      uuid: officer.uuid,
      name: officer.name,
      lastname: officer.lastname,
      email: officer.email,
      roles: officer.roles,
      branch,
    };
  }

  return {
    async signin(
      input: { email: string; password: string; remember?: boolean | undefined },
      info: RequestInfo,
    ) {
      const now = clock.now();
      const since = new Date(now.getTime() - THROTTLE.windowMs);
      const [accountFailures, ipFailures] = await Promise.all([
        repo.countRecentFailuresForEmail(input.email, since),
        repo.countRecentFailuresForIp(info.ip, since),
      ]);
      const byAccount = accountFailures >= THROTTLE.perAccount;
      if (byAccount || ipFailures >= THROTTLE.perIp) {
        // A throttled attempt costs no password check: hammering one must not fill the audit
        // table, so it is written once a minute per address and account (per address when the
        // address is the one throttled, whatever e-mails it tries).
        const recorded = await repo.throttleRecordedSince(
          info.ip,
          byAccount ? input.email : null,
          new Date(now.getTime() - THROTTLE.auditEveryMs),
        );
        if (!recorded) {
          await repo.recordEvent({
            kind: 'signin_throttled',
            email: input.email,
            ip: info.ip,
            detail: byAccount ? 'account' : 'address',
            created: now,
          });
        }
        throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed sign-ins. Wait 15 minutes and try again.');
      }

      const officer = await repo.findActiveOfficerByEmail(input.email);
      const valid = officer
        ? await verifyPassword(input.password, officer.passwordHash)
        : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
      if (!officer || !valid) {
        await repo.recordEvent({
          kind: 'signin_failed',
          email: input.email,
          officerId: officer?.id ?? null,
          ip: info.ip,
          created: now,
        });
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
      await repo.recordEvent({
        kind: 'signin',
        email: input.email,
        officerId: officer.id,
        ip: info.ip,
        created: now,
      });
      return { ...(await officerView(officer.id, officer.branchId)), session: token };
    },

    /** The session behind a token, or null when it is unknown, revoked, past its lifetime or idle too long. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length > 200) return null;
      const now = clock.now();
      const row = await repo.findLiveSession(tokenHash(token), now);
      if (!row) return null;
      const idleFor = now.getTime() - row.lastSeen.getTime();
      if (idleFor > session.idleMs) return null;
      if (idleFor > TOUCH_INTERVAL_MS) await repo.touchSession(row.id, now);
      return {
        sessionId: row.id,
        officerId: row.officerId,
        officerUuid: row.officerUuid,
        roles: row.roles,
        branchId: row.branchId,
      };
    },

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

    officer: (auth: AuthContext) => officerView(auth.officerId, auth.branchId),

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
      return branch;
    },

    /** An officer changes their own password; their other sessions end. */
    async changeOwnPassword(auth: AuthContext, oldPassword: string, newPassword: string) {
      const officer = await repo.findActiveOfficerById(auth.officerId);
      if (!officer || !(await verifyPassword(oldPassword, officer.passwordHash))) {
        throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.');
      }
      const now = clock.now();
      await repo.setPasswordHash(officer.id, await hashPassword(newPassword), now);
      const ended = await repo.revokeOtherSessions(officer.id, auth.sessionId, now);
      events.publish('sessionsEnded', { sessionIds: ended });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import type { OfficerRow } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import {
  GUARDED_ROLE_IDS,
  grantsGuardedRole,
  isAdminRoles,
  mayManageOfficer,
  parseRoles,
  ROLE,
} from '@truck-queue/shared/roles';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { assertPasswordAllowed } from '../../lib/password-rule.ts';
import { newToken } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { OfficerValues, OfficersRepository, Tx } from './officers.repository.ts';

/** What an officer screen sends: the username may be left out (the spec's client knows none). */
export type OfficerInput = Omit<OfficerValues, 'username'> & { username?: string | undefined };

/** Only the officer's own fields (a request body may carry more, its uuid); `username` as it stays. */
const valuesOf = (input: OfficerInput, username: string): OfficerValues => ({
  name: input.name,
  lastname: input.lastname,
  email: input.email,
  username,
  roles: input.roles,
});

const loginRequired = () =>
  new AppError('VALIDATION_FAILED', 'An officer needs an e-mail or a username to sign in with.', [
    { path: 'email', message: 'an officer needs an e-mail or a username to sign in with' },
  ]);

const sameRoles = (a: string, b: string) => {
  const x = new Set(parseRoles(a));
  const y = parseRoles(b);
  return x.size === y.length && y.every((r) => x.has(r));
};

const changedMeanwhile = () =>
  new AppError('CONFLICT', 'This officer was changed by someone else. Reload and try again.');

const hasRole = (roles: string, role: string) => (parseRoles(roles) as string[]).includes(role);

/** Manage users: every officer of the admin's branch; rows history refers to are deactivated, never deleted. */
export function createOfficersService(deps: {
  repo: OfficersRepository;
  /** Ends an officer's other sessions (auth's sessions). */
  sessions: Pick<AuthRepository, 'revokeOtherSessions'>;
  events: EventHub;
  clock: Clock;
}) {
  const { repo, sessions, events, clock } = deps;

  async function find(auth: AuthContext, uuid: string) {
    const row = await repo.findActiveOfficer(auth.branchId, { uuid });
    if (!row) throw notFound('The officer');
    if (!mayManageOfficer(auth.roles, row.roles)) {
      throw forbidden(
        'Only a SuperAdmin may change an officer who holds the SuperAdmin or branch-switching role.',
      );
    }
    return row;
  }

  /** Admins may give every role but the guarded ones, which only a SuperAdmin may give or take. */
  function assertMayAssign(auth: AuthContext, before: string, after: string) {
    if (hasRole(auth.roles, ROLE.superAdmin)) return;
    for (const role of GUARDED_ROLE_IDS) {
      if (hasRole(before, role) !== hasRole(after, role)) {
        throw forbidden('Only a SuperAdmin may give or take the SuperAdmin and branch-switching roles.');
      }
    }
  }

  /**
   * Before an officer loses the admin or SuperAdmin role (or is deactivated): the branch keeps
   * an active admin, and the installation keeps an active SuperAdmin. The rows these checks read
   * are locked in the caller's transaction, so two admins demoting each other at the same moment
   * run one after the other and the second sees the first's change (issue 13, item 2).
   */
  async function assertOthersRemain(
    tx: Tx,
    branchId: number,
    officerId: number,
    before: string,
    after: string,
  ) {
    const losesSuperAdmin = hasRole(before, ROLE.superAdmin) && !hasRole(after, ROLE.superAdmin);
    const losesAdmin = isAdminRoles(before) && !isAdminRoles(after);
    if (!losesSuperAdmin && !losesAdmin) return;
    // One statement locks every row either check reads, so two such changes wait for each other.
    const rows = await repo.lockActiveAdmins(tx, branchId);
    const others = rows.filter((o) => o.id !== officerId);
    if (losesSuperAdmin && !others.some((o) => hasRole(o.roles, ROLE.superAdmin))) {
      throw conflict(
        'The only SuperAdmin cannot be deleted or lose the SuperAdmin role: make another officer a SuperAdmin first.',
        'LAST_SUPERADMIN',
      );
    }
    if (losesAdmin && !others.some((o) => o.branchId === branchId && isAdminRoles(o.roles))) {
      throw conflict('The branch must keep at least one administrator.', 'LAST_ADMIN');
    }
  }

  const emailTaken = () => conflict('This e-mail already belongs to another officer.', 'EMAIL_TAKEN');
  const usernameTaken = () => conflict('This username already belongs to another officer.', 'USERNAME_TAKEN');

  /** Each login is one officer's, whatever its case: the e-mail and the username (when given). */
  async function assertLoginsFree(values: OfficerValues, exceptId?: number) {
    if (values.email === '' && values.username === '') throw loginRequired();
    if (values.email !== '' && (await repo.findOfficerByLogin('email', values.email, exceptId)))
      throw emailTaken();
    if (values.username !== '' && (await repo.findOfficerByLogin('username', values.username, exceptId)))
      throw usernameTaken();
  }

  async function endSessions(officerId: number, keepSessionId: number | null) {
    const ended = await sessions.revokeOtherSessions(officerId, keepSessionId, clock.now());
    events.publish('sessionsEnded', { sessionIds: ended });
  }

  const uniqueLogin = (error: unknown) => {
    if (isUniqueViolation(error, 'officers_email_key')) throw emailTaken();
    if (isUniqueViolation(error, 'officers_username_key')) throw usernameTaken();
    throw error;
  };

  return {
    list(auth: AuthContext): Promise<OfficerRow[]> {
      return repo.listActiveOfficers(auth.branchId, 'id');
    },

    async create(auth: AuthContext, input: OfficerInput & { password: string }): Promise<OfficerRow> {
      const values = valuesOf(input, input.username ?? '');
      assertMayAssign(auth, '', input.roles);
      assertPasswordAllowed(input.password, [values.email, values.username], 'password');
      await assertLoginsFree(values);
      const passwordHash = await hashPassword(input.password);
      return repo.insertOfficer({ ...values, branchId: auth.branchId, passwordHash }).catch(uniqueLogin);
    },

    async update(auth: AuthContext, uuid: string, input: OfficerInput): Promise<OfficerRow> {
      const current = await find(auth, uuid);
      const values = valuesOf(input, input.username ?? current.username);
      assertMayAssign(auth, current.roles, input.roles);
      await assertLoginsFree(values, current.id);
      // A password someone else set (an Admin may have reset it while the officer held only
      // everyday roles) must not carry a SuperAdmin or branch-switching role: granting one
      // replaces it with one nobody knows, and the SuperAdmin sets a new one (the page asks).
      const unknownPassword =
        current.id !== auth.officerId && grantsGuardedRole(current.roles, input.roles)
          ? { passwordHash: await hashPassword(newToken()) }
          : {};
      const row = await repo
        .transaction(async (tx) => {
          // Read again under the locks: the roles may have changed since find().
          await assertOthersRemain(tx, auth.branchId, current.id, current.roles, input.roles);
          return repo.updateOfficer(tx, current.id, current.roles, {
            ...values,
            ...unknownPassword,
            updated: clock.now(),
          });
        })
        .catch(uniqueLogin);
      // Someone else changed the officer in between: nothing was written.
      if (!row) throw changedMeanwhile();
      // New roles take effect on a new session: the old ones (and their sockets, and a branch
      // chosen with a role now taken away) end, as after a password change (issue 13, item 9).
      if (!sameRoles(current.roles, input.roles)) await endSessions(current.id, null);
      // Names and roles held in memory (the session cache, the calling scope) are dropped everywhere.
      events.publish('referenceChanged', { branchId: auth.branchId });
      return row;
    },

    /**
     * Sets an officer's password; their other sessions end (all of them, unless it is the admin's
     * own). `confirmation`, the spec's plaintext `c_password`, is optional: when a client sends
     * it, a mismatch is refused as the spec's server refuses it (a client that relies on the server
     * to catch a typo still gets that); it is compared and dropped, never kept or logged.
     */
    async changePassword(auth: AuthContext, uuid: string, newPassword: string, confirmation?: string) {
      if (confirmation !== undefined && prehashPassword(confirmation) !== newPassword) {
        throw new AppError('VALIDATION_FAILED', 'The passwords do not match.', [
          { path: 'c_password', message: 'does not match the new password' },
        ]);
      }
      const officer = await find(auth, uuid);
      assertPasswordAllowed(newPassword, [officer.email, officer.username], 'new_password');
      const passwordHash = await hashPassword(newPassword);
      // Written only if the officer still holds the roles find() allowed this actor to touch: a
      // SuperAdmin's promotion landing during the hash must not keep a password an Admin chose.
      const changed = await repo.setOfficerPassword(officer.id, officer.roles, passwordHash, clock.now());
      if (!changed) throw changedMeanwhile();
      await endSessions(officer.id, officer.id === auth.officerId ? auth.sessionId : null);
    },

    /** Deactivates an officer (history keeps their name) and ends their sessions. */
    async cancel(auth: AuthContext, uuid: string) {
      const officer = await find(auth, uuid);
      assertMayAssign(auth, officer.roles, '');
      const done = await repo.transaction(async (tx) => {
        await assertOthersRemain(tx, auth.branchId, officer.id, officer.roles, '');
        return repo.deactivateOfficer(tx, officer.id, officer.roles, clock.now());
      });
      if (!done) throw changedMeanwhile();
      await endSessions(officer.id, null);
      events.publish('referenceChanged', { branchId: auth.branchId });
    },
  };
}

export type OfficersService = ReturnType<typeof createOfficersService>;

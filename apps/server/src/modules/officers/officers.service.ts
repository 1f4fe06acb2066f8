import { and, asc, eq, like, ne, or, sql } from 'drizzle-orm';
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
import type { Db } from '../../db/database.ts';
import { officers, sessions } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { newToken } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';

const rowColumns = {
  id: officers.id,
  uuid: officers.uuid,
  name: officers.name,
  lastname: officers.lastname,
  email: officers.email,
  roles: officers.roles,
};

/** A transaction's handle, for the checks that must see rows locked in it. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface OfficerInput {
  name: string;
  lastname: string;
  email: string;
  roles: string;
}

const sameRoles = (a: string, b: string) => {
  const x = new Set(parseRoles(a));
  const y = parseRoles(b);
  return x.size === y.length && y.every((r) => x.has(r));
};

const changedMeanwhile = () =>
  new AppError('CONFLICT', 'This officer was changed by someone else. Reload and try again.');

const hasRole = (roles: string, role: string) => (parseRoles(roles) as string[]).includes(role);

/** Manage users: every officer of the admin's branch; rows history refers to are deactivated, never deleted. */
export function createOfficersService(deps: { db: Db; events: EventHub; clock: Clock }) {
  const { db, events, clock } = deps;

  async function find(auth: AuthContext, uuid: string) {
    const [row] = await db
      .select(rowColumns)
      .from(officers)
      .where(and(eq(officers.uuid, uuid), eq(officers.branchId, auth.branchId), eq(officers.active, true)));
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
    // One statement locks every row either check reads (the branch's officers, and every officer
    // that may hold role 0: '%0%' also matches '1000', checked in JS), in id order, so two such
    // changes wait for each other instead of deadlocking.
    const rows = await tx
      .select({ id: officers.id, roles: officers.roles, branchId: officers.branchId })
      .from(officers)
      .where(and(eq(officers.active, true), or(eq(officers.branchId, branchId), like(officers.roles, '%0%'))))
      .orderBy(asc(officers.id))
      .for('update');
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

  async function assertEmailFree(email: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: officers.id })
      .from(officers)
      .where(
        and(
          sql`lower(${officers.email}) = ${email.toLowerCase()}`,
          exceptId ? ne(officers.id, exceptId) : undefined,
        ),
      );
    if (taken) throw conflict('This e-mail already belongs to another officer.', 'EMAIL_TAKEN');
  }

  async function endSessions(officerId: number, keepSessionId: number | null) {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(sessions.officerId, officerId),
          sql`${sessions.revokedAt} is null`,
          keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
        ),
      )
      .returning({ id: sessions.id });
    events.publish('sessionsEnded', { sessionIds: ended.map((s) => s.id) });
  }

  const uniqueEmail = (error: unknown) => {
    if (isUniqueViolation(error, 'officers_email_key')) {
      throw conflict('This e-mail already belongs to another officer.', 'EMAIL_TAKEN');
    }
    throw error;
  };

  return {
    list(auth: AuthContext): Promise<OfficerRow[]> {
      return db
        .select(rowColumns)
        .from(officers)
        .where(and(eq(officers.branchId, auth.branchId), eq(officers.active, true)))
        .orderBy(asc(officers.id));
    },

    async create(auth: AuthContext, input: OfficerInput & { password: string }): Promise<OfficerRow> {
      assertMayAssign(auth, '', input.roles);
      await assertEmailFree(input.email);
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(officers)
        .values({ ...input, branchId: auth.branchId, passwordHash })
        .returning(rowColumns)
        .catch(uniqueEmail);
      return row!;
    },

    async update(auth: AuthContext, uuid: string, input: OfficerInput): Promise<OfficerRow> {
      const current = await find(auth, uuid);
      assertMayAssign(auth, current.roles, input.roles);
      await assertEmailFree(input.email, current.id);
      // A password someone else set (an Admin may have reset it while the officer held only
      // everyday roles) must not carry a SuperAdmin or branch-switching role: granting one
      // replaces it with one nobody knows, and the SuperAdmin sets a new one (the page asks).
      const unknownPassword =
        current.id !== auth.officerId && grantsGuardedRole(current.roles, input.roles)
          ? { passwordHash: await hashPassword(newToken()) }
          : {};
      const row = await db
        .transaction(async (tx) => {
          // Read again under the locks: the roles may have changed since find().
          await assertOthersRemain(tx, auth.branchId, current.id, current.roles, input.roles);
          const [updated] = await tx
            .update(officers)
            .set({ ...input, ...unknownPassword, updated: clock.now() })
            .where(
              and(eq(officers.id, current.id), eq(officers.roles, current.roles), eq(officers.active, true)),
            )
            .returning(rowColumns);
          return updated;
        })
        .catch(uniqueEmail);
      // Someone else changed the officer in between: nothing was written.
      if (!row) throw changedMeanwhile();
      // New roles take effect on a new session: the old ones (and their sockets, and a branch
      // chosen with a role now taken away) end, as after a password change (issue 13, item 9).
      if (!sameRoles(current.roles, input.roles)) await endSessions(current.id, null);
      return row;
    },

    /** Sets an officer's password; their other sessions end (all of them, unless it is the admin's own). */
    async changePassword(auth: AuthContext, uuid: string, newPassword: string, confirmation: string) {
      if (prehashPassword(confirmation) !== newPassword) {
        throw new AppError('VALIDATION_FAILED', 'The passwords do not match.', [
          { path: 'c_password', message: 'does not match the new password' },
        ]);
      }
      const officer = await find(auth, uuid);
      const passwordHash = await hashPassword(newPassword);
      // Written only if the officer still holds the roles find() allowed this actor to touch: a
      // SuperAdmin's promotion landing during the hash must not keep a password an Admin chose.
      const changed = await db
        .update(officers)
        .set({ passwordHash, updated: clock.now() })
        .where(and(eq(officers.id, officer.id), eq(officers.roles, officer.roles), eq(officers.active, true)))
        .returning({ id: officers.id });
      if (changed.length === 0) throw changedMeanwhile();
      await endSessions(officer.id, officer.id === auth.officerId ? auth.sessionId : null);
    },

    /** Deactivates an officer (history keeps their name) and ends their sessions. */
    async cancel(auth: AuthContext, uuid: string) {
      const officer = await find(auth, uuid);
      assertMayAssign(auth, officer.roles, '');
      const done = await db.transaction(async (tx) => {
        await assertOthersRemain(tx, auth.branchId, officer.id, officer.roles, '');
        return tx
          .update(officers)
          .set({ active: false, updated: clock.now() })
          .where(
            and(eq(officers.id, officer.id), eq(officers.roles, officer.roles), eq(officers.active, true)),
          )
          .returning({ id: officers.id });
      });
      if (done.length === 0) throw changedMeanwhile();
      await endSessions(officer.id, null);
    },
  };
}

export type OfficersService = ReturnType<typeof createOfficersService>;

import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { OfficerRow } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { isAdminRoles, parseRoles, ROLE } from '@truck-queue/shared/roles';
import type { Db } from '../../db/database.ts';
import { officers, sessions } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Clock } from '../auth/auth.service.ts';

const rowColumns = {
  id: officers.id,
  uuid: officers.uuid,
  name: officers.name,
  lastname: officers.lastname,
  email: officers.email,
  roles: officers.roles,
};

/** Roles only a SuperAdmin may give or take away: SuperAdmin itself and cross-branch switching. */
const GUARDED_ROLES = [ROLE.superAdmin, ROLE.branchSwitcher] as const;

interface OfficerInput {
  name: string;
  lastname: string;
  email: string;
  roles: string;
}

/** Manage users: every officer of the admin's branch; rows history refers to are deactivated, never deleted. */
export function createOfficersService(deps: { db: Db; events: EventHub; clock: Clock }) {
  const { db, events, clock } = deps;

  async function find(auth: AuthContext, uuid: string) {
    const [row] = await db
      .select(rowColumns)
      .from(officers)
      .where(and(eq(officers.uuid, uuid), eq(officers.branchId, auth.branchId), eq(officers.active, true)));
    if (!row) throw notFound('The officer');
    return row;
  }

  /** Admins may give every role but the guarded ones, which only a SuperAdmin may give or take. */
  function assertMayAssign(auth: AuthContext, before: string, after: string) {
    if (parseRoles(auth.roles).includes(ROLE.superAdmin)) return;
    const had = parseRoles(before);
    const has = parseRoles(after);
    for (const role of GUARDED_ROLES) {
      if (had.includes(role) !== has.includes(role)) {
        throw forbidden('Only a SuperAdmin may give or take the SuperAdmin and branch-switching roles.');
      }
    }
  }

  /** The branch keeps at least one active admin (role 0 or 1). */
  async function assertOtherAdminRemains(auth: AuthContext, officerId: number) {
    const others = await db
      .select({ roles: officers.roles })
      .from(officers)
      .where(
        and(eq(officers.branchId, auth.branchId), eq(officers.active, true), ne(officers.id, officerId)),
      );
    if (!others.some((o) => isAdminRoles(o.roles))) {
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
      if (isAdminRoles(current.roles) && !isAdminRoles(input.roles))
        await assertOtherAdminRemains(auth, current.id);
      await assertEmailFree(input.email, current.id);
      const [row] = await db
        .update(officers)
        .set({ ...input, updated: clock.now() })
        .where(eq(officers.id, current.id))
        .returning(rowColumns)
        .catch(uniqueEmail);
      return row!;
    },

    /** Sets an officer's password; their other sessions end (all of them, unless it is the admin's own). */
    async changePassword(auth: AuthContext, uuid: string, newPassword: string, confirmation: string) {
      if (prehashPassword(confirmation) !== newPassword) {
        throw new AppError('VALIDATION_FAILED', 'The passwords do not match.', [
          { path: 'c_password', message: 'does not match the new password' },
        ]);
      }
      const officer = await find(auth, uuid);
      await db
        .update(officers)
        .set({ passwordHash: await hashPassword(newPassword), updated: clock.now() })
        .where(eq(officers.id, officer.id));
      await endSessions(officer.id, officer.id === auth.officerId ? auth.sessionId : null);
    },

    /** Deactivates an officer (history keeps their name) and ends their sessions. */
    async cancel(auth: AuthContext, uuid: string) {
      const officer = await find(auth, uuid);
      assertMayAssign(auth, officer.roles, '');
      if (isAdminRoles(officer.roles)) await assertOtherAdminRemains(auth, officer.id);
      await db
        .update(officers)
        .set({ active: false, updated: clock.now() })
        .where(eq(officers.id, officer.id));
      await endSessions(officer.id, null);
    },
  };
}

export type OfficersService = ReturnType<typeof createOfficersService>;

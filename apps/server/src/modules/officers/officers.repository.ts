import { and, asc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { officers } from '../../db/schema.ts';

/** A transaction's handle, for the writes and checks that must see rows locked in it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The officer as every service reads one (the officer screens, the calling controller, the
 * session's own officer). Password hashes are never among them: only the auth repository reads
 * those, where a password is checked.
 */
export const OFFICER_COLUMNS = {
  id: officers.id,
  uuid: officers.uuid,
  name: officers.name,
  lastname: officers.lastname,
  email: officers.email,
  username: officers.username,
  roles: officers.roles,
};

export interface OfficerRecord {
  id: number;
  uuid: string;
  name: string;
  lastname: string;
  email: string;
  username: string;
  roles: string;
}

/** What an officer screen writes of an officer. */
export interface OfficerValues {
  name: string;
  lastname: string;
  email: string;
  username: string;
  roles: string;
}

/** An update that applies only while the officer is active and still holds `roles` (read before). */
const unchanged = (id: number, roles: string) =>
  and(eq(officers.id, id), eq(officers.roles, roles), eq(officers.active, true));

/** The officers table: who works where, with which roles. */
export function createOfficersRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** The branch's active officers, by id (Manage users) or by name (the calling controller). */
    listActiveOfficers(branchId: number, order: 'id' | 'name'): Promise<OfficerRecord[]> {
      return db
        .select(OFFICER_COLUMNS)
        .from(officers)
        .where(and(eq(officers.branchId, branchId), eq(officers.active, true)))
        .orderBy(asc(order === 'id' ? officers.id : officers.name));
    },

    /** An active officer of the branch, by id or uuid. */
    async findActiveOfficer(
      branchId: number,
      key: { id: number } | { uuid: string },
    ): Promise<OfficerRecord | null> {
      const [row] = await db
        .select(OFFICER_COLUMNS)
        .from(officers)
        .where(
          and(
            'id' in key ? eq(officers.id, key.id) : eq(officers.uuid, key.uuid),
            eq(officers.branchId, branchId),
            eq(officers.active, true),
          ),
        );
      return row ?? null;
    },

    /** An active officer in any branch (a session's officer: role 1000 may work in another). */
    async findActiveOfficerById(id: number): Promise<OfficerRecord | null> {
      const [row] = await db
        .select(OFFICER_COLUMNS)
        .from(officers)
        .where(and(eq(officers.id, id), eq(officers.active, true)));
      return row ?? null;
    },

    /**
     * The officer, active or not, whose e-mail (or username) this is, case-insensitively, other
     * than `exceptId`.
     */
    async findOfficerByLogin(
      column: 'email' | 'username',
      login: string,
      exceptId?: number,
    ): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: officers.id })
        .from(officers)
        .where(
          and(
            sql`lower(${officers[column]}) = ${login.toLowerCase()}`,
            exceptId ? ne(officers.id, exceptId) : undefined,
          ),
        );
      return row ?? null;
    },

    /**
     * Locks, until the transaction ends, every row the last-admin checks read: the branch's
     * active officers and every active officer that may hold role 0 ('%0%' also matches '1000':
     * the caller checks the roles). One statement, in id order, so two such changes wait for
     * each other instead of deadlocking.
     */
    lockActiveAdmins(tx: Tx, branchId: number) {
      return tx
        .select({ id: officers.id, roles: officers.roles, branchId: officers.branchId })
        .from(officers)
        .where(
          and(eq(officers.active, true), or(eq(officers.branchId, branchId), like(officers.roles, '%0%'))),
        )
        .orderBy(asc(officers.id))
        .for('update');
    },

    /** Adds an officer; a taken e-mail or username rejects with the database's unique violation. */
    async insertOfficer(
      values: OfficerValues & { branchId: number; passwordHash: string },
    ): Promise<OfficerRecord> {
      const [row] = await db.insert(officers).values(values).returning(OFFICER_COLUMNS);
      return row!;
    },

    /** Writes the officer if it still holds `roles`; null when someone else changed it first. */
    async updateOfficer(
      tx: Tx,
      id: number,
      roles: string,
      values: OfficerValues & { passwordHash?: string; updated: Date },
    ): Promise<OfficerRecord | null> {
      const [row] = await tx
        .update(officers)
        .set(values)
        .where(unchanged(id, roles))
        .returning(OFFICER_COLUMNS);
      return row ?? null;
    },

    /** Sets the password hash if the officer still holds `roles`; false when it changed meanwhile. */
    async setOfficerPassword(id: number, roles: string, passwordHash: string, now: Date): Promise<boolean> {
      const changed = await db
        .update(officers)
        .set({ passwordHash, updated: now })
        .where(unchanged(id, roles))
        .returning({ id: officers.id });
      return changed.length > 0;
    },

    /** Deactivates the officer if it still holds `roles`; false when it changed meanwhile. */
    async deactivateOfficer(tx: Tx, id: number, roles: string, now: Date): Promise<boolean> {
      const done = await tx
        .update(officers)
        .set({ active: false, updated: now })
        .where(unchanged(id, roles))
        .returning({ id: officers.id });
      return done.length > 0;
    },
  };
}

export type OfficersRepository = ReturnType<typeof createOfficersRepository>;

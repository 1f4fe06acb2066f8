import { and, asc, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authEvents, branches, suppliers, supplierSessions, supplierVehicles } from '../../db/schema.ts';
import type { Executor } from '../queue/queue.repository.ts';

/** What the security audit calls a wrong PIN on a supplier's booking page. */
const PIN_FAILED = 'supplier_pin_failed';

/** The supplier's booking page: its PIN, its sign-ins. */
export function createSupplierPortalRepository(db: Db) {
  return {
    direct: db as Executor,

    /** An active supplier of the branch (by its uuid) by code key, with what signing in needs. */
    async forSignIn(branchUuid: string, codeKey: string) {
      const [row] = await db
        .select({
          id: suppliers.id,
          code: suppliers.code,
          name: suppliers.name,
          pinHash: suppliers.pinHash,
          pinSetAt: suppliers.pinSetAt,
        })
        .from(suppliers)
        .innerJoin(branches, eq(branches.id, suppliers.branchId))
        .where(
          and(
            eq(branches.uuid, branchUuid),
            eq(branches.active, true),
            eq(suppliers.codeKey, codeKey),
            eq(suppliers.active, true),
          ),
        );
      return row ?? null;
    },

    /**
     * The wrong PINs given for a supplier since `since`, oldest first: kept in the security audit
     * (auth_events), its key in the account column as `supplier:<id>`.
     */
    async pinFailures(supplierId: number, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ created: authEvents.created })
        .from(authEvents)
        .where(
          and(
            eq(authEvents.kind, PIN_FAILED),
            eq(authEvents.email, `supplier:${supplierId}`),
            gte(authEvents.created, since),
          ),
        )
        .orderBy(asc(authEvents.created));
      return rows.map((r) => r.created);
    },

    async pinFailed(supplierId: number, ip: string, now: Date): Promise<void> {
      await db
        .insert(authEvents)
        .values({ kind: PIN_FAILED, email: `supplier:${supplierId}`, ip, created: now });
    },

    async signedIn(supplierId: number, tokenHash: string, now: Date): Promise<void> {
      await db.insert(supplierSessions).values({ tokenHash, supplierId, created: now, lastSeen: now });
    },

    /** The live sign-in of a token: its supplier, active, seen since `seenSince`. */
    async session(tokenHash: string, seenSince: Date) {
      const [row] = await db
        .select({
          id: supplierSessions.id,
          lastSeen: supplierSessions.lastSeen,
          supplierId: suppliers.id,
          branchId: suppliers.branchId,
          code: suppliers.code,
          name: suppliers.name,
        })
        .from(supplierSessions)
        .innerJoin(suppliers, eq(suppliers.id, supplierSessions.supplierId))
        .where(
          and(
            eq(supplierSessions.tokenHash, tokenHash),
            isNull(supplierSessions.endedAt),
            gt(supplierSessions.lastSeen, seenSince),
            eq(suppliers.active, true),
          ),
        );
      return row ?? null;
    },

    async touch(sessionId: number, now: Date): Promise<void> {
      await db.update(supplierSessions).set({ lastSeen: now }).where(eq(supplierSessions.id, sessionId));
    },

    async end(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(supplierSessions)
        .set({ endedAt: now })
        .where(and(eq(supplierSessions.tokenHash, tokenHash), isNull(supplierSessions.endedAt)));
    },

    /** A new PIN for a supplier of the branch: its old sign-ins end. The branch's uuid; null: no such supplier. */
    async setPin(branchId: number, supplierId: number, pinHash: string, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(suppliers)
          .set({ pinHash, pinSetAt: now, updated: now })
          .where(and(eq(suppliers.id, supplierId), eq(suppliers.branchId, branchId)))
          .returning({ id: suppliers.id });
        if (!row) return null;
        await tx
          .update(supplierSessions)
          .set({ endedAt: now })
          .where(and(eq(supplierSessions.supplierId, supplierId), isNull(supplierSessions.endedAt)));
        const [branch] = await tx
          .select({ uuid: branches.uuid })
          .from(branches)
          .where(eq(branches.id, branchId));
        return branch!.uuid;
      });
    },

    async vehicles(supplierId: number): Promise<string[]> {
      const rows = await db
        .select({ licence: supplierVehicles.licence })
        .from(supplierVehicles)
        .where(eq(supplierVehicles.supplierId, supplierId))
        .orderBy(asc(supplierVehicles.licence));
      return rows.map((r) => r.licence);
    },

    async branchName(branchId: number): Promise<string> {
      const [row] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
      return row?.name ?? '';
    },
  };
}

export type SupplierPortalRepository = ReturnType<typeof createSupplierPortalRepository>;

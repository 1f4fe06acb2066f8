import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { IntegrationScope } from '@truck-queue/shared/integrations/integration-keys';
import type { Db } from '../../db/database.ts';
import { integrationCalls, integrationKeys, officers } from '../../db/schema.ts';

/** The integration keys and their calls' audit (issue 42). */
export function createIntegrationsRepository(db: Db) {
  const revoker = alias(officers, 'revoker');
  /** What a call's check reads of a key. */
  const keyColumns = {
    id: integrationKeys.id,
    uid: integrationKeys.uid,
    branchId: integrationKeys.branchId,
    name: integrationKeys.name,
    secretHash: integrationKeys.secretHash,
    scopes: integrationKeys.scopes,
    ratePerMinute: integrationKeys.ratePerMinute,
    expiresAt: integrationKeys.expiresAt,
    revokedAt: integrationKeys.revokedAt,
  };
  /** And what the office's list shows besides: who made and revoked it, when, its last use. */
  const selectKeys = () =>
    db
      .select({
        ...keyColumns,
        created: integrationKeys.created,
        createdBy: officers.name,
        createdByLast: officers.lastname,
        revokedBy: revoker.name,
        revokedByLast: revoker.lastname,
        lastUsedAt: integrationKeys.lastUsedAt,
      })
      .from(integrationKeys)
      .innerJoin(officers, eq(officers.id, integrationKeys.createdBy))
      .leftJoin(revoker, eq(revoker.id, integrationKeys.revokedBy));

  return {
    /** The branch's keys, the newest first. */
    async keys(branchId: number) {
      return selectKeys()
        .where(eq(integrationKeys.branchId, branchId))
        .orderBy(desc(integrationKeys.created), desc(integrationKeys.id));
    },

    async key(branchId: number, id: number) {
      const [row] = await selectKeys().where(
        and(eq(integrationKeys.branchId, branchId), eq(integrationKeys.id, id)),
      );
      return row ?? null;
    },

    /** The key of this public id, whatever its state (the caller checks it). */
    async keyByUid(uid: string) {
      const [row] = await db.select(keyColumns).from(integrationKeys).where(eq(integrationKeys.uid, uid));
      return row ?? null;
    },

    /** A new key; null when its public id is taken (drawn again). */
    async insertKey(row: {
      uid: string;
      branchId: number;
      name: string;
      secretHash: string;
      scopes: IntegrationScope[];
      ratePerMinute: number;
      expiresAt: Date | null;
      createdBy: number;
      created: Date;
    }): Promise<number | null> {
      const [inserted] = await db
        .insert(integrationKeys)
        .values(row)
        .onConflictDoNothing({ target: integrationKeys.uid })
        .returning({ id: integrationKeys.id });
      return inserted?.id ?? null;
    },

    /** Revokes a live key of the branch; false when there is none (a key revoked twice keeps its first revocation). */
    async revoke(branchId: number, id: number, officerId: number, at: Date) {
      const rows = await db
        .update(integrationKeys)
        .set({ revokedAt: at, revokedBy: officerId })
        .where(
          and(
            eq(integrationKeys.branchId, branchId),
            eq(integrationKeys.id, id),
            isNull(integrationKeys.revokedAt),
          ),
        )
        .returning({ id: integrationKeys.id });
      return rows.length > 0;
    },

    /** One call made with a key, and, when it was answered, the key's last use. */
    async recordCall(call: { keyId: number; path: string; status: number; address: string; at: Date }) {
      await db.insert(integrationCalls).values(call);
      // "Last used": its last answered call (a refusal leaves the key as it was).
      if (call.status >= 400) return;
      await db.update(integrationKeys).set({ lastUsedAt: call.at }).where(eq(integrationKeys.id, call.keyId));
    },

    /** A key's calls before `before` (or the newest), newest first, `limit` + 1 to tell whether more lie beyond. */
    async calls(keyId: number, before: Date | null, limit: number) {
      return db
        .select({
          at: integrationCalls.at,
          path: integrationCalls.path,
          status: integrationCalls.status,
          address: integrationCalls.address,
        })
        .from(integrationCalls)
        .where(and(eq(integrationCalls.keyId, keyId), before ? lt(integrationCalls.at, before) : undefined))
        .orderBy(desc(integrationCalls.at), desc(integrationCalls.id))
        .limit(limit + 1);
    },

    /** Removes the calls made before `before`; returns how many. */
    async pruneCalls(before: Date): Promise<number> {
      const rows = await db
        .delete(integrationCalls)
        .where(lt(integrationCalls.at, before))
        .returning({ id: integrationCalls.id });
      return rows.length;
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;

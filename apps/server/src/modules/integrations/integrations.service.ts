import { randomBytes } from 'node:crypto';
import type { IntegrationCall, IntegrationKey } from '@truck-queue/shared/contracts/integration.contract';
import {
  INTEGRATION_SCOPES,
  parseIntegrationKey,
  type IntegrationScope,
} from '@truck-queue/shared/integrations/integration-keys';
import { addDays } from '@truck-queue/shared/plant-day';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, IntegrationContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { TokenBucket } from '../../lib/rate-limit.ts';
import { siteDate, siteInstant } from '../../lib/site-time.ts';
import { newToken, sameSecret, tokenHash } from '../../lib/tokens.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';

/** The audit lists a key's calls this many at a time. */
export const KEY_CALLS_PAGE = 100;
/** A key's calls are kept this long (the audit), then removed by the hourly prune. */
export const INTEGRATION_CALLS_KEEP_DAYS = 90;
const UID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A key's public id: 8 letters and digits (36^8, some 2.8 × 10^12; a clash is drawn again). */
function newUid(): string {
  return [...randomBytes(8)].map((b) => UID_ALPHABET[b % UID_ALPHABET.length]).join('');
}

const isScope = (s: string): s is IntegrationScope => (INTEGRATION_SCOPES as readonly string[]).includes(s);

/**
 * Integration keys (issue 42): the admins make, list and revoke them and read their calls; every
 * `integration/…` call is checked against its key as it arrives (register-call.ts): read from
 * the database each time, so a revocation holds at once on every instance. Each key's rate is
 * counted per instance (a token bucket a key: its rate a minute, a minute's burst).
 */
export function createIntegrationsService(deps: { db: Db; clock: Clock; siteTimeZone: string }) {
  const { clock, siteTimeZone } = deps;
  const repo = createIntegrationsRepository(deps.db);
  const buckets = new Map<number, { rate: number; bucket: TokenBucket }>();

  const nameOf = (first: string | null, last: string | null) =>
    first === null ? null : `${first} ${last ?? ''}`.trim();
  const keyOf = (k: NonNullable<Awaited<ReturnType<typeof repo.key>>>): IntegrationKey => ({
    id: k.id,
    uid: k.uid,
    name: k.name,
    scopes: k.scopes.filter(isScope),
    rate_per_minute: k.ratePerMinute,
    expires_at: k.expiresAt?.toISOString() ?? null,
    created: k.created.toISOString(),
    created_by: nameOf(k.createdBy, k.createdByLast) ?? '',
    revoked_at: k.revokedAt?.toISOString() ?? null,
    revoked_by: nameOf(k.revokedBy, k.revokedByLast),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
  });

  async function keyOfBranch(auth: AuthContext, id: number) {
    const key = await repo.key(auth.branchId, id);
    if (!key) throw new AppError('NOT_FOUND', 'No such integration key in this branch.');
    return key;
  }

  return {
    async list(auth: AuthContext): Promise<IntegrationKey[]> {
      return (await repo.keys(auth.branchId)).map(keyOf);
    },

    /** A new key of the officer's branch: the key itself is in the answer, and never again. */
    async create(
      auth: AuthContext,
      input: { name: string; scopes: IntegrationScope[]; ratePerMinute: number; expiresOn: string | null },
    ): Promise<{ key: IntegrationKey; secret: string }> {
      const now = clock.now();
      // It works through its last day, on the site's clock.
      const expiresAt =
        input.expiresOn === null ? null : siteInstant(addDays(input.expiresOn, 1), 0, siteTimeZone);
      if (input.expiresOn !== null && input.expiresOn < siteDate(now, siteTimeZone)) {
        throw new AppError('VALIDATION_FAILED', 'The key would have expired already: its last day is past.', [
          { path: 'expires_on', message: 'must be today or later' },
        ]);
      }
      const secret = newToken();
      for (;;) {
        const uid = newUid();
        const id = await repo.insertKey({
          uid,
          branchId: auth.branchId,
          name: input.name,
          secretHash: tokenHash(secret),
          scopes: [...input.scopes].sort(),
          ratePerMinute: input.ratePerMinute,
          expiresAt,
          createdBy: auth.officerId,
          created: now,
        });
        if (id === null) continue;
        return { key: keyOf((await repo.key(auth.branchId, id))!), secret: `tqk_${uid}_${secret}` };
      }
    },

    async revoke(auth: AuthContext, id: number): Promise<IntegrationKey> {
      await keyOfBranch(auth, id);
      await repo.revoke(auth.branchId, id, auth.officerId, clock.now());
      buckets.delete(id);
      return keyOf((await repo.key(auth.branchId, id))!);
    },

    async calls(
      auth: AuthContext,
      id: number,
      before: string | null,
    ): Promise<{ calls: IntegrationCall[]; more: boolean }> {
      await keyOfBranch(auth, id);
      const rows = await repo.calls(id, before === null ? null : new Date(before), KEY_CALLS_PAGE);
      return {
        calls: rows.slice(0, KEY_CALLS_PAGE).map((c) => ({
          at: c.at.toISOString(),
          path: c.path,
          status: c.status,
          address: c.address,
        })),
        more: rows.length > KEY_CALLS_PAGE,
      };
    },

    // ---- the calls' guard (register-call.ts) ----

    /** The live key a bearer token is: known, its secret right, not revoked, not expired. */
    async authenticate(token: string): Promise<IntegrationContext | null> {
      const parsed = parseIntegrationKey(token);
      if (!parsed) return null;
      const key = await repo.keyByUid(parsed.id);
      if (!key || !sameSecret(tokenHash(parsed.secret), key.secretHash)) return null;
      if (key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= clock.now())) return null;
      return {
        keyId: key.id,
        uid: key.uid,
        name: key.name,
        branchId: key.branchId,
        scopes: key.scopes.filter(isScope),
        ratePerMinute: key.ratePerMinute,
      };
    },

    take(key: IntegrationContext): number {
      let held = buckets.get(key.keyId);
      if (!held || held.rate !== key.ratePerMinute) {
        held = {
          rate: key.ratePerMinute,
          bucket: new TokenBucket({ perSecond: key.ratePerMinute / 60, burst: key.ratePerMinute }, clock),
        };
        buckets.set(key.keyId, held);
      }
      return held.bucket.take();
    },

    /** Removes the calls made more than INTEGRATION_CALLS_KEEP_DAYS ago; returns how many. */
    async prune(): Promise<number> {
      return repo.pruneCalls(
        new Date(clock.now().getTime() - INTEGRATION_CALLS_KEEP_DAYS * 24 * 60 * 60_000),
      );
    },

    async audit(key: IntegrationContext, path: string, status: number, address: string): Promise<void> {
      await repo.recordCall({ keyId: key.keyId, path, status, address, at: clock.now() });
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

import { and, count, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { Db } from '../../db/database.ts';
import { deviceHellos } from '../../db/schema.ts';

/**
 * Which browser shows which short id while it waits to be registered (DESIGN.md "Devices",
 * decisions.md "Devices"). The first browser to say hello with an id holds it: Register binds
 * that browser's secret, and any other browser using the same id is told the id is taken.
 */

/** A screen that said hello this recently is waiting: an officer may register its id. */
export const DEVICE_WAITING_MS = 60 * 60_000;
/**
 * An id unseen this long is forgotten: another browser may show it then. As long as the
 * registration window: a screen that keeps saying hello keeps its id (each hello refreshes it).
 */
export const DEVICE_HELLO_FORGET_MS = DEVICE_WAITING_MS;
/**
 * At most this many ids are held at once: a flood of made-up ids cannot fill the database. New
 * ids are also limited per client address (RATE_LIMITS.deviceNewIds), so filling it takes
 * thousands of addresses; when it is full, new ids wait until old ones are forgotten.
 */
export const MAX_DEVICE_HELLOS = 100_000;

/**
 * `mine`: this browser holds the id; `taken`: another browser does; `full`: no room for a new
 * id; `limited`: its address has claimed too many ids lately.
 */
export type Claim = 'mine' | 'taken' | 'full' | 'limited';

/** Holds `shortId` for the browser whose secret hashes to `secretHash`, or says who holds it. */
export async function claimShortId(
  db: Db,
  kind: DeviceKind,
  shortId: string,
  secretHash: string,
  now: Date,
  /** Asked before a claim that may create or take over a row (the address's new-id bucket). */
  mayClaim: () => boolean = () => true,
): Promise<Claim> {
  // The usual case: the waiting screen saying hello again.
  const [seen] = await db
    .update(deviceHellos)
    .set({ kind, lastSeen: now })
    .where(and(eq(deviceHellos.shortId, shortId), eq(deviceHellos.secretHash, secretHash)))
    .returning({ shortId: deviceHellos.shortId });
  if (seen) return 'mine';

  const forgotten = new Date(now.getTime() - DEVICE_HELLO_FORGET_MS);
  const [held] = await db
    .select({ n: count() })
    .from(deviceHellos)
    .where(gte(deviceHellos.lastSeen, forgotten));
  if (held!.n >= MAX_DEVICE_HELLOS) return 'full';
  // An id another browser holds is refused without taking from the address's new-id bucket. The
  // row may also be this browser's own, written a moment ago by its socket or hello arriving
  // together with this one: then the id is this browser's.
  const [holder] = await db
    .select({ secretHash: deviceHellos.secretHash })
    .from(deviceHellos)
    .where(and(eq(deviceHellos.shortId, shortId), gte(deviceHellos.lastSeen, forgotten)));
  if (holder) return holder.secretHash === secretHash ? 'mine' : 'taken';
  if (!mayClaim()) return 'limited';

  // First writer wins, in one statement: a new id is inserted; an id held by this same browser
  // (its hello and its socket arriving together) or forgotten by its holder is (re)taken; an id
  // another browser holds is left alone and nothing comes back.
  const [claimed] = await db
    .insert(deviceHellos)
    .values({ shortId, kind, secretHash, firstSeen: now, lastSeen: now })
    .onConflictDoUpdate({
      target: deviceHellos.shortId,
      set: {
        kind,
        secretHash,
        firstSeen: sql`case when ${deviceHellos.secretHash} = ${secretHash} then ${deviceHellos.firstSeen} else ${now.toISOString()}::timestamptz end`,
        lastSeen: now,
      },
      setWhere: or(eq(deviceHellos.secretHash, secretHash), lt(deviceHellos.lastSeen, forgotten)),
    })
    .returning({ shortId: deviceHellos.shortId });
  if (!claimed) return 'taken';

  // Forgotten ids go only after a claim succeeded, so a refused hello changes nothing.
  await db.delete(deviceHellos).where(lt(deviceHellos.lastSeen, forgotten));
  return 'mine';
}

/** The secret hash of the browser of this kind waiting with `shortId` (seen recently), or null. */
export async function waitingSecretHash(
  db: Db,
  kind: DeviceKind,
  shortId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ secretHash: deviceHellos.secretHash })
    .from(deviceHellos)
    .where(
      and(
        eq(deviceHellos.shortId, shortId),
        eq(deviceHellos.kind, kind),
        gte(deviceHellos.lastSeen, new Date(now.getTime() - DEVICE_WAITING_MS)),
      ),
    );
  return row?.secretHash ?? null;
}

import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import type { Db } from '../../db/database.ts';
import { createDeviceGatewayRepository } from './device-gateway.repository.ts';

/**
 * Which browser shows which short id while it waits to be registered (DESIGN.md "Devices",
 * docs/devices-and-printing.md "Devices"). The first browser to say hello with an id holds it: Register binds
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
  const repo = createDeviceGatewayRepository(db);
  // The usual case: the waiting screen saying hello again.
  if (await repo.touchHello(kind, shortId, secretHash, now)) return 'mine';

  const forgotten = new Date(now.getTime() - DEVICE_HELLO_FORGET_MS);
  if ((await repo.countHellosSince(forgotten)) >= MAX_DEVICE_HELLOS) return 'full';
  // An id another browser holds is refused without taking from the address's new-id bucket. The
  // row may also be this browser's own, written a moment ago by its socket or hello arriving
  // together with this one: then the id is this browser's.
  const holder = await repo.findHelloHolder(shortId, forgotten);
  if (holder !== null) return holder === secretHash ? 'mine' : 'taken';
  if (!mayClaim()) return 'limited';

  // First writer wins: an id another browser took meanwhile is left alone.
  if (!(await repo.claimHello(kind, shortId, secretHash, now, forgotten))) return 'taken';

  // Forgotten ids go only after a claim succeeded, so a refused hello changes nothing.
  await repo.deleteHellosSeenBefore(forgotten);
  return 'mine';
}

/** The secret hash of the browser of this kind waiting with `shortId` (seen recently), or null. */
export function waitingSecretHash(
  db: Db,
  kind: DeviceKind,
  shortId: string,
  now: Date,
): Promise<string | null> {
  return createDeviceGatewayRepository(db).findWaitingHello(
    kind,
    shortId,
    new Date(now.getTime() - DEVICE_WAITING_MS),
  );
}

import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@truck-queue/shared/roles';
import { officers, sessions } from '../db/schema.ts';
import { tokenHash } from '../lib/tokens.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, type Plant } from '../test/plant.ts';
import { closeSockets, emitAck, listen, next, record, staffSocket } from '../test/sockets.ts';

/**
 * Issue 13, item 9: a staff socket that only listens sends nothing that would check its session;
 * the sweep (every 30 s in production, called directly here after moving the test clock) drops
 * the sockets whose session has expired, idled out, been revoked or lost its officer.
 */

const MINUTE = 60_000;
const IDLE_MINUTES = 60;
const MAX_MINUTES = 90;

let t: TestContext;
let url: string;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext({
    session: {
      idleMs: IDLE_MINUTES * MINUTE,
      maxMs: MAX_MINUTES * MINUTE,
      rememberMs: 30 * 24 * 60 * MINUTE,
    },
  });
  plant = await createPlant(t);
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

/** A new officer of the plant's branch, signed in now, with a socket in the branch room. */
async function listening(): Promise<{ socket: Socket; session: string; officerId: number }> {
  const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.employee });
  const session = await t.signIn(officer.email, officer.password);
  const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  return { socket, session, officerId: officer.id };
}

/** A ticket issued by a caller signed in now (the plant's own sessions may have aged out). */
async function issue(license: string) {
  const caller = plant.officers.caller;
  const session = await t.signIn(caller.email, caller.password);
  const response = await t.post(
    'process/printer/issueQueue',
    { id_branchQT: plant.types.standard.id, product: plant.products.starch.id, truck_license: license },
    { session },
  );
  expect(response.statusCode, response.body).toBe(200);
}

const sweep = () => t.app.realtime.sweepSessions();

describe('the session sweep', () => {
  it('drops a listening socket whose session idled out; it hears no more refreshUI', async () => {
    const idle = await listening();
    const heard = record(idle.socket, 'refreshUI');
    t.clock.advance((IDLE_MINUTES + 1) * MINUTE);
    const fresh = await listening();
    const dropped = next<string>(idle.socket, 'disconnect');

    await sweep();
    expect(await dropped).toBe('io server disconnect');
    expect(fresh.socket.connected).toBe(true);

    const refreshed = next(fresh.socket, 'refreshUI');
    await issue('EXP 1');
    await refreshed;
    expect(heard).toEqual([]);
  });

  it('drops a socket whose session passed its lifetime, though it was in use', async () => {
    const used = await listening();
    t.clock.advance(50 * MINUTE);
    // An API call counts as use: the session is not idle...
    expect((await t.post('authen/checkSession', {}, { session: used.session })).statusCode).toBe(200);
    await sweep();
    expect(used.socket.connected).toBe(true);
    // ...but 100 minutes after sign-in it is past its 90.
    t.clock.advance(50 * MINUTE);
    const dropped = next<string>(used.socket, 'disconnect');
    await sweep();
    expect(await dropped).toBe('io server disconnect');
  });

  it('drops the sockets of a session revoked or an officer deactivated behind its back, and leaves the others', async () => {
    const deactivated = await listening();
    const revoked = await listening();
    const stays = await listening();
    const dropped = [deactivated, revoked].map(({ socket }) => next<string>(socket, 'disconnect'));
    // Straight in the database: no event tells the server, only the sweep can notice.
    await t.db.update(officers).set({ active: false }).where(eq(officers.id, deactivated.officerId));
    await t.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, tokenHash(revoked.session)));
    expect(await sweep()).toBe(2);
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(stays.socket.connected).toBe(true);
  });

  it('checks hundreds of sockets in one go and leaves the live ones', async () => {
    // One after another: sign-in lets only a few attempts from one address run at once.
    const sockets = [];
    for (let i = 0; i < 20; i++) sockets.push(await listening());
    const extra = await Promise.all(
      sockets.flatMap(({ session }) =>
        Array.from({ length: 10 }, () => staffSocket(url, { session, apiKey: t.config.apiKey })),
      ),
    );
    await sweep();
    expect([...sockets.map((s) => s.socket), ...extra].every((s) => s.connected)).toBe(true);
  });
});

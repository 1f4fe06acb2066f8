import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as contracts from '@truck-queue/shared/contracts/auth.contract';
import { cancelOfficer, changePassword, doMainOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { saveYardSettings, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { sessions } from '../../db/schema.ts';
import { tokenHash } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { SESSION_CACHE_MS } from './auth.service.ts';

// A session checked a moment ago is answered from memory (auth.service.ts, SESSION_CACHE_MS).
// Whatever ends or changes it through the server must still be seen by the very next call.
let t: TestContext;
let branch: { id: number; name: string };
let adminOfficer: { email: string; password: string };
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Cache branch');
  adminOfficer = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
});
// A fresh session each time: some tests move the clock past the idle limit.
beforeEach(async () => {
  admin = await t.signIn(adminOfficer.email, adminOfficer.password);
});
afterAll(() => t.close());

const check = (session: string) => t.post('authen/checkSession', {}, { session });

/** An employee of the branch, signed in, whose session was just checked (so it is held in memory). */
async function heldSession(roles: string = ROLE.employee) {
  const officer = await t.createOfficer({ branchId: branch.id, roles });
  const session = await t.signIn(officer.email, officer.password);
  expect((await check(session)).statusCode).toBe(200);
  return { ...officer, session };
}

describe('the session check held in memory', () => {
  it('answers from memory: a session revoked behind the server’s back lasts at most SESSION_CACHE_MS', async () => {
    const { session } = await heldSession();
    await t.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, tokenHash(session)));
    expect((await check(session)).statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_MS);
    expect((await check(session)).statusCode).toBe(401);
  });

  it('refuses a signed-out session at once, even right after a check', async () => {
    const { session } = await heldSession();
    expect((await t.post('authen/signout', {}, { session })).statusCode).toBe(200);
    expect((await check(session)).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses the sessions of a deactivated officer at once', async () => {
    const officer = await heldSession();
    await t.call(cancelOfficer, { uuid: officer.uuid }, admin);
    expect((await check(officer.session)).statusCode).toBe(401);
  });

  it('refuses the sessions of an officer whose roles changed at once', async () => {
    const officer = await heldSession();
    await t.call(
      doMainOfficer,
      { uuid: officer.uuid, name: 'Somchai', lastname: 'Jaidee', email: officer.email, roles: ROLE.security },
      admin,
    );
    expect((await check(officer.session)).statusCode).toBe(401);
  });

  it("refuses the sessions of an officer whose password an admin set, and the officer's other sessions after their own change", async () => {
    const reset = await heldSession();
    await t.call(
      changePassword,
      { uuid: reset.uuid, new_password: prehashPassword('brand-new-1'), c_password: 'brand-new-1' },
      admin,
    );
    expect((await check(reset.session)).statusCode).toBe(401);

    const own = await heldSession();
    const elsewhere = await t.signIn(own.email, own.password);
    expect((await check(elsewhere)).statusCode).toBe(200);
    await t.call(
      contracts.changeOwnPassword,
      { old_password: prehashPassword(own.password), new_password: prehashPassword('brand-new-2') },
      own.session,
    );
    expect((await check(elsewhere)).statusCode).toBe(401);
    expect((await check(own.session)).statusCode).toBe(200);
  });

  it('ends a held session at its lifetime and after its idle limit, not SESSION_CACHE_MS later', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    // Its lifetime ends one second from now; the check holds it from now on.
    const end = new Date(t.clock.now().getTime() + 1000);
    await t.db
      .update(sessions)
      .set({ expiresAt: end })
      .where(eq(sessions.tokenHash, tokenHash(session)));
    expect((await check(session)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect(1000).toBeLessThan(SESSION_CACHE_MS);
    expect((await check(session)).statusCode).toBe(401);

    const fresh = await heldSession();
    t.clock.advance(t.config.session.idleMs + 1);
    expect((await check(fresh.session)).statusCode).toBe(401);
  });

  it("shows an officer's new name, a branch's new calendar and a session's new branch on the next call", async () => {
    const officer = await heldSession();
    await t.call(
      doMainOfficer,
      { uuid: officer.uuid, name: 'Malee', lastname: 'Srisuk', email: officer.email, roles: ROLE.employee },
      admin,
    );
    const renamed = (await check(officer.session)).json<{ officer: { name: string; lastname: string } }>();
    expect(renamed.officer).toMatchObject({ name: 'Malee', lastname: 'Srisuk' });

    const { settings } = await t.call(yardSettings, {}, admin);
    const { no_show_after_recalls, no_show_policy } = settings;
    await t.call(saveYardSettings, { no_show_after_recalls, no_show_policy, calendar: 'CE' }, admin);
    expect((await t.call(contracts.checkSession, {}, officer.session)).officer.branch.calendar).toBe('CE');

    const other = await t.createBranch('Second cache branch');
    const switcher = await heldSession(`${ROLE.manager},${ROLE.branchSwitcher}`);
    await t.call(contracts.getUpdateBranchID, { id: other.id, name: other.name }, switcher.session);
    expect((await t.call(contracts.checkSession, {}, switcher.session)).officer.branch.id).toBe(other.id);
  });
});

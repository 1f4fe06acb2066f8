import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSession, signinSettings } from '@truck-queue/shared/contracts/auth.contract';
import { mainCalling } from '@truck-queue/shared/contracts/controller.contract';
import { mainOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { saveYardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { THROTTLE } from './auth.service.ts';

/**
 * Issue 36: officers without an e-mail sign in with a username an admin gives them; the sign-in
 * page learns its branch's language and "remember me" default before anyone signs in.
 */

let t: TestContext;
let branch: { id: number; name: string };
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Username plant');
  const a = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
  admin = await t.signIn(a.email, a.password);
});
afterAll(() => t.close());

const save = (body: unknown) => t.post('officer/doMainOfficer', body, { session: admin });
const newOfficer = (fields: { email?: string; username?: string; roles?: string }) => ({
  name: 'บุญมา',
  lastname: 'ขยันดี',
  email: '',
  roles: ROLE.security,
  password: prehashPassword('gate-pass-1'),
  ...fields,
});
const signIn = (login: string, password: string, ip = '127.0.0.1') =>
  t.post('authen/signin', { email: login, password: prehashPassword(password) }, { ip });

describe('a username as the login', () => {
  it('lets an admin create an officer without an e-mail, who signs in with the username in any case', async () => {
    const created = await save(newOfficer({ username: ' Boonma.K ' }));
    expect(created.statusCode).toBe(200);
    expect(created.json().officer).toMatchObject({ email: '', username: 'boonma.k' });

    const response = await signIn('BOONMA.k', 'gate-pass-1');
    expect(response.statusCode).toBe(200);
    expect(response.json().officer).toMatchObject({ email: '', username: 'boonma.k', roles: ROLE.security });

    const list = await t.call(mainOfficer, {}, admin);
    expect(list.officer.find((o) => o.username === 'boonma.k')).toMatchObject({ email: '' });
  });

  it('names a calling officer without an e-mail by the username on the calling controller', async () => {
    expect((await save(newOfficer({ username: 'caller9', roles: ROLE.employee }))).statusCode).toBe(200);
    const rows = (await t.call(mainCalling, {}, admin)).officer;
    expect(rows.find((o) => o.username === 'caller9')).toMatchObject({ email: '', username: 'caller9' });
  });

  it('keeps a username to one officer, whatever its case', async () => {
    expect((await save(newOfficer({ username: 'gate01' }))).statusCode).toBe(200);
    const again = await save(newOfficer({ username: 'GATE01' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'USERNAME_TAKEN' });
  });

  it.each([
    ['a username that looks like an e-mail', { username: 'gate@plant' }, 'username'],
    ['a username too short', { username: 'ab' }, 'username'],
    ['a username with spaces', { username: 'gate one' }, 'username'],
    ['neither an e-mail nor a username', {}, 'email'],
  ])('refuses %s with 400 naming the field', async (_case, fields, field) => {
    const response = await save(newOfficer(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it('refuses a password that is the username', async () => {
    const response = await save({
      ...newOfficer({ username: 'weigher7' }),
      password: prehashPassword('weigher7'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PASSWORD_IS_EMAIL');
  });

  it('gives an officer with an e-mail a username as well: either signs in, and an edit without one keeps it', async () => {
    const created = await save(newOfficer({ email: 'lek@example.com' }));
    const { uuid } = created.json().officer as { uuid: string };
    const edit = { uuid, name: 'บุญมา', lastname: 'ขยันดี', email: 'lek@example.com', roles: ROLE.security };
    expect((await save({ ...edit, username: 'lek' })).json().officer.username).toBe('lek');
    // The spec's edit body has no username: it stays.
    expect((await save(edit)).json().officer.username).toBe('lek');
    expect((await signIn('lek', 'gate-pass-1')).statusCode).toBe(200);
    expect((await signIn('lek@example.com', 'gate-pass-1')).statusCode).toBe(200);
    // Taking the e-mail away leaves the username to sign in with; taking both is refused.
    expect((await save({ ...edit, email: '' })).json().officer).toMatchObject({ email: '', username: 'lek' });
    const none = await save({ ...edit, email: '', username: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('VALIDATION_FAILED');
  });

  it('throttles and audits a username as its account: alternating the e-mail and the username gains no tries', async () => {
    await save(newOfficer({ email: 'noi@example.com', username: 'noi' }));
    const ip = '198.51.100.7';
    for (let i = 0; i < THROTTLE.perPair; i++) {
      const login = i % 2 === 0 ? 'noi' : 'NOI@example.com';
      expect((await signIn(login, 'wrong-guess', ip)).statusCode).toBe(401);
    }
    const throttled = await signIn('noi', 'gate-pass-1', ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('TOO_MANY_ATTEMPTS');
    const audited = await t.db
      .select({ kind: authEvents.kind, account: authEvents.email })
      .from(authEvents)
      .where(and(eq(authEvents.ip, ip)));
    expect(audited.filter((e) => e.kind === 'signin_failed')).toHaveLength(THROTTLE.perPair);
    expect(new Set(audited.map((e) => e.account))).toEqual(new Set(['noi@example.com']));

    // After the wait, the username signs in, and the success is audited under the account.
    t.clock.advance(THROTTLE.pairFirstDelayMs + 1_000);
    expect((await signIn('noi', 'gate-pass-1', ip)).statusCode).toBe(200);
    const [success] = await t.db
      .select({ account: authEvents.email })
      .from(authEvents)
      .where(and(eq(authEvents.ip, ip), eq(authEvents.kind, 'signin')));
    expect(success?.account).toBe('noi@example.com');
  });

  it('audits a username-only officer under the username', async () => {
    await save(newOfficer({ username: 'pim' }));
    const ip = '198.51.100.8';
    expect((await signIn('PIM', 'gate-pass-1', ip)).statusCode).toBe(200);
    const rows = await t.db
      .select({ kind: authEvents.kind, account: authEvents.email })
      .from(authEvents)
      .where(eq(authEvents.ip, ip));
    expect(rows).toEqual([{ kind: 'signin', account: 'pim' }]);
  });
});

describe('authen/signinSettings', () => {
  it("gives the sign-in page its branch's language and remember-me default, as an admin set them", async () => {
    const before = await t.call(signinSettings, { branch_id: branch.id }, '');
    expect(before.settings).toEqual({ branch_id: branch.id, language: '', remember_default: false });

    await t.call(
      saveYardSettings,
      { no_show_after_recalls: 3, no_show_policy: 'requeue', language: 'th', remember_default: true },
      admin,
    );
    const after = await t.call(signinSettings, { branch_id: branch.id }, '');
    expect(after.settings).toEqual({ branch_id: branch.id, language: 'th', remember_default: true });
    // Signed in, the officer's branch carries the language for every screen.
    expect((await t.call(checkSession, {}, admin)).officer.branch.language).toBe('th');
  });

  it("answers for the PC's branch, else for the installation's first branch (a PC that never signed in, or an unknown id)", async () => {
    const second = await t.createBranch('Second plant');
    expect((await t.call(signinSettings, { branch_id: second.id }, '')).settings?.branch_id).toBe(second.id);
    expect((await t.call(signinSettings, {}, '')).settings?.branch_id).toBe(branch.id);
    expect((await t.call(signinSettings, { branch_id: 999_999 }, '')).settings?.branch_id).toBe(branch.id);
  });

  it('refuses a malformed branch id with 400', async () => {
    const response = await t.post('authen/signinSettings', { branch_id: 'one' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@truck-queue/shared/contracts/auth.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents, officers, sessions } from '../../db/schema.ts';
import { tokenHash } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { THROTTLE } from './auth.service.ts';

let t: TestContext;
let branchA: { id: number; name: string };
let branchB: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext();
  branchA = await t.createBranch('Branch A');
  branchB = await t.createBranch('Branch B');
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe('authen/signin', () => {
  it('signs in with the pre-hashed password and stores only a hash of the session token', async () => {
    const officer = await t.createOfficer({
      branchId: branchA.id,
      roles: ROLE.employee,
      email: 'somchai@example.com',
    });
    const response = await t.post('authen/signin', {
      email: 'SomChai@Example.com ',
      password: prehashPassword(officer.password),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.officer).toMatchObject({ email: 'somchai@example.com', roles: '55', branch: branchA });
    expect(body.officer.session).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await t.db.select().from(sessions).where(eq(sessions.officerId, officer.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(tokenHash(body.officer.session));
    expect(stored[0]!.tokenHash).not.toContain(body.officer.session);
  });

  it('gives one generic answer for a wrong password and for an unknown e-mail', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const wrong = await t.post('authen/signin', { email: officer.email, password: prehashPassword('nope') });
    const unknown = await t.post('authen/signin', {
      email: 'nobody@example.com',
      password: prehashPassword('nope'),
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 0, code: 'INVALID_CREDENTIALS' });
    }
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it.each([
    ['a missing password', { email: 'x@example.com' }, 'password'],
    ['a missing e-mail', { password: prehashPassword('x') }, 'email'],
    ['an extra field', { email: 'x@example.com', password: prehashPassword('x'), admin: true }, '(body)'],
    ['a wrongly typed e-mail', { email: 42, password: prehashPassword('x') }, 'email'],
    ['a password sent in the clear', { email: 'x@example.com', password: 'secret' }, 'password'],
    ['a malformed e-mail', { email: 'somchai@', password: prehashPassword('x') }, 'email'],
    ['neither an e-mail nor a username', { email: 'not a login', password: prehashPassword('x') }, 'email'],
    [
      'a wrongly typed remember flag',
      { email: 'x@example.com', password: prehashPassword('x'), remember: 'yes' },
      'remember',
    ],
  ])('refuses %s with 400 and names the field', async (_case, body, field) => {
    const response = await t.post('authen/signin', body);
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    expect(error.issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it('refuses a body that is not JSON or not an object, without a 500', async () => {
    for (const payload of ['{oops', '[]', '"text"', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/authen/signin',
        headers: { 'content-type': 'application/json', authorization: t.config.apiKey },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a call without the API key', async () => {
    const response = await t.post(
      'authen/signin',
      { email: 'x@example.com', password: prehashPassword('x') },
      { apiKey: null },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('BAD_API_KEY');
    const wrongKey = await t.post('authen/checkSession', {}, { apiKey: 'not-the-key' });
    expect(wrongKey.json().code).toBe('BAD_API_KEY');
  });

  it('throttles an address on an account after repeated failures, even when the right password follows', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const ip = '10.0.0.1';
    for (let i = 0; i < THROTTLE.perPair; i++) {
      const r = await t.post(
        'authen/signin',
        { email: officer.email, password: prehashPassword('wrong') },
        { ip },
      );
      expect(r.statusCode).toBe(401);
    }
    const right = await t.post(
      'authen/signin',
      { email: officer.email, password: prehashPassword(officer.password) },
      { ip },
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(right.headers['retry-after']).toBe(String(THROTTLE.pairFirstDelayMs / 1000));

    t.clock.advance(THROTTLE.pairFirstDelayMs);
    const later = await t.post(
      'authen/signin',
      { email: officer.email, password: prehashPassword(officer.password) },
      { ip },
    );
    expect(later.statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < THROTTLE.perIp; i++) {
      await t.post(
        'authen/signin',
        { email: `guess${i}@example.com`, password: prehashPassword('x') },
        { ip },
      );
    }
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const blocked = await t.post(
      'authen/signin',
      { email: officer.email, password: prehashPassword(officer.password) },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.post(
      'authen/signin',
      { email: officer.email, password: prehashPassword(officer.password) },
      { ip: '192.0.2.78' },
    );
    expect(elsewhere.statusCode).toBe(200);
    t.clock.advance(THROTTLE.windowMs + MINUTE);
  });

  it('audits sign-ins and failed sign-ins', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    await t.post('authen/signin', { email: officer.email, password: prehashPassword('wrong') });
    await t.signIn(officer.email, officer.password);
    const events = await t.db.select().from(authEvents).where(eq(authEvents.email, officer.email));
    expect(events.map((e) => e.kind).sort()).toEqual(['signin', 'signin_failed']);
  });

  it('refuses a deactivated officer', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    await t.db.update(officers).set({ active: false }).where(eq(officers.id, officer.id));
    expect((await t.post('authen/checkSession', {}, { session })).statusCode).toBe(401);
    const again = await t.post('authen/signin', {
      email: officer.email,
      password: prehashPassword(officer.password),
    });
    expect(again.json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('sessions', () => {
  it('checkSession answers the officer and their branch, with or without a body', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.manager });
    const session = await t.signIn(officer.email, officer.password);
    for (const body of [undefined, {}]) {
      const response = await t.post('authen/checkSession', body, { session });
      expect(response.statusCode).toBe(200);
      expect(response.json().officer).toMatchObject({ uuid: officer.uuid, roles: '51', branch: branchA });
    }
  });

  it('refuses a missing, unknown or overlong session with 401', async () => {
    for (const session of [null, 'made-up-token', 'x'.repeat(5000)]) {
      const response = await t.post('authen/checkSession', {}, { session });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('ends a session on sign-out', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    expect((await t.post('authen/signout', {}, { session })).json()).toEqual({ status: 1 });
    expect((await t.post('authen/checkSession', {}, { session })).statusCode).toBe(401);
    expect((await t.post('authen/signout', {}, { session })).statusCode).toBe(401);
  });

  it('ends a session left idle longer than the idle timeout, and keeps one in use', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const idle = await t.signIn(officer.email, officer.password);
    const busy = await t.signIn(officer.email, officer.password);
    const step = t.config.session.idleMs / 2;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(step);
      expect((await t.post('authen/checkSession', {}, { session: busy })).statusCode).toBe(200);
    }
    expect((await t.post('authen/checkSession', {}, { session: idle })).statusCode).toBe(401);
  });

  it('ends every session at its absolute lifetime; remember-me lives longer', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.employee });
    const shortLived = await t.signIn(officer.email, officer.password);
    const remembered = await t.signIn(officer.email, officer.password, { remember: true });
    const step = t.config.session.idleMs / 2;
    let elapsed = 0;
    while (elapsed <= t.config.session.maxMs) {
      t.clock.advance(step);
      elapsed += step;
      await t.post('authen/checkSession', {}, { session: shortLived });
      await t.post('authen/checkSession', {}, { session: remembered });
    }
    expect((await t.post('authen/checkSession', {}, { session: shortLived })).statusCode).toBe(401);
    expect((await t.post('authen/checkSession', {}, { session: remembered })).statusCode).toBe(200);
  });
});

describe('officer and branch calls', () => {
  it('getOfficer and getBranchSetID answer the spec fields', async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.labChecker });
    const session = await t.signIn(officer.email, officer.password);
    const me = await t.call(contracts.getOfficer, {}, session);
    expect(me).toMatchObject({ status: 1, name: 'Test', roles: '56' });
    const set = await t.call(contracts.getBranchSetID, {}, session);
    expect(set).toMatchObject({ status: 1, oBranch: branchA, officer: { name: 'Test', roles: '56' } });
  });

  it('checkAccess lists exactly the permissions of roles.ts', async () => {
    const cases: [string, string[]][] = [
      [
        ROLE.superAdmin,
        ['dashboard', 'report', 'calling', 'weighing', 'lab', 'exit', 'admin', 'overrule', 'suppliers'],
      ],
      [
        ROLE.admin,
        ['dashboard', 'report', 'calling', 'weighing', 'lab', 'exit', 'admin', 'overrule', 'suppliers'],
      ],
      [ROLE.manager, ['dashboard', 'report', 'calling', 'weighing', 'overrule', 'suppliers']],
      [ROLE.employee, ['dashboard', 'calling', 'weighing']],
      [ROLE.labChecker, ['dashboard', 'lab']],
      [ROLE.security, ['dashboard', 'exit']],
      [`${ROLE.employee},${ROLE.branchSwitcher}`, ['dashboard', 'calling', 'weighing', 'branchSwitch']],
    ];
    for (const [roles, expected] of cases) {
      const officer = await t.createOfficer({ branchId: branchA.id, roles });
      const session = await t.signIn(officer.email, officer.password);
      const access = await t.call(contracts.checkAccess, {}, session);
      expect(access.permissions.sort()).toEqual([...expected].sort());
    }
  });

  it('mainBranch lists only the own branch, unless the officer holds role 1000', async () => {
    const plain = await t.createOfficer({ branchId: branchB.id, roles: ROLE.admin });
    const switcher = await t.createOfficer({
      branchId: branchB.id,
      roles: `${ROLE.manager},${ROLE.branchSwitcher}`,
    });
    const plainList = await t.call(contracts.mainBranch, {}, await t.signIn(plain.email, plain.password));
    expect(plainList.branch).toEqual([branchB]);
    const allList = await t.call(contracts.mainBranch, {}, await t.signIn(switcher.email, switcher.password));
    expect(allList.branch).toEqual(expect.arrayContaining([branchA, branchB]));
  });

  it('role 1000 switches the session to another branch; the switch is that session only', async () => {
    const switcher = await t.createOfficer({
      branchId: branchA.id,
      roles: `${ROLE.manager},${ROLE.branchSwitcher}`,
    });
    const session = await t.signIn(switcher.email, switcher.password);
    const other = await t.signIn(switcher.email, switcher.password);
    const switched = await t.call(
      contracts.getUpdateBranchID,
      { id: branchB.id, name: branchB.name },
      session,
    );
    expect(switched.oBranch).toEqual(branchB);
    expect((await t.call(contracts.checkSession, {}, session)).officer.branch).toEqual(branchB);
    expect((await t.call(contracts.checkSession, {}, other)).officer.branch).toEqual(branchA);

    const missing = await t.post('authen/getUpdateBranchID', { id: 999_999, name: 'x' }, { session });
    expect(missing.statusCode).toBe(404);
    const bad = await t.post('authen/getUpdateBranchID', { id: 'two', name: 'x' }, { session });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses the branch switch to other roles with 403, records it, and changes nothing', async () => {
    const admin = await t.createOfficer({ branchId: branchA.id, roles: ROLE.superAdmin });
    const session = await t.signIn(admin.email, admin.password);
    const response = await t.post(
      'authen/getUpdateBranchID',
      { id: branchB.id, name: branchB.name },
      { session },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    expect((await t.call(contracts.checkSession, {}, session)).officer.branch).toEqual(branchA);
    const audit = await t.db.select().from(authEvents).where(eq(authEvents.officerId, admin.id));
    expect(audit.map((e) => [e.kind, e.detail])).toContainEqual(['forbidden', 'authen/getUpdateBranchID']);
  });
});

describe('authen/changeOwnPassword', () => {
  it("changes the password and ends the officer's other sessions", async () => {
    const officer = await t.createOfficer({ branchId: branchA.id, roles: ROLE.security });
    const current = await t.signIn(officer.email, officer.password);
    const elsewhere = await t.signIn(officer.email, officer.password);
    const wrong = await t.post(
      'authen/changeOwnPassword',
      { old_password: prehashPassword('not-it'), new_password: prehashPassword('new-secret') },
      { session: current },
    );
    expect(wrong.statusCode).toBe(401);

    await t.call(
      contracts.changeOwnPassword,
      { old_password: prehashPassword(officer.password), new_password: prehashPassword('new-secret') },
      current,
    );
    expect((await t.post('authen/checkSession', {}, { session: current })).statusCode).toBe(200);
    expect((await t.post('authen/checkSession', {}, { session: elsewhere })).statusCode).toBe(401);
    await expect(t.signIn(officer.email, officer.password)).rejects.toThrow();
    await expect(t.signIn(officer.email, 'new-secret')).resolves.toBeTypeOf('string');
  });
});

describe('unknown paths', () => {
  it('answers JSON 404 for an unknown API call', async () => {
    const response = await t.post('authen/nothing', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 0, code: 'NOT_FOUND' });
  });
});

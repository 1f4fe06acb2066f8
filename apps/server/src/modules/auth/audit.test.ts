import { count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents } from '../../db/schema.ts';
import { newBrowser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signInWhenFree } from '../../test/sign-in.ts';
import { THROTTLE } from './auth.service.ts';

/**
 * The security audit (auth_events): sign-ins, failed and throttled sign-ins, sign-outs and
 * refused calls, each with who, what, from where and when, and never a secret.
 */

let t: TestContext;
let branch: { id: number; name: string };
let ipCount = 0;
/** Each test signs in from its own addresses: the per-address throttle must not mix them up. */
const freshIp = () => {
  ipCount += 1;
  return `198.51.${100 + Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
};

/** Brings an account to its ceiling: as many failures as it allows, each from its own address. */
async function failFromEverywhere(email: string) {
  const answers = await Promise.all(
    Array.from({ length: THROTTLE.perAccount }, (_, i) => signIn(email, `guess-${i}`, freshIp())),
  );
  for (const answer of answers) expect(answer.statusCode).toBe(401);
}

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Audit plant');
});
afterAll(() => t.close());

/** A sign-in that waits its turn while the server's in-flight cap is full (test/sign-in.ts). */
const signIn = (email: string, password: string, ip: string) => signInWhenFree(t, email, password, ip);

async function rowsFor(officer: { id: number; email: string }) {
  return t.db
    .select()
    .from(authEvents)
    .where(or(eq(authEvents.email, officer.email), eq(authEvents.officerId, officer.id)))
    .orderBy(authEvents.id);
}

/** No column of an audit row holds a password (typed or pre-hashed) or a token. */
function expectNoSecret(rows: unknown[], secrets: string[]) {
  const text = JSON.stringify(rows);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

const row = (fields: Record<string, unknown>) => ({
  id: expect.any(Number),
  email: null,
  officerId: null,
  detail: null,
  created: t.clock.now(),
  ...fields,
});

describe('sign-in audit', () => {
  it('records a sign-in and a sign-out: the officer, the address, the time', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const ip = freshIp();
    const response = await signIn(officer.email, officer.password, ip);
    const session = response.json<{ officer: { session: string } }>().officer.session;
    expect((await t.post('authen/signout', {}, { session, ip: '203.0.113.9' })).json()).toMatchObject({
      status: 1,
    });

    const rows = await rowsFor(officer);
    expect(rows).toEqual([
      row({ kind: 'signin', email: officer.email, officerId: officer.id, ip }),
      row({ kind: 'signout', officerId: officer.id, ip: '203.0.113.9' }),
    ]);
    expectNoSecret(rows, [officer.password, prehashPassword(officer.password), session]);
  });

  it('records failed sign-ins, for a known officer and for an unknown e-mail', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const ip = freshIp();
    expect((await signIn(officer.email, 'wrong-password', ip)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await signIn('nobody@example.com', 'wrong-password', ip)).json().code).toBe(
      'INVALID_CREDENTIALS',
    );

    expect(await rowsFor(officer)).toEqual([
      row({ kind: 'signin_failed', email: officer.email, officerId: officer.id, ip }),
    ]);
    const unknown = await t.db.select().from(authEvents).where(eq(authEvents.email, 'nobody@example.com'));
    expect(unknown).toEqual([row({ kind: 'signin_failed', email: 'nobody@example.com', ip })]);
    expectNoSecret([unknown], ['wrong-password', prehashPassword('wrong-password')]);
  });
});

describe('sign-in throttling, per account', () => {
  it('refuses an account tried from many addresses, even with the right password, until the window passes', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    await failFromEverywhere(officer.email);
    const ip = freshIp();
    const right = await signIn(officer.email, officer.password, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ status: 0, code: 'TOO_MANY_ATTEMPTS' });
    expect(right.json()).not.toHaveProperty('officer');

    const throttled = (await rowsFor(officer)).filter((r) => r.kind === 'signin_throttled');
    expect(throttled).toEqual([
      row({ kind: 'signin_throttled', email: officer.email, ip, detail: 'account-ceiling' }),
    ]);
    expectNoSecret(throttled, [officer.password, prehashPassword(officer.password)]);

    t.clock.advance(THROTTLE.windowMs + 1000);
    expect((await signIn(officer.email, officer.password, ip)).statusCode).toBe(200);
  });

  it('audits hammering on a throttled account once a minute per address, not once per attempt', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    await failFromEverywhere(officer.email);
    const [first, second] = [freshIp(), freshIp()];
    const hammer = async (ip: string, times: number) => {
      for (let i = 0; i < times; i++) expect((await signIn(officer.email, 'x', ip)).statusCode).toBe(429);
    };
    await hammer(first, 40);
    await hammer(second, 5);
    t.clock.advance(THROTTLE.auditEveryMs + 1000);
    await hammer(first, 5);

    const throttled = (await rowsFor(officer)).filter((r) => r.kind === 'signin_throttled');
    expect(throttled.map((r) => r.ip)).toEqual([first, second, first]);
    t.clock.advance(THROTTLE.windowMs);
  });

  it('throttles an address trying many accounts, and audits it once a minute whatever e-mails it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.perIp; i++) await signIn(`spray${i}@example.com`, 'x', ip);
    for (let i = 0; i < 30; i++) {
      expect((await signIn(`spray-more${i}@example.com`, 'x', ip)).json().code).toBe('TOO_MANY_ATTEMPTS');
    }
    const rows = await t.db.select().from(authEvents).where(eq(authEvents.kind, 'signin_throttled'));
    expect(rows.filter((r) => r.ip === ip)).toEqual([
      row({ kind: 'signin_throttled', email: 'spray-more0@example.com', ip, detail: 'address' }),
    ]);
    t.clock.advance(THROTTLE.windowMs);
  });
});

describe('refused calls', () => {
  it("records a call the officer's role may not make", async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const session = await t.signIn(officer.email, officer.password);
    const ip = freshIp();
    const refused = await t.post('officer/mainOfficer', {}, { session, ip });
    expect(refused.statusCode).toBe(403);
    const rows = (await rowsFor(officer)).filter((r) => r.kind === 'forbidden');
    expect(rows).toEqual([
      row({ kind: 'forbidden', officerId: officer.id, ip, detail: 'officer/mainOfficer' }),
    ]);
    expectNoSecret(rows, [session]);
  });

  it('records a refusal made by the call itself (an admin giving the SuperAdmin role)', async () => {
    const admin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
    const session = await t.signIn(admin.email, admin.password);
    const ip = freshIp();
    const password = prehashPassword('new-officer-pass');
    const refused = await t.post(
      'officer/doMainOfficer',
      { name: 'A', lastname: 'B', email: 'would-be-root@example.com', roles: ROLE.superAdmin, password },
      { session, ip },
    );
    expect(refused.json()).toMatchObject({ status: 0, code: 'FORBIDDEN' });
    const rows = (await rowsFor(admin)).filter((r) => r.kind === 'forbidden');
    expect(rows).toEqual([
      row({ kind: 'forbidden', officerId: admin.id, ip, detail: 'officer/doMainOfficer' }),
    ]);
    expectNoSecret(rows, [session, password, 'new-officer-pass']);
  });

  it('does not audit anonymous refusals anyone can repeat: bad API key, unknown session, unregistered device', async () => {
    const total = async () => (await t.db.select({ n: count() }).from(authEvents))[0]!.n;
    const before = await total();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await t.post('authen/checkSession', {}, { apiKey: 'not-the-key', ip })).statusCode).toBe(401);
      expect((await t.post('authen/checkSession', {}, { session: `made-up-${i}`, ip })).statusCode).toBe(401);
      const device = newBrowser();
      const refused = await t.post('device/displayBoard', {}, { headers: device.headers, ip });
      expect(refused.json().code).toBe('DEVICE_NOT_REGISTERED');
    }
    expect(await total()).toBe(before);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { officers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * One password rule on the three routes that set a password (issue 16, item 5): creating an
 * officer, an admin's reset and an officer's own change. The server sees only the pre-hash, so
 * it refuses the e-mail (or its local part) and the common list, in the usual spellings; the
 * length is the form's to check (e2e/administration.e2e.ts).
 */
let t: TestContext;
let branchId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  branchId = (await t.createBranch('Password rule')).id;
  const a = await t.createOfficer({ branchId, roles: ROLE.admin });
  admin = await t.signIn(a.email, a.password);
});
afterAll(() => t.close());

/** What each route is sent, and the code it answers with, for a password typed as `typed`. */
const REFUSED = [
  ['the e-mail', (email: string) => email, 'PASSWORD_IS_EMAIL'],
  ['the e-mail in capitals', (email: string) => email.toUpperCase(), 'PASSWORD_IS_EMAIL'],
  ['the local part', (email: string) => email.split('@')[0]!, 'PASSWORD_IS_EMAIL'],
  ['12345678', () => '12345678', 'PASSWORD_TOO_COMMON'],
  ['Password', () => 'Password', 'PASSWORD_TOO_COMMON'],
  ['qwerty typed on the Thai layout', () => 'ๆไำพะั', 'PASSWORD_TOO_COMMON'],
  ['"1"', () => '1', 'PASSWORD_TOO_COMMON'],
] as const;

const GOOD = 'Ladda-scale-77';

describe('officer/doMainOfficer (create)', () => {
  it.each(REFUSED)('refuses %s with its code and creates no one', async (_name, typed, code) => {
    const email = `pw.create.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const response = await t.post(
      'officer/doMainOfficer',
      { name: 'ลัดดา', lastname: 'ชั่งดี', email, roles: '55', password: prehashPassword(typed(email)) },
      { session: admin },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, code, issues: [{ path: 'password' }] });
    expect(await t.db.select().from(officers).where(eq(officers.email, email))).toEqual([]);
  });

  it('creates the officer with a good password', async () => {
    const email = 'pw.create.good@example.com';
    const response = await t.post(
      'officer/doMainOfficer',
      { name: 'ลัดดา', lastname: 'ชั่งดี', email, roles: '55', password: prehashPassword(GOOD) },
      { session: admin },
    );
    expect(response.statusCode).toBe(200);
    await expect(t.signIn(email, GOOD)).resolves.toBeTypeOf('string');
  });
});

describe("officer/changePassword (an admin's reset)", () => {
  it.each(REFUSED)(
    'refuses %s with its code; the old password still signs in',
    async (_name, typed, code) => {
      const officer = await t.createOfficer({ branchId, roles: '55' });
      const password = typed(officer.email);
      const response = await t.post(
        'officer/changePassword',
        { uuid: officer.uuid, new_password: prehashPassword(password), c_password: password },
        { session: admin },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code, issues: [{ path: 'new_password' }] });
      await expect(t.signIn(officer.email, officer.password)).resolves.toBeTypeOf('string');
    },
  );

  it('sets a good password', async () => {
    const officer = await t.createOfficer({ branchId, roles: '55' });
    const response = await t.post(
      'officer/changePassword',
      { uuid: officer.uuid, new_password: prehashPassword(GOOD), c_password: GOOD },
      { session: admin },
    );
    expect(response.statusCode).toBe(200);
    await expect(t.signIn(officer.email, GOOD)).resolves.toBeTypeOf('string');
  });
});

describe('authen/changeOwnPassword (one’s own change)', () => {
  it.each(REFUSED)(
    'refuses %s with its code; the old password still signs in',
    async (_name, typed, code) => {
      const officer = await t.createOfficer({ branchId, roles: ROLE.security });
      const session = await t.signIn(officer.email, officer.password);
      const response = await t.post(
        'authen/changeOwnPassword',
        {
          old_password: prehashPassword(officer.password),
          new_password: prehashPassword(typed(officer.email)),
        },
        { session },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code, issues: [{ path: 'new_password' }] });
      await expect(t.signIn(officer.email, officer.password)).resolves.toBeTypeOf('string');
    },
  );

  it('still says a wrong current password first', async () => {
    const officer = await t.createOfficer({ branchId, roles: ROLE.security });
    const session = await t.signIn(officer.email, officer.password);
    const response = await t.post(
      'authen/changeOwnPassword',
      { old_password: prehashPassword('not-the-one'), new_password: prehashPassword('12345678') },
      { session },
    );
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { officers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let branch: { id: number; name: string };
let otherBranch: { id: number; name: string };
let admin: string;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Users A');
  otherBranch = await t.createBranch('Users B');
  const a = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
  admin = await t.signIn(a.email, a.password);
  const s = await t.createOfficer({ branchId: branch.id, roles: ROLE.superAdmin });
  superAdmin = await t.signIn(s.email, s.password);
});
afterAll(() => t.close());

const save = (body: unknown, session = admin) => t.post('officer/doMainOfficer', body, { session });
const newOfficer = (email: string, roles = '55') => ({
  name: ' สมหญิง ',
  lastname: 'ใจงาม',
  email,
  roles,
  password: prehashPassword('first-pass'),
});

describe('officer/doMainOfficer', () => {
  it('creates an officer who can sign in, and lists them', async () => {
    const created = await save(newOfficer('somying@example.com'));
    expect(created.statusCode).toBe(200);
    expect(created.json().officer).toMatchObject({
      name: 'สมหญิง',
      email: 'somying@example.com',
      roles: '55',
    });
    await expect(t.signIn('somying@example.com', 'first-pass')).resolves.toBeTypeOf('string');
    const list = await t.call(mainOfficer, {}, admin);
    expect(list.officer.map((o) => o.email)).toContain('somying@example.com');
  });

  it('keeps an e-mail to one officer, whatever its case', async () => {
    await save(newOfficer('dup@example.com'));
    const again = await save(newOfficer('DUP@Example.com'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'EMAIL_TAKEN' });
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a name too long', { name: 'ก'.repeat(101) }],
    ['an unknown role', { roles: '99' }],
    ['a repeated role', { roles: '55,55' }],
    ['a password in the clear', { password: 'plain' }],
    ['a malformed e-mail', { email: 'nope' }],
    ['a wrongly typed role', { roles: 55 }],
  ])('refuses %s with 400', async (_name, change) => {
    const response = await save({ ...newOfficer(`bad-${Math.random()}@example.com`), ...change });
    expect(response.statusCode).toBe(400);
  });

  it('edits an officer; only a SuperAdmin gives or takes roles 0 and 1000', async () => {
    const created = (await save(newOfficer('edit@example.com'))).json().officer;
    const body = {
      uuid: created.uuid,
      name: 'New',
      lastname: 'Name',
      email: 'edit@example.com',
      roles: '51',
    };
    expect((await save(body)).json().officer).toMatchObject({ name: 'New', roles: '51' });
    expect((await save({ ...body, roles: '51,1000' })).statusCode).toBe(403);
    expect((await save({ ...body, roles: '0' })).statusCode).toBe(403);
    expect((await save({ ...body, roles: '51,1000' }, superAdmin)).statusCode).toBe(200);
    expect((await save({ ...body, roles: '51' })).statusCode).toBe(403);
  });

  it("never touches another branch's officer", async () => {
    const foreign = await t.createOfficer({ branchId: otherBranch.id, roles: '55' });
    const response = await save({
      uuid: foreign.uuid,
      name: 'X',
      lastname: 'Y',
      email: foreign.email,
      roles: '55',
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await t.post('officer/cancelOfficer', { uuid: foreign.uuid }, { session: admin })).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(officers).where(eq(officers.id, foreign.id));
    expect(row).toMatchObject({ name: 'Test', active: true });
  });
});

describe('officer/changePassword and officer/cancelOfficer', () => {
  it("sets a password when the confirmation matches, and ends that officer's sessions", async () => {
    const o = await t.createOfficer({ branchId: branch.id, roles: '55' });
    const session = await t.signIn(o.email, o.password);
    const mismatch = await t.post(
      'officer/changePassword',
      { uuid: o.uuid, new_password: prehashPassword('new-one'), c_password: 'other' },
      { session: admin },
    );
    expect(mismatch.statusCode).toBe(400);
    const ok = await t.post(
      'officer/changePassword',
      { uuid: o.uuid, new_password: prehashPassword('new-one'), c_password: 'new-one' },
      { session: admin },
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.post('authen/checkSession', {}, { session })).statusCode).toBe(401);
    await expect(t.signIn(o.email, 'new-one')).resolves.toBeTypeOf('string');
  });

  it('sets a password without c_password (the web sends none); a sent one is still compared, and never kept', async () => {
    const o = await t.createOfficer({ branchId: branch.id, roles: '55' });
    const plain = 'no-confirmation-1';
    const ok = await t.post(
      'officer/changePassword',
      { uuid: o.uuid, new_password: prehashPassword(plain) },
      { session: admin },
    );
    expect(ok.statusCode).toBe(200);
    await expect(t.signIn(o.email, plain)).resolves.toBeTypeOf('string');

    // The spec's shape: a mismatch is refused (nothing changes), a match accepted.
    const mismatch = await t.post(
      'officer/changePassword',
      { uuid: o.uuid, new_password: prehashPassword('typed-once-2'), c_password: 'typed-twice-2' },
      { session: admin },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'c_password' }] });
    await expect(t.signIn(o.email, plain)).resolves.toBeTypeOf('string');
    const confirmed = 'with-confirmation-3';
    expect(
      (
        await t.post(
          'officer/changePassword',
          { uuid: o.uuid, new_password: prehashPassword(confirmed), c_password: confirmed },
          { session: admin },
        )
      ).statusCode,
    ).toBe(200);
    // Only the new password's hash is kept: no column of the officer holds the typed text.
    const [row] = await t.db.select().from(officers).where(eq(officers.id, o.id));
    expect(JSON.stringify(row)).not.toContain(confirmed);
    expect(JSON.stringify(row)).not.toContain(prehashPassword(confirmed));
  });

  it('deactivates an officer (kept for history) and ends their sessions', async () => {
    const o = await t.createOfficer({ branchId: branch.id, roles: '71' });
    const session = await t.signIn(o.email, o.password);
    expect((await t.post('officer/cancelOfficer', { uuid: o.uuid }, { session: admin })).statusCode).toBe(
      200,
    );
    expect((await t.post('authen/checkSession', {}, { session })).statusCode).toBe(401);
    const [row] = await t.db.select().from(officers).where(eq(officers.id, o.id));
    expect(row!.active).toBe(false);
    const list = await t.call(mainOfficer, {}, admin);
    expect(list.officer.map((x) => x.uuid)).not.toContain(o.uuid);
  });

  it("keeps the branch's last admin: no deleting or demoting them, themself included", async () => {
    const lonely = await t.createBranch('One admin');
    const only = await t.createOfficer({ branchId: lonely.id, roles: ROLE.admin });
    const session = await t.signIn(only.email, only.password);
    const demote = await t.post(
      'officer/doMainOfficer',
      { uuid: only.uuid, name: 'A', lastname: 'B', email: only.email, roles: '55' },
      { session },
    );
    expect(demote.json()).toMatchObject({ code: 'CONFLICT', reason: 'LAST_ADMIN' });
    const remove = await t.post('officer/cancelOfficer', { uuid: only.uuid }, { session });
    expect(remove.json()).toMatchObject({ code: 'CONFLICT', reason: 'LAST_ADMIN' });
    const [row] = await t.db.select().from(officers).where(eq(officers.id, only.id));
    expect(row).toMatchObject({ roles: '1', active: true });
  });
});

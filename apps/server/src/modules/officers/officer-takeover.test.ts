import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents, officers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { closeSockets, listen, next, staffSocket } from '../../test/sockets.ts';

/**
 * Issue 13, items 1, 2 and 9: an Admin cannot take over a SuperAdmin or a branch-switching
 * manager, the last SuperAdmin and the last admin stay (also when two act at the same moment),
 * and a role change ends the officer's sessions and sockets.
 */

let t: TestContext;
let branch: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Takeover');
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const resetPassword = (session: string, uuid: string, password: string) =>
  t.post(
    'officer/changePassword',
    { uuid, new_password: prehashPassword(password), c_password: password },
    { session },
  );
const edit = (
  session: string,
  officer: { uuid: string; email: string },
  change: Partial<{ name: string; email: string; roles: string }> & { roles: string },
) =>
  t.post(
    'officer/doMainOfficer',
    { uuid: officer.uuid, name: 'Name', lastname: 'Lastname', email: officer.email, ...change },
    { session },
  );
const rowOf = async (id: number) => (await t.db.select().from(officers).where(eq(officers.id, id)))[0]!;

describe('an Admin and the officers above it', () => {
  it("cannot reset a SuperAdmin's password, sign in as them, or change their e-mail or name", async () => {
    const superAdmin = await t.createOfficer({ branchId: branch.id, roles: ROLE.superAdmin });
    const admin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
    const adminSession = await t.signIn(admin.email, admin.password);
    const before = await rowOf(superAdmin.id);

    const reset = await resetPassword(adminSession, superAdmin.uuid, 'taken-over');
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ status: 0, code: 'FORBIDDEN' });
    await expect(t.signIn(superAdmin.email, 'taken-over')).rejects.toThrow();

    const mail = await edit(adminSession, superAdmin, { email: 'attacker@example.com', roles: '0' });
    expect(mail.statusCode).toBe(403);
    const name = await edit(adminSession, superAdmin, { email: superAdmin.email, roles: '0' });
    expect(name.statusCode).toBe(403);

    const after = await rowOf(superAdmin.id);
    expect(after).toMatchObject({
      email: before.email,
      name: before.name,
      passwordHash: before.passwordHash,
      roles: '0',
    });
    await expect(t.signIn(superAdmin.email, superAdmin.password)).resolves.toBeTypeOf('string');
  });

  it('cannot reset the password or e-mail of a branch-switching manager (that would hand it every branch)', async () => {
    const manager = await t.createOfficer({ branchId: branch.id, roles: '51,1000' });
    const admin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
    const adminSession = await t.signIn(admin.email, admin.password);
    const before = await rowOf(manager.id);

    expect((await resetPassword(adminSession, manager.uuid, 'taken-over')).statusCode).toBe(403);
    expect(
      (await edit(adminSession, manager, { email: 'mine@example.com', roles: '51,1000' })).statusCode,
    ).toBe(403);
    expect(
      (await t.post('officer/cancelOfficer', { uuid: manager.uuid }, { session: adminSession })).statusCode,
    ).toBe(403);
    expect(await rowOf(manager.id)).toMatchObject({
      email: before.email,
      passwordHash: before.passwordHash,
      active: true,
    });
    // The refusals are in the security audit, as every refused call is.
    const audit = await t.db.select().from(authEvents).where(eq(authEvents.officerId, admin.id));
    expect(audit.filter((e) => e.kind === 'forbidden').map((e) => e.detail)).toEqual(
      expect.arrayContaining(['officer/changePassword', 'officer/doMainOfficer', 'officer/cancelOfficer']),
    );
  });

  it('still manages the everyday officers, and other admins, as before', async () => {
    const admin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
    const adminSession = await t.signIn(admin.email, admin.password);
    const employee = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const otherAdmin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });

    expect((await resetPassword(adminSession, employee.uuid, 'fresh-pass')).statusCode).toBe(200);
    await expect(t.signIn(employee.email, 'fresh-pass')).resolves.toBeTypeOf('string');
    expect((await resetPassword(adminSession, otherAdmin.uuid, 'fresh-pass')).statusCode).toBe(200);
    expect((await edit(adminSession, employee, { roles: ROLE.security })).statusCode).toBe(200);
  });

  it('cannot keep a password it set once the officer is granted a guarded role', async () => {
    const admin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
    const adminSession = await t.signIn(admin.email, admin.password);
    const superAdmin = await t.createOfficer({ branchId: branch.id, roles: ROLE.superAdmin });
    const superSession = await t.signIn(superAdmin.email, superAdmin.password);
    const manager = await t.createOfficer({ branchId: branch.id, roles: ROLE.manager });

    // The Admin sets the manager's password while it holds everyday roles: allowed.
    expect((await resetPassword(adminSession, manager.uuid, 'admin-knows-it')).statusCode).toBe(200);
    // A SuperAdmin then grants branch switching: the password the Admin knows stops working.
    expect((await edit(superSession, manager, { email: manager.email, roles: '51,1000' })).statusCode).toBe(
      200,
    );
    await expect(t.signIn(manager.email, 'admin-knows-it')).rejects.toThrow();
    // The SuperAdmin sets a new one, and the manager signs in with it.
    expect((await resetPassword(superSession, manager.uuid, 'from-the-super')).statusCode).toBe(200);
    await expect(t.signIn(manager.email, 'from-the-super')).resolves.toBeTypeOf('string');
  });

  it('lets a SuperAdmin change anyone', async () => {
    const superAdmin = await t.createOfficer({ branchId: branch.id, roles: ROLE.superAdmin });
    const session = await t.signIn(superAdmin.email, superAdmin.password);
    const manager = await t.createOfficer({ branchId: branch.id, roles: '51,1000' });
    expect((await resetPassword(session, manager.uuid, 'fresh-pass')).statusCode).toBe(200);
    expect((await edit(session, manager, { roles: '51' })).statusCode).toBe(200);
  });
});

describe('the last SuperAdmin and the last admin', () => {
  it('refuses the only SuperAdmin demoting or deleting themself, with LAST_SUPERADMIN', async () => {
    const own = await createTestContext();
    try {
      const b = await own.createBranch('Alone');
      const only = await own.createOfficer({ branchId: b.id, roles: '0,1000' });
      // Another admin in the branch, so the branch's last-admin rule is not what refuses.
      await own.createOfficer({ branchId: b.id, roles: ROLE.admin });
      const session = await own.signIn(only.email, only.password);

      const demote = await own.post(
        'officer/doMainOfficer',
        { uuid: only.uuid, name: 'A', lastname: 'B', email: only.email, roles: '1' },
        { session },
      );
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toMatchObject({ code: 'CONFLICT', reason: 'LAST_SUPERADMIN' });
      const remove = await own.post('officer/cancelOfficer', { uuid: only.uuid }, { session });
      expect(remove.json()).toMatchObject({ code: 'CONFLICT', reason: 'LAST_SUPERADMIN' });

      const [row] = await own.db.select().from(officers).where(eq(officers.id, only.id));
      expect(row).toMatchObject({ roles: '0,1000', active: true });

      // With a second SuperAdmin (in another branch, too) one of them may step down.
      const other = await own.createBranch('Other');
      await own.createOfficer({ branchId: other.id, roles: ROLE.superAdmin });
      const stepDown = await own.post(
        'officer/doMainOfficer',
        { uuid: only.uuid, name: 'A', lastname: 'B', email: only.email, roles: '1' },
        { session },
      );
      expect(stepDown.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('keeps an admin when two admins demote each other at the same moment, every time', async () => {
    for (let round = 0; round < 10; round++) {
      const b = await t.createBranch(`Pair ${round}`);
      const a = await t.createOfficer({ branchId: b.id, roles: ROLE.admin });
      const c = await t.createOfficer({ branchId: b.id, roles: ROLE.admin });
      const [sa, sc] = await Promise.all([t.signIn(a.email, a.password), t.signIn(c.email, c.password)]);
      const answers = await Promise.all([
        edit(sa, c, { email: c.email, roles: ROLE.employee }),
        edit(sc, a, { email: a.email, roles: ROLE.employee }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      // One demotion goes through; the other is refused, whichever came second: LAST_ADMIN when
      // it was already past the sign-in check, or the demoted admin's own session is refused —
      // ended (401), or still open for the instant between the first's commit and its sessions'
      // end, but its role is now employee (403).
      expect(codes[0]).toBe(200);
      expect([401, 403, 409]).toContain(codes[1]);
      const rows = await t.db.select().from(officers).where(eq(officers.branchId, b.id));
      expect(rows.filter((o) => o.active && o.roles === ROLE.admin)).toHaveLength(1);
    }
  });

  it('keeps a SuperAdmin when the last two demote each other at the same moment', async () => {
    const own = await createTestContext();
    try {
      for (let round = 0; round < 5; round++) {
        // Only this round's two hold role 0: the last round's survivor steps aside first.
        await own.db.update(officers).set({ active: false }).where(eq(officers.roles, ROLE.superAdmin));
        const b = await own.createBranch(`Supers ${round}`);
        // Keeps the branch's last-admin rule out of the way.
        await own.createOfficer({ branchId: b.id, roles: ROLE.admin });
        const x = await own.createOfficer({ branchId: b.id, roles: ROLE.superAdmin });
        const y = await own.createOfficer({ branchId: b.id, roles: ROLE.superAdmin });
        const [sx, sy] = await Promise.all([
          own.signIn(x.email, x.password),
          own.signIn(y.email, y.password),
        ]);
        await Promise.all([
          own.post(
            'officer/doMainOfficer',
            { uuid: y.uuid, name: 'Y', lastname: 'Y', email: y.email, roles: '1' },
            { session: sx },
          ),
          own.post(
            'officer/doMainOfficer',
            { uuid: x.uuid, name: 'X', lastname: 'X', email: x.email, roles: '1' },
            { session: sy },
          ),
        ]);
        const rows = await own.db.select().from(officers).where(eq(officers.active, true));
        expect(rows.filter((o) => o.roles === ROLE.superAdmin)).toHaveLength(1);
      }
    } finally {
      await own.close();
    }
  });
});

describe('a role change while the officer is signed in', () => {
  it('ends the sessions and sockets of a manager whose branch switch is taken while in another branch', async () => {
    const home = await t.createBranch('Home');
    const away = await t.createBranch('Away');
    const superAdmin = await t.createOfficer({ branchId: home.id, roles: ROLE.superAdmin });
    const adminSession = await t.signIn(superAdmin.email, superAdmin.password);
    const manager = await t.createOfficer({ branchId: home.id, roles: '51,1000' });
    const session = await t.signIn(manager.email, manager.password);

    const switched = await t.post('authen/getUpdateBranchID', { id: away.id, name: away.name }, { session });
    expect(switched.statusCode).toBe(200);
    const url = await listen(t);
    const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
    const disconnected = next(socket, 'disconnect', 5000);

    const demote = await edit(adminSession, manager, { email: manager.email, roles: '51' });
    expect(demote.statusCode).toBe(200);

    await expect(disconnected).resolves.toBeDefined();
    // The session that was in the other branch is gone: no report of that branch, nothing at all.
    const report = await t.post(
      'report/periodDashboardByQueueType',
      { find_start: '2026-11-01', find_finish: '2026-11-20' },
      { session },
    );
    expect(report.statusCode).toBe(401);
    // Signing in again lands in the officer's own branch, with the new roles.
    const fresh = await t.signIn(manager.email, manager.password);
    const current = await t.post('authen/getBranchSetID', {}, { session: fresh });
    expect(current.json()).toMatchObject({ oBranch: { id: home.id }, officer: { roles: '51' } });
  });

  it('leaves the sessions alone when only the name changes', async () => {
    const admin = await t.createOfficer({ branchId: branch.id, roles: ROLE.admin });
    const adminSession = await t.signIn(admin.email, admin.password);
    const employee = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const session = await t.signIn(employee.email, employee.password);
    expect((await edit(adminSession, employee, { name: 'Renamed', roles: ROLE.employee })).statusCode).toBe(
      200,
    );
    expect((await t.post('authen/checkSession', {}, { session })).statusCode).toBe(200);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTRACTS } from '@truck-queue/shared/contracts/all';
import { can, ROLE_IDS } from '@truck-queue/shared/roles';
import { createTestContext, type TestContext } from './harness.ts';
import { createPlant } from './plant.ts';

let t: TestContext;
const sessions = new Map<string, string>();

beforeAll(async () => {
  t = await createTestContext();
  const plant = await createPlant(t);
  for (const role of ROLE_IDS) {
    const o = await t.createOfficer({ branchId: plant.branch.id, roles: role });
    sessions.set(role, await t.signIn(o.email, o.password));
  }
});
afterAll(() => t.close());

/** Row counts of every table of the schema, to prove a refused call changed nothing. */
async function snapshot(): Promise<Record<string, number>> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('auth_events', 'sessions')`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

describe('the access matrix: every call by every role', () => {
  // Sign-out ends the session the other calls use: it goes last.
  const contracts = ALL_CONTRACTS.filter(
    (c) => c.access !== 'public' && c.access !== 'device' && c.access !== 'integration',
  ).sort((a, b) => Number(a.path === 'authen/signout') - Number(b.path === 'authen/signout'));

  it('covers the whole API', () => {
    expect(contracts.length).toBeGreaterThan(50);
  });

  it('allows exactly what roles.ts grants, refuses the rest with 403, and a refusal changes nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const contract of contracts) {
      for (const role of ROLE_IDS) {
        const response = await t.post(contract.path, {}, { session: sessions.get(role)! });
        const { access } = contract;
        const allowed =
          access === 'session' ||
          (access !== 'public' && access !== 'device' && access !== 'integration' && can(role, access));
        const refused = response.statusCode === 403;
        if (allowed === refused) wrong.push(`${contract.path} as ${role}: ${response.statusCode}`);
        if (response.statusCode >= 500) wrong.push(`${contract.path} as ${role}: ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
    // Allowed calls with an empty body are refused as invalid or answer reads: the data is as it was.
    expect(await snapshot()).toEqual(before);
  });

  it('refuses device-only calls to every officer: only a registered device makes them', async () => {
    const deviceOnly = ALL_CONTRACTS.filter((c) => c.access === 'device');
    expect(deviceOnly.length).toBeGreaterThan(0);
    for (const contract of deviceOnly) {
      for (const role of ROLE_IDS) {
        const response = await t.post(contract.path, {}, { session: sessions.get(role)! });
        expect(response.statusCode, `${contract.path} as ${role}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
      }
    }
  });

  it("refuses the integrations' calls to every officer: only an integration key makes them", async () => {
    const byKey = ALL_CONTRACTS.filter((c) => c.access === 'integration');
    expect(byKey.length).toBeGreaterThan(0);
    for (const contract of byKey) {
      for (const role of ROLE_IDS) {
        const response = await t.post(contract.path, {}, { session: sessions.get(role)! });
        expect(response.statusCode, `${contract.path} as ${role}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contracts from '@truck-queue/shared/contracts/integration.contract';
import { InOutRowSchema, SummaryRowSchema } from '@truck-queue/shared/contracts/report.contract';
import { integrationCalls, integrationKeys } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;
/** A second instance on the same database (another server behind the load balancer). */
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  other = await createPlant(t, 'Other plant');
  second = await t.anotherInstance();
  await issueTicket(t, plant, 'standard', 'กข 1001');
  await issueTicket(t, plant, 'standard', 'กข 1002');
  await issueTicket(t, other, 'standard', 'ขค 2001');
});
afterAll(async () => {
  await t.close();
});

const today = { find_start: '2026-11-20', find_finish: '2026-11-20' };
const ticketsBody = { ...today, find_license: '', find_product: 0 };
const weighingsBody = { ...today, page: 1, page_size: 10 };

async function makeKey(
  body: Partial<{ name: string; scopes: string[]; rate_per_minute: number; expires_on: string | null }> = {},
) {
  const response = await t.post(
    contracts.createIntegrationKey.path,
    { name: 'SAP', scopes: ['tickets:read'], rate_per_minute: 60, expires_on: null, ...body },
    { session: plant.officers.admin.session },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ key: contracts.IntegrationKey; secret: string }>();
}

/** A call as an integration makes it: its key as the bearer token, no API key, no session. */
const byKey = (path: string, body: unknown, secret: string, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    payload: JSON.stringify(body),
  });

const auditOf = async (keyId: number) =>
  (await t.call(contracts.integrationKeyCalls, { id: keyId }, plant.officers.admin.session)).calls.map(
    (c) => `${c.path} ${c.status}`,
  );

describe('integration keys', () => {
  it('are shown once, kept hashed, and listed with their scopes and maker', async () => {
    const { key, secret } = await makeKey({
      name: 'SAP goods receipts',
      scopes: ['tickets:read', 'reports:read'],
    });
    expect(secret).toMatch(new RegExp(`^tqk_${key.uid}_[A-Za-z0-9_-]{43}$`));
    expect(key).toMatchObject({
      name: 'SAP goods receipts',
      scopes: ['reports:read', 'tickets:read'],
      rate_per_minute: 60,
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    });
    expect(key.created_by).not.toBe('');
    const [row] = await t.db.select().from(integrationKeys).where(eq(integrationKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret.split('_')[2]);

    const { keys } = await t.call(contracts.listIntegrationKeys, {}, plant.officers.admin.session);
    expect(keys.find((k) => k.id === key.id)).toEqual(key);
    expect(JSON.stringify(keys)).not.toContain(secret.split('_')[2]);
    // Another branch's admin sees none of them.
    const elsewhere = await t.call(contracts.listIntegrationKeys, {}, other.officers.admin.session);
    expect(elsewhere.keys.map((k) => k.id)).not.toContain(key.id);
  });

  it("read their own branch's tickets and weighings, never another's, and mark the key used", async () => {
    const { key, secret } = await makeKey({ scopes: ['tickets:read', 'reports:read'] });
    const tickets = await byKey(contracts.integrationTickets.path, ticketsBody, secret);
    expect(tickets.statusCode, tickets.body).toBe(200);
    const rows = tickets.json<{ rows: unknown[]; total: number }>().rows.map((r) => InOutRowSchema.parse(r));
    expect(rows.map((r) => r.truck_license).sort()).toEqual(['กข 1001', 'กข 1002']);

    const weighings = await byKey(contracts.integrationWeighings.path, weighingsBody, secret);
    expect(weighings.statusCode, weighings.body).toBe(200);
    const summary = weighings.json<{ rows: unknown[]; total: number }>();
    expect(summary.total).toBe(2);
    expect(summary.rows.map((r) => SummaryRowSchema.parse(r).license_no).sort()).toEqual([
      'กข 1001',
      'กข 1002',
    ]);

    const { keys } = await t.call(contracts.listIntegrationKeys, {}, plant.officers.admin.session);
    expect(keys.find((k) => k.id === key.id)?.last_used_at).toBe(t.clock.now().toISOString());
  });

  it("act only within their scopes, and neither they nor an officer's session cross over", async () => {
    const { key, secret } = await makeKey({ scopes: ['tickets:read'] });
    const outOfScope = await byKey(contracts.integrationWeighings.path, weighingsBody, secret);
    expect(outOfScope.statusCode).toBe(403);
    expect(outOfScope.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(outOfScope.json<{ message: string }>().message).toContain('reports:read');

    // A key is no officer: an officer's call refuses it for the API key it is not.
    const asOfficer = await byKey('report/inOutTransaction', ticketsBody, secret);
    expect(asOfficer.statusCode).toBe(401);
    expect(asOfficer.json()).toMatchObject({ code: 'BAD_API_KEY' });
    // And an officer's session is no key.
    const officer = await t.post(contracts.integrationTickets.path, ticketsBody, {
      session: plant.officers.admin.session,
    });
    expect(officer.statusCode).toBe(401);
    expect(officer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    expect(await auditOf(key.id)).toEqual([`${contracts.integrationWeighings.path} 403`]);
  });

  it('refuse a key that is malformed, unknown, or whose secret is wrong, and audit no one', async () => {
    const { key, secret } = await makeKey();
    const wrongSecret =
      `${secret.slice(0, -4)}AAAA` === secret ? `${secret.slice(0, -4)}BBBB` : `${secret.slice(0, -4)}AAAA`;
    for (const token of [
      '',
      'tqk_',
      'nonsense',
      `tqk_zzzzzzzz_${'a'.repeat(43)}`,
      wrongSecret,
      `${secret}x`,
    ]) {
      const response = await byKey(contracts.integrationTickets.path, ticketsBody, token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(await auditOf(key.id)).toEqual([]);
  });

  it('stop at once on every instance when revoked, keeping who revoked it', async () => {
    const { key, secret } = await makeKey();
    expect((await byKey(contracts.integrationTickets.path, ticketsBody, secret, second)).statusCode).toBe(
      200,
    );

    const { key: revoked } = await t.call(
      contracts.revokeIntegrationKey,
      { id: key.id },
      plant.officers.admin.session,
    );
    expect(revoked.revoked_at).toBe(t.clock.now().toISOString());
    expect(revoked.revoked_by).not.toBeNull();
    for (const app of [t.app, second]) {
      const response = await byKey(contracts.integrationTickets.path, ticketsBody, secret, app);
      expect(response.statusCode).toBe(401);
    }
    // Another branch's admin cannot revoke it, nor read its calls.
    for (const contract of [contracts.revokeIntegrationKey, contracts.integrationKeyCalls]) {
      const response = await t.post(contract.path, { id: key.id }, { session: other.officers.admin.session });
      expect(response.statusCode).toBe(404);
    }
  });

  it('work through their last day on the site clock, not after', async () => {
    const { key, secret } = await makeKey({ expires_on: '2026-11-21' });
    // Midnight after the 21st in Bangkok is 17:00 UTC on the 21st.
    expect(key.expires_at).toBe('2026-11-21T17:00:00.000Z');
    t.clock.at = new Date('2026-11-21T16:59:00Z');
    expect((await byKey(contracts.integrationTickets.path, ticketsBody, secret)).statusCode).toBe(200);
    t.clock.at = new Date('2026-11-21T17:00:00Z');
    expect((await byKey(contracts.integrationTickets.path, ticketsBody, secret)).statusCode).toBe(401);
    t.clock.at = new Date('2026-11-20T03:00:00Z');
  });

  it('are held to their rate, with Retry-After, and counted again as time passes', async () => {
    const { key, secret } = await makeKey({ rate_per_minute: 2 });
    for (let i = 0; i < 2; i++)
      expect((await byKey(contracts.integrationTickets.path, ticketsBody, secret)).statusCode).toBe(200);
    const limited = await byKey(contracts.integrationTickets.path, ticketsBody, secret);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(30_000);
    expect((await byKey(contracts.integrationTickets.path, ticketsBody, secret)).statusCode).toBe(200);
    expect(await auditOf(key.id)).toEqual([
      `${contracts.integrationTickets.path} 200`,
      `${contracts.integrationTickets.path} 429`,
      `${contracts.integrationTickets.path} 200`,
      `${contracts.integrationTickets.path} 200`,
    ]);
  });

  it("list every call in the audit, newest first, a page at a time, with the caller's address", async () => {
    const { key, secret } = await makeKey({ rate_per_minute: 600 });
    for (let i = 0; i < 105; i++) {
      t.clock.advance(1000);
      await byKey(contracts.integrationTickets.path, ticketsBody, secret);
    }
    const first = await t.call(contracts.integrationKeyCalls, { id: key.id }, plant.officers.admin.session);
    expect(first.calls).toHaveLength(100);
    expect(first.more).toBe(true);
    expect(first.calls[0]).toMatchObject({
      status: 200,
      address: '127.0.0.1',
      at: t.clock.now().toISOString(),
    });
    const next = await t.call(
      contracts.integrationKeyCalls,
      { id: key.id, before: first.calls.at(-1)!.at },
      plant.officers.admin.session,
    );
    expect(next.calls).toHaveLength(5);
    expect(next.more).toBe(false);
    expect(await t.db.$count(integrationCalls, eq(integrationCalls.keyId, key.id))).toBe(105);
  });

  it('refuse a key that is badly asked for, saving nothing', async () => {
    const before = await t.db.$count(integrationKeys);
    const bad: Record<string, unknown>[] = [
      { name: '' },
      { name: 'x'.repeat(81) },
      { scopes: [] },
      { scopes: ['tickets:write'] },
      { scopes: ['tickets:read', 'tickets:read'] },
      { rate_per_minute: 0 },
      { rate_per_minute: 601 },
      { expires_on: '2026-11-31' },
      { expires_on: '2026-11-19' },
    ];
    for (const change of bad) {
      const response = await t.post(
        contracts.createIntegrationKey.path,
        { name: 'SAP', scopes: ['tickets:read'], rate_per_minute: 60, expires_on: null, ...change },
        { session: plant.officers.admin.session },
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await t.db.$count(integrationKeys)).toBe(before);
  });
});

describe('the audit of calls', () => {
  it('keeps calls 90 days, then the hourly prune removes them', async () => {
    const { key } = await makeKey({ name: 'Old BI' });
    const now = t.clock.now().getTime();
    const day = 24 * 60 * 60_000;
    await t.db.insert(integrationCalls).values([
      {
        keyId: key.id,
        path: 'integration/tickets',
        status: 200,
        address: '10.0.0.9',
        at: new Date(now - 91 * day),
      },
      {
        keyId: key.id,
        path: 'integration/tickets',
        status: 200,
        address: '10.0.0.9',
        at: new Date(now - 89 * day),
      },
    ]);
    expect(await t.app.integrations.prune()).toBeGreaterThanOrEqual(1);
    const kept = await t.db.select().from(integrationCalls).where(eq(integrationCalls.keyId, key.id));
    expect(kept.map((c) => Math.round((now - c.at.getTime()) / day))).toEqual([89]);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { THROTTLE } from './auth.service.ts';

/**
 * Issue 37, hole 3: whoever holds an officer's session could guess the current password through
 * authen/changeOwnPassword without limit (60 wrong tries, then the right one, in 4.5 s) and
 * without an audit row. Those checks are now reserved, counted and audited per officer, like
 * sign-ins: parallel guesses see each other, the right password waits as a wrong one would.
 */

let t: TestContext;
let branch: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Own password plant');
});
afterAll(() => t.close());

const NEW_PASSWORD = 'brand-new-harvest-7';

function change(session: string, current: string, ip = '127.0.0.1', next = NEW_PASSWORD) {
  return t.post(
    'authen/changeOwnPassword',
    { old_password: prehashPassword(current), new_password: prehashPassword(next) },
    { session, ip },
  );
}

async function signedInOfficer() {
  const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.security });
  return { ...officer, session: await t.signIn(officer.email, officer.password) };
}

const OWN_KINDS = [
  'password_change_pending',
  'password_change_failed',
  'password_change_refused',
  'password_change_throttled',
  'password_changed',
];

async function auditOf(officerId: number) {
  return t.db
    .select({
      kind: authEvents.kind,
      ip: authEvents.ip,
      officerId: authEvents.officerId,
      detail: authEvents.detail,
    })
    .from(authEvents)
    .where(and(eq(authEvents.officerId, officerId), inArray(authEvents.kind, OWN_KINDS)))
    .orderBy(authEvents.id);
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ status: 0, code: 'TOO_MANY_ATTEMPTS' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('checking the current password', () => {
  it(`refuses the right password after ${THROTTLE.ownPassword} wrong ones until the app's clock has moved, and audits every try`, async () => {
    const officer = await signedInOfficer();
    for (let i = 0; i < THROTTLE.ownPassword; i++) {
      expect((await change(officer.session, `guess-${i}`, '198.18.0.1')).json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
    }
    const refused = await change(officer.session, officer.password, '198.18.0.1');
    expectThrottled(refused);
    expect(Number(refused.headers['retry-after'])).toBe(THROTTLE.pairFirstDelayMs / 1000);
    // Nothing was changed: the old password still signs in.
    await expect(t.signIn(officer.email, officer.password)).resolves.toBeTypeOf('string');

    t.clock.advance(THROTTLE.pairFirstDelayMs - 1000);
    expectThrottled(await change(officer.session, officer.password, '198.18.0.1'));
    t.clock.advance(1000);
    expect((await change(officer.session, officer.password, '198.18.0.2')).statusCode).toBe(200);
    await expect(t.signIn(officer.email, NEW_PASSWORD)).resolves.toBeTypeOf('string');

    // Each wrong try, the throttled ones once a minute, and the change: with who, where, and no secret.
    const rows = await auditOf(officer.id);
    expect(rows).toEqual([
      ...Array.from({ length: THROTTLE.ownPassword }, () => ({
        kind: 'password_change_failed',
        ip: '198.18.0.1',
        officerId: officer.id,
        detail: null,
      })),
      { kind: 'password_change_throttled', ip: '198.18.0.1', officerId: officer.id, detail: null },
      { kind: 'password_changed', ip: '198.18.0.2', officerId: officer.id, detail: null },
    ]);
    const text = JSON.stringify(
      await t.db.select().from(authEvents).where(eq(authEvents.officerId, officer.id)),
    );
    for (const secret of [
      officer.password,
      NEW_PASSWORD,
      prehashPassword(officer.password),
      prehashPassword(NEW_PASSWORD),
    ])
      expect(text).not.toContain(secret);
  });

  it('makes each further wrong try wait twice as long; a change clears the count', async () => {
    const officer = await signedInOfficer();
    for (let i = 0; i < THROTTLE.ownPassword; i++) await change(officer.session, `guess-${i}`);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await change(officer.session, 'guess');
      expectThrottled(refused);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await change(officer.session, 'guess')).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120]);
    t.clock.advance(THROTTLE.pairMaxDelayMs);
    expect((await change(officer.session, officer.password)).statusCode).toBe(200);
    // A typo after a change is the first of a new count.
    expect((await change(officer.session, 'typo', '127.0.0.1', 'another-new-one-8')).statusCode).toBe(401);
    expect((await change(officer.session, NEW_PASSWORD, '127.0.0.1', 'another-new-one-8')).statusCode).toBe(
      200,
    );
  });

  it("counts every session of the officer together: another session's guesses wait too", async () => {
    const officer = await signedInOfficer();
    const second = await t.signIn(officer.email, officer.password, { ip: '198.18.1.1' });
    for (let i = 0; i < THROTTLE.ownPassword; i++) {
      const session = i % 2 === 0 ? officer.session : second;
      expect((await change(session, `guess-${i}`, `198.18.1.${i + 2}`)).statusCode).toBe(401);
    }
    expectThrottled(await change(second, officer.password, '198.18.1.99'));
    expectThrottled(await change(officer.session, officer.password, '198.18.1.98'));
    // Sign-in is not held back by it: the owner can still sign in.
    await expect(t.signIn(officer.email, officer.password, { ip: '198.18.1.97' })).resolves.toBeTypeOf(
      'string',
    );
    t.clock.advance(THROTTLE.pairFirstDelayMs);
  });

  it('does not count a right current password whose new password the rule refuses', async () => {
    const officer = await signedInOfficer();
    for (let i = 0; i < THROTTLE.ownPassword + 2; i++) {
      expect((await change(officer.session, officer.password, '127.0.0.1', '12345678')).json()).toMatchObject(
        {
          code: 'PASSWORD_TOO_COMMON',
        },
      );
    }
    expect((await change(officer.session, officer.password)).statusCode).toBe(200);
  });
});

/** Rounds of parallel guesses: each a new officer, 30 wrong guesses at once, then the right one. */
const ROUNDS = 20;
const PARALLEL = 30;

describe('parallel guesses', () => {
  it(`checks at most ${THROTTLE.ownPassword} of ${PARALLEL} parallel guesses and counts them all, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const officer = await signedInOfficer();
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          change(officer.session, `guess-${round}-${i}`, `198.19.${round}.${i + 1}`),
        ),
      );
      const rows = await auditOf(officer.id);
      const failed = rows.filter((r) => r.kind === 'password_change_failed').length;
      // Every reservation was settled, and exactly as many were checked as the limit allows:
      // parallel guesses see each other's reservations.
      expect(rows.filter((r) => r.kind === 'password_change_pending')).toEqual([]);
      expect(failed).toBe(THROTTLE.ownPassword);
      const counts: Record<number, number> = {};
      for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
      expect(counts).toEqual({ 401: failed, 429: PARALLEL - failed });
      for (const r of responses.filter((r) => r.statusCode === 429)) expectThrottled(r);
      // The right password afterwards waits as any other guess would.
      expectThrottled(await change(officer.session, officer.password));
      await expect(t.signIn(officer.email, officer.password)).resolves.toBeTypeOf('string');
    }
  }, 240_000);
});

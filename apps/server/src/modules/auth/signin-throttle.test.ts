import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signInWhenFree } from '../../test/sign-in.ts';
import { longOrShort } from '../../test/long-run.ts';
import { THROTTLE } from './auth.service.ts';

/**
 * Sign-in throttling under real concurrency: parallel guesses must not slip past the limits,
 * and a stranger's failures must not lock the real officer out.
 */

let t: TestContext;
let branch: { id: number; name: string };
let ipCount = 0;
/** A new address for each use: 203.0.x.y. */
const freshIp = () => {
  ipCount += 1;
  return `203.0.${Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
};

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Throttle plant');
});
afterAll(() => t.close());

/** A sign-in that waits its turn while the server's in-flight cap is full (test/sign-in.ts). */
const signIn = (email: string, password: string, ip: string) => signInWhenFree(t, email, password, ip);

/** Attempts whose password was checked: each one leaves a failed or successful sign-in in the audit. */
async function checkedAttempts(emails: string[]) {
  const rows = await t.db
    .select({ kind: authEvents.kind })
    .from(authEvents)
    .where(
      and(
        inArray(authEvents.email, emails),
        inArray(authEvents.kind, ['signin', 'signin_failed', 'signin_pending']),
      ),
    );
  // Every reservation was settled: none is left pending once the answers are in.
  expect(rows.filter((r) => r.kind === 'signin_pending')).toEqual([]);
  return rows.length;
}

function statusCounts(responses: LightMyRequestResponse[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ status: 0, code: 'TOO_MANY_ATTEMPTS' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** Parallel guesses in a race: 300 under `npm run test:long`, past every limit under `npm test` too. */
const RACE = longOrShort(300, 2 * THROTTLE.perAccount);

describe('parallel guesses', () => {
  it(`checks at most 5 of ${RACE} parallel guesses on one account from one address; the right one, late, is refused`, async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const ip = freshIp();
    const late = Math.floor(RACE * 0.8);
    const guesses = Array.from({ length: RACE }, (_, i) => (i === late ? officer.password : `guess-${i}`));
    const responses = await Promise.all(guesses.map((guess) => signIn(officer.email, guess, ip)));

    const checked = await checkedAttempts([officer.email]);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THROTTLE.perPair);
    expect(responses[late]!.statusCode).toBe(429);
    const counts = statusCounts(responses);
    expect(counts[200]).toBeUndefined();
    expect(counts[401]).toBe(checked);
    expect(counts[429]).toBe(RACE - checked);
    for (const r of responses.filter((r) => r.statusCode === 429)) expectThrottled(r);
    console.info(`${RACE} parallel guesses on one account from one address: ${checked} checked`);
  });

  it(`checks at most the account ceiling of ${RACE} parallel guesses on one account from ${RACE} addresses`, async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const responses = await Promise.all(
      Array.from({ length: RACE }, (_, i) => signIn(officer.email, `guess-${i}`, freshIp())),
    );
    const checked = await checkedAttempts([officer.email]);
    expect(checked).toBe(THROTTLE.perAccount);
    expect(statusCounts(responses)).toEqual({ 401: THROTTLE.perAccount, 429: RACE - THROTTLE.perAccount });
    console.info(`${RACE} parallel guesses on one account from ${RACE} addresses: ${checked} checked`);
    t.clock.advance(THROTTLE.windowMs);
    // 100 passwords checked (scrypt, some 50 ms of a core each) behind the in-flight cap: about 20 s
    // alone, more while other test files share the machine's two cores.
  }, 120_000);

  it('checks at most 50 of 120 parallel failures from one address over many accounts', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 120 }, (_, i) => `spray-${i}@example.com`);
    const responses = await Promise.all(emails.map((email) => signIn(email, 'x', ip)));
    const checked = await checkedAttempts(emails);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THROTTLE.perIp);
    expect(statusCounts(responses)).toEqual({ 401: checked, 429: 120 - checked });
    console.info(`120 parallel failures from one address: ${checked} checked`);
  });

  it('checks exactly 50 from one address that keeps as many sign-ins in flight as it may', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 120 }, (_, i) => `wave-${i}@example.com`);
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < emails.length; i += THROTTLE.inFlightPerIp) {
      const wave = emails.slice(i, i + THROTTLE.inFlightPerIp);
      responses.push(...(await Promise.all(wave.map((email) => signIn(email, 'x', ip)))));
    }
    expect(await checkedAttempts(emails)).toBe(THROTTLE.perIp);
    expect(statusCounts(responses)).toEqual({ 401: THROTTLE.perIp, 429: 120 - THROTTLE.perIp });
    t.clock.advance(THROTTLE.windowMs);
  });
});

describe('a stranger cannot lock the officer out', () => {
  it("lets the officer in from another address after a stranger's 5 failures, and from a known address past the account ceiling", async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const [stranger, home, newPlace] = [freshIp(), freshIp(), freshIp()];
    for (let i = 0; i < THROTTLE.perPair; i++) {
      expect((await signIn(officer.email, `guess-${i}`, stranger)).statusCode).toBe(401);
    }
    expectThrottled(await signIn(officer.email, officer.password, stranger));
    expect((await signIn(officer.email, officer.password, home)).statusCode).toBe(200);
    // The officer's success elsewhere does not forgive the stranger.
    expectThrottled(await signIn(officer.email, 'guess', stranger));

    // A crowd brings the account to its ceiling from many addresses.
    const crowd = await Promise.all(
      Array.from({ length: THROTTLE.perAccount - THROTTLE.perPair }, (_, i) =>
        signIn(officer.email, `crowd-${i}`, freshIp()),
      ),
    );
    expect(statusCounts(crowd)).toEqual({ 401: THROTTLE.perAccount - THROTTLE.perPair });
    const refused = await signIn(officer.email, officer.password, newPlace);
    expectThrottled(refused);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE.windowMs / 1000);
    // The address the officer signed in from before still gets in.
    expect((await signIn(officer.email, officer.password, home)).statusCode).toBe(200);

    const throttled = await t.db
      .select({ ip: authEvents.ip, detail: authEvents.detail })
      .from(authEvents)
      .where(and(eq(authEvents.email, officer.email), eq(authEvents.kind, 'signin_throttled')))
      .orderBy(authEvents.id);
    expect(throttled).toEqual([
      { ip: stranger, detail: 'account' },
      { ip: newPlace, detail: 'account-ceiling' },
    ]);
    t.clock.advance(THROTTLE.windowMs);
  });

  it('makes the stranger wait twice as long after each further failure, up to 15 minutes', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const stranger = freshIp();
    for (let i = 0; i < THROTTLE.perPair; i++) await signIn(officer.email, `guess-${i}`, stranger);

    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      const refused = await signIn(officer.email, 'guess', stranger);
      expectThrottled(refused);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000 - 1000);
      expectThrottled(await signIn(officer.email, 'guess', stranger));
      t.clock.advance(1000);
      expect((await signIn(officer.email, 'guess', stranger)).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);

    // Its own success ends the waits of that address.
    t.clock.advance(THROTTLE.pairMaxDelayMs);
    expect((await signIn(officer.email, officer.password, stranger)).statusCode).toBe(200);
    expect((await signIn(officer.email, 'typo', stranger)).statusCode).toBe(401);
    expect((await signIn(officer.email, officer.password, stranger)).statusCode).toBe(200);
  });

  it('counts an attempt left unsettled by a crash as a failure until it is too old to count', async () => {
    const officer = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const ip = freshIp();
    await t.db.insert(authEvents).values(
      Array.from({ length: THROTTLE.perPair }, () => ({
        kind: 'signin_pending',
        email: officer.email,
        ip,
        created: t.clock.now(),
      })),
    );
    expectThrottled(await signIn(officer.email, officer.password, ip));
    t.clock.advance(THROTTLE.pairWindowMs + 1000);
    expect((await signIn(officer.email, officer.password, ip)).statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signin } from '@truck-queue/shared/contracts/auth.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents, knownBrowsers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { tokenHash } from '../../lib/tokens.ts';
import { THROTTLE } from './auth.service.ts';

/**
 * Known browsers (the "device cookie" defence): at a plant every officer in the office shares
 * one public address, so a stranger there must not keep the owner out by failing on the
 * owner's account. An attempt with the token an earlier sign-in gave the owner's browser is
 * throttled on its own; every other attempt keeps the address rules.
 */

let t: TestContext;
let branch: { id: number; name: string };
let ipCount = 0;
/** Each test has its own addresses: 192.0.2.x. */
const freshIp = () => {
  ipCount += 1;
  return `192.0.${2 + Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
};

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Known browser plant');
});
afterAll(() => t.close());

/** A sign-in as the web sends it, with the known-browser token it keeps for the e-mail, if any. */
function signIn(email: string, password: string, ip: string, knownBrowser?: string) {
  const body = { email, password: prehashPassword(password), known_browser: knownBrowser };
  return t.post('authen/signin', body, { ip });
}

/** The known-browser token a successful sign-in gave (checked against the contract). */
function tokenOf(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(200);
  const parsed = signin.response.parse(response.json());
  expect(parsed.officer.known_browser).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(parsed.officer.known_browser).not.toBe(parsed.officer.session);
  return parsed.officer.known_browser;
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ status: 0, code: 'TOO_MANY_ATTEMPTS' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** A stranger at `ip` makes the account's pair there wait: as many failures as it allows. */
async function strangerFails(email: string, ip: string) {
  for (let i = 0; i < THROTTLE.perPair; i++) {
    expect((await signIn(email, `stranger-${i}`, ip)).statusCode).toBe(401);
  }
  expectThrottled(await signIn(email, 'stranger', ip));
}

describe('a known browser at a shared address', () => {
  it('gets the owner in every time while a stranger at the same address keeps failing; without the token the owner waits as before', async () => {
    const owner = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const office = freshIp();
    let browser = tokenOf(await signIn(owner.email, owner.password, office));
    const stored = await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.officerId, owner.id));
    expect(stored).toEqual([expect.objectContaining({ tokenHash: tokenHash(browser) })]);

    await strangerFails(owner.email, office);
    const waits: number[] = [];
    for (let round = 0; round < 7; round++) {
      // The owner's browser gets in; the same password without the token waits, as today.
      const next = tokenOf(await signIn(owner.email, owner.password, office, browser));
      expect(next).not.toBe(browser);
      browser = next;
      expectThrottled(await signIn(owner.email, owner.password, office));

      // The owner's success does not forgive the stranger: the wait runs on, and grows.
      const refused = await signIn(owner.email, 'stranger', office);
      expectThrottled(refused);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await signIn(owner.email, `stranger-again-${round}`, office)).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(tokenOf(await signIn(owner.email, owner.password, office, browser))).toBeTruthy();

    // One browser keeps one row: each sign-in with the token replaced it.
    expect(await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.officerId, owner.id))).toHaveLength(
      1,
    );
    t.clock.advance(THROTTLE.pairWindowMs);
  });

  it('throttles a wrong password with the token on its own pair: 5, then the same growing waits', async () => {
    const owner = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const office = freshIp();
    const browser = tokenOf(await signIn(owner.email, owner.password, office));

    for (let i = 0; i < THROTTLE.perBrowser; i++) {
      expect((await signIn(owner.email, `typo-${i}`, office, browser)).statusCode).toBe(401);
    }
    const refused = await signIn(owner.email, owner.password, office, browser);
    expectThrottled(refused);
    expect(Number(refused.headers['retry-after'])).toBe(THROTTLE.pairFirstDelayMs / 1000);
    // Those were the browser's failures, not the address's: a colleague's attempt there without
    // the token is not held back by them.
    expect((await signIn(owner.email, 'colleague', office)).statusCode).toBe(401);

    t.clock.advance(THROTTLE.pairFirstDelayMs);
    expect((await signIn(owner.email, 'typo-again', office, browser)).statusCode).toBe(401);
    const longer = await signIn(owner.email, owner.password, office, browser);
    expectThrottled(longer);
    expect(Number(longer.headers['retry-after'])).toBe((2 * THROTTLE.pairFirstDelayMs) / 1000);
    t.clock.advance(2 * THROTTLE.pairFirstDelayMs);
    expect(tokenOf(await signIn(owner.email, owner.password, office, browser))).toBeTruthy();

    const audit = await t.db
      .select({ kind: authEvents.kind, detail: authEvents.detail })
      .from(authEvents)
      .where(eq(authEvents.email, owner.email))
      .orderBy(authEvents.id);
    const key = `browser:${tokenHash(browser).slice(0, 16)}`;
    expect(audit).toEqual([
      { kind: 'signin', detail: null },
      ...Array.from({ length: THROTTLE.perBrowser }, () => ({ kind: 'signin_failed', detail: key })),
      { kind: 'signin_throttled', detail: 'browser' },
      { kind: 'signin_failed', detail: null },
      { kind: 'signin_failed', detail: key },
      { kind: 'signin', detail: key },
    ]);
    t.clock.advance(THROTTLE.pairWindowMs);
  });

  it('is exempt from the account ceiling and the address limit', async () => {
    const owner = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const office = freshIp();
    const browser = tokenOf(await signIn(owner.email, owner.password, freshIp()));

    // The office address fails on as many accounts as it may; a crowd brings the account to its ceiling.
    for (let i = 0; i < THROTTLE.perIp; i++) {
      expect((await signIn(`nobody-${i}@example.com`, 'x', office)).statusCode).toBe(401);
    }
    expectThrottled(await signIn(owner.email, owner.password, office));
    for (let i = 0; i < THROTTLE.perAccount; i += 10) {
      const wave = await Promise.all(
        Array.from({ length: 10 }, (_, j) => signIn(owner.email, `crowd-${i + j}`, freshIp())),
      );
      for (const answer of wave) expect(answer.statusCode).toBe(401);
    }
    expectThrottled(await signIn(owner.email, owner.password, freshIp()));

    expect(tokenOf(await signIn(owner.email, owner.password, office, browser))).toBeTruthy();
    t.clock.advance(THROTTLE.pairWindowMs);
  });
});

describe('no exemption without a live token of this account', () => {
  it("gives none for another account's token, a made-up one, or one unused for 90 days", async () => {
    const owner = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const colleague = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const office = freshIp();
    const ownersBrowser = tokenOf(await signIn(owner.email, owner.password, freshIp()));
    const colleaguesBrowser = tokenOf(await signIn(colleague.email, colleague.password, office));

    await strangerFails(owner.email, office);
    expectThrottled(await signIn(owner.email, owner.password, office, colleaguesBrowser));
    expectThrottled(await signIn(owner.email, owner.password, office, 'A'.repeat(43)));
    // A token that is not one at all is refused by the contract.
    expect((await signIn(owner.email, owner.password, office, 'not-a-token')).statusCode).toBe(400);
    expect((await signIn(owner.email, owner.password, office, `${ownersBrowser}x`)).statusCode).toBe(400);
    // The colleague's token still works for the colleague (it was not consumed).
    expect(
      tokenOf(await signIn(colleague.email, colleague.password, office, colleaguesBrowser)),
    ).toBeTruthy();

    // 90 days unused: the owner's token no longer counts, and is pruned by the next new one.
    t.clock.advance(THROTTLE.knownBrowserMs + 1000);
    const later = freshIp();
    await strangerFails(owner.email, later);
    expectThrottled(await signIn(owner.email, owner.password, later, ownersBrowser));
    expect(
      await t.db
        .select()
        .from(knownBrowsers)
        .where(eq(knownBrowsers.tokenHash, tokenHash(ownersBrowser))),
    ).toHaveLength(1);
    tokenOf(await signIn(owner.email, owner.password, freshIp(), ownersBrowser));
    expect(
      await t.db
        .select()
        .from(knownBrowsers)
        .where(eq(knownBrowsers.tokenHash, tokenHash(ownersBrowser))),
    ).toEqual([]);
    t.clock.advance(THROTTLE.pairWindowMs);
  });

  it("keeps an officer's 20 most recently used browsers", async () => {
    const owner = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const tokens: string[] = [];
    for (let i = 0; i < THROTTLE.knownBrowsersPerOfficer + 3; i++) {
      tokens.push(tokenOf(await signIn(owner.email, owner.password, freshIp())));
      t.clock.advance(1000);
    }
    const kept = await t.db
      .select({ hash: knownBrowsers.tokenHash })
      .from(knownBrowsers)
      .where(eq(knownBrowsers.officerId, owner.id));
    expect(kept.map((row) => row.hash).sort()).toEqual(
      tokens
        .slice(-THROTTLE.knownBrowsersPerOfficer)
        .map((token) => tokenHash(token))
        .sort(),
    );
  });
});

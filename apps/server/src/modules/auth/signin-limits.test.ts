import { and, count, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { authEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { THROTTLE } from './auth.service.ts';

/**
 * Sign-in costs a transaction per attempt, so it is bounded before any database work: a
 * bucket per address and a cap on sign-ins in flight in the process (issue 13, review).
 */

let t: TestContext;
let branch: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext();
  branch = await t.createBranch('Sign-in limits plant');
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip: string) =>
  t.post('authen/signin', { email, password: prehashPassword(password) }, { ip });

/** Attempts that reached the database: each left a pending, failed or successful sign-in. */
async function checkedSince(since: Date, emails: string[]): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(authEvents)
    .where(
      and(
        inArray(authEvents.kind, ['signin_pending', 'signin_failed', 'signin']),
        inArray(authEvents.email, emails),
        gte(authEvents.created, since),
      ),
    );
  return row!.n;
}

describe('sign-in limits before the database', () => {
  it('checks at most the in-flight cap of 400 parallel sign-ins from 100 addresses, and other calls keep answering', async () => {
    const since = t.clock.now();
    const watcher = await t.createOfficer({ branchId: branch.id, roles: ROLE.employee });
    const session = await t.signIn(watcher.email, watcher.password, { ip: '198.51.100.200' });
    const emails = Array.from({ length: 100 }, (_, i) => `nobody${i}@example.com`);

    const flood = Promise.all(
      emails.flatMap((email, i) =>
        Array.from({ length: 4 }, (_, j) => signIn(email, `guess-${j}`, `198.51.100.${i + 1}`)),
      ),
    );
    const [health, check] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.post('authen/checkSession', {}, { session }),
    ]);
    const responses = await flood;

    expect(health.statusCode, health.body).toBe(200);
    expect(check.statusCode, check.body).toBe(200);
    const codes = responses.map((r) => r.statusCode);
    const busy = responses.filter((r) => r.statusCode === 429);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    // Refused at once with the API's shape and a Retry-After of one second.
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers['retry-after']).toBe('1');
    expect(busy[0]!.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // The requests arrive together: only the cap's worth reaches the database (a few more if
    // early ones finish while the rest still arrive), not the 400 sent.
    const checked = await checkedSince(since, emails);
    expect(checked).toBe(codes.filter((c) => c === 401).length);
    expect(checked).toBeLessThanOrEqual(THROTTLE.inFlight * 3);
  });

  it('lets an office of 20 officers behind one address sign in at once, each retrying after Retry-After', async () => {
    const office = await Promise.all(
      Array.from({ length: 20 }, () => t.createOfficer({ branchId: branch.id, roles: ROLE.employee })),
    );
    const ip = '192.0.2.50';
    // A refused browser waits Retry-After on the app's clock and, as the sign-ins ahead of it
    // are checked in real time, until one of them is answered.
    let answeredOne: () => void = () => undefined;
    let nextAnswer = new Promise<void>((resolve) => (answeredOne = resolve));
    const answer = () => {
      answeredOne();
      nextAnswer = new Promise<void>((resolve) => (answeredOne = resolve));
    };
    const results = await Promise.all(
      office.map(async (officer) => {
        for (let attempt = 1; attempt <= 20; attempt++) {
          const answered = nextAnswer;
          const response = await signIn(officer.email, officer.password, ip);
          if (response.statusCode !== 429) {
            answer();
            return { status: response.statusCode, attempt };
          }
          const wait = Number(response.headers['retry-after']);
          expect(wait).toBeGreaterThanOrEqual(1);
          expect(wait).toBeLessThanOrEqual(5);
          t.clock.advance(wait * 1000);
          await answered;
        }
        return { status: 429, attempt: 20 };
      }),
    );
    expect(results.map((r) => r.status)).toEqual(office.map(() => 200));
    // Some had to wait (four are checked at once from one address).
    expect(results.some((r) => r.attempt > 1)).toBe(true);
  }, 60_000);

  it('refuses one address past its bucket before any database work', async () => {
    const since = t.clock.now();
    const ip = '192.0.2.99';
    const email = 'bucket@example.com';
    const codes: number[] = [];
    // Sequential, so the address's in-flight limit never applies: only its bucket does.
    for (let i = 0; i < THROTTLE.perIpRate.burst + 20; i++)
      codes.push((await signIn(email, `g${i}`, ip)).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    // The DB throttle (perIp failures) would refuse too, but as a checked attempt; past the
    // bucket nothing more is checked.
    expect(await checkedSince(since, [email])).toBeLessThan(codes.length);
  });
});

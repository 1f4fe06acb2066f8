import { performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prehashPassword } from '@truck-queue/shared/password';
import { RATE_LIMITS } from '../lib/rate-limit.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { listen } from '../test/sockets.ts';

/** Issue 13, item 7: what anyone may send without signing in is bounded per client address. */

let t: TestContext;
let plant: Plant;
let ticket: { uuid: string };

beforeAll(async () => {
  // Behind a proxy on this machine, so that the sockets below can come from several addresses.
  t = await createTestContext({ trustProxy: ['127.0.0.1'] });
  plant = await createPlant(t);
  ticket = await issueTicket(t, plant, 'standard', 'RL 1');
});
afterAll(() => t.close());

const queueInformation = (ip: string) =>
  t.post('process/user/queueInformation', { queue_number_id: ticket.uuid }, { ip });

describe('public calls, per client address', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the bucket; other addresses and sign-in are unaffected', async () => {
    const limit = RATE_LIMITS.publicCalls;
    const flooder = '198.51.100.7';
    const started = performance.now();
    let answered = 0;
    let refused = null;
    while (answered < 5000) {
      const response = await queueInformation(flooder);
      if (response.statusCode !== 200) {
        refused = response;
        break;
      }
      answered += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    expect(answered).toBeGreaterThanOrEqual(limit.burst);
    expect(answered).toBeLessThanOrEqual(limit.burst + Math.ceil(limit.perSecond * seconds));
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.json()).toEqual({
      status: 0,
      code: 'RATE_LIMITED',
      message: expect.any(String) as string,
    });

    // The app's clock does not move while the test runs: exactly the burst got through.
    expect(answered).toBe(limit.burst);

    // The other public call shares the address's bucket, and is refused before its body is read
    // (the bucket does not refill meanwhile: none gets through to the parser's 400).
    const hellos = await Promise.all(
      Array.from({ length: 20 }, () => t.post('device/hello', 'not even JSON', { ip: flooder })),
    );
    expect(hellos.filter((r) => r.statusCode === 429).length).toBeGreaterThan(10);
    expect(hellos.every((r) => r.statusCode === 429 || r.statusCode === 400)).toBe(true);
    expect(hellos.every((r) => r.statusCode === 429)).toBe(true);

    // A second later on the clock, a second's worth of calls goes through again, and no more.
    t.clock.advance(1000);
    const refilled = await Promise.all(
      Array.from({ length: limit.perSecond + 5 }, () => queueInformation(flooder)),
    );
    expect(refilled.filter((r) => r.statusCode === 200)).toHaveLength(limit.perSecond);
    expect(refilled.filter((r) => r.statusCode === 429)).toHaveLength(5);

    // Another address, a signed-in officer's calls and sign-in (its own throttle) go on.
    expect((await queueInformation('198.51.100.8')).statusCode).toBe(200);
    const check = await t.post(
      'authen/checkSession',
      {},
      { session: plant.officers.caller.session, ip: flooder },
    );
    expect(check.statusCode).toBe(200);
    const signin = await t.post(
      'authen/signin',
      { email: plant.officers.caller.email, password: prehashPassword(plant.officers.caller.password) },
      { ip: flooder },
    );
    expect(signin.statusCode).toBe(200);
  });
});

describe('/public socket connections, per client address', () => {
  /** One connection attempt from `address` (X-Forwarded-For, the server trusts its proxy here). */
  async function attempt(url: string, address: string, queue: string): Promise<string> {
    const socket = connect(`${url}/public`, {
      auth: { queue },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { 'x-forwarded-for': address },
    });
    return new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    }).finally(() => socket.close());
  }

  it('refuses handshakes past the bucket with RATE_LIMITED; another address still connects', async () => {
    const url = await listen(t);
    const limit = RATE_LIMITS.publicHandshakes;
    const flooder = '203.0.113.7';
    const outcomes = new Map<string, number>();
    // Junk handshakes cost the server nothing but a token: they are counted all the same.
    for (let i = 0; i < limit.burst + 50; i++) {
      const outcome = await attempt(url, flooder, 'not-a-ticket');
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (outcome === 'RATE_LIMITED') break;
    }
    expect(outcomes.get('RATE_LIMITED')).toBe(1);
    expect(outcomes.get('NOT_FOUND')).toBeGreaterThanOrEqual(limit.burst);
    // Exactly the burst: the app's clock does not move while the test runs.
    expect(outcomes.get('NOT_FOUND')).toBe(limit.burst);
    // A real ticket from there is refused too (the bucket does not refill meanwhile).
    const valid = await Promise.all(Array.from({ length: 5 }, () => attempt(url, flooder, ticket.uuid)));
    expect(valid).toContain('RATE_LIMITED');
    expect(valid).toEqual(valid.map(() => 'RATE_LIMITED'));
    expect(await attempt(url, '203.0.113.8', ticket.uuid)).toBe('connected');
  });
});

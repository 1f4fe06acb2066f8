import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import { deviceHellos, devices } from '../../db/schema.ts';
import { tokenHash } from '../../lib/tokens.ts';
import { newBrowser, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { closeSockets, deviceSocket, listen, next } from '../../test/sockets.ts';
import { claimShortId, DEVICE_HELLO_FORGET_MS, MAX_DEVICE_HELLOS } from './device-hellos.ts';

/**
 * Issue 13 item 10: the short id is on a public screen, so anyone may say hello with it or open
 * a socket with it. Only the browser that showed it may become the device.
 */

let t: TestContext;
let url: string;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Claim plant');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

/** Another browser with the same id and its own secret. */
const sameIdAs = (browser: Browser): Browser => newBrowser(browser.id);

const hello = (browser: Browser, ip: string) =>
  t.post('device/hello', { device_id: browser.id, kind: 'display' }, { headers: browser.headers, ip });
const board = (browser: Browser) => t.post('device/displayBoard', {}, { headers: browser.headers });
const connect = (browser: Browser) =>
  deviceSocket(url, {
    apiKey: t.config.apiKey,
    kind: 'display',
    device_id: browser.id,
    secret: browser.secret,
  });
/** 'connected' or the server's refusal. */
const attempt = (browser: Browser) =>
  connect(browser).then(
    () => 'connected',
    (error: Error) => error.message,
  );

describe('claiming a waiting screen’s id', () => {
  it('never lets another browser through, however its hellos, board calls and sockets race the registration (20 rounds)', async () => {
    const admin = plant.officers.admin.session;
    for (let round = 0; round < 20; round++) {
      const browser = newBrowser();
      // Its hello first, from its own address: the socket then finds the id already its own
      // (new ids are limited per address, and every socket here comes from 127.0.0.1).
      expect((await hello(browser, `10.1.${round}.1`)).json()).toMatchObject({ registered: false });
      const waiting = await connect(browser);
      const impostor = sameIdAs(browser);
      const created = await t.call(displayContracts.save, { name: `จอแข่ง ${round}` }, admin);
      // The screen says hello as soon as it hears it was registered, as its page does.
      const pageHello = next(waiting, 'deviceChanged').then(() => hello(browser, '10.1.0.1'));

      let registered = false;
      const registration = t
        .post(
          displayContracts.addDevice.path,
          { uuid: created.device.uuid, device_id: browser.id },
          { session: admin },
        )
        .finally(() => (registered = true));
      // Meanwhile the impostor tries everything, again and again, from before the registration
      // until a few tries after it.
      const impostorIp = `10.2.${round}.1`;
      const tries: { hello: LightMyRequestResponse; board: LightMyRequestResponse; socket: string }[] = [];
      for (let after = 0; after < 3; after += registered ? 1 : 0) {
        const [helloAnswer, boardAnswer, socket] = await Promise.all([
          hello(impostor, impostorIp),
          board(impostor),
          attempt(impostor),
        ]);
        tries.push({ hello: helloAnswer, board: boardAnswer, socket });
      }

      expect((await registration).statusCode).toBe(200);
      expect((await pageHello).json()).toMatchObject({
        registered: true,
        device: { uuid: created.device.uuid },
      });
      for (const attempted of tries) {
        expect(attempted.hello.statusCode, attempted.hello.body).toBe(409);
        expect(attempted.hello.json()).toMatchObject({ code: 'CONFLICT', reason: 'DEVICE_ID_TAKEN' });
        expect(attempted.board.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
        expect(attempted.socket).toBe('DEVICE_ID_TAKEN');
      }

      // Afterwards too: the impostor is refused everywhere, the screen that showed the id is the device.
      expect((await hello(impostor, impostorIp)).statusCode).toBe(409);
      expect((await board(impostor)).statusCode).toBe(401);
      expect(await attempt(impostor)).toBe('DEVICE_ID_TAKEN');
      expect((await board(browser)).statusCode).toBe(200);
      expect(await attempt(browser)).toBe('connected');
      const [row] = await t.db.select().from(devices).where(eq(devices.uuid, created.device.uuid));
      expect(row!.secretHash).toBe(tokenHash(browser.secret));
      closeSockets();
    }
  }, 120_000);
});

describe('the ids remembered', () => {
  it('let one browser’s hellos and sockets arriving together all hold its id', async () => {
    for (let round = 0; round < 5; round++) {
      const browser = newBrowser();
      const claims = await Promise.all(
        Array.from({ length: 4 }, () =>
          claimShortId(t.db, 'display', browser.id, tokenHash(browser.secret), t.clock.now()),
        ),
      );
      expect(claims).toEqual(['mine', 'mine', 'mine', 'mine']);
      expect(
        await claimShortId(t.db, 'display', browser.id, tokenHash(newBrowser().secret), t.clock.now()),
      ).toBe('taken');
    }
  });

  it('give an id unseen for a day to the next browser that shows it', async () => {
    const gone = newBrowser();
    expect((await hello(gone, '10.4.0.1')).statusCode).toBe(200);
    const next = sameIdAs(gone);
    expect((await hello(next, '10.4.0.2')).statusCode).toBe(409);
    t.clock.advance(DEVICE_HELLO_FORGET_MS + 60_000);
    expect((await hello(next, '10.4.0.2')).json()).toMatchObject({ registered: false });
    expect((await hello(gone, '10.4.0.1')).json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'DEVICE_ID_TAKEN',
    });
  });

  it(`are at most ${MAX_DEVICE_HELLOS}: a flood of made-up ids is refused, and forgotten a day later`, async () => {
    const early = newBrowser();
    expect((await hello(early, '10.3.0.1')).statusCode).toBe(200);

    // A flood of hellos with made-up ids, written straight to the table (as many addresses would).
    const now = t.clock.now();
    const held = async () => (await t.db.select({ n: count() }).from(deviceHellos))[0]!.n;
    let missing = MAX_DEVICE_HELLOS - (await held());
    // Ids counted, not random: 100,000 random 10-digit hex ids collide about once in 200 runs.
    let made = 0;
    while (missing > 0) {
      const chunk = Math.min(missing, 2_000);
      await t.db.insert(deviceHellos).values(
        Array.from({ length: chunk }, () => ({
          shortId: (0xf000000000 + made++).toString(16).toUpperCase(),
          kind: 'display' as const,
          secretHash: tokenHash(randomBytes(32).toString('base64url')),
          firstSeen: now,
          lastSeen: now,
        })),
      );
      missing -= chunk;
    }
    expect(await held()).toBe(MAX_DEVICE_HELLOS);

    // A new screen waits (its page retries); one that already holds its id keeps it.
    const late = newBrowser();
    const full = await hello(late, '10.3.0.2');
    expect(full.statusCode).toBe(429);
    expect(full.json()).toMatchObject({ status: 0, code: 'RATE_LIMITED' });
    expect(await attempt(late)).toBe('RATE_LIMITED');
    expect((await hello(early, '10.3.0.1')).json()).toMatchObject({ registered: false });
    expect(await held()).toBe(MAX_DEVICE_HELLOS);

    // A day later the flood is forgotten: the new screen gets its id and the old rows go.
    t.clock.advance(DEVICE_HELLO_FORGET_MS + 60_000);
    expect((await hello(late, '10.3.0.2')).json()).toMatchObject({ registered: false });
    expect(await held()).toBe(1);
  }, 60_000);
});

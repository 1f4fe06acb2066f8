import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import { deviceHellos } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../lib/rate-limit.ts';
import { newBrowser, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { DEVICE_WAITING_MS } from './device-hellos.ts';

/** Review of issue 13: one stranger must not be able to fill `device_hellos` for every new screen. */

let t: TestContext;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Hello limits plant');
});
afterAll(() => t.close());

const hello = (browser: Browser, ip: string) =>
  t.post('device/hello', { device_id: browser.id, kind: 'display' }, { headers: browser.headers, ip });

describe('new device ids per address', () => {
  it('lets one address claim only its burst of new ids; another address still registers a screen', async () => {
    const flood = Array.from({ length: RATE_LIMITS.deviceNewIds.burst + 30 }, () => newBrowser());
    const answers = [];
    for (const browser of flood) answers.push(await hello(browser, '10.77.0.1'));
    // The bucket reads the app's clock, which does not move while the flood is sent: exactly the
    // burst gets through, nothing refills meanwhile.
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBe(RATE_LIMITS.deviceNewIds.burst);
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited).toHaveLength(30);
    expect(limited[0]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const rows = await t.db
      .select({ id: deviceHellos.shortId })
      .from(deviceHellos)
      .where(
        inArray(
          deviceHellos.shortId,
          flood.map((b) => b.id),
        ),
      );
    expect(rows.length).toBe(ok);

    // A screen the flooder already holds keeps saying hello: that is no new id.
    expect((await hello(flood[0]!, '10.77.0.1')).statusCode).toBe(200);

    // A second later on the clock, the address may claim one new id more (one a second).
    t.clock.advance(1000);
    const later = [newBrowser(), newBrowser()];
    expect((await hello(later[0]!, '10.77.0.1')).statusCode).toBe(200);
    expect((await hello(later[1]!, '10.77.0.1')).statusCode).toBe(429);

    // Another address: a new screen is shown, registered and recognised.
    const screen = newBrowser();
    expect((await hello(screen, '10.77.0.2')).json()).toMatchObject({ registered: false });
    const admin = plant.officers.admin.session;
    const created = await t.call(displayContracts.save, { name: 'จอใหม่' }, admin);
    await t.call(displayContracts.addDevice, { uuid: created.device.uuid, device_id: screen.id }, admin);
    expect((await hello(screen, '10.77.0.2')).json()).toMatchObject({
      registered: true,
      device: { uuid: created.device.uuid },
    });
  });
});

describe('waiting ids', () => {
  it('forgets an id unseen for over an hour; a screen that keeps saying hello keeps its id', async () => {
    const gone = newBrowser();
    const staying = newBrowser();
    expect((await hello(gone, '10.78.0.1')).statusCode).toBe(200);
    expect((await hello(staying, '10.78.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(DEVICE_WAITING_MS / 3);
      expect((await hello(staying, '10.78.0.2')).statusCode).toBe(200);
    }
    // Over an hour since `gone` was seen: another browser may show its id; `staying`'s is still held.
    expect((await hello(newBrowser(gone.id), '10.78.0.3')).statusCode).toBe(200);
    expect((await hello(newBrowser(staying.id), '10.78.0.4')).statusCode).toBe(409);
  });
});

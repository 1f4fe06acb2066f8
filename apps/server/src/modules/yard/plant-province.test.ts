import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceInfo } from '@truck-queue/shared/contracts/device.contract';
import { saveYardSettings, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { closeSockets, deviceSocket, listen, next } from '../../test/sockets.ts';

/** The province the plant stands in (issue 36): an admin's setting its kiosks read. */

let t: TestContext;
let url: string;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant of Korat');
  other = await createPlant(t, 'Plant elsewhere');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const noShow = { no_show_after_recalls: 3, no_show_policy: 'requeue' } as const;

async function kioskInfo(browser: Browser): Promise<DeviceInfo> {
  const answer = await t.post(
    'device/hello',
    { device_id: browser.id, kind: 'printer' },
    { headers: browser.headers },
  );
  expect(answer.statusCode).toBe(200);
  return answer.json<{ device: DeviceInfo }>().device;
}

describe("the plant's province", () => {
  it('is unset at first, saved by an admin, and told to the kiosks, which read it', async () => {
    expect((await t.call(yardSettings, {}, admin())).settings.province).toBeNull();
    const browser = newBrowser();
    await registerDevice(t, plant, 'printer', browser);
    expect((await kioskInfo(browser)).province).toBeNull();
    const kiosk = await deviceSocket(url, {
      apiKey: t.config.apiKey,
      kind: 'printer',
      device_id: browser.id,
      secret: browser.secret,
    });

    const told = next(kiosk, 'branchChanged');
    const saved = await t.call(saveYardSettings, { ...noShow, province: 'นครราชสีมา' }, admin());
    expect(saved.settings.province).toBe('นครราชสีมา');
    await told;
    expect((await kioskInfo(browser)).province).toBe('นครราชสีมา');
    expect((await t.call(yardSettings, {}, admin())).settings.province).toBe('นครราชสีมา');
    // Another branch keeps its own.
    expect((await t.call(yardSettings, {}, other.officers.admin.session)).settings.province).toBeNull();

    // A save that leaves it out (the no-show form) keeps it; null clears it.
    await t.call(saveYardSettings, { no_show_after_recalls: 4, no_show_policy: 'requeue' }, admin());
    expect((await kioskInfo(browser)).province).toBe('นครราชสีมา');
    await t.call(saveYardSettings, { ...noShow, province: null }, admin());
    expect((await kioskInfo(browser)).province).toBeNull();
  });

  it('is one of the 77 provinces by its Thai name, and only an admin sets it', async () => {
    for (const province of ['Nakhon Ratchasima', 'โคราช', 'นครราชสีมา ', '', 7]) {
      const refused = await t.post(saveYardSettings.path, { ...noShow, province }, { session: admin() });
      expect(refused.statusCode, String(province)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const forbidden = await t.post(
      saveYardSettings.path,
      { ...noShow, province: 'ขอนแก่น' },
      { session: plant.officers.caller.session },
    );
    expect(forbidden.statusCode).toBe(403);
    expect((await t.call(yardSettings, {}, admin())).settings.province).toBeNull();
  });
});

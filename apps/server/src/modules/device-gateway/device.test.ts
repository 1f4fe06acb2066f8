import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayContracts, printerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { devices, queues } from '../../db/schema.ts';
import { newBrowser, registerDevice, sayHello, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext({ companyName: 'บริษัท แป้งมันทดสอบ จำกัด' });
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
});
afterAll(() => t.close());

const hello = (browser: Browser, kind: 'display' | 'printer' = 'display', headers = browser.headers) =>
  t.post('device/hello', { device_id: browser.id, kind }, { headers });
/** Another browser that shows (or claims) the same id with its own secret. */
const sameIdAs = (browser: Browser): Browser => newBrowser(browser.id);
const board = (browser: Browser) => t.post('device/displayBoard', {}, { headers: browser.headers });
const kioskIssue = (browser: Browser, body: Record<string, unknown>) =>
  t.post('process/printer/issueQueue', body, { headers: browser.headers });

async function displayRow(uuid: string) {
  const list = await t.call(displayContracts.main, {}, plant.officers.admin.session);
  return list.display.find((d) => d.uuid === uuid)!;
}

describe('device/hello', () => {
  it('tells an unregistered browser only that it is not registered', async () => {
    const browser = newBrowser();
    const response = await hello(browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, registered: false, device_id: browser.id, device: null });
  });

  it('verifies a registered device on its first contact: the controller then shows the verified date', async () => {
    const browser = newBrowser();
    const created = await registerDevice(t, plant, 'display', browser, [plant.types.lab.id]);
    expect((await displayRow(created.uuid)).verified_date).toBeNull();

    t.clock.advance(60_000);
    const response = await hello(browser);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ registered: boolean; device: Record<string, unknown> }>();
    expect(body.registered).toBe(true);
    expect(body.device).toMatchObject({
      uuid: created.uuid,
      kind: 'display',
      branch_id: plant.branch.id,
      branch_name: 'Plant one',
      company_name: 'บริษัท แป้งมันทดสอบ จำกัด',
      verified_date: t.clock.now().toISOString(),
      queue_types: [{ id: plant.types.lab.id, prefix: 'A', product: [{ name: 'หัวมันสด' }] }],
    });
    expect((await displayRow(created.uuid)).verified_date).toBe(t.clock.now().toISOString());

    // Later contacts keep the first verification.
    t.clock.advance(60_000);
    await hello(browser);
    expect((await displayRow(created.uuid)).verified_date).toBe(
      new Date(t.clock.now().getTime() - 60_000).toISOString(),
    );
  });

  it('accepts the id as the officer may type it, with a space or in lower case', async () => {
    const browser = newBrowser();
    await sayHello(t, 'display', browser);
    const typed = `${browser.id.slice(0, 4)} ${browser.id.slice(4)}`.toLowerCase();
    const created = await t.call(displayContracts.save, { name: 'จอพิมพ์เล็ก' }, plant.officers.admin.session);
    const added = await t.call(
      displayContracts.addDevice,
      { uuid: created.device.uuid, device_id: typed },
      plant.officers.admin.session,
    );
    expect(added.device.device_id).toBe(browser.id);
    expect((await hello(browser)).json()).toMatchObject({ registered: true });
  });

  it('refuses another browser that shows the same id: only the first one to say hello is the device', async () => {
    const browser = newBrowser();
    await registerDevice(t, plant, 'display', browser);
    expect((await hello(browser)).json()).toMatchObject({ registered: true });

    const impostor = sameIdAs(browser);
    const taken = await hello(impostor);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 0, code: 'CONFLICT', reason: 'DEVICE_ID_TAKEN' });
    const refused = await board(impostor);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
    // The real device is unaffected.
    expect((await board(browser)).statusCode).toBe(200);
  });

  it('binds the registration to the browser that showed the id, even if another one says hello with it first after Register', async () => {
    const browser = newBrowser();
    expect((await hello(browser)).json()).toMatchObject({ registered: false });
    // Someone who read the id off the screen says hello with it before the officer registers.
    const impostor = sameIdAs(browser);
    const early = await hello(impostor);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONFLICT', reason: 'DEVICE_ID_TAKEN' });

    const created = await t.call(displayContracts.save, { name: 'จอแย่งรหัส' }, plant.officers.admin.session);
    await t.call(
      displayContracts.addDevice,
      { uuid: created.device.uuid, device_id: browser.id },
      plant.officers.admin.session,
    );
    // The impostor is first to call after Register: it still is not the device.
    expect((await hello(impostor)).json()).toMatchObject({ code: 'CONFLICT', reason: 'DEVICE_ID_TAKEN' });
    expect((await board(impostor)).json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
    expect((await hello(browser)).json()).toMatchObject({
      registered: true,
      device: { uuid: created.device.uuid },
    });
    expect((await board(browser)).statusCode).toBe(200);
    expect((await board(impostor)).statusCode).toBe(401);
  });

  it('does not treat a display as a kiosk, or a kiosk as a display', async () => {
    const display = newBrowser();
    await registerDevice(t, plant, 'display', display);
    expect((await hello(display, 'printer')).json()).toMatchObject({ registered: false });
    const issued = await kioskIssue(display, {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: '70-1111',
    });
    expect(issued.statusCode).toBe(401);
    expect(issued.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });

    const kiosk = newBrowser();
    await registerDevice(t, plant, 'printer', kiosk);
    expect((await board(kiosk)).json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
  });

  it('refuses a missing or malformed secret, and a malformed id, with a clear 400', async () => {
    const browser = newBrowser();
    const noSecret = await hello(browser, 'display', { 'device-id': browser.id });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const short = await hello(browser, 'display', { 'device-secret': 'abc' });
    expect(short.statusCode).toBe(400);
    const badId = await t.post(
      'device/hello',
      { device_id: 'ไม่ใช่รหัส', kind: 'display' },
      { headers: browser.headers },
    );
    expect(badId.statusCode).toBe(400);
    const badKind = await t.post(
      'device/hello',
      { device_id: browser.id, kind: 'toaster' },
      { headers: browser.headers },
    );
    expect(badKind.statusCode).toBe(400);
  });

  it('forgets a cancelled device: hello says unregistered and its calls are refused', async () => {
    const browser = newBrowser();
    const created = await registerDevice(t, plant, 'printer', browser);
    expect((await hello(browser, 'printer')).json()).toMatchObject({ registered: true });

    await t.call(printerContracts.cancelDevice, { uuid: created.uuid }, plant.officers.admin.session);
    expect((await hello(browser, 'printer')).json()).toMatchObject({ registered: false, device: null });
    const issued = await kioskIssue(browser, {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: '70-2222',
    });
    expect(issued.statusCode).toBe(401);
    expect(issued.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
    const [row] = await t.db.select().from(devices).where(eq(devices.uuid, created.uuid));
    expect(row).toMatchObject({ deviceId: null, secretHash: null, verifiedDate: null });
  });

  it('moves the registration to a new id: the old browser stops being the device', async () => {
    const first = newBrowser();
    const created = await registerDevice(t, plant, 'display', first);
    expect((await hello(first)).json()).toMatchObject({ registered: true });
    const second = newBrowser();
    await sayHello(t, 'display', second);
    await t.call(
      displayContracts.addDevice,
      { uuid: created.uuid, device_id: second.id },
      plant.officers.admin.session,
    );
    expect((await hello(first)).json()).toMatchObject({ registered: false });
    expect((await hello(second)).json()).toMatchObject({ registered: true, device: { uuid: created.uuid } });
  });

  it('refuses a guessed id and device headers with no device at all', async () => {
    const guessed = newBrowser();
    expect((await board(guessed)).statusCode).toBe(401);
    const none = await t.post('device/displayBoard', {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
    const junk = await t.post(
      'device/displayBoard',
      {},
      { headers: { 'device-id': "'; drop", 'device-secret': 'x' } },
    );
    expect(junk.statusCode).toBe(401);
  });

  it('refuses device headers that do not hold even beside a valid session, an empty id too', async () => {
    const body = {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: 'DEV 9',
    };
    for (const headers of [
      { 'device-id': '', 'device-secret': 'x' },
      { 'device-id': 'NOTADEVICE', 'device-secret': 'x'.repeat(43) },
    ]) {
      const answer = await t.post('process/printer/issueQueue', body, {
        session: plant.officers.caller.session,
        headers,
      });
      expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'DEVICE_NOT_REGISTERED' });
    }
    const [issued] = await t.db.select({ n: count() }).from(queues).where(eq(queues.truckLicense, 'DEV 9'));
    expect(issued?.n).toBe(0);
  });
});

describe('kiosk tickets', () => {
  it('issues a ticket of its own queue types, stamped as the kiosk’s, and a retry gets the same ticket', async () => {
    const browser = newBrowser();
    const created = await registerDevice(t, plant, 'printer', browser, [plant.types.standard.id]);
    const body = {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: 'กข 1234',
      idempotency_key: `kiosk-${browser.id}-1`,
    };
    const first = await kioskIssue(browser, body);
    expect(first.statusCode).toBe(200);
    const ticket = first.json<{ queue: { uuid: string; queue_number: string } }>().queue;
    expect(ticket).toMatchObject({
      queue_type_name: 'รับสินค้า',
      product_name: 'แป้งมัน',
      truck_license: 'กข 1234',
    });
    const retry = await kioskIssue(browser, body);
    expect(retry.json<{ queue: { uuid: string } }>().queue.uuid).toBe(ticket.uuid);
    const [rows] = await t.db.select({ n: count() }).from(queues).where(eq(queues.truckLicense, 'กข 1234'));
    expect(rows!.n).toBe(1);
    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, ticket.uuid));
    const [device] = await t.db.select().from(devices).where(eq(devices.uuid, created.uuid));
    expect(row).toMatchObject({ issuedByDeviceId: device!.id, issuedByOfficerId: null });
  });

  it("follows an admin's edit of the kiosk's queue types and products at once", async () => {
    const browser = newBrowser();
    const created = await registerDevice(t, plant, 'printer', browser, [plant.types.standard.id]);
    const issue = (type: 'standard' | 'general', n: number) =>
      kioskIssue(browser, {
        id_branchQT: plant.types[type].id,
        product: plant.products[type === 'standard' ? 'starch' : 'parts'].id,
        truck_license: `70-50${n}`,
      });
    expect((await issue('standard', 1)).statusCode).toBe(200);
    const admin = plant.officers.admin.session;
    await t.call(
      printerContracts.manageOT,
      { id: created.id, branch_queue_type: [plant.types.general.id] },
      admin,
    );
    // No wait: the kiosk's queue types as held are dropped with the edit.
    expect((await issue('standard', 2)).statusCode).toBe(403);
    expect((await issue('general', 3)).statusCode).toBe(200);
    // The product the general line offered, taken off it: refused at once too.
    const offered = await t.post(
      'product/manageProduct',
      { id: plant.types.general.id, product: [plant.products.starch.id] },
      { session: admin },
    );
    expect(offered.statusCode).toBe(200);
    expect((await issue('general', 4)).statusCode).not.toBe(200);
    await t.post(
      'product/manageProduct',
      { id: plant.types.general.id, product: [plant.products.parts.id] },
      { session: admin },
    );
  });

  it('refuses a queue type that is not the kiosk’s, and one of another branch', async () => {
    const browser = newBrowser();
    await registerDevice(t, plant, 'printer', browser, [plant.types.standard.id]);
    const notMine = await kioskIssue(browser, {
      id_branchQT: plant.types.general.id,
      product: plant.products.parts.id,
      truck_license: '70-4001',
    });
    expect(notMine.statusCode).toBe(403);
    const otherBranch = await kioskIssue(browser, {
      id_branchQT: other.types.standard.id,
      product: other.products.starch.id,
      truck_license: '70-4002',
    });
    expect(otherBranch.statusCode).toBe(403);
    const [rows] = await t.db.select({ n: count() }).from(queues).where(eq(queues.truckLicense, '70-4001'));
    expect(rows!.n).toBe(0);
  });
});

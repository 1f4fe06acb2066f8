import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callingLoadQueueType,
  callingLoadStation,
  displayContracts,
  mainCalling,
  printerContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { devices } from '../../db/schema.ts';
import { newBrowser, sayHello } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

let t: TestContext;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Control A');
  other = await createPlant(t, 'Control B');
});
afterAll(() => t.close());

const post = (path: string, body: unknown, session = plant.officers.admin.session) =>
  t.post(path, body, { session });

describe('calling controller', () => {
  it('lists the officers who call, with what they call, and changes it', async () => {
    const { officer } = await t.call(mainCalling, {}, plant.officers.admin.session);
    const emails = officer.map((o) => o.email);
    expect(emails).toContain(plant.officers.caller.email);
    expect(emails).not.toContain(plant.officers.lab.email);
    const narrow = officer.find((o) => o.email === plant.officers.narrowCaller.email)!;
    expect(narrow.aQTCtrl.map((q) => q.branch_queue_type)).toEqual([plant.types.standard.id]);

    expect(
      (
        await post('calling/manageOT', {
          id: narrow.id,
          branch_queue_type: [plant.types.lab.id, plant.types.standard.id],
        })
      ).statusCode,
    ).toBe(200);
    const choices = await t.call(callingLoadQueueType, { id: narrow.id }, plant.officers.admin.session);
    expect(
      choices.queueType
        .filter((q) => q.selected)
        .map((q) => q.id)
        .sort(),
    ).toEqual([plant.types.lab.id, plant.types.standard.id].sort());
    expect(
      (await post('calling/manageStation', { id: narrow.id, station: [plant.stations.labCall.id] }))
        .statusCode,
    ).toBe(200);
    const stations = await t.call(callingLoadStation, { id: narrow.id }, plant.officers.admin.session);
    expect(stations.station.filter((s) => s.selected).map((s) => s.id)).toEqual([plant.stations.labCall.id]);

    // The officer's Manage Calling follows at once.
    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.narrowCaller.session);
    expect(cards.card.map((c) => c.prefix)).toEqual(['A', 'B']);

    const row = (await t.call(mainCalling, {}, plant.officers.admin.session)).officer.find(
      (o) => o.id === narrow.id,
    )!;
    expect(
      (await post('calling/deleteDeviceCtrl', { id: row.aQTCtrl[0]!.id }, other.officers.admin.session))
        .statusCode,
    ).toBe(404);
    expect((await post('calling/deleteDeviceCtrl', { id: row.aQTCtrl[0]!.id })).statusCode).toBe(200);
    expect((await post('calling/deleteStationCtrl', { id: row.aStationCtrl[0]!.id })).statusCode).toBe(200);
  });

  it("refuses another branch's officers, queue types and stations", async () => {
    const caller = plant.officers.caller.id;
    expect(
      (await post('calling/manageOT', { id: caller, branch_queue_type: [other.types.lab.id] })).statusCode,
    ).toBe(400);
    expect(
      (await post('calling/manageStation', { id: caller, station: [other.stations.labCall.id] })).statusCode,
    ).toBe(400);
    expect(
      (await post('calling/manageOT', { id: other.officers.caller.id, branch_queue_type: [] })).statusCode,
    ).toBe(404);
    expect((await post('calling/loadQueueType', { id: other.officers.caller.id })).statusCode).toBe(404);
  });
});

/** The devices of a kind, as the controller's main call lists them. */
async function listDevices(
  kind: 'display' | 'printer',
  path: string,
): Promise<{ uuid: string; device_id: string | null; aCtrl: { id: number; branch_queue_type: number }[] }[]> {
  const body = (await post(path, {})).json();
  return body[kind];
}

describe.each([
  ['display', displayContracts, { name: 'จอหน้าลาน' }],
  ['printer', printerContracts, { name: 'ตู้ออกบัตร 1', printer: 1 }],
] as const)('%s controller', (kind, contracts, createBody) => {
  it('creates, registers, verifies the shape, assigns queue types and cancels the connection', async () => {
    const created = (await post(contracts.save.path, createBody)).json().device;
    expect(created).toMatchObject({ name: createBody.name, device_id: null, verified_date: null, aCtrl: [] });
    const cancelEarly = await post(contracts.cancelDevice.path, { uuid: created.uuid });
    expect(cancelEarly.json()).toMatchObject({ code: 'CONFLICT', reason: 'NO_DEVICE' });

    const code = kind === 'display' ? 'DSP123' : 'KSK123';
    await sayHello(t, kind, newBrowser(code));
    const registered = (
      await post(contracts.addDevice.path, { uuid: created.uuid, device_id: code.toLowerCase() })
    ).json();
    expect(registered.device.device_id).toBe(code);
    expect((await post(contracts.addDevice.path, { uuid: created.uuid, device_id: 'no' })).statusCode).toBe(
      400,
    );
    const second = (await post(contracts.save.path, { ...createBody, name: `${createBody.name} 2` })).json()
      .device;
    expect(
      (await post(contracts.addDevice.path, { uuid: second.uuid, device_id: code })).json(),
    ).toMatchObject({
      reason: 'DEVICE_ID_TAKEN',
    });

    expect(
      (await post(contracts.manageOT.path, { id: created.id, branch_queue_type: [plant.types.lab.id] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(contracts.manageOT.path, { id: created.id, branch_queue_type: [other.types.lab.id] }))
        .statusCode,
    ).toBe(400);
    const choices = (await post(contracts.loadQueueType.path, { id: created.id })).json().queueType;
    expect(choices.filter((c: { selected: boolean }) => c.selected)).toHaveLength(1);
    const listed = (await listDevices(kind, contracts.main.path)).find((d) => d.uuid === created.uuid)!;
    expect(listed.aCtrl).toMatchObject([{ branch_queue_type: plant.types.lab.id }]);
    expect(
      (await post(contracts.deleteDeviceCtrl.path, { id: listed.aCtrl[0]!.id }, other.officers.admin.session))
        .statusCode,
    ).toBe(404);
    expect((await post(contracts.deleteDeviceCtrl.path, { id: listed.aCtrl[0]!.id })).statusCode).toBe(200);

    expect(
      (await post(contracts.cancelDevice.path, { uuid: created.uuid }, other.officers.admin.session))
        .statusCode,
    ).toBe(404);
    expect((await post(contracts.cancelDevice.path, { uuid: created.uuid })).statusCode).toBe(200);
    const after = (await listDevices(kind, contracts.main.path)).find((d) => d.uuid === created.uuid)!;
    expect(after.device_id).toBeNull();
  });

  it('keeps names required', async () => {
    expect((await post(contracts.save.path, { ...createBody, name: '  ' })).statusCode).toBe(400);
  });

  // Found by the fuzzer: both reached the database and failed there with a 500.
  it('refuses a name holding NUL and an id past PostgreSQL integer as invalid input', async () => {
    const nul = await post(contracts.save.path, { ...createBody, name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'name' }] });
    for (const id of [2 ** 31, 2 ** 32]) {
      const huge = await post(contracts.manageOT.path, { id, branch_queue_type: [plant.types.lab.id] });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'id' }] });
    }
    expect((await post(contracts.deleteDeviceCtrl.path, { id: 2 ** 31 - 1 })).statusCode).toBe(404);
  });
});

describe('printer name', () => {
  it('is stored for kiosks, shown as null when unknown', async () => {
    const created = (await post(printerContracts.save.path, { name: 'ตู้ 9', printer: 1 })).json().device;
    expect(created.printer_name).toBeNull();
    const edited = await post(printerContracts.save.path, {
      uuid: created.uuid,
      name: 'ตู้ 9',
      printer_name: 'EPSON TM-T82',
    });
    expect(edited.json().device.printer_name).toBe('EPSON TM-T82');
    expect((await post(displayContracts.save.path, { uuid: created.uuid, name: 'x' })).statusCode).toBe(404);
  });
});

describe('Register', () => {
  it('refuses an id no screen of that kind is showing (a typo, a closed screen) and changes nothing', async () => {
    const created = (await post(displayContracts.save.path, { name: 'จอพิมพ์ผิด' })).json().device;
    const screen = newBrowser();
    await sayHello(t, 'display', screen);
    expect(
      (await post(displayContracts.addDevice.path, { uuid: created.uuid, device_id: screen.id })).statusCode,
    ).toBe(200);
    const [before] = await t.db.select().from(devices).where(eq(devices.uuid, created.uuid));

    // A mistyped id, and the id of a kiosk typed into the Display controller.
    const kiosk = newBrowser();
    await sayHello(t, 'printer', kiosk);
    for (const deviceId of [newBrowser().id, kiosk.id]) {
      const refused = await post(displayContracts.addDevice.path, {
        uuid: created.uuid,
        device_id: deviceId,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: 0, code: 'CONFLICT', reason: 'DEVICE_NOT_WAITING' });
    }
    const [after] = await t.db.select().from(devices).where(eq(devices.uuid, created.uuid));
    expect(after).toEqual(before);
    // The registered screen is still the display.
    expect(await sayHello(t, 'display', screen)).toMatchObject({ registered: true });
  });

  it('takes only a screen seen within the last hour: one gone longer says hello again first', async () => {
    const created = (await post(printerContracts.save.path, { name: 'ตู้ปิดไป', printer: 1 })).json().device;
    const screen = newBrowser();
    await sayHello(t, 'printer', screen);
    t.clock.advance(61 * 60_000);
    const refused = await post(printerContracts.addDevice.path, { uuid: created.uuid, device_id: screen.id });
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', reason: 'DEVICE_NOT_WAITING' });
    const [row] = await t.db.select().from(devices).where(eq(devices.uuid, created.uuid));
    expect(row).toMatchObject({ deviceId: null, secretHash: null });

    await sayHello(t, 'printer', screen);
    expect(
      (await post(printerContracts.addDevice.path, { uuid: created.uuid, device_id: screen.id })).statusCode,
    ).toBe(200);
    expect(await sayHello(t, 'printer', screen)).toMatchObject({ registered: true });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import {
  displayContracts,
  printerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import type { Socket } from 'socket.io-client';
import { newBrowser, registerDevice, sayHello, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import {
  closeSockets,
  deviceSocket,
  emitAck,
  listen,
  next,
  record,
  staffSocket,
} from '../../test/sockets.ts';

let t: TestContext;
let url: string;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const connectDevice = (kind: DeviceKind, browser: Browser, before?: (socket: Socket) => void) =>
  deviceSocket(url, { apiKey: t.config.apiKey, kind, device_id: browser.id, secret: browser.secret }, before);

/** An officer's socket, in the branch room, that calls, rechecks and finishes queues. */
async function caller(p: Plant) {
  const socket = await staffSocket(url, { session: p.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', p.branch.id, 'System')).toEqual({ status: 1 });
  return {
    async call(queueId: number, stationId: number) {
      t.clock.advance(20_000);
      expect(await emitAck(socket, 'doCalling', p.branch.id, queueId, stationId)).toEqual({ status: 1 });
    },
  };
}

const board = async (browser: Browser) => {
  const response = await t.post('device/displayBoard', {}, { headers: browser.headers });
  expect(response.statusCode).toBe(200);
  return response.json<{
    stations: { station_name: string; queue_number: string | null }[];
    recent: { id: number; queue_number: string; station_name: string; action: string }[];
  }>();
};

describe('the display socket', () => {
  it('refuses a handshake without the API key or with a malformed id', async () => {
    const browser = newBrowser();
    await expect(
      deviceSocket(url, {
        apiKey: 'wrong-key',
        kind: 'display',
        device_id: browser.id,
        secret: browser.secret,
      }),
    ).rejects.toThrow('UNAUTHENTICATED');
    await expect(
      deviceSocket(url, { apiKey: t.config.apiKey, kind: 'display', device_id: 'x', secret: browser.secret }),
    ).rejects.toThrow('UNAUTHENTICATED');
    // A secret no device page makes cannot hold an id either.
    await expect(
      deviceSocket(url, { apiKey: t.config.apiKey, kind: 'display', device_id: browser.id, secret: 'short' }),
    ).rejects.toThrow('UNAUTHENTICATED');
  });

  it('receives calls of its queue types only, and nothing from another branch', async () => {
    const browser = newBrowser();
    await registerDevice(t, plant, 'display', browser, [plant.types.standard.id]);
    const display = await connectDevice('display', browser);
    const calls = record<DeviceCall>(display, 'called');
    const officer = await caller(plant);
    const otherOfficer = await caller(other);

    const mine = await issueTicket(t, plant, 'standard', '70-5001');
    const notMine = await issueTicket(t, plant, 'general', '70-5002');
    const foreign = await issueTicket(t, other, 'standard', '70-5003');
    const arrived = next<DeviceCall>(display, 'called');
    await officer.call(mine.id, plant.stations.standardCall.id);
    expect(await arrived).toMatchObject({
      queue_number: mine.queue_number,
      station_name: 'ช่องขึ้นสินค้า 1',
      queue_type_name: 'รับสินค้า',
      action: 'call',
    });
    await officer.call(notMine.id, plant.stations.generalCall.id);
    await otherOfficer.call(foreign.id, other.stations.standardCall.id);
    // A recall of the same truck is announced again, as a new call.
    await officer.call(mine.id, plant.stations.standardCall.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.map((c) => c.queue_number)).toEqual([mine.queue_number, mine.queue_number]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);

    // The board says the same: the station's latest call, and today's calls newest first.
    const shown = await board(browser);
    expect(shown.stations.find((s) => s.station_name === 'ช่องขึ้นสินค้า 1')?.queue_number).toBe(
      mine.queue_number,
    );
    expect(shown.stations.find((s) => s.station_name === 'ต้อนรับ')?.queue_number).toBeNull();
    // Every station of this branch, none of the other's.
    expect(shown.stations).toHaveLength(Object.keys(plant.stations).length);
    // The recalled truck once, as its latest call (issue 36).
    expect(shown.recent.map((c) => [c.queue_number, c.id])).toEqual([[mine.queue_number, calls[1]!.id]]);
  });

  it('an unregistered screen hears its registration, and a cancelled display stops hearing calls', async () => {
    const browser = newBrowser();
    const waiting = await connectDevice('display', browser);
    const registered = next(waiting, 'deviceChanged');
    const created = await registerDevice(t, plant, 'display', browser, [plant.types.standard.id]);
    await registered;

    const display = await connectDevice('display', browser);
    const calls = record<DeviceCall>(display, 'called');
    const cancelled = next(display, 'deviceChanged');
    await t.call(displayContracts.cancelDevice, { uuid: created.uuid }, plant.officers.admin.session);
    await cancelled;

    const officer = await caller(plant);
    const ticket = await issueTicket(t, plant, 'standard', '70-5101');
    await officer.call(ticket.id, plant.stations.standardCall.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toEqual([]);
    // Reconnecting with the old credentials puts it back among the unregistered.
    const again = await connectDevice('display', browser);
    const later = record<DeviceCall>(again, 'called');
    const second = await issueTicket(t, plant, 'standard', '70-5102');
    await officer.call(second.id, plant.stations.standardCall.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(later).toEqual([]);
  });

  it("tells the branch's controller screens that a device was verified", async () => {
    const browser = newBrowser();
    const admin = await staffSocket(url, { session: plant.officers.admin.session, apiKey: t.config.apiKey });
    expect(await emitAck(admin, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const created = await registerDevice(t, plant, 'display', browser);
    const verified = next<{ kind: string; uuid: string }>(admin, 'deviceChanged');
    await t.post('device/hello', { device_id: browser.id, kind: 'display' }, { headers: browser.headers });
    expect(await verified).toEqual({ kind: 'display', uuid: created.uuid });
  });

  it('never lets a second browser with the same id wait for the registration or become the device', async () => {
    const browser = newBrowser();
    const waiting = await connectDevice('display', browser);
    const impostor = newBrowser(browser.id);
    await expect(connectDevice('display', impostor)).rejects.toThrow('DEVICE_ID_TAKEN');

    const registered = next(waiting, 'deviceChanged');
    await registerDevice(t, plant, 'display', browser, [plant.types.standard.id]);
    await registered;
    // After Register the impostor is still refused; the screen that showed the id is the display.
    await expect(connectDevice('display', impostor)).rejects.toThrow('DEVICE_ID_TAKEN');
    const display = await connectDevice('display', browser);
    const officer = await caller(plant);
    const ticket = await issueTicket(t, plant, 'standard', '70-5201');
    const arrived = next<DeviceCall>(display, 'called');
    await officer.call(ticket.id, plant.stations.standardCall.id);
    expect(await arrived).toMatchObject({ queue_number: ticket.queue_number });
  });
});

const CONTRACTS = { display: displayContracts, printer: printerContracts, scale: scaleContracts };

/** A registered device of this kind whose first contact is made, and its connected socket. */
async function connectedDevice(kind: DeviceKind) {
  const browser = newBrowser();
  const created = await registerDevice(t, plant, kind, browser);
  // The first contact verifies it and tells its sockets to reconnect: made before the socket.
  await sayHello(t, kind, browser);
  return { browser, created, socket: await connectDevice(kind, browser) };
}

/** Whether a socket of this device, registered as it, is connected (on any instance). */
const connectedAs = async (deviceId: number) =>
  (await t.app.realtime.connectedKiosks([deviceId])).has(deviceId);

describe('a device cancelled or registered to another id', () => {
  for (const kind of ['display', 'printer', 'scale'] as const) {
    it(`has its ${kind}'s sockets disconnected by the server at once`, async () => {
      const { created, socket } = await connectedDevice(kind);
      const other = await connectedDevice(kind);
      expect(await connectedAs(created.id)).toBe(true);
      const dropped = next<string>(socket, 'disconnect');
      await t.call(CONTRACTS[kind].cancelDevice, { uuid: created.uuid }, plant.officers.admin.session);
      expect(await dropped).toBe('io server disconnect');
      expect(await connectedAs(created.id)).toBe(false);
      // Another device of the kind is left alone.
      expect(other.socket.connected).toBe(true);
      expect(await connectedAs(other.created.id)).toBe(true);
    });
  }

  it('registered to another screen: the old browser is disconnected, the new one is the device', async () => {
    const { created, socket } = await connectedDevice('display');
    const replacement = newBrowser();
    const replacementWaits = await connectDevice('display', replacement);
    const told = next(replacementWaits, 'deviceChanged');
    const dropped = next<string>(socket, 'disconnect');
    await t.call(
      displayContracts.addDevice,
      { uuid: created.uuid, device_id: replacement.id },
      plant.officers.admin.session,
    );
    expect(await dropped).toBe('io server disconnect');
    await told;
    expect(await sayHello(t, 'display', replacement)).toMatchObject({ registered: true });
    await connectDevice('display', replacement);
    expect(await connectedAs(created.id)).toBe(true);
  });

  it('is never left connected as the device when its socket connects while it is being cancelled (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const browser = newBrowser();
      const created = await registerDevice(t, plant, 'scale', browser);
      await sayHello(t, 'scale', browser);
      // The bridge connects while the admin cancels: whichever comes first, it must not stay
      // connected as the scale (a socket that connects after the cancel is an unregistered one).
      const [connecting] = await Promise.allSettled([
        connectDevice('scale', browser),
        t.call(scaleContracts.cancelDevice, { uuid: created.uuid }, plant.officers.admin.session),
      ]);
      await vi.waitFor(async () => expect(await connectedAs(created.id)).toBe(false), {
        timeout: 5000,
        interval: 10,
      });
      if (connecting.status === 'fulfilled') connecting.value.close();
    }
  });

  it('is always told of its registration when its socket connects while it is being registered (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const browser = newBrowser();
      await sayHello(t, 'scale', browser);
      const session = plant.officers.admin.session;
      const { device } = await t.call(
        scaleContracts.save,
        { name: `Scale ${browser.id}`, station_id: null },
        session,
      );
      // The bridge's socket connects while the admin registers its id: either it connects as
      // the scale, or it waits and hears that it was registered (it then says hello again).
      const heard: string[] = [];
      const [socket] = await Promise.all([
        connectDevice('scale', browser, (connecting) =>
          connecting.on('deviceChanged', () => heard.push('deviceChanged')),
        ),
        t.call(scaleContracts.addDevice, { uuid: device.uuid, device_id: browser.id }, session),
      ]);
      await vi.waitFor(async () => expect(heard.length > 0 || (await connectedAs(device.id))).toBe(true), {
        timeout: 5000,
        interval: 10,
      });
      socket.close();
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
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

const connectDevice = (kind: 'display' | 'printer', browser: Browser) =>
  deviceSocket(url, { apiKey: t.config.apiKey, kind, device_id: browser.id, secret: browser.secret });

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

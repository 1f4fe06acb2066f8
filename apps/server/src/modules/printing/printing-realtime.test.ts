import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { printingContracts } from '@truck-queue/shared/contracts/printing.contract';
import { devices } from '../../db/schema.ts';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, deviceSocket, emitAck, listen, next, staffSocket } from '../../test/sockets.ts';

let t: TestContext;
let url: string;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t);
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

/** A registered kiosk printing on its USB printer, its screen connected. */
async function usbKiosk() {
  const browser: Browser = newBrowser();
  const device = await registerDevice(t, plant, 'printer', browser);
  await t.db.update(devices).set({ printTarget: 'usb' }).where(eq(devices.id, device.id));
  const socket = await deviceSocket(url, {
    apiKey: t.config.apiKey,
    kind: 'printer',
    device_id: browser.id,
    secret: browser.secret,
  });
  return { browser, device, socket };
}

async function officerSocket() {
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  return socket;
}

describe("a USB kiosk's socket", () => {
  it('is told to fetch a reprint an officer sent it, and shows as connected', async () => {
    const { device, socket, browser } = await usbKiosk();
    const session = plant.officers.caller.session;
    const { printers } = await t.call(printingContracts.branchPrinters, {}, session);
    expect(printers.find((p) => p.uuid === device.uuid)).toMatchObject({
      print_target: 'usb',
      connected: true,
    });

    const ticket = await issueTicket(t, plant, 'standard', 'กข 5678');
    const told = next<{ job_id: number }>(socket, 'printJob');
    const { print } = await t.call(
      printingContracts.reprintTicket,
      { uuid: ticket.uuid, printer_uuid: device.uuid },
      session,
    );
    expect(print).toMatchObject({ state: 'pending', job_id: expect.any(Number) });
    expect(await told).toEqual({ job_id: print.job_id });
    const fetched = await t.post('device/printJob', { job_id: print.job_id }, { headers: browser.headers });
    expect(fetched.statusCode).toBe(200);

    // Its screen gone, it shows as not connected.
    socket.close();
    let connected = true;
    for (let tries = 0; connected && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const after = await t.call(printingContracts.branchPrinters, {}, session);
      connected = after.printers.find((p) => p.uuid === device.uuid)!.connected;
    }
    expect(connected).toBe(false);
  });

  it("reports its printer's health: kept, and the calling page is told", async () => {
    const { device, socket } = await usbKiosk();
    const staff = await officerSocket();
    const changed = next<{ uuid: string; health: string }>(staff, 'printerChanged');
    socket.emit('printerStatus', { health: 'nonsense' });
    socket.emit('printerStatus', { health: 'paper_near_end' });
    expect(await changed).toEqual({ uuid: device.uuid, health: 'paper_near_end' });
    const { printers } = await t.call(printingContracts.branchPrinters, {}, plant.officers.caller.session);
    expect(printers.find((p) => p.uuid === device.uuid)).toMatchObject({
      health: 'paper_near_end',
      checked_at: expect.any(String),
    });
  });
});

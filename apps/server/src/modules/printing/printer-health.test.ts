import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@truck-queue/shared/contracts/api';
import { printerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { checkPrinter } from '@truck-queue/shared/contracts/printing.contract';
import { devices } from '../../db/schema.ts';
import { newBrowser, registerDevice } from '../../test/devices.ts';
import { startFakePrinter, type FakePrinter } from '../../test/fake-escpos-printer.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, next, record, staffSocket } from '../../test/sockets.ts';

const printers: FakePrinter[] = [];
async function fakePrinter(status?: Parameters<typeof startFakePrinter>[0]) {
  const printer = await startFakePrinter(status);
  printers.push(printer);
  return printer;
}

/** A new kiosk of the plant, registered, printing with the browser's dialog (the default). */
async function newKiosk(t: TestContext, plant: Plant) {
  return registerDevice(t, plant, 'printer', newBrowser());
}

const healthOf = async (t: TestContext, id: number) =>
  (
    await t.db
      .select({ health: devices.printerHealth, at: devices.printerHealthAt })
      .from(devices)
      .where(eq(devices.id, id))
  )[0]!;

describe('print settings and printer checks', () => {
  let t: TestContext;
  let plant: Plant;
  let other: Plant;
  let url: string;
  const admin = () => plant.officers.admin.session;

  beforeAll(async () => {
    t = await createTestContext();
    plant = await createPlant(t, 'Printing A');
    other = await createPlant(t, 'Printing B');
    url = await listen(t);
  });
  afterEach(async () => {
    closeSockets();
    await Promise.all(printers.splice(0).map((p) => p.close()));
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, session = admin()) =>
    t.post(printerContracts.save.path, body, { session });
  const rowOf = async (uuid: string) =>
    (await t.call(printerContracts.main, {}, admin())).printer.find((p) => p.uuid === uuid)!;

  it('saves a network printer and reads its health at once', async () => {
    const kiosk = await newKiosk(t, plant);
    const printer = await fakePrinter({ status: 'paper_near_end' });
    const response = await save({
      uuid: kiosk.uuid,
      name: kiosk.name,
      print_target: 'network',
      printer_host: printer.host,
      printer_port: printer.port,
      paper_width: 58,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ device: object }>().device).toMatchObject({
      print_target: 'network',
      printer_host: '127.0.0.1',
      printer_port: printer.port,
      paper_width: 58,
    });
    // In the background, without anyone asking: the controller shows the roll running out.
    await vi.waitFor(async () =>
      expect((await rowOf(kiosk.uuid)).printer_health?.health).toBe('paper_near_end'),
    );
    expect(printer.jobs).toEqual([]);
    expect(printer.protocolErrors).toEqual([]);
  });

  it('refuses a network target without an address, and addresses outside the plant', async () => {
    const kiosk = await newKiosk(t, plant);
    const before = await rowOf(kiosk.uuid);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ print_target: 'network' }, 400, 'PRINTER_HOST_REQUIRED'],
      [{ print_target: 'network', printer_host: null }, 400, 'PRINTER_HOST_REQUIRED'],
      [{ print_target: 'network', printer_host: '8.8.8.8' }, 400, 'PRINTER_ADDRESS_NOT_LOCAL'],
      [{ print_target: 'network', printer_host: '172.32.0.9' }, 400, 'PRINTER_ADDRESS_NOT_LOCAL'],
      // Spellings the resolver reads otherwise (octal 8.0.0.1, one number for 127.0.0.1).
      [{ print_target: 'network', printer_host: '010.0.0.1' }, 400, 'PRINTER_ADDRESS_NOT_LOCAL'],
      [{ print_target: 'network', printer_host: '2130706433' }, 400, 'PRINTER_ADDRESS_NOT_LOCAL'],
      [{ print_target: 'network', printer_host: 'printer 1' }, 400, 'VALIDATION_FAILED'],
      [{ print_target: 'network', printer_host: 'http://10.0.0.5' }, 400, 'VALIDATION_FAILED'],
      [{ print_target: 'network', printer_host: '10.0.0.5', printer_port: 0 }, 400, 'VALIDATION_FAILED'],
      [{ print_target: 'network', printer_host: '10.0.0.5', printer_port: 70_000 }, 400, 'VALIDATION_FAILED'],
      [{ print_target: 'fax' }, 400, 'VALIDATION_FAILED'],
      [{ paper_width: 76 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [fields, status, code] of refusals) {
      const response = await save({ uuid: kiosk.uuid, name: kiosk.name, ...fields });
      expect([response.statusCode, response.json<ApiError>().code], JSON.stringify(fields)).toEqual([
        status,
        code,
      ]);
    }
    expect(await rowOf(kiosk.uuid)).toEqual(before);

    // Host names are the plant's DNS's to answer: saved, and checked where they resolve.
    expect(
      (
        await save({
          uuid: kiosk.uuid,
          name: kiosk.name,
          print_target: 'network',
          printer_host: 'printer-1.plant.lan',
        })
      ).statusCode,
    ).toBe(200);
    // The address stays when only the target changes back and forth.
    expect((await save({ uuid: kiosk.uuid, name: kiosk.name, print_target: 'usb' })).statusCode).toBe(200);
    expect((await save({ uuid: kiosk.uuid, name: kiosk.name, print_target: 'network' })).statusCode).toBe(
      200,
    );
    expect((await rowOf(kiosk.uuid)).printer_host).toBe('printer-1.plant.lan');
  });

  it('another printer forgets the old one’s health; a new roll width does not', async () => {
    const kiosk = await newKiosk(t, plant);
    await t.db
      .update(devices)
      .set({ printTarget: 'usb', printerHealth: 'paper_near_end', printerHealthAt: new Date() })
      .where(eq(devices.id, kiosk.id));
    await save({ uuid: kiosk.uuid, name: kiosk.name, paper_width: 58 });
    expect((await healthOf(t, kiosk.id)).health).toBe('paper_near_end');

    const response = await save({ uuid: kiosk.uuid, name: kiosk.name, print_target: 'browser' });
    expect(response.json<{ device: { printer_health: unknown } }>().device.printer_health).toBeNull();
    expect(await healthOf(t, kiosk.id)).toEqual({ health: null, at: null });
  });

  it('changing a kiosk’s printer tells the kiosk, as every edit does', async () => {
    const kiosk = await newKiosk(t, plant);
    const socket = await staffSocket(url, { session: admin(), apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const changed = next<{ kind: string; uuid: string }>(socket, 'deviceChanged');
    await save({ uuid: kiosk.uuid, name: kiosk.name, print_target: 'usb' });
    expect(await changed).toEqual({ kind: 'printer', uuid: kiosk.uuid });
  });

  it('checks a network printer now, stores it, and tells the branch when it changed', async () => {
    const kiosk = await newKiosk(t, plant);
    const printer = await fakePrinter({ status: 'ok' });
    await save({
      uuid: kiosk.uuid,
      name: kiosk.name,
      print_target: 'network',
      printer_host: printer.host,
      printer_port: printer.port,
    });
    await vi.waitFor(async () => expect((await healthOf(t, kiosk.id)).health).toBe('ok'));

    const socket = await staffSocket(url, { session: admin(), apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const seen = record<{ uuid: string; health: string }>(socket, 'printerChanged');

    printer.setStatus('paper_end');
    const { printer: state } = await t.call(checkPrinter, { uuid: kiosk.uuid }, admin());
    expect(state.health).toBe('paper_end');
    expect(state.checked_at).toBe(t.clock.now().toISOString());
    expect((await healthOf(t, kiosk.id)).health).toBe('paper_end');
    // The same health again is no news.
    await t.call(checkPrinter, { uuid: kiosk.uuid }, admin());
    printer.setStatus('cover_open');
    expect((await t.call(checkPrinter, { uuid: kiosk.uuid }, admin())).printer.health).toBe('cover_open');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { uuid: kiosk.uuid, health: 'paper_end' },
      { uuid: kiosk.uuid, health: 'cover_open' },
    ]);

    // One status answer lost is read again, not reported: the printer is back to ok.
    printer.setStatus('ok');
    printer.ignoreNextConnections(1);
    expect((await t.call(checkPrinter, { uuid: kiosk.uuid }, admin())).printer.health).toBe('ok');
    printer.setStatus('silent');
    expect((await t.call(checkPrinter, { uuid: kiosk.uuid }, admin())).printer.health).toBe('no_answer');
    await printer.refuseConnections();
    expect((await t.call(checkPrinter, { uuid: kiosk.uuid }, admin())).printer.health).toBe('unreachable');
    expect(printer.jobs).toEqual([]);
  });

  it('a USB kiosk answers its last report; a browser kiosk cannot say', async () => {
    const usb = await newKiosk(t, plant);
    const at = new Date('2026-11-20T02:59:00Z');
    await t.db
      .update(devices)
      .set({ printTarget: 'usb', printerHealth: 'paper_near_end', printerHealthAt: at })
      .where(eq(devices.id, usb.id));
    expect((await t.call(checkPrinter, { uuid: usb.uuid }, admin())).printer).toEqual({
      health: 'paper_near_end',
      checked_at: at.toISOString(),
    });
    const browser = await newKiosk(t, plant);
    expect((await t.call(checkPrinter, { uuid: browser.uuid }, admin())).printer).toEqual({
      health: 'unknown',
      checked_at: null,
    });
  });

  it('checks only the branch’s own kiosks, for admins', async () => {
    const kiosk = await newKiosk(t, plant);
    const check = (uuid: string, session: string) => t.post(checkPrinter.path, { uuid }, { session });
    expect((await check(kiosk.uuid, other.officers.admin.session)).statusCode).toBe(404);
    expect((await check('00000000-0000-4000-8000-000000000000', admin())).statusCode).toBe(404);
    expect((await check(kiosk.uuid, plant.officers.caller.session)).statusCode).toBe(403);
    expect((await check('not-a-uuid', admin())).statusCode).toBe(400);
    expect((await t.post(checkPrinter.path, { uuid: kiosk.uuid })).statusCode).toBe(401);
  });
});

describe('the printer health watcher', () => {
  let t: TestContext;
  let plant: Plant;

  beforeAll(async () => {
    t = await createTestContext({}, { watchPrinters: { everyMs: 100 } });
    plant = await createPlant(t, 'Watched');
  });
  afterEach(async () => {
    closeSockets();
    await Promise.all(printers.splice(0).map((p) => p.close()));
  });
  afterAll(() => t.close());

  it('reads the network kiosks’ printers on its own and tells the branch what changed', async () => {
    const printer = await fakePrinter({ status: 'ok' });
    const kiosk = await newKiosk(t, plant);
    await t.call(
      printerContracts.save,
      {
        uuid: kiosk.uuid,
        name: kiosk.name,
        print_target: 'network',
        printer_host: printer.host,
        printer_port: printer.port,
      },
      plant.officers.admin.session,
    );
    const url = await listen(t);
    await vi.waitFor(async () => expect((await healthOf(t, kiosk.id)).health).toBe('ok'));
    const socket = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });

    // The roll runs low: the calling page hears it before any ticket fails.
    const warned = next<{ uuid: string; health: string }>(socket, 'printerChanged', 10_000);
    printer.setStatus('paper_near_end');
    expect(await warned).toEqual({ uuid: kiosk.uuid, health: 'paper_near_end' });
    expect((await healthOf(t, kiosk.id)).health).toBe('paper_near_end');

    const out = next<{ uuid: string; health: string }>(socket, 'printerChanged', 10_000);
    await printer.refuseConnections();
    expect(await out).toEqual({ uuid: kiosk.uuid, health: 'unreachable' });
    expect(printer.jobs).toEqual([]);
  });
});

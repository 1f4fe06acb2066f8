import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { saveYardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { devices, flowStates, officerStations, stations, stationStates } from '../../db/schema.ts';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, pastServices, type Plant } from '../../test/plant.ts';
import { closeSockets, deviceSocket, emitAck, listen, next, staffSocket } from '../../test/sockets.ts';

let t: TestContext;
let url: string;
let plant: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

interface ShownCall {
  id: number;
  queue_number: string;
  queue_type_name: string;
  station_name: string;
  truck_license: string;
}

const board = async (browser: Browser) => {
  const response = await t.post('device/displayBoard', {}, { headers: browser.headers });
  expect(response.statusCode).toBe(200);
  return response.json<{
    recent: ShownCall[];
    recent_count: number;
    stations: { station_id: number; queue_number: string | null }[];
  }>();
};

async function caller() {
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  return async (queueId: number, stationId: number) => {
    t.clock.advance(20_000);
    expect(await emitAck(socket, 'doCalling', plant.branch.id, queueId, stationId)).toEqual({ status: 1 });
  };
}

const admin = () => plant.officers.admin.session;
const setMasking = (mask: boolean) =>
  t.call(
    saveYardSettings,
    { no_show_after_recalls: 3, no_show_policy: 'requeue', mask_plates: mask },
    admin(),
  );

describe('plates on the board', () => {
  it('are masked by default, on the board and in a live call; full once the branch turns masking off', async () => {
    const browser = newBrowser();
    await registerDevice(t, plant, 'display', browser, [plant.types.standard.id]);
    const display = await deviceSocket(url, {
      apiKey: t.config.apiKey,
      kind: 'display',
      device_id: browser.id,
      secret: browser.secret,
    });
    const call = await caller();

    const pair = await issueTicket(t, plant, 'standard', '70-1234 กรุงเทพมหานคร / 71-5678 กรุงเทพมหานคร');
    const arrived = next<DeviceCall>(display, 'called');
    await call(pair.id, plant.stations.standardCall.id);
    expect((await arrived).truck_license).toBe('70-12•• / 71-56••');
    const masked = await board(browser);
    expect(masked.recent[0]).toMatchObject({
      queue_number: pair.queue_number,
      truck_license: '70-12•• / 71-56••',
    });
    // The full plate never leaves the server for a masked board.
    expect(JSON.stringify(masked)).not.toContain('1234');

    // The branch turns masking off: its displays hear it, and get full plates from then on.
    const told = next(display, 'branchChanged');
    await setMasking(false);
    await told;
    expect((await board(browser)).recent[0]!.truck_license).toBe(
      '70-1234 กรุงเทพมหานคร / 71-5678 กรุงเทพมหานคร',
    );
    const thai = await issueTicket(t, plant, 'standard', '1กข 1234');
    const live = next<DeviceCall>(display, 'called');
    await call(thai.id, plant.stations.standardCall.id);
    expect((await live).truck_license).toBe('1กข 1234');

    await setMasking(true);
    expect((await board(browser)).recent.map((c) => c.truck_license)).toEqual([
      '1กข 12••',
      '70-12•• / 71-56••',
    ]);
  });

  it('never shows the driver’s page another truck’s plate', async () => {
    const mine = await issueTicket(t, plant, 'lab', 'ขข 9876');
    await issueTicket(t, plant, 'lab', 'คค 5432 ขอนแก่น');
    const page = await t.post('process/user/queueInformation', { queue_number_id: mine.uuid });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('5432');
    expect(page.body).not.toContain('คค');
  });
});

describe('the latest calls a board lists', () => {
  it('are recent_count of each queue type, newest first, as the display is set', async () => {
    const browser = newBrowser();
    const created = await registerDevice(t, plant, 'display', browser, [
      plant.types.standard.id,
      plant.types.general.id,
    ]);
    expect((await board(browser)).recent_count).toBe(8);
    const saved = await t.call(
      displayContracts.save,
      { uuid: created.uuid, name: 'จอหน้าลาน', recent_count: 3 },
      admin(),
    );
    expect(saved.device.recent_count).toBe(3);

    const call = await caller();
    const called: Record<'standard' | 'general', string[]> = { standard: [], general: [] };
    for (let i = 0; i < 6; i++) {
      const standard = await issueTicket(t, plant, 'standard', `กก ${1000 + i}`);
      await call(standard.id, plant.stations.standardCall.id);
      called.standard.unshift(standard.queue_number);
      const general = await issueTicket(t, plant, 'general', `ขข ${2000 + i}`);
      await call(general.id, plant.stations.generalCall.id);
      called.general.unshift(general.queue_number);
    }
    const shown = await board(browser);
    expect(shown.recent_count).toBe(3);
    const ofType = (name: string) => shown.recent.filter((c) => c.queue_type_name === name);
    // Three per queue type: the latest (also shown large) and the two before it.
    expect(ofType('รับสินค้า').map((c) => c.queue_number)).toEqual(called.standard.slice(0, 3));
    expect(ofType('รับสินค้า').map((c) => c.truck_license)).toEqual(['กก 10••', 'กก 10••', 'กก 10••']);
    expect(ofType('ติดต่อทั่วไป').map((c) => c.queue_number)).toEqual(called.general.slice(0, 3));
  });

  it('leave a weighbridge off the station strip: trucks are weighed there, not called to it', async () => {
    const own = await createPlant(t, 'Plant with a weighbridge');
    const [scaleStation] = await t.db
      .insert(stations)
      .values({ branchId: own.branch.id, name: 'ตาชั่งหน้าโรงงาน', weighbridge: true })
      .returning();
    const browser = newBrowser();
    await registerDevice(t, own, 'display', browser, [own.types.standard.id]);
    const ids = (await board(browser)).stations.map((s) => s.station_id);
    expect(ids).toContain(own.stations.standardCall.id);
    expect(ids).not.toContain(scaleStation!.id);
  });

  it('list a recalled truck once, as its latest call, and free the station it was called to before', async () => {
    const own = await createPlant(t, 'Plant of recalls');
    // A second loading bay for the standard line, the caller's too.
    const [bay] = await t.db
      .insert(stations)
      .values({ branchId: own.branch.id, name: 'ช่องขึ้นสินค้า 2' })
      .returning();
    const [state] = await t.db
      .select()
      .from(flowStates)
      .where(and(eq(flowStates.flowEngineId, own.types.standard.flowEngineId), eq(flowStates.state, 'C')));
    await t.db.insert(stationStates).values({ stationId: bay!.id, flowStateId: state!.id });
    await t.db.insert(officerStations).values({ officerId: own.officers.caller.id, stationId: bay!.id });

    const browser = newBrowser();
    await registerDevice(t, own, 'display', browser, [own.types.standard.id]);
    const display = await deviceSocket(url, {
      apiKey: t.config.apiKey,
      kind: 'display',
      device_id: browser.id,
      secret: browser.secret,
    });
    const socket = await staffSocket(url, { session: own.officers.caller.session, apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', own.branch.id, 'System')).toEqual({ status: 1 });
    const call = async (queueId: number, stationId: number) => {
      t.clock.advance(20_000);
      const heard = next<DeviceCall>(display, 'called');
      expect(await emitAck(socket, 'doCalling', own.branch.id, queueId, stationId)).toEqual({ status: 1 });
      return heard;
    };
    const first = await issueTicket(t, own, 'standard', 'กก 1001');
    const second = await issueTicket(t, own, 'standard', 'กก 1002');
    await call(first.id, own.stations.standardCall.id);
    await call(second.id, bay!.id);
    // The first truck does not come: called again, at the same bay, then at the other.
    await call(first.id, own.stations.standardCall.id);
    const recall = await call(first.id, bay!.id);
    // The live call says which ticket it is, so the board replaces the truck's earlier call.
    expect(recall.queue_id).toBe(first.id);

    const shown = await board(browser);
    expect(shown.recent.map((c) => [c.queue_number, c.station_name])).toEqual([
      [first.queue_number, 'ช่องขึ้นสินค้า 2'],
      [second.queue_number, 'ช่องขึ้นสินค้า 2'],
    ]);
    expect(shown.recent[0]!.id).toBe(recall.id);
    // The bay it was recalled from no longer shows it; the bay it was recalled to does.
    const at = (id: number) => shown.stations.find((s) => s.station_id === id)!.queue_number;
    expect(at(own.stations.standardCall.id)).toBeNull();
    expect(at(bay!.id)).toBe(first.queue_number);
  });

  it('refuses a count outside 3 to 20 with a clear code, and keeps the setting', async () => {
    const browser = newBrowser();
    const created = await registerDevice(t, plant, 'display', browser, [plant.types.lab.id]);
    for (const recent_count of [2, 21, 5.5, '8', null]) {
      const refused = await t.post(
        displayContracts.save.path,
        { uuid: created.uuid, name: 'จอหน้าลาน', recent_count },
        { session: admin() },
      );
      expect(refused.statusCode, String(recent_count)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const [row] = await t.db
      .select({ recentCount: devices.recentCount, name: devices.name })
      .from(devices)
      .where(eq(devices.uuid, created.uuid));
    expect(row!.recentCount).toBe(8);
    expect(row!.name).not.toBe('จอหน้าลาน');
    // A caller (not an admin) may not set it at all.
    const forbidden = await t.post(
      displayContracts.save.path,
      { uuid: created.uuid, name: 'จอ', recent_count: 5 },
      { session: plant.officers.caller.session },
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("the board's footer: what a new truck waits", () => {
  interface Wait {
    queue_type_id: number;
    queue_type_name: string;
    waiting: number;
    expected_wait: { low: number; high: number } | null;
  }
  const waits = async (browser: Browser) => {
    const response = await t.post('device/displayBoard', {}, { headers: browser.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ waits: Wait[] }>().waits;
  };

  it("gives each of the display's queue types its line and a new truck's wait, which that truck's page then shows", async () => {
    // A plant of its own: its standard trucks took ten minutes at their station yesterday, and
    // its lab has no history.
    const own = await createPlant(t, 'Plant of the board');
    await pastServices(t, own, 'standard', Array(12).fill(10));
    const browser = newBrowser();
    await registerDevice(t, own, 'display', browser, [own.types.standard.id, own.types.lab.id]);
    const line = [
      await issueTicket(t, own, 'standard', 'BOARD 1'),
      await issueTicket(t, own, 'standard', 'BOARD 2'),
      await issueTicket(t, own, 'standard', 'BOARD 3'),
    ];
    const quiet = await waits(browser);
    expect(quiet.map((w) => [w.queue_type_id, w.waiting, w.expected_wait])).toEqual(
      expect.arrayContaining([
        [own.types.standard.id, 3, null],
        [own.types.lab.id, 0, null],
      ]),
    );
    expect(quiet).toHaveLength(2);

    // Its station has called nobody today: no figure yet. The first call opens it: the line is
    // one truck shorter, and a truck joining now is three services away.
    const socket = await staffSocket(url, { session: own.officers.caller.session, apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', own.branch.id, 'System')).toEqual({ status: 1 });
    expect(
      await emitAck(socket, 'doCalling', own.branch.id, line[0]!.id, own.stations.standardCall.id),
    ).toEqual({ status: 1 });
    const standard = async () =>
      (await waits(browser)).find((w) => w.queue_type_id === own.types.standard.id)!;
    const called = await standard();
    expect(called.waiting).toBe(2);
    expect(called.expected_wait).not.toBeNull();
    // The lab's type has still called nobody: no figure made up.
    expect(
      (await waits(browser)).find((w) => w.queue_type_id === own.types.lab.id)!.expected_wait,
    ).toBeNull();

    // A truck joining now is told on its own page what the board said.
    const joined = await issueTicket(t, own, 'standard', 'BOARD 4');
    const page = (await t.post('process/user/queueInformation', { queue_number_id: joined.uuid })).json<{
      queue: { ahead: number; expected_wait: Wait['expected_wait'] };
    }>().queue;
    expect(page).toMatchObject({ ahead: 2, expected_wait: called.expected_wait });
    // And the next one waits longer.
    const longer = await standard();
    expect(longer.waiting).toBe(3);
    expect(longer.expected_wait!.high).toBeGreaterThan(called.expected_wait!.high);
  });
});

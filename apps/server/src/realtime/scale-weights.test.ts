import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { doMainStation } from '@truck-queue/shared/contracts/catalog.contract';
import { scaleContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { ScaleWeightPush, ScaleWeightReport } from '@truck-queue/shared/contracts/socket-events';
import { SCALE_SILENT_MS } from '@truck-queue/shared/contracts/socket-events';
import { getScales } from '@truck-queue/shared/contracts/station-work.contract';
import { queues, queueTransitions } from '../db/schema.ts';
import { newBrowser, registerDevice, sayHello, type Browser } from '../test/devices.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../test/plant.ts';
import { closeSockets, deviceSocket, emitAck, listen, next, record, staffSocket } from '../test/sockets.ts';

let t: TestContext;
let url: string;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Scale plant');
  other = await createPlant(t, 'Other plant');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const report = (state: ScaleWeightReport['state'], kg: number | null, raw = ''): ScaleWeightReport => ({
  state,
  kg,
  raw,
  at: new Date().toISOString(),
});

/** A registered scale and its bridge's socket. */
async function scaleWithBridge(p: Plant = plant) {
  const browser = newBrowser();
  const scale = await registerDevice(t, p, 'scale', browser);
  // The first contact after Register verifies the scale and tells its bridge to reconnect, as a
  // real bridge then does: a hello first makes that contact, so this socket stays.
  await sayHello(t, 'scale', browser);
  const bridge = await bridgeOf(browser);
  return { scale, browser, bridge };
}
const bridgeOf = (browser: Browser) =>
  deviceSocket(url, {
    apiKey: t.config.apiKey,
    kind: 'scale',
    device_id: browser.id,
    secret: browser.secret,
  });

/** The weighbridge clerk's socket, watching a scale; resolves with the first push. */
async function watcher(scaleUuid: string, p: Plant = plant) {
  const socket = await staffSocket(url, { session: p.officers.caller.session, apiKey: t.config.apiKey });
  const first = next<ScaleWeightPush>(socket, 'scaleWeight');
  expect(await emitAck(socket, 'watchScale', p.branch.id, scaleUuid)).toEqual({ status: 1 });
  return { socket, first: await first };
}

const capture = (body: Record<string, unknown>, session = plant.officers.caller.session) =>
  t.post('process/weighing/capture', body, { session });

describe('a scale bridge', () => {
  it('feeds the watching weighing page live: moving, stable, then offline when the bridge goes', async () => {
    const { scale, bridge } = await scaleWithBridge();
    const { socket, first } = await watcher(scale.uuid);
    // Connected, nothing reported yet.
    expect(first).toMatchObject({ uuid: scale.uuid, state: 'no-signal', kg: null });

    const moving = next<ScaleWeightPush>(socket, 'scaleWeight');
    bridge.emit('weight', report('moving', 18_240, 'ST,GS,+0018240kg'));
    expect(await moving).toMatchObject({ uuid: scale.uuid, state: 'moving', kg: 18_240 });

    const stable = next<ScaleWeightPush>(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 32_150.4, 'ST,GS,+0032150.4kg'));
    expect(await stable).toMatchObject({ state: 'stable', kg: 32_150.4, raw: 'ST,GS,+0032150.4kg' });

    const gone = next<ScaleWeightPush>(socket, 'scaleWeight');
    bridge.disconnect();
    expect(await gone).toMatchObject({ uuid: scale.uuid, state: 'offline', kg: null });
  });

  it('is pushed as no signal when its bridge stays connected but stops reporting', async () => {
    const { scale, bridge } = await scaleWithBridge();
    const { socket } = await watcher(scale.uuid);
    const stable = next<ScaleWeightPush>(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 30_000, 'ST,GS,+0030000kg'));
    await stable;
    // Past SCALE_SILENT_MS on the app's clock without a report: the next look (every 500 ms) pushes it.
    const silent = next<ScaleWeightPush>(socket, 'scaleWeight', SCALE_SILENT_MS + 2000);
    t.clock.advance(SCALE_SILENT_MS + 1);
    expect(await silent).toMatchObject({ state: 'no-signal', kg: null });
  });

  it('has malformed reports ignored: a weight without a number, a no-signal with one, a huge one', async () => {
    const { scale, bridge } = await scaleWithBridge();
    const { socket } = await watcher(scale.uuid);
    const pushes: ScaleWeightPush[] = [];
    socket.on('scaleWeight', (p: ScaleWeightPush) => pushes.push(p));
    bridge.emit('weight', report('stable', null));
    bridge.emit('weight', report('no-signal', 5));
    bridge.emit('weight', report('stable', 5_000_000));
    bridge.emit('weight', { ...report('stable', 100), extra: 1 });
    bridge.emit('weight', 'ST,GS,+0030000kg');
    const good = next<ScaleWeightPush>(socket, 'scaleWeight');
    bridge.emit('weight', report('moving', 12_000));
    expect(await good).toMatchObject({ state: 'moving', kg: 12_000 });
    expect(pushes).toHaveLength(1);
  });

  it('is disconnected at once when cancelled: the page shows it offline and its next reading reaches nobody', async () => {
    const { scale, browser, bridge } = await scaleWithBridge();
    const { socket } = await watcher(scale.uuid);
    const pushes = record<ScaleWeightPush>(socket, 'scaleWeight');
    const stable = next<ScaleWeightPush>(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 31_000, 'ST,GS,+0031000kg'));
    expect(await stable).toMatchObject({ state: 'stable', kg: 31_000 });

    const dropped = next<string>(bridge, 'disconnect');
    const cleared = next<ScaleWeightPush>(socket, 'scaleWeight');
    await t.call(scaleContracts.cancelDevice, { uuid: scale.uuid }, plant.officers.admin.session);
    // Dropped by the server, not left connected outside its rooms.
    expect(await dropped).toBe('io server disconnect');
    // The weighing page's reading of that scale clears.
    expect(await cleared).toMatchObject({ uuid: scale.uuid, state: 'offline', kg: null });

    // The bridge comes back with its old credentials: it is an unregistered screen now, and what
    // it sends is nobody's weight.
    const again = await bridgeOf(browser);
    expect(await sayHello(t, 'scale', browser)).toMatchObject({ registered: false });
    again.emit('weight', report('stable', 99_000, 'ST,GS,+0099000kg'));
    // An unregistered screen's weight has no listener: watching again reads what the server
    // holds, offline, and no push ever carried 99 t.
    const reread = next<ScaleWeightPush>(socket, 'scaleWeight');
    expect(await emitAck(socket, 'watchScale', plant.branch.id, scale.uuid)).toEqual({ status: 1 });
    expect(await reread).toMatchObject({ state: 'offline', kg: null });
    expect(pushes.filter((p) => p.kg === 99_000)).toEqual([]);
    const main = await t.call(scaleContracts.main, {}, plant.officers.admin.session);
    expect(main.scale.find((s) => s.uuid === scale.uuid)).toMatchObject({
      device_id: null,
      scale: { state: 'offline' },
    });
  });

  it('is watched only by an officer who weighs, and only in the branch of the scale', async () => {
    const { scale } = await scaleWithBridge();
    const lab = await staffSocket(url, { session: plant.officers.lab.session, apiKey: t.config.apiKey });
    expect(await emitAck(lab, 'watchScale', plant.branch.id, scale.uuid)).toMatchObject({
      code: 'FORBIDDEN',
    });
    const elsewhere = await staffSocket(url, {
      session: other.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(elsewhere, 'watchScale', other.branch.id, scale.uuid)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await emitAck(elsewhere, 'watchScale', other.branch.id, 'not-a-uuid')).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('capturing a weight from a scale', () => {
  it('records the stable weight the server holds, with the scale and the frame, and refuses it otherwise', async () => {
    const { scale, bridge } = await scaleWithBridge();
    const ticket = await issueTicket(t, plant, 'standard', 'ชั่ง 101');
    const body = { queue_number: ticket.queue_number, direction: 'in', scale_uuid: scale.uuid };
    const { socket } = await watcher(scale.uuid);

    const reasonOf = (response: Awaited<ReturnType<typeof capture>>) => {
      expect(response.statusCode).toBe(409);
      return response.json<{ reason: string }>().reason;
    };
    expect(reasonOf(await capture(body))).toBe('SCALE_NO_SIGNAL');

    let pushed = next(socket, 'scaleWeight');
    bridge.emit('weight', report('moving', 31_990, 'ST,GS,+0031990kg'));
    await pushed;
    expect(reasonOf(await capture(body))).toBe('SCALE_NOT_STABLE');

    pushed = next(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 0, 'ST,GS,+0000000kg'));
    await pushed;
    expect(reasonOf(await capture(body))).toBe('SCALE_NO_WEIGHT');

    pushed = next(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 32_150.4, 'ST,GS,+0032150.4kg'));
    await pushed;
    const captured = await capture(body);
    expect(captured.statusCode).toBe(200);
    expect(captured.json().queue).toMatchObject({ weigh_in_kg: 32_150.4, weigh_in_source: 'indicator' });

    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, ticket.uuid));
    expect(row).toMatchObject({
      weighInKg: '32150.4',
      weighInSource: 'indicator',
      weighInDeviceId: scale.id,
      weighInFrame: 'ST,GS,+0032150.4kg',
      weighInReason: null,
    });
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, row!.id));
    expect(audit.find((a) => a.action === 'weigh_in')).toMatchObject({
      deviceId: scale.id,
      officerId: plant.officers.caller.id,
    });

    // The same capture again at once (a double click): the weighing just made, nothing written twice.
    const repeated = await capture(body);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().queue).toMatchObject({ weigh_in_kg: 32_150.4 });
    const weighings = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, row!.id));
    expect(weighings.filter((a) => a.action === 'weigh_in')).toHaveLength(1);
    // The same truck by another officer, from this scale or another: already weighed in.
    expect(reasonOf(await capture(body, plant.officers.admin.session))).toBe('ALREADY_WEIGHED_IN');

    // The next truck while the scale still holds that weight: it has not read empty since.
    const nextTruck = await issueTicket(t, plant, 'standard', 'ชั่ง 104');
    const nextBody = { ...body, queue_number: nextTruck.queue_number };
    expect(reasonOf(await capture(nextBody))).toBe('SCALE_NOT_CLEARED');
    const [after] = await t.db.select().from(queues).where(eq(queues.uuid, nextTruck.uuid));
    expect(after!.weighInKg).toBeNull();
    // A minute later on the app's clock, the truck drives off (the deck reads 120 kg: within the
    // empty band), the next drives on.
    t.clock.advance(60_000);
    for (const [state, kg] of [
      ['moving', 120],
      ['stable', 28_040],
    ] as const) {
      pushed = next(socket, 'scaleWeight');
      bridge.emit('weight', report(state, kg, `ST,GS,+00${kg}kg`));
      await pushed;
    }
    const nextCaptured = await capture(nextBody);
    expect(nextCaptured.statusCode).toBe(200);
    expect(nextCaptured.json().queue).toMatchObject({ weigh_in_kg: 28_040 });
    bridge.disconnect();
    await next(socket, 'scaleWeight');
    expect(reasonOf(await capture({ ...body, direction: 'out' }))).toBe('SCALE_OFFLINE');
  });

  it("refuses a general-flow visitor's capture (FLOW_NOT_WEIGHED), and the scale can still weigh the next truck", async () => {
    const { scale, bridge } = await scaleWithBridge();
    const { socket } = await watcher(scale.uuid);
    const stable = next(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 2_400, 'ST,GS,+0002400kg'));
    await stable;
    const visitor = await issueTicket(t, plant, 'general', 'เยี่ยม 1');
    const refused = await capture({
      queue_number: visitor.queue_number,
      direction: 'in',
      scale_uuid: scale.uuid,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'FLOW_NOT_WEIGHED', queue_number: visitor.queue_number });
    const [row] = await t.db.select().from(queues).where(eq(queues.uuid, visitor.uuid));
    expect(row!.weighInKg).toBeNull();
    // The refused capture took nothing from the scale: the same reading weighs a truck that is weighed.
    const truck = await issueTicket(t, plant, 'standard', 'ชั่ง 105');
    const weighed = await capture({
      queue_number: truck.queue_number,
      direction: 'in',
      scale_uuid: scale.uuid,
    });
    expect(weighed.statusCode).toBe(200);
  });

  it('weighs a truck once when two scales capture it at the same moment', async () => {
    const first = await scaleWithBridge();
    const second = await scaleWithBridge();
    const ticket = await issueTicket(t, plant, 'standard', 'ชั่ง 102');
    const ready = Promise.all([
      watcher(first.scale.uuid).then(({ socket }) => next(socket, 'scaleWeight')),
      watcher(second.scale.uuid).then(({ socket }) => next(socket, 'scaleWeight')),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.bridge.emit('weight', report('stable', 30_000, 'A'));
    second.bridge.emit('weight', report('stable', 30_500, 'B'));
    await ready;
    const answers = await Promise.all(
      [first, second].map(({ scale }) =>
        capture({ queue_number: ticket.queue_number, direction: 'in', scale_uuid: scale.uuid }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ reason: 'ALREADY_WEIGHED_IN' });
  });

  it("refuses another branch's scale, and a lab officer", async () => {
    const { scale } = await scaleWithBridge(other);
    const ticket = await issueTicket(t, plant, 'standard', 'ชั่ง 103');
    const body = { queue_number: ticket.queue_number, direction: 'in', scale_uuid: scale.uuid };
    expect((await capture(body)).statusCode).toBe(404);
    expect((await capture(body, plant.officers.lab.session)).statusCode).toBe(403);
  });
});

describe('the weighbridge controller and the weighing page', () => {
  it('lists the scales with their station and live weight; the weighing page lists the registered ones', async () => {
    const admin = plant.officers.admin.session;
    const { station } = await t.call(doMainStation, { name: 'ตาชั่งหน้าโรงงาน', weighbridge: true }, admin);
    const browser = newBrowser();
    const scale = await registerDevice(t, plant, 'scale', browser);
    await sayHello(t, 'scale', browser);
    const saved = await t.call(
      scaleContracts.save,
      { uuid: scale.uuid, name: 'ตาชั่ง 1', station_id: station.id },
      admin,
    );
    expect(saved.device.station).toEqual({ id: station.id, name: station.name });
    // An edit tells the bridge to say hello again and reconnect (deviceChanged): it comes back.
    const bridge = await bridgeOf(browser);
    const unregistered = await t.call(scaleContracts.save, { name: 'ตาชั่งใหม่', station_id: null }, admin);
    expect(unregistered.device).toMatchObject({
      device_id: null,
      station: null,
      scale: { state: 'offline' },
    });

    const { socket } = await watcher(scale.uuid);
    const pushed = next(socket, 'scaleWeight');
    bridge.emit('weight', report('stable', 25_000, 'X'));
    await pushed;

    const main = await t.call(scaleContracts.main, {}, admin);
    // Only weighbridge stations are offered: no call or recheck station.
    expect(main.station).toEqual([{ id: station.id, name: 'ตาชั่งหน้าโรงงาน' }]);
    expect(main.scale.find((s) => s.uuid === scale.uuid)).toMatchObject({
      name: 'ตาชั่ง 1',
      station: { id: station.id },
      scale: { state: 'stable', kg: 25_000 },
      verified_date: expect.any(String),
    });
    const page = await t.call(getScales, {}, plant.officers.caller.session);
    expect(page.scale.find((s) => s.uuid === scale.uuid)).toMatchObject({
      name: 'ตาชั่ง 1',
      station_name: station.name,
      live: { state: 'stable', kg: 25_000 },
    });
    expect(page.scale.some((s) => s.uuid === unregistered.device.uuid)).toBe(false);
  });

  it('refuses a station of another branch and changes nothing', async () => {
    const admin = plant.officers.admin.session;
    const { scale } = await scaleWithBridge();
    const foreign = Object.values(other.stations)[0]!;
    const response = await t.post(
      scaleContracts.save.path,
      { uuid: scale.uuid, name: 'ตาชั่ง 2', station_id: foreign.id },
      { session: admin },
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const main = await t.call(scaleContracts.main, {}, admin);
    expect(main.scale.find((s) => s.uuid === scale.uuid)).toMatchObject({ station: null });
  });

  it('pairs a scale only with a weighbridge station: a call station is refused until marked one', async () => {
    const admin = plant.officers.admin.session;
    const { scale } = await scaleWithBridge();
    const bay = plant.stations.standardCall;
    const save = (name: string) =>
      t.post(scaleContracts.save.path, { uuid: scale.uuid, name, station_id: bay.id }, { session: admin });
    const refused = await save('ตาชั่ง 3');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'station_id' }],
    });
    expect((await t.call(scaleContracts.main, {}, admin)).station.map((s) => s.id)).not.toContain(bay.id);

    // Marked a weighbridge on the station page, it is offered and the scale weighs there.
    const { station } = await t.call(
      doMainStation,
      { uuid: bay.uuid, name: 'ช่องชั่งน้ำหนัก', weighbridge: true },
      admin,
    );
    expect(station).toMatchObject({ id: bay.id, weighbridge: true });
    expect((await t.call(scaleContracts.main, {}, admin)).station.map((s) => s.id)).toContain(bay.id);
    expect((await save('ตาชั่ง 3')).statusCode).toBe(200);
  });
});

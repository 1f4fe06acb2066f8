import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  ANNOUNCE_REPORT_MS,
  callAnnouncements,
  reannounceCall,
} from '@truck-queue/shared/contracts/announcement.contract';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import type { AnnouncementReport, DeviceCall } from '@truck-queue/shared/contracts/socket-events';
import { devices } from '../../db/schema.ts';
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
  plant = await createPlant(t, 'Proof plant');
  other = await createPlant(t, 'Other plant');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const connectDisplay = (browser: Browser) =>
  deviceSocket(url, {
    apiKey: t.config.apiKey,
    kind: 'display',
    device_id: browser.id,
    secret: browser.secret,
  });

/** A registered display of these queue types, connected. */
async function display(p: Plant, typeIds: number[]) {
  const browser = newBrowser();
  const row = await registerDevice(t, p, 'display', browser, typeIds);
  const socket = await connectDisplay(browser);
  return { row, socket, browser };
}

/** The officer's calling page: its socket in the branch room, and what it calls. */
async function callingPage(p: Plant) {
  const socket = await staffSocket(url, { session: p.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', p.branch.id, 'System')).toEqual({ status: 1 });
  return {
    socket,
    async call(queueId: number, stationId: number) {
      t.clock.advance(20_000);
      expect(await emitAck(socket, 'doCalling', p.branch.id, queueId, stationId)).toEqual({ status: 1 });
    },
    proof: (queueIds: number[], session = p.officers.caller.session) =>
      t.call(callAnnouncements, { queue_ids: queueIds }, session),
  };
}

/** A standard truck called to its station, as the display hears it. */
async function calledTruck(page: Awaited<ReturnType<typeof callingPage>>, screen: Socket, licence: string) {
  const ticket = await issueTicket(t, plant, 'standard', licence);
  const heard = next<DeviceCall>(screen, 'called');
  await page.call(ticket.id, plant.stations.standardCall.id);
  return { ticket, call: await heard };
}

type Proof = Awaited<ReturnType<Awaited<ReturnType<typeof callingPage>>['proof']>>;
/** What the calling page shows of one display beside one called queue (other tests' displays aside). */
const shown = (proof: Proof, queueId: number, uuid: string) =>
  proof.calls.find((c) => c.queue_id === queueId)?.displays.find((d) => d.device_uuid === uuid);

const report = (call: DeviceCall, outcome: AnnouncementReport['outcome'], reason: string | null = null) => ({
  call_id: call.id,
  attempt: call.attempt,
  outcome,
  reason,
  at: t.clock.now().toISOString(),
});

describe("a display's report of an announcement", () => {
  it('is kept with the call, and the calling page hears of it at once', async () => {
    const page = await callingPage(plant);
    const screen = await display(plant, [plant.types.standard.id]);
    const { ticket, call } = await calledTruck(page, screen.socket, '70-6001');

    // Before any report the display is pending: connected, and nothing said yet.
    let proof = await page.proof([ticket.id]);
    expect(proof.calls).toMatchObject([{ queue_id: ticket.id, call_id: call.id, attempt: 0 }]);
    expect(shown(proof, ticket.id, screen.row.uuid)).toEqual({
      device_uuid: screen.row.uuid,
      state: 'pending',
      reason: null,
      at: null,
    });

    const told = next<{ call_id: number; device_uuid: string }>(page.socket, 'announcementChanged');
    screen.socket.emit('announced', report(call, 'captioned', 'sound_blocked'));
    expect(await told).toEqual({ call_id: call.id, device_uuid: screen.row.uuid });
    proof = await page.proof([ticket.id]);
    expect(shown(proof, ticket.id, screen.row.uuid)).toEqual({
      device_uuid: screen.row.uuid,
      state: 'captioned',
      reason: 'sound_blocked',
      at: t.clock.now().toISOString(),
    });

    // Sound unlocked and the next report says played: the latest report is what shows.
    const again = next(page.socket, 'announcementChanged');
    screen.socket.emit('announced', report(call, 'played'));
    await again;
    proof = await page.proof([ticket.id]);
    expect(shown(proof, ticket.id, screen.row.uuid)).toMatchObject({ state: 'played', reason: null });
    const status = proof.displays.find((d) => d.uuid === screen.row.uuid)!;
    expect(status).toMatchObject({
      online: true,
      last_announcement: { queue_number: ticket.queue_number, outcome: 'played' },
    });
    expect(status.last_seen).not.toBeNull();

    // The Display controller shows the same.
    const rows = (await t.call(displayContracts.main, {}, plant.officers.admin.session)).display;
    expect(rows.find((r) => r.uuid === screen.row.uuid)?.live).toMatchObject({
      online: true,
      last_announcement: { queue_number: ticket.queue_number, outcome: 'played' },
    });
  });

  it("keeps a display's own time only within a few minutes of the report", async () => {
    const page = await callingPage(plant);
    const screen = await display(plant, [plant.types.standard.id]);
    const { ticket, call } = await calledTruck(page, screen.socket, '70-6002');
    const told = next(page.socket, 'announcementChanged');
    screen.socket.emit('announced', { ...report(call, 'played'), at: '2031-01-01T00:00:00+07:00' });
    await told;
    expect(shown(await page.proof([ticket.id]), ticket.id, screen.row.uuid)?.at).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('changes nothing when malformed, of a call the display was not sent, or from another screen', async () => {
    const page = await callingPage(plant);
    const screen = await display(plant, [plant.types.standard.id]);
    const { ticket, call } = await calledTruck(page, screen.socket, '70-6003');
    // A display of the general type only, and one of another plant.
    const elsewhere = await display(plant, [plant.types.general.id]);
    const foreign = await display(other, [other.types.standard.id]);
    const kiosk = newBrowser();
    await registerDevice(t, plant, 'printer', kiosk);
    const kioskSocket = await deviceSocket(url, {
      apiKey: t.config.apiKey,
      kind: 'printer',
      device_id: kiosk.id,
      secret: kiosk.secret,
    });
    await pause(300);
    const heard = record(page.socket, 'announcementChanged');

    for (const bad of [
      null,
      'played',
      { ...report(call, 'played'), outcome: 'loud' },
      { ...report(call, 'played'), reason: 'DROP TABLE' },
      { ...report(call, 'played'), at: 'yesterday' },
      { ...report(call, 'played'), extra: 1 },
      { ...report(call, 'played'), call_id: -1 },
      // A re-announcement that never was.
      { ...report(call, 'played'), attempt: 999_999 },
      // Another truck's number that is not a call of anything.
      { ...report(call, 'played'), call_id: call.id + 100_000 },
    ])
      screen.socket.emit('announced', bad);
    elsewhere.socket.emit('announced', report(call, 'played'));
    foreign.socket.emit('announced', report(call, 'played'));
    kioskSocket.emit('announced', report(call, 'played'));
    await pause(500);

    expect(heard).toEqual([]);
    const proof = await page.proof([ticket.id]);
    expect(shown(proof, ticket.id, screen.row.uuid)).toMatchObject({ state: 'pending', reason: null });
    // The display of another type is not listed beside this call at all.
    expect(shown(proof, ticket.id, elsewhere.row.uuid)).toBeUndefined();
    // Still listened to.
    const told = next(page.socket, 'announcementChanged');
    screen.socket.emit('announced', report(call, 'failed', 'audio_error'));
    await told;
    expect(shown(await page.proof([ticket.id]), ticket.id, screen.row.uuid)).toMatchObject({
      state: 'failed',
      reason: 'audio_error',
    });
  });
});

describe('a call no display is going to announce (issue 36)', () => {
  it('is not sent to a display registered after it, however long after, until it is re-announced', async () => {
    const page = await callingPage(plant);
    const ticket = await issueTicket(t, plant, 'standard', '70-6901');
    await page.call(ticket.id, plant.stations.standardCall.id);
    // The plant puts up its first display of the type afterwards.
    t.clock.advance(1_000);
    const later = await display(plant, [plant.types.standard.id]);
    const proof = await page.proof([ticket.id]);
    expect(shown(proof, ticket.id, later.row.uuid)).toEqual({
      device_uuid: later.row.uuid,
      state: 'not_sent',
      reason: null,
      at: null,
    });
    t.clock.advance(ANNOUNCE_REPORT_MS * 10);
    expect(shown(await page.proof([ticket.id]), ticket.id, later.row.uuid)).toMatchObject({
      state: 'not_sent',
    });

    // Re-announced, the display is sent it: pending, then what it reports.
    const heard = next<DeviceCall>(later.socket, 'called');
    const callId = proof.calls.find((c) => c.queue_id === ticket.id)!.call_id;
    await t.call(reannounceCall, { call_id: callId }, plant.officers.caller.session);
    const again = await heard;
    expect(shown(await page.proof([ticket.id]), ticket.id, later.row.uuid)).toMatchObject({
      state: 'pending',
    });
    const told = next(page.socket, 'announcementChanged');
    later.socket.emit('announced', report(again, 'played'));
    await told;
    expect(shown(await page.proof([ticket.id]), ticket.id, later.row.uuid)).toMatchObject({
      state: 'played',
    });
  });

  it('is pending on a display that was offline when called only while a report may still come, then missed', async () => {
    const page = await callingPage(plant);
    const browser = newBrowser();
    const row = await registerDevice(t, plant, 'display', browser, [plant.types.standard.id]);
    // Registered and verified (its first contact), then its screen goes off.
    (await connectDisplay(browser)).disconnect();
    const ticket = await issueTicket(t, plant, 'standard', '70-6902');
    await page.call(ticket.id, plant.stations.standardCall.id);
    expect(shown(await page.proof([ticket.id]), ticket.id, row.uuid)).toMatchObject({ state: 'offline' });

    // The screen comes back: a board fetched now never announces the call it missed.
    const screen = await connectDisplay(browser);
    await expect
      .poll(async () => shown(await page.proof([ticket.id]), ticket.id, row.uuid)?.state)
      .toBe('pending');
    t.clock.advance(ANNOUNCE_REPORT_MS - 10_000);
    expect(shown(await page.proof([ticket.id]), ticket.id, row.uuid)).toMatchObject({ state: 'pending' });
    // Past the time (and the few seconds a read proof is shared for).
    t.clock.advance(10_000);
    expect(shown(await page.proof([ticket.id]), ticket.id, row.uuid)).toEqual({
      device_uuid: row.uuid,
      state: 'missed',
      reason: null,
      at: null,
    });
    // Its screen is still fine: a call made now is pending on it, and it reports that one.
    const { ticket: next_, call } = await calledTruck(page, screen, '70-6903');
    expect(shown(await page.proof([next_.id]), next_.id, row.uuid)).toMatchObject({ state: 'pending' });
    const told = next(page.socket, 'announcementChanged');
    screen.emit('announced', report(call, 'played'));
    await told;
    expect(shown(await page.proof([next_.id]), next_.id, row.uuid)).toMatchObject({ state: 'played' });
  });
});

describe('the displays on the calling page', () => {
  it('shows a display that stopped answering as offline within the ping timeout', async () => {
    // Short pings for the sockets opened from now on (the server's defaults are 25 s + 20 s).
    const engine = t.app.realtime.io.engine as unknown as {
      opts: { pingInterval: number; pingTimeout: number };
    };
    const defaults = { ...engine.opts };
    engine.opts.pingInterval = 300;
    engine.opts.pingTimeout = 300;
    try {
      const page = await callingPage(plant);
      const screen = await display(plant, [plant.types.standard.id]);
      screen.socket.emit('status', { sound: 'blocked', voice: 'pack' });
      const { ticket } = await calledTruck(page, screen.socket, '70-6101');
      await pause(200);
      let proof = await page.proof([ticket.id]);
      expect(proof.displays.find((d) => d.uuid === screen.row.uuid)).toMatchObject({
        online: true,
        sound: 'blocked',
        voice: 'pack',
      });

      // The display's machine drops off the network: no close, its answers to pings just stop.
      (screen.socket.io.engine as unknown as { _sendPacket: () => void })._sendPacket = () => undefined;
      const gone = next<{ uuid: string }>(page.socket, 'deviceChanged', 3000);
      expect((await gone).uuid).toBe(screen.row.uuid);
      proof = await page.proof([ticket.id]);
      expect(proof.displays.find((d) => d.uuid === screen.row.uuid)).toMatchObject({
        online: false,
        sound: null,
      });
      expect(shown(proof, ticket.id, screen.row.uuid)).toMatchObject({ state: 'offline', at: null });
    } finally {
      engine.opts.pingInterval = defaults.pingInterval;
      engine.opts.pingTimeout = defaults.pingTimeout;
    }
  });

  it("lists only the displays of the officer's queue types, and only their called queues", async () => {
    const page = await callingPage(plant);
    const standard = await display(plant, [plant.types.standard.id]);
    const general = await display(plant, [plant.types.general.id]);
    const { ticket } = await calledTruck(page, standard.socket, '70-6102');
    const waiting = await issueTicket(t, plant, 'standard', '70-6103');
    const foreignTicket = await issueTicket(t, other, 'standard', '70-6104');

    // The narrow caller calls the standard type only.
    const narrow = await page.proof(
      [ticket.id, waiting.id, foreignTicket.id],
      plant.officers.narrowCaller.session,
    );
    expect(narrow.calls.map((c) => c.queue_id)).toEqual([ticket.id]);
    const uuids = narrow.displays.map((d) => d.uuid);
    expect(uuids).toContain(standard.row.uuid);
    expect(uuids).not.toContain(general.row.uuid);
    // The caller of every type sees the general display too.
    expect((await page.proof([])).displays.map((d) => d.uuid)).toContain(general.row.uuid);
  });

  it('is read once for officers who ask the same, and shows a display an admin renames or moves at once', async () => {
    const page = await callingPage(plant);
    const screen = await display(plant, [plant.types.standard.id]);
    const { ticket } = await calledTruck(page, screen.socket, '70-6105');
    const admin = plant.officers.admin.session;
    const [first, second] = await Promise.all([page.proof([ticket.id]), page.proof([ticket.id])]);
    expect(second).toEqual(first);
    // Held in memory: a name written behind the server's back does not show…
    await t.db.update(devices).set({ name: 'แก้ตรงในฐานข้อมูล' }).where(eq(devices.id, screen.row.id));
    const held = await page.proof([ticket.id]);
    expect(held.displays.find((d) => d.uuid === screen.row.uuid)?.name).toBe(screen.row.name);
    // …but an admin's edit through the controller shows on the very next proof.
    await t.call(displayContracts.save, { uuid: screen.row.uuid, name: 'จอหน้าลานชั่ง' }, admin);
    expect((await page.proof([ticket.id])).displays.find((d) => d.uuid === screen.row.uuid)?.name).toBe(
      'จอหน้าลานชั่ง',
    );
    await t.call(
      displayContracts.manageOT,
      { id: screen.row.id, branch_queue_type: [plant.types.general.id] },
      admin,
    );
    const moved = await page.proof([ticket.id]);
    expect(moved.displays.find((d) => d.uuid === screen.row.uuid)?.queue_type_ids).toEqual([
      plant.types.general.id,
    ]);
    expect(shown(moved, ticket.id, screen.row.uuid)).toBeUndefined();
  });

  it('refuses a malformed request with a stable code', async () => {
    for (const body of [{}, { queue_ids: 'all' }, { queue_ids: [0] }, { queue_ids: Array(501).fill(1) }]) {
      const response = await t.post(callAnnouncements.path, body, { session: plant.officers.caller.session });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const kiosk = await t.post(
      callAnnouncements.path,
      { queue_ids: [] },
      { session: plant.officers.security.session },
    );
    expect(kiosk.statusCode).toBe(403);
  });
});

describe('re-announce', () => {
  it('reaches only the displays of the call’s queue type, as a new attempt after what they say', async () => {
    const page = await callingPage(plant);
    const standard = await display(plant, [plant.types.standard.id]);
    const general = await display(plant, [plant.types.general.id]);
    const foreign = await display(other, [other.types.standard.id]);
    const { ticket, call } = await calledTruck(page, standard.socket, '70-6201');
    const generalHeard = record<DeviceCall>(general.socket, 'called');
    const foreignHeard = record<DeviceCall>(foreign.socket, 'called');

    const again = next<DeviceCall>(standard.socket, 'called');
    const told = next<{ call_id: number; device_uuid: string | null }>(page.socket, 'announcementChanged');
    const answer = await t.call(reannounceCall, { call_id: call.id }, plant.officers.caller.session);
    const heard = await again;
    expect(heard).toEqual({ ...call, attempt: answer.attempt });
    expect(answer.attempt).toBeGreaterThan(0);
    expect(await told).toEqual({ call_id: call.id, device_uuid: null });
    await pause(300);
    expect(generalHeard).toEqual([]);
    expect(foreignHeard).toEqual([]);

    // The calling page waits for the new attempt's report.
    const waiting = await page.proof([ticket.id]);
    expect(waiting.calls[0]?.attempt).toBe(answer.attempt);
    expect(shown(waiting, ticket.id, standard.row.uuid)).toMatchObject({ state: 'pending' });
    const reported = next(page.socket, 'announcementChanged');
    standard.socket.emit('announced', report(heard, 'played'));
    await reported;
    expect(shown(await page.proof([ticket.id]), ticket.id, standard.row.uuid)).toMatchObject({
      state: 'played',
    });
  });

  it('is not repeated within a few seconds, and only for a call of the officer of this plant day', async () => {
    const page = await callingPage(plant);
    const screen = await display(plant, [plant.types.standard.id]);
    const { call } = await calledTruck(page, screen.socket, '70-6202');
    await t.call(reannounceCall, { call_id: call.id }, plant.officers.caller.session);
    const spam = await t.post(
      reannounceCall.path,
      { call_id: call.id },
      { session: plant.officers.caller.session },
    );
    expect(spam.statusCode).toBe(429);
    expect(spam.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Five seconds later on the app's clock it may be announced again, once.
    t.clock.advance(5000);
    await t.call(reannounceCall, { call_id: call.id }, plant.officers.caller.session);
    const again = await t.post(
      reannounceCall.path,
      { call_id: call.id },
      { session: plant.officers.caller.session },
    );
    expect(again.statusCode).toBe(429);

    // Another branch's officer: not found; a queue type the officer does not call: forbidden.
    const foreign = await t.post(
      reannounceCall.path,
      { call_id: call.id },
      { session: other.officers.caller.session },
    );
    expect(foreign.statusCode).toBe(404);
    const generalTicket = await issueTicket(t, plant, 'general', '70-6203');
    const generalScreen = await display(plant, [plant.types.general.id]);
    const heard = next<DeviceCall>(generalScreen.socket, 'called');
    await page.call(generalTicket.id, plant.stations.generalCall.id);
    const generalCall = await heard;
    const narrow = await t.post(
      reannounceCall.path,
      { call_id: generalCall.id },
      { session: plant.officers.narrowCaller.session },
    );
    expect(narrow.statusCode).toBe(403);

    // Two days on, yesterday's call is not announced again.
    t.clock.advance(2 * 24 * 3600_000);
    const session = await t.signIn(plant.officers.caller.email, plant.officers.caller.password);
    const old = await t.post(reannounceCall.path, { call_id: generalCall.id }, { session });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: 'CONFLICT', reason: 'CALL_EXPIRED' });
  });
});

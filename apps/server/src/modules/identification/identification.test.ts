import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readerContracts } from '@truck-queue/shared/contracts/controller.contract';
import { catalogContracts } from '@truck-queue/shared/contracts/catalog.contract';
import type { ReadsChangedPayload } from '@truck-queue/shared/contracts/socket-events';
import { READ_REPEAT_MS } from '@truck-queue/shared/identify/readers';
import { identifications, queues, queueTransitions, suppliers, supplierVehicles } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { newBrowser, sayHello, type Browser } from '../../test/devices.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, next, staffSocket } from '../../test/sockets.ts';
import { plateSearchKey } from '@truck-queue/shared/licence';

/**
 * Issue 42, part 4: plate cameras and RFID readers. A reader registered like a scale posts
 * reads (a plate with its confidence, or a tag, and a JPEG); a sure read of one truck lets it
 * out at the gate when its work is done, or tells its weighbridge's page which truck stands on
 * the deck; anything else waits for the officer, who chooses the truck or sets the read aside.
 */

const JPEG = readFileSync(new URL('../../test/fixtures/plate-70-1234.jpg', import.meta.url));
const SNAPSHOT = JPEG.toString('base64');
const MINUTE = 60_000;

let t: TestContext;
let plant: Plant;
let other: Plant;
let gate: Browser;
let deck: Browser;
let weighbridgeId: number;
let socket: Awaited<ReturnType<typeof staffSocket>>;

const admin = () => plant.officers.admin.session;
const security = () => plant.officers.security.session;

async function registerReader(
  browser: Browser,
  body: {
    name: string;
    action: 'gate_exit' | 'weighbridge';
    station_id: number | null;
    min_confidence?: number;
  },
  on: Plant = plant,
) {
  await sayHello(t, 'reader', browser);
  const created = await t.call(readerContracts.save, body, on.officers.admin.session);
  await t.call(
    readerContracts.addDevice,
    { uuid: created.device.uuid, device_id: browser.id },
    on.officers.admin.session,
  );
  return created.device;
}

const read = (browser: Browser, body: Record<string, unknown>) =>
  t.post('device/identify', body, { headers: browser.headers });

const readOk = async (browser: Browser, body: Record<string, unknown>) => {
  const response = await read(browser, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    read: { id: number; outcome: string; reason: string | null; queue_number: string | null };
  }>().read;
};

const call = async (id: number, station: number) =>
  expect(await emitAck(socket, 'doCalling', plant.branch.id, id, station)).toEqual({ status: 1 });
const finish = async (id: number) =>
  expect(await emitAck(socket, 'doFinish', plant.branch.id, id)).toEqual({ status: 1 });

/** A visitor's truck called and finished: its work is done, the gate may let it out. */
async function doneTruck(plate: string) {
  const ticket = await issueTicket(t, plant, 'general', plate);
  await call(ticket.id, plant.stations.generalCall.id);
  await finish(ticket.id);
  return ticket;
}

const exitOf = async (id: number) =>
  (await t.db.select({ exitAt: queues.exitAt }).from(queues).where(eq(queues.id, id)))[0]!.exitAt;

beforeAll(async () => {
  t = await createTestContext({
    session: { idleMs: 400 * 86_400_000, maxMs: 400 * 86_400_000, rememberMs: 400 * 86_400_000 },
  });
  plant = await createPlant(t, 'Camera plant');
  other = await createPlant(t, 'Other plant');
  const station = await t.call(
    catalogContracts.doMainStation,
    { name: 'ตาชั่ง 1', weighbridge: true },
    admin(),
  );
  weighbridgeId = station.station.id;
  gate = newBrowser();
  deck = newBrowser();
  await registerReader(gate, { name: 'กล้องประตูออก', action: 'gate_exit', station_id: null });
  await registerReader(deck, {
    name: 'กล้องตาชั่ง 1',
    action: 'weighbridge',
    station_id: weighbridgeId,
    min_confidence: 80,
  });
  const url = await listen(t);
  socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

describe('the gate camera', () => {
  it('lets out a truck whose work is done, keeps the snapshot, and answers its repeats with that read', async () => {
    const ticket = await doneTruck('70-1234 ขอนแก่น');
    const heard = next<ReadsChangedPayload>(socket, 'readsChanged');
    // Thai digits, no province: the same plate, confusable-safe.
    const exited = await readOk(gate, { plate: '๗๐-๑๒๓๔', confidence: 96.5, snapshot: SNAPSHOT });
    expect(exited).toMatchObject({ outcome: 'exited', reason: null, queue_number: ticket.queue_number });
    expect(await exitOf(ticket.id)).not.toBeNull();
    expect(await heard).toMatchObject({
      action: 'gate_exit',
      outcome: 'exited',
      queue: { uuid: ticket.uuid, queue_number: ticket.queue_number },
    });
    // The exit is the reader's: its audit row names the device, not an officer.
    const [audit] = await t.db
      .select()
      .from(queueTransitions)
      .where(eq(queueTransitions.queueId, ticket.id))
      .then((rows) => rows.filter((row) => row.action === 'exit'));
    expect(audit).toMatchObject({ officerId: null });
    expect(audit!.deviceId).not.toBeNull();

    const reads = await t.post('process/security/reads', {}, { session: security() });
    const latest = reads.json<{ latest: { id: number; outcome: string; has_snapshot: boolean }[] }>().latest;
    expect(latest[0]).toMatchObject({ id: exited.id, outcome: 'exited', has_snapshot: true });
    const snapshot = await t.post(
      'process/identification/snapshot',
      { id: exited.id },
      { session: security() },
    );
    expect(Buffer.from(snapshot.json<{ data: string }>().data, 'base64').equals(JPEG)).toBe(true);

    // The camera reads it again as it drives off: the same read, nothing new.
    t.clock.advance(10_000);
    expect(await readOk(gate, { plate: '70-1234', confidence: 97 })).toMatchObject({
      id: exited.id,
      outcome: 'repeated',
    });
    // Later, the truck is out already: said, and nothing asks the officer.
    t.clock.advance(READ_REPEAT_MS);
    expect(await readOk(gate, { plate: '70-1234', confidence: 97 })).toMatchObject({
      outcome: 'already_out',
      queue_number: ticket.queue_number,
    });
    const rows = await t.db.select().from(identifications).where(eq(identifications.queueId, ticket.id));
    expect(rows.map((row) => row.outcome).sort()).toEqual(['already_out', 'exited']);
  });

  it('asks the officer for a truck whose work is not done, who lets it out once confirmed', async () => {
    const ticket = await issueTicket(t, plant, 'general', '71-5555 ขอนแก่น');
    const asked = await readOk(gate, { plate: '71-5555 ขอนแก่น', confidence: 99 });
    expect(asked).toMatchObject({ outcome: 'needs_officer', reason: 'unfinished', queue_number: null });
    expect(await exitOf(ticket.id)).toBeNull();

    const { open } = (await t.post('process/security/reads', {}, { session: security() })).json<{
      open: { id: number; reason: string; suggestions: { uuid: string }[] }[];
    }>();
    expect(open.find((r) => r.id === asked.id)).toMatchObject({
      reason: 'unfinished',
      suggestions: [{ uuid: ticket.uuid }],
    });
    const resolve = (body: Record<string, unknown>) =>
      t.post('process/security/resolveRead', { id: asked.id, ...body }, { session: security() });
    const refused = await resolve({ uuid: ticket.uuid });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'UNFINISHED_EXIT' });
    expect(await exitOf(ticket.id)).toBeNull();
    const done = await resolve({ uuid: ticket.uuid, confirm_unfinished: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().read).toMatchObject({ queue: { uuid: ticket.uuid } });
    expect(done.json().read.resolved_at).not.toBeNull();
    expect(await exitOf(ticket.id)).not.toBeNull();
    // Decided once: a second officer's click is told so.
    const again = await resolve({});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'READ_DECIDED' });
    const still = (await t.post('process/security/reads', {}, { session: security() })).json<{
      open: { id: number }[];
    }>().open;
    expect(still.map((r) => r.id)).not.toContain(asked.id);
  });

  it('never acts on an unsure, misread or unknown plate: the officer is offered the close trucks', async () => {
    const ticket = await doneTruck('72-8080 ขอนแก่น');
    const unsure = await readOk(gate, { plate: '72-8080', confidence: 71 });
    expect(unsure).toMatchObject({ outcome: 'needs_officer', reason: 'low_confidence' });
    const misread = await readOk(gate, { plate: '72-8088', confidence: 99 });
    expect(misread).toMatchObject({ outcome: 'needs_officer', reason: 'near' });
    const unknown = await readOk(gate, { plate: '99-0000', confidence: 99 });
    expect(unknown).toMatchObject({ outcome: 'needs_officer', reason: 'unmatched' });
    expect(await exitOf(ticket.id)).toBeNull();
    const { open } = (await t.post('process/security/reads', {}, { session: security() })).json<{
      open: { id: number; suggestions: { uuid: string }[] }[];
    }>();
    const offered = (id: number) => open.find((r) => r.id === id)?.suggestions.map((s) => s.uuid);
    expect(offered(unsure.id)).toEqual([ticket.uuid]);
    expect(offered(misread.id)).toEqual([ticket.uuid]);
    expect(offered(unknown.id)).toEqual([]);
    // Set aside: decided, nothing moved.
    const aside = await t.post('process/security/resolveRead', { id: unknown.id }, { session: security() });
    expect(aside.statusCode).toBe(200);
    expect(aside.json().read).toMatchObject({ queue: null });
    // The officer lets the misread's truck out.
    const chosen = await t.post(
      'process/security/resolveRead',
      { id: misread.id, uuid: ticket.uuid },
      { session: security() },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await exitOf(ticket.id)).not.toBeNull();
  });

  it('finds a supplier vehicle by its RFID tag', async () => {
    const [supplier] = await t.db
      .insert(suppliers)
      .values({ branchId: plant.branch.id, code: 'G-77', codeKey: 'G-77', name: 'ไร่ดี', kind: 'grower' })
      .returning();
    await t.db.insert(supplierVehicles).values({
      supplierId: supplier!.id,
      branchId: plant.branch.id,
      licence: '73-7777 ขอนแก่น',
      plateKey: plateSearchKey('73-7777 ขอนแก่น'),
      tag: 'E2801160600002089B6C1D2A',
    });
    const ticket = await doneTruck('73-7777 ขอนแก่น');
    expect(await readOk(gate, { tag: 'e2 80 11 60 60 00 02 08 9b 6c 1d 2a' })).toMatchObject({
      outcome: 'exited',
      queue_number: ticket.queue_number,
    });
    expect(await readOk(gate, { tag: 'AABBCCDDEEFF0011' })).toMatchObject({
      outcome: 'needs_officer',
      reason: 'unmatched',
    });
  });
});

describe('the weighbridge camera', () => {
  it("tells its station's weighing page which truck stands on the deck", async () => {
    const ticket = await issueTicket(t, plant, 'standard', '74-4444 ขอนแก่น');
    const heard = next<ReadsChangedPayload>(socket, 'readsChanged');
    const found = await readOk(deck, { plate: '74-4444', confidence: 85, snapshot: SNAPSHOT });
    expect(found).toMatchObject({ outcome: 'identified', queue_number: ticket.queue_number });
    expect(await heard).toMatchObject({
      action: 'weighbridge',
      station_id: weighbridgeId,
      outcome: 'identified',
      queue: { uuid: ticket.uuid, truck_license: '74-4444 ขอนแก่น' },
    });
    // Identifying moves nothing: the weight is still the officer's capture.
    const [row] = await t.db.select().from(queues).where(eq(queues.id, ticket.id));
    expect(row!.weighInAt).toBeNull();

    const weighing = plant.officers.caller.session;
    const reads = (await t.post('process/weighing/reads', {}, { session: weighing })).json<{
      latest: { id: number; station_name: string; queue: { uuid: string } | null }[];
    }>();
    expect(reads.latest[0]).toMatchObject({
      id: found.id,
      station_name: 'ตาชั่ง 1',
      queue: { uuid: ticket.uuid },
    });
    // The gate's list is the gate's: a weighbridge read is not in it.
    const gateList = (await t.post('process/security/reads', {}, { session: security() })).json<{
      latest: { id: number }[];
    }>();
    expect(gateList.latest.map((r) => r.id)).not.toContain(found.id);

    // Two trucks holding one plate: the officer chooses.
    const twin = await issueTicket(t, plant, 'general', '75-5050');
    const twin2 = await issueTicket(t, plant, 'lab', '75-5050 ขอนแก่น / 76-1111 ขอนแก่น');
    const several = await readOk(deck, { plate: '75-5050', confidence: 99 });
    expect(several).toMatchObject({ outcome: 'needs_officer', reason: 'several' });
    const chosen = await t.post(
      'process/weighing/resolveRead',
      { id: several.id, uuid: twin2.uuid },
      { session: weighing },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(
      chosen
        .json()
        .read.suggestions.map((s: { uuid: string }) => s.uuid)
        .sort(),
    ).toEqual([twin.uuid, twin2.uuid].sort());
    expect(chosen.json().read.queue).toMatchObject({ uuid: twin2.uuid });
  });
});

describe('what a reader may send, and who may see', () => {
  it('refuses bad reads with a clear message and keeps nothing', async () => {
    const before = (await t.db.select().from(identifications)).length;
    const bad: [Record<string, unknown>, number][] = [
      [{ plate: '70-1234' }, 400],
      [{ plate: '70-1234', confidence: 101 }, 400],
      [{ plate: '70-1234', confidence: 90, tag: 'AABBCCDD' }, 400],
      [{ tag: 'not a tag' }, 400],
      [{ plate: '70-1234', confidence: 90, snapshot: Buffer.from('GIF89a....').toString('base64') }, 400],
      [{ plate: '70-1234', confidence: 90, snapshot: 'not base64!' }, 400],
      [{ plate: '', confidence: 90 }, 400],
      [{}, 400],
    ];
    for (const [body, status] of bad) {
      const response = await read(gate, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const huge = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(400 * 1024), JPEG.subarray(-2)]);
    expect(
      (await read(gate, { plate: '70-1234', confidence: 90, snapshot: huge.toString('base64') })).statusCode,
    ).toBe(400);
    // Only a registered reader: not a stranger, not another kind of device, not an officer.
    expect((await read(newBrowser(), { plate: '70-1234', confidence: 90 })).statusCode).toBe(401);
    expect(
      (await t.post('device/identify', { plate: '70-1234', confidence: 90 }, { session: admin() }))
        .statusCode,
    ).toBe(401);
    expect((await t.db.select().from(identifications)).length).toBe(before);
  });

  it("keeps each branch's reads and snapshots to its own officers and roles", async () => {
    const mine = await readOk(gate, { plate: '77-7070', confidence: 99, snapshot: SNAPSHOT });
    const stranger = other.officers.security.session;
    expect(
      (await t.post('process/identification/snapshot', { id: mine.id }, { session: stranger })).statusCode,
    ).toBe(404);
    expect(
      (await t.post('process/security/resolveRead', { id: mine.id }, { session: stranger })).statusCode,
    ).toBe(404);
    expect(
      (await t.post('process/security/reads', {}, { session: plant.officers.lab.session })).statusCode,
    ).toBe(403);
    // A gate read is not the weighbridge's to decide.
    expect(
      (
        await t.post(
          'process/weighing/resolveRead',
          { id: mine.id },
          { session: plant.officers.caller.session },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('asks a weighbridge reader for its weighbridge, and keeps its settings', async () => {
    const noStation = await t.post(
      'reader/doMainReader',
      { name: 'กล้อง', action: 'weighbridge', station_id: null },
      { session: admin() },
    );
    expect(noStation.statusCode).toBe(400);
    const notWeighbridge = await t.post(
      'reader/doMainReader',
      { name: 'กล้อง', action: 'weighbridge', station_id: plant.stations.generalCall.id },
      { session: admin() },
    );
    expect(notWeighbridge.statusCode).toBe(400);
    const list = await t.call(readerContracts.main, {}, admin());
    expect(list.station.map((s) => s.id)).toEqual([weighbridgeId]);
    const deckRow = list.reader.find((r) => r.name === 'กล้องตาชั่ง 1');
    expect(deckRow).toMatchObject({
      station: { id: weighbridgeId },
      reader: { action: 'weighbridge', min_confidence: 80 },
    });
    expect(deckRow!.reader!.last_read_at).not.toBeNull();
    expect(list.reader.find((r) => r.name === 'กล้องประตูออก')).toMatchObject({
      station: null,
      reader: { action: 'gate_exit', min_confidence: 90 },
    });
  });

  it('drops snapshots after SNAPSHOT_DAYS and keeps the read', async () => {
    const kept = await readOk(gate, { plate: '78-8080', confidence: 99, snapshot: SNAPSHOT });
    t.clock.advance((t.config.snapshotDays + 1) * 24 * 60 * MINUTE);
    expect(await t.app.identification.pruneSnapshots()).toBeGreaterThan(0);
    const gone = await t.post('process/identification/snapshot', { id: kept.id }, { session: security() });
    expect(gone.statusCode).toBe(404);
    const [row] = await t.db.select().from(identifications).where(eq(identifications.id, kept.id));
    expect(row).toMatchObject({ plate: '78-8080', snapshot: null });
  });
});

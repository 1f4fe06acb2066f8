import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { waitAccuracy, type WaitType } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import { etaReadings } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, pastServices, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * What drivers were shown (issue 40, "Seen by the plant"): each ticket's expected wait read at
 * its issue is kept, and the admins' accuracy call sets it against the truck's first call, per
 * queue type and plant day.
 */

const MINUTE = 60_000;
// The harness's clock starts at 2026-11-20 10:00 in Bangkok.
const TODAY = '2026-11-20';
const TOMORROW = '2026-11-21';

let t: TestContext;
let plant: Plant;
let plates = 0;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Accuracy plant');
});
afterAll(() => t.close());

// The helper waits until the reading of the issue is written.
const issue = (flow: 'standard' | 'general') =>
  issueTicket(t, plant, flow, `ACC ${String(++plates).padStart(3, '0')}`);

const page = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{ queue: PublicQueue }>()
    .queue;

const readingOf = async (queueId: number) =>
  (await t.db.select().from(etaReadings).where(eq(etaReadings.queueId, queueId)))[0];

async function desk() {
  const url = await listen(t);
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  const station = { standard: plant.stations.standardCall.id, general: plant.stations.generalCall.id };
  return {
    call: async (id: number, flow: 'standard' | 'general' = 'standard') =>
      expect(await emitAck(socket, 'doCalling', plant.branch.id, id, station[flow])).toEqual({ status: 1 }),
    finish: async (id: number) =>
      expect(await emitAck(socket, 'doFinish', plant.branch.id, id)).toEqual({ status: 1 }),
  };
}

const accuracy = (body: { days?: number } = {}) => t.call(waitAccuracy, body, plant.officers.admin.session);

describe('the expected wait shown at issue', () => {
  let standard: WaitType;
  let general: WaitType;
  let lab: WaitType;
  /** Minutes between the late truck's call and its range's middle. */
  let lateError = 0;

  beforeAll(async () => {
    // Ten-minute services in the standard line's history; the general line has none.
    await pastServices(t, plant, 'standard', Array(12).fill(10));
    // Those trucks were made up long gone (their times rewritten): their readings say nothing.
    await t.db.delete(etaReadings);
  });

  it('is kept as the driver saw it: the range and the trucks ahead of his page', async () => {
    const d = await desk();
    // The first truck finds the station not open yet: no range, the page counts the trucks ahead.
    const first = await issue('standard');
    expect(await readingOf(first.id)).toMatchObject({ lowMinutes: null, highMinutes: null, ahead: 0 });
    await d.call(first.id);

    const inside = await issue('standard');
    const shown = await page(inside.uuid);
    const reading = (await readingOf(inside.id))!;
    expect(shown.expected_wait).not.toBeNull();
    expect(reading).toMatchObject({
      branchId: plant.branch.id,
      branchQueueTypeId: plant.types.standard.id,
      lowMinutes: shown.expected_wait!.low,
      highMinutes: shown.expected_wait!.high,
      ahead: shown.ahead,
      readAt: t.clock.now(),
    });

    // Called at the middle of its range: inside.
    t.clock.advance(((reading.lowMinutes! + reading.highMinutes!) / 2) * MINUTE);
    await d.finish(first.id);
    await d.call(inside.id);

    // The next one is called ten minutes after its range's high end: outside.
    const late = await issue('standard');
    const lateReading = (await readingOf(late.id))!;
    expect(lateReading.highMinutes).not.toBeNull();
    t.clock.advance((lateReading.highMinutes! + 10) * MINUTE);
    await d.finish(inside.id);
    await d.call(late.id);
    lateError = lateReading.highMinutes! + 10 - (lateReading.lowMinutes! + lateReading.highMinutes!) / 2;

    // One shown a range and never called: in no figure but the readings.
    const never = await issue('standard');
    expect((await readingOf(never.id))!.lowMinutes).not.toBeNull();

    // The general line has no history: no range; called, it counts as "no range".
    const visitor = await issue('general');
    expect(await readingOf(visitor.id)).toMatchObject({
      lowMinutes: null,
      branchQueueTypeId: plant.types.general.id,
    });
    t.clock.advance(5 * MINUTE);
    await d.call(visitor.id, 'general');
    await d.finish(late.id);

    // The next plant day: a standard truck issued and called (the station idle overnight: no range).
    t.clock.at = new Date(`${TOMORROW}T09:00:00+07:00`);
    plant.officers.admin.session = await t.signIn(plant.officers.admin.email, plant.officers.admin.password);
    plant.officers.caller.session = await t.signIn(
      plant.officers.caller.email,
      plant.officers.caller.password,
    );
    closeSockets();
    const d2 = await desk();
    const nextDay = await issue('standard');
    t.clock.advance(3 * MINUTE);
    await d2.call(nextDay.id);
    closeSockets();

    const answer = await accuracy();
    expect(answer.days).toHaveLength(7);
    expect(answer.days.at(-1)).toBe(TOMORROW);
    expect(answer.target_inside_share).toBe(0.85);
    standard = answer.types.find((type) => type.branch_queue_type_id === plant.types.standard.id)!;
    general = answer.types.find((type) => type.branch_queue_type_id === plant.types.general.id)!;
    lab = answer.types.find((type) => type.branch_queue_type_id === plant.types.lab.id)!;
  });

  it('counts inside, outside, no range and never called apart, per plant day and queue type', () => {
    const today = standard.days.find((d) => d.day === TODAY)!;
    expect(today).toMatchObject({
      readings: 4,
      not_called: 1,
      with_range: 2,
      no_range: 1,
      inside: 1,
      inside_share: 0.5,
    });
    // Errors: 0 (called at its range's middle) and the late one's.
    expect(today.median_error_minutes).toBeCloseTo(lateError / 2, 1);
    expect(standard.days.find((d) => d.day === TOMORROW)).toMatchObject({
      readings: 1,
      not_called: 0,
      with_range: 0,
      no_range: 1,
      inside_share: null,
      median_error_minutes: null,
    });
    // Days with no ticket say so with zeros, not by missing.
    expect(standard.days.filter((d) => d.readings === 0)).toHaveLength(5);
    expect(standard.total).toMatchObject({
      readings: 5,
      with_range: 2,
      no_range: 2,
      inside: 1,
      not_called: 1,
    });

    expect(general.days.find((d) => d.day === TODAY)).toMatchObject({
      readings: 1,
      no_range: 1,
      with_range: 0,
      median_wait_minutes: 5,
    });
    expect(general.total.readings).toBe(1);
    // The lab line had no ticket: listed, with nothing to show.
    expect(lab.total).toMatchObject({ readings: 0, inside_share: null, median_wait_minutes: null });
    expect(lab.days).toHaveLength(7);
  });
});

describe('the accuracy call', () => {
  it('answers the last N plant days, 1 to 31, for admins of the branch only', async () => {
    expect((await accuracy({ days: 1 })).days).toEqual([TOMORROW]);
    expect((await accuracy({ days: 31 })).days).toHaveLength(31);
    const path = waitAccuracy.path;
    for (const body of [
      { days: 0 },
      { days: 32 },
      { days: 'seven' },
      { days: 7.5 },
      { days: 7, branch_id: 2 },
    ]) {
      const refused = await t.post(path, body, { session: plant.officers.admin.session });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    }
    expect((await t.post(path, {})).statusCode).toBe(401);
    const employee = await t.post(path, {}, { session: plant.officers.caller.session });
    expect(employee.statusCode).toBe(403);
    expect(employee.json()).toMatchObject({ code: 'FORBIDDEN' });
    // Another plant's admin sees its own lines only.
    const other = await createPlant(t, 'Another plant');
    const theirs = await t.call(waitAccuracy, {}, other.officers.admin.session);
    expect(theirs.types.map((type) => type.branch_queue_type_id).sort()).toEqual(
      Object.values(other.types)
        .map((type) => type.id)
        .sort(),
    );
    expect(theirs.types.every((type) => type.total.readings === 0)).toBe(true);
  });
});

describe('a reading that cannot be written', () => {
  it('never fails the issue: the ticket is issued, the reading missed', async () => {
    await t.db.execute(sql`alter table eta_readings rename to eta_readings_away`);
    let ticket: { id: number; queue_number: string };
    try {
      ticket = await issue('general');
    } finally {
      await t.db.execute(sql`alter table eta_readings_away rename to eta_readings`);
    }
    expect(ticket.queue_number).toMatch(/^C/);
    expect(await readingOf(ticket.id)).toBeUndefined();
    // The next issue is read again.
    const next = await issue('general');
    expect(await readingOf(next.id)).toBeDefined();
  });
});

describe('the retention job', () => {
  it("removes readings past the branch's contact retention, never within the page's 31 days", async () => {
    const kept = await t.db.select({ id: etaReadings.id }).from(etaReadings);
    expect(kept.length).toBeGreaterThan(0);
    // The branch keeps contact data 90 days by default.
    t.clock.advance(40 * 24 * 60 * MINUTE);
    expect((await t.app.retention.run()).etaReadings).toBe(0);
    t.clock.advance(60 * 24 * 60 * MINUTE);
    expect((await t.app.retention.run()).etaReadings).toBe(kept.length);
    expect(await t.db.select().from(etaReadings)).toEqual([]);
  });
});

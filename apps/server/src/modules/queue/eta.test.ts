import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { createEtaRepository } from './eta.repository.ts';

/**
 * The expected wait on the driver's page (issue 21): from the queue type's own calls, this hour
 * and the same hour of recent days, and the trucks ahead; nothing while the history is empty.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestContext;
let plant: Plant;
let plates = 0;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
});
afterAll(() => t.close());

const issue = (at = plant) => issueTicket(t, at, 'standard', `ETA ${String(++plates).padStart(3, '0')}`);

const page = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{ queue: PublicQueue }>()
    .queue;

/**
 * Trucks of the type called `daysAgo` days before now, `minutesBefore` minutes earlier in the
 * day, long gone: issued, then moved into the past as a finished, exited day would leave them.
 */
async function pastCalls(daysAgo: number, minutesBefore: number[], at = plant) {
  const ids: number[] = [];
  for (const _ of minutesBefore) ids.push((await issue(at)).id);
  const now = t.clock.now().getTime();
  for (const [i, id] of ids.entries()) {
    const calledAt = new Date(now - daysAgo * DAY - minutesBefore[i]! * MINUTE);
    await t.db
      .update(queues)
      .set({
        created: new Date(calledAt.getTime() - 20 * MINUTE),
        queueDate: new Date(calledAt.getTime() + 7 * 60 * MINUTE).toISOString().slice(0, 10),
        calledAt,
        state: 'F',
        exitAt: new Date(calledAt.getTime() + 30 * MINUTE),
      })
      .where(eq(queues.id, id));
  }
  return ids;
}

describe('the expected wait', () => {
  it('says nothing while the type has no call in its history, and nothing once the truck is called', async () => {
    const waiting = await issue();
    const queue = await page(waiting.uuid);
    expect(queue.ahead).toBe(0);
    expect(queue.expected_wait).toBeNull();
    await t.db.update(queues).set({ state: 'F', exitAt: t.clock.now() }).where(eq(queues.uuid, waiting.uuid));
  });

  it("reads the type's pace from the same hour of past days and the trucks ahead", async () => {
    // Past the half minute a type's pace is kept.
    t.clock.advance(31_000);
    // Twelve calls within the hour before now on each of the last five days; none yet today.
    const spread = Array.from({ length: 12 }, (_, i) => 2 + i * 5);
    for (const day of [1, 2, 3, 4, 5]) await pastCalls(day, spread);
    const line = [await issue(), await issue(), await issue(), await issue()];

    // 12 calls an hour on past days, none this hour: 0.1 a minute. The next truck: likely 10
    // min, within 0–25; the fourth (three ahead): within 15–70.
    expect((await page(line[0]!.uuid)).expected_wait).toEqual({ low: 0, high: 25 });
    const fourth = await page(line[3]!.uuid);
    expect(fourth.ahead).toBe(3);
    expect(fourth.expected_wait).toEqual({ low: 15, high: 70 });
    await t.db
      .update(queues)
      .set({ state: 'F', exitAt: t.clock.now() })
      .where(
        inArray(
          queues.id,
          line.map((q) => q.id),
        ),
      );
  });
});

describe('the call history', () => {
  it('counts the window on each day the type was called, zeros included, and not days without a call', async () => {
    const repo = createEtaRepository(t.db);
    const before = await repo.callHistory(plant.types.standard.id, t.clock.now(), 60, 7);
    // A sixth day with calls only three hours earlier: worked, but quiet in this window.
    await pastCalls(6, [180, 200]);
    // Calls this hour.
    await pastCalls(0, [5, 15, 25]);
    const after = await repo.callHistory(plant.types.standard.id, t.clock.now(), 60, 7);
    expect(before.past).toEqual([12, 12, 12, 12, 12]);
    expect(after).toEqual({ recent: before.recent + 3, past: [12, 12, 12, 12, 12, 0] });
    // Another queue type's history is its own.
    expect(await repo.callHistory(plant.types.lab.id, t.clock.now(), 60, 7)).toEqual({ recent: 0, past: [] });
  });

  it("takes the lab's usual time as the median of its recent samples", async () => {
    const repo = createEtaRepository(t.db);
    expect(await repo.labMinutes(plant.types.lab.id, t.clock.now(), 30)).toBeNull();
    const now = t.clock.now().getTime();
    for (const minutes of [20, 30, 40, 50, 90]) {
      const { id } = await issueTicket(t, plant, 'lab', `LAB ${minutes}`);
      await t.db
        .update(queues)
        .set({ labStart: new Date(now - 200 * MINUTE), labFinish: new Date(now - (200 - minutes) * MINUTE) })
        .where(eq(queues.id, id));
    }
    expect(await repo.labMinutes(plant.types.lab.id, t.clock.now(), 30)).toBeCloseTo(40, 5);
  });
});

describe('the expected wait on the calling cards', () => {
  it("shows each waiting truck's wait, the driver's page's own, and moves it after a call", async () => {
    // A plant of its own: its standard type's history is only what this test writes.
    const own = await createPlant(t, 'Plant of the cards');
    t.clock.advance(31_000);
    const spread = Array.from({ length: 12 }, (_, i) => 2 + i * 5);
    for (const day of [1, 2, 3]) await pastCalls(day, spread, own);
    const line = [await issue(own), await issue(own), await issue(own)];
    const cards = async () =>
      (await t.call(getCardInProcess, { find_total_day: 1 }, own.officers.caller.session)).card.find(
        (c) => c._id === own.types.standard.id,
      )!.queue_number;
    const waitOf = async (uuid: string) => (await cards()).find((q) => q.uuid === uuid)!.expected_wait;

    const before = await Promise.all(line.map((q) => waitOf(q.uuid)));
    // The same estimate as each driver's page, and longer down the line.
    for (const [i, q] of line.entries()) expect(before[i]).toEqual((await page(q.uuid)).expected_wait);
    expect(before[0]).toEqual({ low: 0, high: 25 });
    expect(before[1]!.high).toBeGreaterThan(before[0]!.high);
    expect(before[2]!.high).toBeGreaterThan(before[1]!.high);

    // The first truck is called: it waits no more, and the next one moves up to its place.
    const url = await listen(t);
    const socket = await staffSocket(url, { session: own.officers.caller.session, apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', own.branch.id, 'System')).toEqual({ status: 1 });
    expect(
      await emitAck(socket, 'doCalling', own.branch.id, line[0]!.id, own.stations.standardCall.id),
    ).toEqual({
      status: 1,
    });
    closeSockets();
    const after = await cards();
    expect(after.find((q) => q.uuid === line[0]!.uuid)).toMatchObject({
      queue_state: 'C',
      expected_wait: null,
    });
    const second = after.find((q) => q.uuid === line[1]!.uuid)!.expected_wait;
    expect(second).not.toEqual(before[1]);
    expect(second).toEqual(before[0]);
    expect(second).toEqual((await page(line[1]!.uuid)).expected_wait);
  });
});

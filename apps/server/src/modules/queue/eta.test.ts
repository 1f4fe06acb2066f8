import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicQueue } from '@truck-queue/shared/contracts/public-queue.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { etaReadings, queues, queueTransitions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, pastServices, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { createEventHub, type EventHub, type QueueChange } from '../../lib/event-hub.ts';
import { comersAhead, createEtaService, narrowEnough, type EtaService } from './eta.service.ts';
import { createLineInputs } from './line-inputs.ts';

/**
 * The expected wait on the driver's page and the cards (issue 40): the queue type's line played
 * forward from its open stations and its own past services; nothing while the history is thin.
 */

const MINUTE = 60_000;

let t: TestContext;
let plates = 0;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const issue = (plant: Plant, flow: 'standard' | 'lab' = 'standard') =>
  issueTicket(t, plant, flow, `ETA ${String(++plates).padStart(3, '0')}`);

const page = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{ queue: PublicQueue }>()
    .queue;

async function callerSocket(plant: Plant) {
  const url = await listen(t);
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  return socket;
}

/** The standard line's station, `minutes` into a truck's service. */
async function stationBusy(plant: Plant, minutes: number) {
  const atStation = await issue(plant);
  const socket = await callerSocket(plant);
  expect(
    await emitAck(socket, 'doCalling', plant.branch.id, atStation.id, plant.stations.standardCall.id),
  ).toEqual({ status: 1 });
  closeSockets();
  t.clock.advance(minutes * MINUTE);
}

/** A cane line's rule: fresh loads (set by hand, or of `freshProducts`) first, burnt ones not. */
const freshFirstRule = ({ first = true, freshProducts = [] as number[] } = {}): LineRule => ({
  classes: [
    { key: 'fresh', name: 'อ้อยสด', share: 1, first, product_ids: freshProducts },
    { key: 'burnt', name: 'อ้อยไฟไหม้', share: 1, first: false, product_ids: [] },
  ],
  ordinary_share: 1,
  max_wait_minutes: 600,
  fresh_limit_minutes: 360,
  stale_first: false,
  caps: [],
  ask_reason: false,
});

describe('the expected wait', () => {
  it('says nothing while the type has too few past services: the page counts the trucks ahead', async () => {
    const plant = await createPlant(t, 'A new plant');
    await pastServices(t, plant, 'standard', [10, 10, 10]);
    const waiting = await issue(plant);
    const queue = await page(waiting.uuid);
    expect(queue.ahead).toBe(0);
    expect(queue.expected_wait).toBeNull();
  });

  it('plays the line from the station open now and past services: each truck a service later than the one before', async () => {
    const plant = await createPlant(t, 'A steady plant');
    // Every past service took ten minutes.
    await pastServices(t, plant, 'standard', Array(12).fill(10));
    // The station is four minutes into a truck's service; three trucks wait.
    await stationBusy(plant, 4);
    const line = [await issue(plant), await issue(plant), await issue(plant)];

    // Called in 6, 16 and 26 minutes: rounded to the minute, then to 5 minutes past a quarter hour.
    const waits = await Promise.all(line.map(async (q) => (await page(q.uuid)).expected_wait));
    expect(waits).toEqual([
      { low: 6, high: 7 },
      { low: 15, high: 20 },
      { low: 25, high: 30 },
    ]);
    // The cards show each truck's own.
    const card = (
      await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session)
    ).card.find((c) => c._id === plant.types.standard.id)!.queue_number;
    expect(line.map((q) => card.find((c) => c.uuid === q.uuid)!.expected_wait)).toEqual(waits);

    // Three minutes on, nothing changed: the same play, three minutes nearer.
    t.clock.advance(3 * MINUTE);
    expect((await page(line[2]!.uuid)).expected_wait).toEqual({ low: 20, high: 25 });
  });

  it("reads a ruled line's wait by the truck's place in the rule's order, not by when it came", async () => {
    const plant = await createPlant(t, 'A plant with a rule');
    await pastServices(t, plant, 'standard', Array(12).fill(10));
    const rule = freshFirstRule();
    const saved = await t.post(
      'admin/queueType/saveOrderRule',
      { id_branchQT: plant.types.standard.id, rule },
      { session: plant.officers.admin.session },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await stationBusy(plant, 4);
    // Two ordinary loads wait; a fresh one comes after them and goes first.
    const ordinary = [await issue(plant), await issue(plant)];
    const fresh = await issueTicket(t, plant, 'standard', `ETA ${String(++plates).padStart(3, '0')}`, {
      order_class: 'fresh',
    });
    const [freshPage, ...ordinaryPages] = await Promise.all([fresh, ...ordinary].map((q) => page(q.uuid)));
    expect([freshPage!.ahead, ...ordinaryPages.map((p) => p.ahead)]).toEqual([0, 1, 2]);
    // The station frees in 6 minutes: the fresh load is called then, the others a service apart;
    // and, a fresh load having come in the last hour, another may come before their call and go
    // ahead of them: their ranges reach a service later. The fresh load's own does not.
    expect([freshPage!.expected_wait, ...ordinaryPages.map((p) => p.expected_wait)]).toEqual([
      { low: 6, high: 7 },
      { low: 15, high: 30 },
      { low: 25, high: 40 },
    ]);
  });

  it('moves every wait up when the truck at the station finishes and the next is called', async () => {
    const plant = await createPlant(t, 'A plant calling');
    await pastServices(t, plant, 'standard', Array(12).fill(10));
    const [first, second, third] = [await issue(plant), await issue(plant), await issue(plant)];
    const socket = await callerSocket(plant);
    const call = (id: number) =>
      emitAck(socket, 'doCalling', plant.branch.id, id, plant.stations.standardCall.id);
    expect(await call(first.id)).toEqual({ status: 1 });
    t.clock.advance(6 * MINUTE);
    // Six minutes into the first's service: the second in 4, the third in 14.
    expect((await page(third.uuid)).expected_wait).toEqual({ low: 14, high: 15 });
    // The first is done early; the second is called at once.
    expect(await emitAck(socket, 'doFinish', plant.branch.id, first.id)).toEqual({ status: 1 });
    expect(await call(second.id)).toEqual({ status: 1 });
    closeSockets();
    // The new play: the third truck is next, after the second's ten minutes.
    expect((await page(third.uuid)).expected_wait).toEqual({ low: 10, high: 11 });
    expect((await page(third.uuid)).ahead).toBe(0);
  });

  it('holds the range to how the type’s past ranges fared: calls that came later than played move it out', async () => {
    const plant = await createPlant(t, 'A plant slower than its plays');
    await pastServices(t, plant, 'standard', Array(40).fill(10));
    // Each of those trucks had been told 0–10 minutes (the play's middle 5) and was called 10 to
    // 30 minutes after.
    const past = await t.db
      .select({ id: queues.id, calledAt: queues.calledAt })
      .from(queues)
      .where(eq(queues.branchId, plant.branch.id));
    for (const [i, ticket] of past.entries())
      await t.db
        .update(etaReadings)
        .set({
          readAt: new Date(ticket.calledAt!.getTime() - (10 + (i % 21)) * MINUTE),
          playLowMinutes: 0,
          playMidMinutes: 5,
          playHighMinutes: 10,
        })
        .where(eq(etaReadings.queueId, ticket.id));
    await stationBusy(plant, 4);
    const waiting = await issue(plant);
    await t.app.etaReadings.settle();

    // Played alone it is called in 6 minutes (the page: 6–7); held to the yard's calls, it is later and wider.
    const wait = (await page(waiting.uuid)).expected_wait!;
    expect(wait.low).toBeGreaterThanOrEqual(15);
    expect(wait.high).toBeGreaterThanOrEqual(25);
    // The reading keeps both: what the driver was shown, and the play it came from.
    const [reading] = await t.db.select().from(etaReadings).where(eq(etaReadings.queueId, waiting.id));
    expect(reading!.lowMinutes).toBeGreaterThanOrEqual(15);
    expect(reading!.playLowMinutes).toBeCloseTo(6, 0);
    expect(reading!.playHighMinutes).toBeCloseTo(6, 0);
  });

  it('says "about N trucks ahead" rather than a range wider than twice its middle', async () => {
    const plant = await createPlant(t, 'A plant of odd services');
    // Three in four services take a minute, one in four 3 hours: the next call may come at once or late.
    await pastServices(t, plant, 'standard', [...Array(15).fill(1), ...Array(5).fill(180)]);
    const atStation = await issue(plant);
    const [, waiting] = [await issue(plant), await issue(plant)];
    const socket = await callerSocket(plant);
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, atStation.id, plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    closeSockets();
    t.clock.advance(MINUTE / 2);
    // Two services before its call: 2 minutes, 3 hours or 6 hours, as the draws fall.
    const queue = await page(waiting.uuid);
    expect(queue.ahead).toBe(1);
    expect(queue.expected_wait).toBeNull();
    expect(narrowEnough({ low: 10, mid: 30, high: 70 })).toBe(true);
    expect(narrowEnough({ low: 10, mid: 30, high: 71 })).toBe(false);
    expect(narrowEnough({ low: 0, mid: 5, high: 20 })).toBe(true);
  });

  it('plays a line that changes faster than it plays at most once per spacing: the cards read the last play meanwhile', async () => {
    const plant = await createPlant(t, 'A busy plant');
    await pastServices(t, plant, 'standard', Array(12).fill(10));
    await stationBusy(plant, 4);
    const line = [await issue(plant), await issue(plant)];
    const type = {
      branchId: plant.branch.id,
      branchQueueTypeId: plant.types.standard.id,
      flowEngineId: plant.types.standard.flowEngineId,
    };
    const changed = (events: EventHub) =>
      events.publish('queueChanged', { branchQueueTypeId: type.branchQueueTypeId } as QueueChange);
    const service = (playSpacing: number) => {
      const events = createEventHub();
      let plays = 0;
      const eta = createEtaService({
        db: t.db,
        clock: t.clock,
        events,
        // Asked once per play; each play takes a millisecond of the app's clock.
        ruleOf: () => {
          plays += 1;
          t.clock.advance(1);
          return Promise.resolve(null);
        },
        playSpacing,
      });
      return { eta, events, plays: () => plays };
    };
    const waits = async (eta: EtaService) => {
      const estimate = await eta.estimator([type]);
      return line.map((q) => estimate({ ...type, id: q.id }, 0));
    };

    // Its next play a thousand times its last one's length away (a second: the test's clock
    // does not move that far).
    const spaced = service(1000);
    const first = await waits(spaced.eta);
    expect(spaced.plays()).toBe(1);
    expect(first[1]).toEqual({ low: 15, high: 20 });
    // Read again once the play is over (a millisecond on): the same play.
    const played = await waits(spaced.eta);
    expect(spaced.plays()).toBe(1);
    // The line changed three times: the cards answer at once with the last play, not a new one.
    for (let i = 0; i < 3; i++) changed(spaced.events);
    expect(await waits(spaced.eta)).toEqual(played);
    expect(spaced.plays()).toBe(1);
    // So does a ticket pushed to its page (public-push.ts): it must not hold the branch's pushes.
    const second = { ...type, id: line[1]!.id };
    expect(await spaced.eta.waitOf(second, 1, { lastPlayOk: true })).toEqual(played[1]);
    expect(spaced.plays()).toBe(1);
    // A page's own read waits for the next play (its spacing: a second).
    await spaced.eta.waitOf(second, 1);
    expect(spaced.plays()).toBe(2);

    // Unspaced (the backtest's), every change is played before the next read.
    const every = service(0);
    await waits(every.eta);
    changed(every.events);
    await waits(every.eta);
    expect(every.plays()).toBe(2);
  });
});

describe("a ruled line's trucks to come", () => {
  const rule = (first: boolean) => freshFirstRule({ first, freshProducts: [5] });
  const line = [
    { productId: 5, orderClass: null },
    { productId: 9, orderClass: null },
    { productId: 9, orderClass: 'fresh' },
    { productId: 9, orderClass: 'burnt' },
  ];
  const recent = [
    { productId: 5, orderClass: null, count: 6 },
    { productId: null, orderClass: 'fresh', count: 3 },
    { productId: 9, orderClass: null, count: 10 },
    { productId: 9, orderClass: 'burnt', count: 4 },
  ];

  it("come at the rate of the last hour's loads of the classes called first, ahead of the trucks of the others", () => {
    // Fresh by product or set by hand: 9 in the last hour; two fresh loads wait, first in the rule's order.
    expect(comersAhead(rule(true), line, recent)).toEqual({ perMinute: 9 / 60, aheadFrom: 2 });
    // No class called first: none go ahead of anyone.
    expect(comersAhead(rule(false), line, recent)).toBeUndefined();
  });
});

describe('the line as it stood', () => {
  it('is read from the stored times at any past moment: waiting then, at a station then, free then', async () => {
    const plant = await createPlant(t, 'A plant looked back on');
    const inputs = createLineInputs(t.db);
    const ref = { branchId: plant.branch.id, branchQueueTypeId: plant.types.standard.id, lab: false };
    const [a, b, c] = [await issue(plant), await issue(plant), await issue(plant)];
    const start = t.clock.now();
    const socket = await callerSocket(plant);
    const call = (id: number) =>
      emitAck(socket, 'doCalling', plant.branch.id, id, plant.stations.standardCall.id);
    t.clock.advance(5 * MINUTE);
    expect(await call(a.id)).toEqual({ status: 1 });
    t.clock.advance(12 * MINUTE);
    expect(await emitAck(socket, 'doFinish', plant.branch.id, a.id)).toEqual({ status: 1 });
    t.clock.advance(MINUTE);
    expect(await call(b.id)).toEqual({ status: 1 });
    // b done at 28; d comes at 33 to the free station and is called two minutes later.
    t.clock.advance(10 * MINUTE);
    expect(await emitAck(socket, 'doFinish', plant.branch.id, b.id)).toEqual({ status: 1 });
    t.clock.advance(5 * MINUTE);
    const d = await issue(plant);
    t.clock.advance(2 * MINUTE);
    expect(await call(d.id)).toEqual({ status: 1 });
    // e comes at 45, a minute before d is done (46); the desk calls it three minutes later (49).
    t.clock.advance(10 * MINUTE);
    const e = await issue(plant);
    t.clock.advance(MINUTE);
    expect(await emitAck(socket, 'doFinish', plant.branch.id, d.id)).toEqual({ status: 1 });
    t.clock.advance(3 * MINUTE);
    expect(await call(e.id)).toEqual({ status: 1 });
    closeSockets();
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

    // Before any call: no station open yet, all three waiting.
    // (Each with what the line's order rule reads of it: its product, no class set by hand.)
    expect(await inputs.lineAt(ref, at(1))).toMatchObject({
      stations: [],
      line: [a, b, c].map((q) => ({
        id: q.id,
        stage: { kind: 'ready', minutes: 1 },
        productId: plant.products.starch.id,
        orderClass: null,
      })),
    });
    // Ten minutes into a's service.
    expect(await inputs.lineAt(ref, at(15))).toMatchObject({
      stations: [10],
      line: [b, c].map((q) => ({ id: q.id, stage: { kind: 'ready', minutes: 15 } })),
    });
    // Between a's finish and b's call: the station open and free.
    const between = await inputs.lineAt(ref, at(17.5));
    expect(between.stations).toEqual([null]);
    expect(between.line.map((q) => q.id)).toEqual([b.id, c.id]);
    // And the history then: a's twelve minutes, nothing of b's service yet.
    expect((await inputs.historyAt(ref, at(17.5))).serviceMinutes).toEqual([12]);
    // The desk called b a minute after a's finish freed the station (b had waited since its
    // ticket): a station's pause of one minute. a's call, the station's first, says nothing.
    expect(await inputs.historyAt(ref, at(18.5))).toMatchObject({
      freeToCallMinutes: [1],
      readyToCallMinutes: [],
    });
    // d, ready after the station was free: its own pause of two minutes.
    expect(await inputs.historyAt(ref, at(36))).toMatchObject({
      freeToCallMinutes: [1],
      readyToCallMinutes: [2],
    });
    // e was ready a minute when the station freed, less than the trucks' own pauses (2): its
    // three minutes were its own pause at least in part, not the station's.
    expect(await inputs.historyAt(ref, at(50))).toMatchObject({
      freeToCallMinutes: [1],
      readyToCallMinutes: [2],
    });

    await t.db
      .update(queues)
      .set({ state: 'F', exitAt: t.clock.now() })
      .where(inArray(queues.id, [a.id, b.id, c.id, d.id, e.id]));
  });

  it("knows where a lab truck stands: before the lab, in it, sent to a recheck, its result out; and the lab's past times", async () => {
    const plant = await createPlant(t, 'A plant with a lab');
    const inputs = createLineInputs(t.db);
    const ref = { branchId: plant.branch.id, branchQueueTypeId: plant.types.lab.id, lab: true };
    const now = t.clock.now().getTime();
    const ago = (minutes: number) => new Date(now - minutes * MINUTE);
    const [done, rechecking, out, inLab, before] = [
      await issue(plant, 'lab'),
      await issue(plant, 'lab'),
      await issue(plant, 'lab'),
      await issue(plant, 'lab'),
      await issue(plant, 'lab'),
    ];
    // Each truck's ticket and its lab steps as its history records them (minutes ago).
    const lived = async (
      id: number,
      created: number,
      steps: [action: 'accept' | 'complete' | 'recheck', minutesAgo: number][],
      columns: Partial<typeof queues.$inferInsert> = {},
    ) => {
      await t.db
        .update(queues)
        .set({ created: ago(created), lineAt: ago(created), ...columns })
        .where(eq(queues.id, id));
      for (const [action, minutes] of steps)
        await t.db
          .insert(queueTransitions)
          .values({ queueId: id, action, toState: 'X', created: ago(minutes) });
    };
    // Sampled, 40 minutes in the lab, sent to a recheck, sampled again 20 minutes after its
    // result, 30 more minutes in the lab, called and gone.
    await lived(
      done.id,
      300,
      [
        ['accept', 290],
        ['complete', 250],
        ['recheck', 240],
        ['accept', 230],
        ['complete', 200],
      ],
      { labStart: ago(230), labFinish: ago(200), state: 'F', finishedAt: ago(150), exitAt: ago(140) },
    );
    // Sent to a recheck an hour ago, its new sample not taken yet.
    await lived(
      rechecking.id,
      120,
      [
        ['accept', 110],
        ['complete', 70],
        ['recheck', 60],
      ],
      { labStart: ago(110), labFinish: ago(70) },
    );
    await lived(
      out.id,
      90,
      [
        ['accept', 80],
        ['complete', 45],
      ],
      { labStart: ago(80), labFinish: ago(45) },
    );
    await lived(inLab.id, 30, [['accept', 20]], { labStart: ago(20) });
    await lived(before.id, 0, []);
    const line = await inputs.lineAt(ref, new Date(now + MINUTE));
    expect(line.line).toMatchObject([
      { id: rechecking.id, stage: { kind: 'to-recheck', minutes: 71 } },
      { id: out.id, stage: { kind: 'ready', minutes: 46 } },
      { id: inLab.id, stage: { kind: 'in-lab', minutes: 21 } },
      { id: before.id, stage: { kind: 'before-lab', minutes: 1 } },
    ]);
    const history = await inputs.historyAt(ref, new Date(now + MINUTE));
    expect(history).toMatchObject({
      toLabMinutes: [10, 10, 10, 10],
      labMinutes: [30, 35, 40, 40],
      recheckMinutes: [20],
      rejectShare: 0,
    });
    expect(history.recheckShare).toBeCloseTo(2 / 3);
  });
});

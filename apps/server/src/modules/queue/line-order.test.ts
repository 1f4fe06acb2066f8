import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { getCardInProcess, type CardQueue } from '@truck-queue/shared/contracts/queue.contract';
import { ROLE } from '@truck-queue/shared/roles';
import { queueReasons, queues, queueTransitions } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { newBrowser, registerDevice } from '../../test/devices.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * Who goes first (issue 38), through the API and the officers' socket on a real port: an admin
 * sets a line's rule; the cards, the driver's page and the calls follow it; a call out of order
 * asks a reason and is recorded; a cap holds a class; Call next calls the rule's next truck to a
 * free station.
 */

let t: TestContext;
let plant: Plant;
let url: string;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Mill');
  url = await listen(t);
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const RULE: LineRule = {
  classes: [
    { key: 'fresh', name: 'อ้อยสด', share: 1, first: true, product_ids: [] },
    { key: 'burnt', name: 'อ้อยไฟไหม้', share: 1, first: false, product_ids: [] },
  ],
  ordinary_share: 1,
  max_wait_minutes: 180,
  fresh_limit_minutes: 360,
  stale_first: false,
  caps: [{ class_key: 'burnt', max_percent: 25, of: 'loads', when_full: 'hold' }],
  ask_reason: true,
};

const admin = () => plant.officers.admin.session;
const caller = () => plant.officers.caller.session;

function setRule(rule: LineRule | null, session = admin(), typeId = plant.types.standard.id) {
  return t.post('admin/queueType/saveOrderRule', { id_branchQT: typeId, rule }, { session });
}

async function issue(licence: string, extra: Record<string, unknown> = {}) {
  const response = await t.post(
    'process/printer/issueQueue',
    {
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      truck_license: licence,
      ...extra,
    },
    { session: caller() },
  );
  expect(response.statusCode, response.body).toBe(200);
  const { queue } = response.json<{ queue: { uuid: string; queue_number: string } }>();
  const [row] = await t.db.select({ id: queues.id }).from(queues).where(eq(queues.uuid, queue.uuid));
  // A second apart, so the line's order by arrival is plain.
  t.clock.advance(MINUTE);
  return { ...queue, id: row!.id };
}

async function standardCard() {
  const cards = await t.call(getCardInProcess, { find_total_day: 1 }, caller());
  return cards.card.find((c) => c._id === plant.types.standard.id)!;
}

const waiting = (card: { queue_number: CardQueue[] }) =>
  card.queue_number.filter((q) => q.line_place !== null).map((q) => q.queue_number);

async function reasonOf(kind: string) {
  const [row] = await t.db
    .select({ id: queueReasons.id, name: queueReasons.name })
    .from(queueReasons)
    .where(and(eq(queueReasons.branchId, plant.branch.id), eq(queueReasons.kind, kind)));
  return row!;
}

/** Finishes every truck called on the standard line, so its station is free again. */
async function clearStation(socket: Awaited<ReturnType<typeof staffSocket>>) {
  for (const q of (await standardCard()).queue_number)
    if (q.line_place === null)
      expect(await emitAck(socket, 'doFinish', plant.branch.id, q._id)).toEqual({ status: 1 });
}

describe('a line order rule, set by the admin', () => {
  it('is first come, first served until set, refuses a broken rule and a non-admin, and reads back as saved', async () => {
    const read = () =>
      t.post('admin/queueType/orderRule', { id_branchQT: plant.types.standard.id }, { session: admin() });
    expect((await read()).json()).toMatchObject({ rule: null, products: [{ name: 'แป้งมัน' }] });

    const noClass = await setRule({ ...RULE, caps: [{ ...RULE.caps[0]!, class_key: 'wet' }] });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().issues).toEqual([
      { path: 'rule.caps.0.class_key', message: 'is not a class of the rule' },
    ]);
    const twice = await setRule({
      ...RULE,
      classes: [RULE.classes[0]!, { ...RULE.classes[1]!, key: 'fresh' }],
    });
    expect(twice.statusCode).toBe(400);
    const otherProduct = await setRule({
      ...RULE,
      classes: [{ ...RULE.classes[0]!, product_ids: [plant.products.cassava.id] }, RULE.classes[1]!],
    });
    expect(otherProduct.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await setRule(RULE, caller())).statusCode).toBe(403);
    expect((await read()).json().rule).toBeNull();

    expect((await setRule(RULE)).statusCode).toBe(200);
    expect((await read()).json().rule).toEqual(RULE);
    expect((await standardCard()).order_rule).toEqual(RULE);
  });
});

describe('the line in the order of its rule', () => {
  it('puts fresh loads first, holds burnt cane at its cap, flags a stale load, and asks a reason to call out of order', async () => {
    const socket = await staffSocket(url, { session: caller(), apiKey: t.config.apiKey });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const ordinary = await issue('ปกติ 1');
    const burnt = await issue('ไฟไหม้ 1', { order_class: 'burnt' });
    const cutAt = new Date(t.clock.now().getTime() - 7 * 60 * MINUTE).toISOString();
    const fresh = await issue('สด 1', { order_class: 'fresh', cut_at: cutAt });

    let card = await standardCard();
    // Burnt cane would be 1 load in 1 (100 %): held, last; the fresh load first.
    expect(waiting(card)).toEqual([fresh.queue_number, ordinary.queue_number, burnt.queue_number]);
    const place = (number: string) => card.queue_number.find((q) => q.queue_number === number)!;
    expect(place(fresh.queue_number)).toMatchObject({
      order_class: 'fresh',
      cut_at: cutAt,
      line_place: {
        position: 1,
        why: { kind: 'class', class_key: 'fresh', first: true },
        hold: null,
        stale: true,
      },
    });
    expect(place(burnt.queue_number).line_place!.hold).toEqual({
      class_key: 'burnt',
      max_percent: 25,
      of: 'loads',
      when_full: 'hold',
    });
    // The driver of the ordinary truck sees one truck ahead, as the rule calls them.
    const info = await t.post('process/user/queueInformation', { queue_number_id: ordinary.uuid });
    expect(info.json().queue).toMatchObject({ ahead: 1, line_hold: null });
    // The burnt load's driver reads why he waits.
    const held = await t.post('process/user/queueInformation', { queue_number_id: burnt.uuid });
    expect(held.json().queue.line_hold).toEqual({ class_name: 'อ้อยไฟไหม้', max_percent: 25, of: 'loads' });
    // The TV board of the line shows the same order, why, and what the cap holds.
    const display = newBrowser();
    await registerDevice(t, plant, 'display', display, [plant.types.standard.id]);
    const board = await t.post('device/displayBoard', {}, { headers: display.headers });
    expect(board.json().waits).toEqual([
      expect.objectContaining({
        queue_type_id: plant.types.standard.id,
        waiting: 3,
        next_up: [
          {
            queue_number: fresh.queue_number,
            class_name: 'อ้อยสด',
            why: { kind: 'class', class_key: 'fresh', first: true },
          },
          { queue_number: ordinary.queue_number, class_name: null, why: null },
        ],
        held: [{ class_name: 'อ้อยไฟไหม้', trucks: 1, max_percent: 25, of: 'loads' }],
      }),
    ]);

    // A held truck is not called.
    const station = plant.stations.standardCall.id;
    expect(await emitAck(socket, 'doCalling', plant.branch.id, burnt.id, station)).toMatchObject({
      status: 0,
      reason: 'CAP_FULL',
    });
    // Another truck than the next: a reason first.
    expect(await emitAck(socket, 'doCalling', plant.branch.id, ordinary.id, station)).toMatchObject({
      status: 0,
      reason: 'CALL_OUT_OF_ORDER',
      queue_number: fresh.queue_number,
    });
    const why = await reasonOf('out_of_order');
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, ordinary.id, station, {
        reason_id: why.id,
        note: 'รถสดยังไม่มา',
      }),
    ).toEqual({ status: 1 });
    const [audit] = await t.db
      .select()
      .from(queueTransitions)
      .where(and(eq(queueTransitions.queueId, ordinary.id), eq(queueTransitions.action, 'call')));
    expect(audit).toMatchObject({ passedQueueId: fresh.id, reasonId: why.id, note: 'รถสดยังไม่มา' });
    const history = await t.post('process/queue/history', { uuid: ordinary.uuid }, { session: admin() });
    expect(history.json().history.at(-1)).toMatchObject({ action: 'call', reason_name: why.name });

    // A reason of another kind is not taken.
    await clearStation(socket);
    const reject = await reasonOf('reject');
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, burnt.id, station, { reason_id: reject.id }),
    ).toMatchObject({ status: 0, reason: 'CAP_FULL' });

    // Call next: the fresh load, to the free station; then the station is busy.
    expect(await emitAck(socket, 'doCallNext', plant.branch.id, plant.types.standard.id)).toEqual({
      status: 1,
      queue_number: fresh.queue_number,
      station_name: 'ช่องขึ้นสินค้า 1',
    });
    const next = await issue('ปกติ 2');
    expect(await emitAck(socket, 'doCallNext', plant.branch.id, plant.types.standard.id)).toMatchObject({
      status: 0,
      reason: 'NO_FREE_STATION',
    });
    await clearStation(socket);
    // Two loads called, neither burnt: burnt would be 1 in 3 (33 %), still held; the ordinary one goes.
    card = await standardCard();
    expect(waiting(card)).toEqual([next.queue_number, burnt.queue_number]);
    expect(await emitAck(socket, 'doCallNext', plant.branch.id, plant.types.standard.id)).toMatchObject({
      status: 1,
      queue_number: next.queue_number,
    });
    await clearStation(socket);
    // 1 in 4 is 25 %: the burnt load may go now, and is the next.
    expect(waiting(await standardCard())).toEqual([burnt.queue_number]);
    expect(
      (await standardCard()).queue_number.find((q) => q.uuid === burnt.uuid)!.line_place!.hold,
    ).toBeNull();
    expect(await emitAck(socket, 'doCallNext', plant.branch.id, plant.types.standard.id)).toMatchObject({
      status: 1,
      queue_number: burnt.queue_number,
    });
    await clearStation(socket);
    expect(await emitAck(socket, 'doCallNext', plant.branch.id, plant.types.standard.id)).toMatchObject({
      status: 0,
      reason: 'LINE_EMPTY',
    });

    // The dashboard's cap: one burnt load in four calls, through the day.
    const use = await t.post('report/capUse', {}, { session: caller() });
    expect(use.statusCode, use.body).toBe(200);
    const [cap] = use.json().caps;
    expect(cap).toMatchObject({
      queue_type_id: plant.types.standard.id,
      class_name: 'อ้อยไฟไหม้',
      max_percent: 25,
      of: 'loads',
      share_percent: 25,
      class_amount: 1,
      total_amount: 4,
      held: 0,
    });
    expect(cap.hours.at(-1).share_percent).toBe(25);
    expect(cap.hours.every((h: { share_percent: number }) => h.share_percent <= 25)).toBe(true);
    // Each truck keeps the class it was called as, whatever the rule says later.
    const calledAs = async (id: number) =>
      (await t.db.select({ c: queues.calledClass }).from(queues).where(eq(queues.id, id)))[0]!.c;
    expect([await calledAs(fresh.id), await calledAs(burnt.id), await calledAs(next.id)]).toEqual([
      'fresh',
      'burnt',
      '',
    ]);
  });

  it('lets a manager admit a held truck where the cap asks, not an employee, and not where it holds', async () => {
    const socket = await staffSocket(url, { session: caller(), apiKey: t.config.apiKey });
    const manager = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
    const managerSession = await t.signIn(manager.email, manager.password);
    const burnt = await issue('ไฟไหม้ 2', { order_class: 'burnt' });
    await issue('ปกติ 3');
    const why = await reasonOf('admit');
    const admit = (session: string) =>
      t.post(
        'process/calling/admitPastCap',
        { uuid: burnt.uuid, reason: { reason_id: why.id } },
        { session },
      );
    // The cap holds: nobody admits.
    expect((await admit(managerSession)).json()).toMatchObject({ reason: 'CAP_FULL' });

    expect((await setRule({ ...RULE, caps: [{ ...RULE.caps[0]!, when_full: 'ask' }] })).statusCode).toBe(200);
    expect((await admit(caller())).statusCode).toBe(403);
    expect((await admit(managerSession)).statusCode).toBe(200);
    const card = await standardCard();
    expect(card.queue_number.find((q) => q.uuid === burnt.uuid)).toMatchObject({
      admitted: true,
      line_place: { hold: null },
    });
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, burnt.id, plant.stations.standardCall.id, {
        reason_id: (await reasonOf('out_of_order')).id,
      }),
    ).toEqual({ status: 1 });
    await clearStation(socket);
    const [row] = await t.db
      .select()
      .from(queueTransitions)
      .where(and(eq(queueTransitions.queueId, burnt.id), eq(queueTransitions.action, 'admit')));
    expect(row).toMatchObject({ reasonId: why.id, officerId: manager.id });
  });

  it('moves a waiting truck to another class with a reason, and refuses a class the line has not', async () => {
    const truck = await issue('ปกติ 4');
    const why = await reasonOf('reclass');
    const move = (orderClass: string) =>
      t.post(
        'process/calling/setOrderClass',
        { uuid: truck.uuid, order_class: orderClass, reason: { reason_id: why.id } },
        { session: caller() },
      );
    expect((await move('wet')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await move('fresh')).statusCode).toBe(200);
    const card = await standardCard();
    expect(card.queue_number.find((q) => q.uuid === truck.uuid)).toMatchObject({
      order_class: 'fresh',
      line_place: { position: 1, why: { kind: 'class', class_key: 'fresh' } },
    });
  });

  it('takes a class and a cut time at issue only as the line has them', async () => {
    const bad = (extra: Record<string, unknown>) =>
      t.post(
        'process/printer/issueQueue',
        {
          id_branchQT: plant.types.standard.id,
          product: plant.products.starch.id,
          truck_license: 'ผิด 1',
          ...extra,
        },
        { session: caller() },
      );
    expect((await bad({ order_class: 'wet' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'order_class' }],
    });
    const ahead = new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString();
    expect((await bad({ cut_at: ahead })).json()).toMatchObject({ issues: [{ path: 'cut_at' }] });
    const old = new Date(t.clock.now().getTime() - 4 * 24 * 60 * MINUTE).toISOString();
    expect((await bad({ cut_at: old })).json()).toMatchObject({ issues: [{ path: 'cut_at' }] });
    expect((await bad({ cut_at: 'yesterday' })).statusCode).toBe(400);
  });

  it('takes a lab truck next only once its result is out, keeping its place meanwhile', async () => {
    const socket = await staffSocket(url, { session: caller(), apiKey: t.config.apiKey });
    const labRule = { ...RULE, caps: [], classes: [], fresh_limit_minutes: null };
    expect((await setRule(labRule, admin(), plant.types.lab.id)).statusCode).toBe(200);
    const lab = (licence: string) =>
      t
        .post(
          'process/printer/issueQueue',
          { id_branchQT: plant.types.lab.id, product: plant.products.cassava.id, truck_license: licence },
          { session: caller() },
        )
        .then((r) => r.json<{ queue: { uuid: string; queue_number: string } }>().queue);
    const sampling = await lab('แล็บ 1');
    t.clock.advance(MINUTE);
    const tested = await lab('แล็บ 2');
    for (const path of ['process/example/accept', 'process/example/completed'])
      expect(
        (await t.post(path, { queue_number: tested.queue_number }, { session: plant.officers.lab.session }))
          .statusCode,
      ).toBe(200);
    const card = (await t.call(getCardInProcess, { find_total_day: 1 }, caller())).card.find(
      (c) => c._id === plant.types.lab.id,
    )!;
    const place = (uuid: string) => card.queue_number.find((q) => q.uuid === uuid)!.line_place!;
    expect(place(sampling.uuid)).toMatchObject({ position: 1, next: false });
    expect(place(tested.uuid)).toMatchObject({ position: 2, next: true });
    expect(await emitAck(socket, 'doCallNext', plant.branch.id, plant.types.lab.id)).toMatchObject({
      status: 1,
      queue_number: tested.queue_number,
    });
    expect((await setRule(null, admin(), plant.types.lab.id)).statusCode).toBe(200);
  });

  it('calls any truck without a reason again once the line is back to first come, first served', async () => {
    const socket = await staffSocket(url, { session: caller(), apiKey: t.config.apiKey });
    expect((await setRule(null)).statusCode).toBe(200);
    const card = await standardCard();
    expect(card.order_rule).toBeNull();
    const lineNow = waiting(card);
    const last = card.queue_number.find((q) => q.queue_number === lineNow.at(-1))!;
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, last._id, plant.stations.standardCall.id),
    ).toEqual({
      status: 1,
    });
    // Still recorded as passing over the first in line, without a reason.
    const [audit] = await t.db
      .select()
      .from(queueTransitions)
      .where(and(eq(queueTransitions.queueId, last._id), eq(queueTransitions.action, 'call')));
    expect(audit!.passedQueueId).not.toBeNull();
    expect(audit!.reasonId).toBeNull();
  });
});

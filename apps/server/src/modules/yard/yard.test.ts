import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCardInProcess, getQueueByFlow } from '@truck-queue/shared/contracts/queue.contract';
import {
  queueInformation,
  type PublicLineUpdate,
  type PublicQueue,
} from '@truck-queue/shared/contracts/public-queue.contract';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import {
  queueHistory,
  saveReason,
  saveYardSettings,
  yardRules,
  yardSettings,
} from '@truck-queue/shared/contracts/yard.contract';
import { RECALL_GUARD_MS } from '@truck-queue/shared/queue/decide';
import { DEFAULT_REASONS } from '@truck-queue/shared/queue/yard-rules';
import { queues, queueTransitions } from '../../db/schema.ts';
import { siteDate } from '../../lib/site-time.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addQueueType, createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, next, publicSocket, staffSocket } from '../../test/sockets.ts';

/** The yard's everyday moves end to end: reasons, no-show, transfer, void, history. */

let t: TestContext;
let url: string;
let plant: Plant;
let other: Plant;
/** A second lab-flow queue type (ส่งอ้อย, prefix D): where a wrongly chosen lab ticket moves. */
let sugar: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  sugar = await addQueueType(t, plant, 'ส่งอ้อย', 'D', plant.products.cassava.id);
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const caller = () => plant.officers.caller.session;
const admin = () => plant.officers.admin.session;
const today = () => siteDate(t.clock.now(), t.config.siteTimeZone);
const rowOf = async (id: number) => (await t.db.select().from(queues).where(eq(queues.id, id)))[0]!;

async function socketOf(session: string, branchId = plant.branch.id) {
  const socket = await staffSocket(url, { session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', branchId, 'System')).toEqual({ status: 1 });
  return socket;
}

/** A lab ticket whose result is out (LF): ready to be called, sent to recheck or rejected. */
async function labResultOut(license: string) {
  const ticket = await issueTicket(t, plant, 'lab', license);
  const lab = plant.officers.lab.session;
  for (const path of ['process/example/accept', 'process/example/completed']) {
    const answer = await t.post(path, { queue_number: ticket.queue_number }, { session: lab });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return ticket;
}

async function reasonId(kind: 'recheck' | 'reject' | 'void', session = caller()) {
  const rules = await t.call(yardRules, {}, session);
  return rules.reasons.find((r) => r.kind === kind)!.id;
}

async function driverPage(uuid: string) {
  const answer = await t.post(queueInformation.path, { queue_number_id: uuid });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ queue: PublicQueue }>();
}

async function card(license: string) {
  const answer = await t.call(getCardInProcess, { find_total_day: 1 }, admin());
  return answer.card.flatMap((c) => c.queue_number).find((q) => q.truck_license === license);
}

describe('reason lists', () => {
  it("starts each branch with the Thai defaults, and keeps one branch's list from another", async () => {
    const rules = await t.call(yardRules, {}, caller());
    expect(rules.reasons.filter((r) => r.kind === 'reject').map((r) => r.name)).toEqual(
      DEFAULT_REASONS.reject,
    );
    expect(rules.reasons.filter((r) => r.kind === 'recheck').map((r) => r.name)).toContain('ความชื้นสูง');
    expect(rules.settings).toEqual({
      day_start_minutes: 0,
      calendar: 'BE',
      calendar_all_languages: false,
      language: '',
      remember_default: false,
      mask_plates: true,
      no_show_after_recalls: 3,
      no_show_policy: 'requeue',
      prefer_browser_voice: false,
      season_start: '11-01',
      season_finish: '04-30',
      province: null,
    });
    const theirs = await t.call(yardRules, {}, other.officers.caller.session);
    const mine = new Set(rules.reasons.map((r) => r.id));
    expect(theirs.reasons.some((r) => mine.has(r.id))).toBe(false);
  });

  it('lets an admin add, rename and retire reasons; a retired one is no longer offered', async () => {
    const added = await t.call(saveReason, { kind: 'reject', name: 'มีดินปน', active: true, sort: 5 }, admin());
    expect(added.reason).toMatchObject({ kind: 'reject', name: 'มีดินปน', active: true });
    expect((await t.call(yardRules, {}, caller())).reasons.find((r) => r.kind === 'reject')!.name).toBe(
      'มีดินปน',
    );
    await t.call(
      saveReason,
      { id: added.reason.id, kind: 'reject', name: 'มีดินปน', active: false, sort: 5 },
      admin(),
    );
    expect((await t.call(yardRules, {}, caller())).reasons.map((r) => r.id)).not.toContain(added.reason.id);
    expect(
      (await t.call(yardSettings, {}, admin())).reasons.find((r) => r.id === added.reason.id)!.active,
    ).toBe(false);
    const duplicate = await t.post(
      saveReason.path,
      { kind: 'reject', name: 'มีดินปน', active: true, sort: 1 },
      { session: admin() },
    );
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', reason: 'NAME_TAKEN' });
    const foreign = await t.post(
      saveReason.path,
      { id: added.reason.id, kind: 'reject', name: 'x', active: true, sort: 1 },
      { session: other.officers.admin.session },
    );
    expect(foreign.statusCode).toBe(404);
    const byCaller = await t.post(
      saveReason.path,
      { kind: 'reject', name: 'y', active: true, sort: 1 },
      { session: caller() },
    );
    expect(byCaller.statusCode).toBe(403);
    const formula = await t.post(
      saveReason.path,
      { kind: 'reject', name: '=1+1', active: true, sort: 1 },
      { session: admin() },
    );
    expect(formula.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('recheck and reject with a reason', () => {
  it('keep the reason and note on the ticket, the card, the report by flow, the driver page and the in/out report', async () => {
    const socket = await socketOf(caller());
    const ticket = await labResultOut('RS 1');
    const recheck = await reasonId('recheck');
    const refreshed = next(socket, 'refreshUI');
    expect(
      await emitAck(socket, 'doRecheck', plant.branch.id, ticket.id, plant.stations.recheck.id, {
        reason_id: recheck,
        note: 'ตัวอย่างเปียก',
      }),
    ).toEqual({ status: 1 });
    await refreshed;
    expect(await card('RS 1')).toMatchObject({
      queue_state: 'RC',
      reason_name: 'ความชื้นสูง',
      reason_note: 'ตัวอย่างเปียก',
    });

    const reject = await reasonId('reject');
    expect(await emitAck(socket, 'doReject', plant.branch.id, ticket.id, { reason_id: reject })).toEqual({
      status: 1,
    });
    const row = await rowOf(ticket.id);
    expect(row).toMatchObject({ state: 'RJ', reasonId: reject, reasonNote: null });
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, ticket.id));
    expect(audit.map((a) => [a.action, a.reasonId, a.note])).toEqual([
      ['issue', null, null],
      ['accept', null, null],
      ['complete', null, null],
      ['recheck', recheck, 'ตัวอย่างเปียก'],
      ['reject', reject, null],
    ]);

    const flow = await t.call(getQueueByFlow, { uuid: await flowUuid() }, caller());
    expect(flow.queue.find((q) => q.uuid === ticket.uuid)).toMatchObject({ reason_name: expect.any(String) });
    const driver = await driverPage(ticket.uuid);
    expect(driver.queue.reason_name).toBe(
      (await t.call(yardRules, {}, caller())).reasons.find((r) => r.id === reject)!.name,
    );
    const report = await t.call(
      reportContracts.inOutTransaction,
      { find_start: today(), find_finish: today() },
      admin(),
    );
    expect(report.rows.find((r) => r.uuid === ticket.uuid)).toMatchObject({
      queue_state: 'RJ',
      reason_note: null,
    });
  });

  it("refuses a reason that is not in the branch's list of that kind, and changes nothing", async () => {
    const socket = await socketOf(caller());
    const ticket = await labResultOut('RS 2');
    const recheck = await reasonId('recheck');
    const theirs = await reasonId('reject', other.officers.caller.session);
    expect(
      await emitAck(socket, 'doReject', plant.branch.id, ticket.id, { reason_id: recheck }),
    ).toMatchObject({
      status: 0,
      code: 'NOT_FOUND',
    });
    expect(
      await emitAck(socket, 'doReject', plant.branch.id, ticket.id, { reason_id: theirs }),
    ).toMatchObject({
      status: 0,
      code: 'NOT_FOUND',
    });
    expect((await rowOf(ticket.id)).state).toBe('LF');
  });
});

describe('reasons per queue type', () => {
  it('narrows a reason to chosen queue types: offered with them, refused for a truck of another type', async () => {
    const socket = await socketOf(caller());
    const ticket = await labResultOut('RS 3');
    // A reject reason for sugar cane loads only.
    const added = await t.call(
      saveReason,
      { kind: 'reject', name: 'อ้อยไฟไหม้', active: true, sort: 1, queue_type_ids: [sugar.id] },
      admin(),
    );
    expect(added.reason.queue_type_ids).toEqual([sugar.id]);
    const offered = (await t.call(yardRules, {}, caller())).reasons.find((r) => r.id === added.reason.id);
    expect(offered?.queue_type_ids).toEqual([sugar.id]);
    // The branch's other reasons still apply to every queue type.
    expect(
      (await t.call(yardSettings, {}, admin())).reasons.find((r) => r.name === 'ความชื้นสูง'),
    ).toMatchObject({ queue_type_ids: [] });

    // A cassava truck cannot be rejected for it, and nothing changes.
    expect(
      await emitAck(socket, 'doReject', plant.branch.id, ticket.id, { reason_id: added.reason.id }),
    ).toMatchObject({ status: 0, code: 'CONFLICT', reason: 'REASON_NOT_FOR_QUEUE_TYPE' });
    expect((await rowOf(ticket.id)).state).toBe('LF');

    // Extended to cassava too (a rename without queue types keeps them), it goes through.
    await t.call(
      saveReason,
      { id: added.reason.id, kind: 'reject', name: 'อ้อย/มันไฟไหม้', active: true, sort: 1 },
      admin(),
    );
    const extended = await t.call(
      saveReason,
      {
        id: added.reason.id,
        kind: 'reject',
        name: 'อ้อย/มันไฟไหม้',
        active: true,
        sort: 1,
        queue_type_ids: [plant.types.lab.id, sugar.id],
      },
      admin(),
    );
    expect([...extended.reason.queue_type_ids].sort()).toEqual([plant.types.lab.id, sugar.id].sort());
    expect(
      await emitAck(socket, 'doReject', plant.branch.id, ticket.id, { reason_id: added.reason.id }),
    ).toEqual({ status: 1 });
    expect(await rowOf(ticket.id)).toMatchObject({ state: 'RJ', reasonId: added.reason.id });

    // Back to every queue type with an empty list.
    const all = await t.call(
      saveReason,
      { id: added.reason.id, kind: 'reject', name: 'อ้อย/มันไฟไหม้', active: true, sort: 1, queue_type_ids: [] },
      admin(),
    );
    expect(all.reason.queue_type_ids).toEqual([]);
  });

  it("refuses another branch's queue type, and changes nothing", async () => {
    const refused = await t.post(
      saveReason.path,
      { kind: 'void', name: 'ผิดสาขา', active: true, sort: 1, queue_type_ids: [other.types.lab.id] },
      { session: admin() },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await t.call(yardSettings, {}, admin())).reasons.map((r) => r.name)).not.toContain('ผิดสาขา');
  });
});

async function flowUuid() {
  const answer = await t.call(getCardInProcess, { find_total_day: 1 }, caller());
  return answer.card.find((c) => c._id === plant.types.lab.id)!.flow_engine_uuid;
}

describe('no-show', () => {
  async function calledTimes(socket: Awaited<ReturnType<typeof socketOf>>, id: number, times: number) {
    for (let i = 0; i < times; i++) {
      t.clock.advance(RECALL_GUARD_MS);
      expect(await emitAck(socket, 'doCalling', plant.branch.id, id, plant.stations.labCall.id)).toEqual({
        status: 1,
      });
    }
  }

  it('is refused before the third recall, then sends the truck to the end of its line', async () => {
    const socket = await socketOf(caller());
    const first = await labResultOut('NS 1');
    const behind = await labResultOut('NS 2');
    await calledTimes(socket, first.id, 3); // the call and two recalls
    expect(await emitAck(socket, 'doNoShow', plant.branch.id, first.id)).toMatchObject({
      status: 0,
      code: 'CONFLICT',
      reason: 'NOT_ENOUGH_RECALLS',
    });
    await calledTimes(socket, first.id, 1);
    expect((await card('NS 1'))!.recall_count).toBe(3);
    expect(await emitAck(socket, 'doNoShow', plant.branch.id, first.id)).toEqual({ status: 1 });
    expect(await rowOf(first.id)).toMatchObject({ state: 'LF', recallCount: 0, stationId: null });
    // Back in the waiting line, behind the truck that was issued after it.
    const line = (await t.call(getCardInProcess, { find_total_day: 1 }, caller())).card
      .find((c) => c._id === plant.types.lab.id)!
      .queue_number.map((q) => q.truck_license);
    expect(line.indexOf('NS 2')).toBeLessThan(line.indexOf('NS 1'));
    const driver = await driverPage(first.uuid);
    expect(driver.queue.ahead).toBeGreaterThanOrEqual(1);
    const audit = await t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, first.id));
    expect(audit.at(-1)).toMatchObject({ action: 'no_show', fromState: 'C', toState: 'LF' });
    void behind;
  });

  it("cancels the ticket when that is the branch's rule: off the lists, the licence free, counted apart", async () => {
    await t.call(saveYardSettings, { no_show_after_recalls: 1, no_show_policy: 'cancel' }, admin());
    const socket = await socketOf(caller());
    const ticket = await labResultOut('NS 3');
    await calledTimes(socket, ticket.id, 2);
    expect(await emitAck(socket, 'doNoShow', plant.branch.id, ticket.id)).toEqual({ status: 1 });
    expect((await rowOf(ticket.id)).state).toBe('NS');
    expect(await card('NS 3')).toBeUndefined();
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.labCall.id),
    ).toMatchObject({
      reason: 'TICKET_CANCELLED',
    });
    // The truck may take a new ticket.
    const again = await issueTicket(t, plant, 'lab', 'NS 3');
    expect(again.queue_number).not.toBe(ticket.queue_number);
    const dashboard = await t.call(
      reportContracts.periodDashboardByQueueType,
      { find_start: today(), find_finish: today() },
      admin(),
    );
    expect(dashboard.dataOverall.no_show).toBe(1);
    await t.call(saveYardSettings, { no_show_after_recalls: 3, no_show_policy: 'requeue' }, admin());
  });

  it('refuses settings out of range', async () => {
    for (const body of [
      { no_show_after_recalls: 0, no_show_policy: 'cancel' },
      { no_show_after_recalls: 21, no_show_policy: 'cancel' },
      { no_show_after_recalls: 3, no_show_policy: 'drop' },
    ]) {
      const answer = await t.post(saveYardSettings.path, body, { session: admin() });
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('transfer', () => {
  it('moves a waiting ticket to another type of its flow: a new number, the old one kept, the same uuid', async () => {
    const socket = await socketOf(caller());
    const ticket = await issueTicket(t, plant, 'lab', 'TR 1');
    expect(await emitAck(socket, 'doTransfer', plant.branch.id, ticket.id, sugar.id)).toEqual({ status: 1 });
    const row = await rowOf(ticket.id);
    expect(row).toMatchObject({
      branchQueueTypeId: sugar.id,
      previousNumber: ticket.queue_number,
      state: 'QS',
    });
    expect(row.queueNumber).toMatch(/^D\d{3}$/);
    const driver = await driverPage(ticket.uuid);
    expect(driver.queue).toMatchObject({
      queue_number: row.queueNumber,
      previous_number: ticket.queue_number,
    });
    const history = await t.call(queueHistory, { uuid: ticket.uuid }, caller());
    expect(history.history.at(-1)).toMatchObject({
      action: 'transfer',
      from_number: ticket.queue_number,
      to_number: row.queueNumber,
      officer_name: expect.any(String),
    });
  });

  it("keeps the driver's page live: it is told of the move, then follows its new line", async () => {
    const socket = await socketOf(caller());
    // A truck that will stand ahead of it in the new line, then leave that line.
    const before = await issueTicket(t, plant, 'lab', 'TR 5');
    expect(await emitAck(socket, 'doTransfer', plant.branch.id, before.id, sugar.id)).toEqual({ status: 1 });
    const ticket = await issueTicket(t, plant, 'lab', 'TR 3');
    const page = await publicSocket(url, ticket.uuid);
    const moved = next<PublicQueue>(page, 'ticket');
    expect(await emitAck(socket, 'doTransfer', plant.branch.id, ticket.id, sugar.id)).toEqual({ status: 1 });
    // Its own change: the page is sent its whole answer, the new number and the old one.
    const told = await moved;
    expect(told).toMatchObject({
      uuid: ticket.uuid,
      previous_number: ticket.queue_number,
      queue_state: 'QS',
    });
    expect(told).not.toHaveProperty('branchId');
    expect(told.ahead).toBeGreaterThan(0);
    // The truck ahead goes back to the lab's line: the page is sent its new place in the sugar line.
    const place = next<PublicLineUpdate>(page, 'line');
    const sugarCaller = await socketOf(admin());
    expect(await emitAck(sugarCaller, 'doTransfer', plant.branch.id, before.id, plant.types.lab.id)).toEqual({
      status: 1,
    });
    expect(await place).toEqual({
      queue_state: 'QS',
      ahead: told.ahead! - 1,
      expected_wait: told.expected_wait,
      station_name: null,
      line_hold: null,
    });
  });

  it('refuses another flow, the same type, a ticket no longer waiting, and a type of another branch', async () => {
    const socket = await socketOf(caller());
    const ticket = await labResultOut('TR 2');
    const refusal = (typeId: number) => emitAck(socket, 'doTransfer', plant.branch.id, ticket.id, typeId);
    expect(await refusal(plant.types.standard.id)).toMatchObject({ reason: 'OTHER_FLOW' });
    expect(await refusal(plant.types.lab.id)).toMatchObject({ reason: 'SAME_QUEUE_TYPE' });
    expect(await refusal(other.types.lab.id)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.labCall.id)).toEqual(
      { status: 1 },
    );
    expect(await refusal(sugar.id)).toMatchObject({ reason: 'NOT_WAITING' });
  });
});

describe('void', () => {
  it('is for admins only; a voided ticket leaves every list and counts apart', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'VD 1');
    const reason = await reasonId('void', admin());
    const employee = await socketOf(caller());
    expect(
      await emitAck(employee, 'doVoid', plant.branch.id, ticket.id, { reason_id: reason }),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    const boss = await socketOf(admin());
    expect(
      await emitAck(boss, 'doVoid', plant.branch.id, ticket.id, { reason_id: reason, note: 'กดผิด' }),
    ).toEqual({
      status: 1,
    });
    expect(await rowOf(ticket.id)).toMatchObject({ state: 'V', reasonId: reason, reasonNote: 'กดผิด' });
    expect(await card('VD 1')).toBeUndefined();
    const report = await t.call(
      reportContracts.inOutTransaction,
      { find_start: today(), find_finish: today() },
      admin(),
    );
    expect(report.rows.map((r) => r.uuid)).not.toContain(ticket.uuid);
    expect(report.voided).toBe(1);
    const dashboard = await t.call(
      reportContracts.periodDashboardByQueueType,
      { find_start: today(), find_finish: today() },
      admin(),
    );
    expect(dashboard.dataOverall.voided).toBe(1);
    const summary = await t.post(
      'report/summary',
      { find_start: today(), find_finish: today() },
      { session: admin() },
    );
    if (summary.statusCode === 200) expect(JSON.stringify(summary.json())).not.toContain(ticket.uuid);
    expect(await emitAck(boss, 'doVoid', plant.branch.id, ticket.id, { reason_id: reason })).toMatchObject({
      reason: 'TICKET_VOIDED',
    });
    expect(await emitAck(boss, 'doVoid', plant.branch.id, ticket.id)).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    // The truck may take a new ticket.
    await issueTicket(t, plant, 'standard', 'VD 1');
  });
});

describe('history', () => {
  it('lists every transition with who, when, station, reason and note; only in the branch', async () => {
    const socket = await socketOf(caller());
    const ticket = await labResultOut('HI 1');
    const recheck = await reasonId('recheck');
    await emitAck(socket, 'doRecheck', plant.branch.id, ticket.id, plant.stations.recheck.id, {
      reason_id: recheck,
      note: 'ขอตรวจอีกครั้ง',
    });
    const answer = await t.call(queueHistory, { uuid: ticket.uuid }, plant.officers.security.session);
    expect(answer.queue).toMatchObject({
      queue_number: ticket.queue_number,
      queue_state: 'RC',
      previous_number: null,
    });
    expect(answer.history.map((h) => [h.action, h.from_state, h.to_state])).toEqual([
      ['issue', null, 'QS'],
      ['accept', 'QS', 'LS'],
      ['complete', 'LS', 'LF'],
      ['recheck', 'LF', 'RC'],
    ]);
    expect(answer.history[3]).toMatchObject({
      station_name: plant.stations.recheck.name,
      reason_name: 'ความชื้นสูง',
      note: 'ขอตรวจอีกครั้ง',
      officer_name: expect.any(String),
    });
    const foreign = await t.post(
      queueHistory.path,
      { uuid: ticket.uuid },
      { session: other.officers.admin.session },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

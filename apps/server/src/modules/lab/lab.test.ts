import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { branchQT } from '@truck-queue/shared/contracts/catalog.contract';
import type { LabMeasureWire } from '@truck-queue/shared/contracts/lab.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { getAcceptToday } from '@truck-queue/shared/contracts/station-work.contract';
import { queueHistory, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { queueLabValues, queues } from '../../db/schema.ts';
import { siteDate } from '../../lib/site-time.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/** Lab measurements per queue type: defined by the admin, recorded at checkout, shown on cards and reports. */

let t: TestContext;
let plant: Plant;
let other: Plant;
let starch: LabMeasureWire;
let moisture: LabMeasureWire;
let dirt: LabMeasureWire;
let lowStarchReason: number;
let wetReason: number;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
  const { reasons } = await t.call(yardSettings, {}, plant.officers.admin.session);
  lowStarchReason = reasons.find((r) => r.kind === 'recheck' && r.name === 'แป้งต่ำกว่าเกณฑ์')!.id;
  wetReason = reasons.find((r) => r.kind === 'reject' && r.name === 'ความชื้นสูง')!.id;
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const measure = (body: Record<string, unknown>, session = admin()) =>
  t.post('defineQueue/saveLabMeasure', body, { session });
const definition = (patch: Record<string, unknown> = {}) => ({
  branch_queue_type_id: plant.types.lab.id,
  name: 'แป้ง',
  unit: '%',
  decimals: 1,
  min: 0,
  max: 40,
  pass_min: 18,
  pass_max: null,
  on_fail: 'recheck',
  fail_reason_id: null,
  deduct_above: null,
  sort: 1,
  active: true,
  ...patch,
});
const lab = (path: 'accept' | 'completed' | 'correct', body: Record<string, unknown>) =>
  t.post(`process/example/${path}`, body, { session: plant.officers.lab.session });
const rowOf = async (id: number) => (await t.db.select().from(queues).where(eq(queues.id, id)))[0]!;
const storedValues = (id: number) => t.db.select().from(queueLabValues).where(eq(queueLabValues.queueId, id));

/** A lab-flow truck whose sample the lab has taken. */
async function sampled(licence: string) {
  const ticket = await issueTicket(t, plant, 'lab', licence);
  expect((await lab('accept', { uuid: ticket.uuid })).statusCode).toBe(200);
  return ticket;
}

describe('defining measurements', () => {
  it("adds a lab type's measurements, listed with the type in their order", async () => {
    const saved = await measure(definition({ fail_reason_id: lowStarchReason }));
    expect(saved.statusCode, saved.body).toBe(200);
    starch = saved.json().lab_measure;
    expect(starch).toMatchObject({
      name: 'แป้ง',
      pass_min: 18,
      pass_max: null,
      fail_reason_id: lowStarchReason,
    });
    moisture = (
      await measure(
        definition({
          name: 'ความชื้น',
          max: 100,
          pass_min: null,
          pass_max: 35,
          on_fail: 'reject',
          fail_reason_id: wetReason,
          sort: 2,
        }),
      )
    ).json().lab_measure;
    dirt = (
      await measure(
        definition({ name: 'ดิน', decimals: 2, max: 100, pass_min: null, deduct_above: 0, sort: 3 }),
      )
    ).json().lab_measure;
    const types = await t.call(branchQT, {}, admin());
    const labType = types.branchQT.find((q) => q.id === plant.types.lab.id)!;
    expect(labType.lab_measures.map((m) => m.name)).toEqual(['แป้ง', 'ความชื้น', 'ดิน']);
    expect(types.branchQT.find((q) => q.id === plant.types.standard.id)!.lab_measures).toEqual([]);
  });

  it.each([
    ['a range upside down', { min: 40, max: 0 }],
    ['a pass range outside the range', { pass_min: 50 }],
    ['a pass range upside down', { pass_min: 30, pass_max: 20 }],
    ['four decimals', { decimals: 4 }],
    ['no name', { name: '  ' }],
    ['an unknown way to fail', { on_fail: 'ignore' }],
    ['a deduction over 100 %', { deduct_above: 120 }],
  ])('refuses %s', async (_name, patch) => {
    const response = await measure(definition({ name: 'ทดสอบ', ...patch }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a type that skips the lab, a reason of the wrong kind, another branch, a name twice, and non-admins', async () => {
    expect(
      (await measure(definition({ name: 'x1', branch_queue_type_id: plant.types.standard.id }))).json(),
    ).toMatchObject({ reason: 'NOT_LAB_FLOW' });
    expect((await measure(definition({ name: 'x2', fail_reason_id: wetReason }))).statusCode).toBe(404);
    expect(
      (await measure(definition({ name: 'x3', branch_queue_type_id: other.types.lab.id }))).statusCode,
    ).toBe(404);
    expect((await measure(definition())).json()).toMatchObject({ reason: 'NAME_TAKEN' });
    expect((await measure(definition({ name: 'x4' }), plant.officers.lab.session)).statusCode).toBe(403);
    const names = (await t.call(branchQT, {}, admin())).branchQT
      .find((q) => q.id === plant.types.lab.id)!
      .lab_measures.map((m) => m.name);
    expect(names).toEqual(['แป้ง', 'ความชื้น', 'ดิน']);
  });
});

describe('checkout records the values', () => {
  it('refuses a checkout without every value, or with one out of range or with too many decimals', async () => {
    const ticket = await sampled('LAB V1');
    const cases: [string, unknown][] = [
      ['none', undefined],
      [
        'one missing',
        [
          { measure_id: starch.id, value: 20 },
          { measure_id: moisture.id, value: 30 },
        ],
      ],
      [
        'out of range',
        [
          { measure_id: starch.id, value: 45 },
          { measure_id: moisture.id, value: 30 },
          { measure_id: dirt.id, value: 2 },
        ],
      ],
      [
        'too many decimals',
        [
          { measure_id: starch.id, value: 20.25 },
          { measure_id: moisture.id, value: 30 },
          { measure_id: dirt.id, value: 2 },
        ],
      ],
      [
        'a measurement of another type',
        [
          { measure_id: starch.id, value: 20 },
          { measure_id: moisture.id, value: 30 },
          { measure_id: dirt.id, value: 2 },
          { measure_id: 999_999, value: 1 },
        ],
      ],
      [
        'a measurement twice',
        [
          { measure_id: starch.id, value: 20 },
          { measure_id: starch.id, value: 21 },
        ],
      ],
      ['not a number', [{ measure_id: starch.id, value: '20' }]],
    ];
    for (const [name, values] of cases) {
      const response = await lab('completed', {
        uuid: ticket.uuid,
        ...(values === undefined ? {} : { values }),
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const missing = await lab('completed', { uuid: ticket.uuid });
    expect(JSON.stringify(missing.json())).toContain('ดิน is missing');
    expect((await rowOf(ticket.id)).state).toBe('LS');
    expect(await storedValues(ticket.id)).toEqual([]);
  });

  it('keeps the values, says which pass, and what a low starch calls for: recheck with its reason', async () => {
    const ticket = await sampled('LAB V2');
    const done = await lab('completed', {
      uuid: ticket.uuid,
      values: [
        { measure_id: dirt.id, value: 2.35 },
        { measure_id: starch.id, value: 16.5 },
        { measure_id: moisture.id, value: 31 },
      ],
    });
    expect(done.statusCode, done.body).toBe(200);
    const record = done.json().queue;
    expect(record.queue_state).toBe('LF');
    expect(record.lab_values).toEqual([
      {
        measure_id: starch.id,
        name: 'แป้ง',
        unit: '%',
        decimals: 1,
        value: 16.5,
        passed: false,
        pass_range: '≥ 18.0',
        deduct_above: null,
      },
      {
        measure_id: moisture.id,
        name: 'ความชื้น',
        unit: '%',
        decimals: 1,
        value: 31,
        passed: true,
        pass_range: '≤ 35.0',
        deduct_above: null,
      },
      {
        measure_id: dirt.id,
        name: 'ดิน',
        unit: '%',
        decimals: 2,
        value: 2.35,
        passed: true,
        pass_range: null,
        deduct_above: 0,
      },
    ]);
    expect(record.lab_outcome).toEqual({ outcome: 'recheck', reason_id: lowStarchReason });
    expect((await storedValues(ticket.id)).map((v) => v.officerId)).toEqual([
      plant.officers.lab.id,
      plant.officers.lab.id,
      plant.officers.lab.id,
    ]);

    // The lab's list, and the caller's card, show the same.
    const today = await t.call(getAcceptToday, {}, plant.officers.lab.session);
    expect(today.queue.find((q) => q.uuid === ticket.uuid)!.lab_outcome).toEqual(record.lab_outcome);
    expect(today.lab_measures.map((m) => m.name)).toEqual(['แป้ง', 'ความชื้น', 'ดิน']);
    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session);
    const card = cards.card.flatMap((c) => c.queue_number).find((q) => q.uuid === ticket.uuid)!;
    expect(card.lab_values.map((v) => [v.name, v.value, v.passed])).toEqual([
      ['แป้ง', 16.5, false],
      ['ความชื้น', 31, true],
      ['ดิน', 2.35, true],
    ]);
    expect(card.lab_outcome).toEqual({ outcome: 'recheck', reason_id: lowStarchReason });

    // And the in/out report.
    const day = siteDate(t.clock.now(), 'Asia/Bangkok');
    const report = await t.call(
      reportContracts.inOutTransaction,
      { find_start: day, find_finish: day, find_license: 'LAB V2' },
      admin(),
    );
    expect(report.rows[0]!.lab_values.map((v) => v.value)).toEqual([16.5, 31, 2.35]);
  });

  it('calls for reject when a measurement that rejects fails, whatever else fails', async () => {
    const ticket = await sampled('LAB V3');
    const done = await lab('completed', {
      uuid: ticket.uuid,
      values: [
        { measure_id: starch.id, value: 12 },
        { measure_id: moisture.id, value: 41.5 },
        { measure_id: dirt.id, value: 0 },
      ],
    });
    expect(done.json().queue.lab_outcome).toEqual({ outcome: 'reject', reason_id: wetReason });
  });

  it('passes when every value is within its pass range', async () => {
    const ticket = await sampled('LAB V4');
    const done = await lab('completed', {
      uuid: ticket.uuid,
      values: [
        { measure_id: starch.id, value: 18 },
        { measure_id: moisture.id, value: 35 },
        { measure_id: dirt.id, value: 5 },
      ],
    });
    expect(done.json().queue.lab_outcome).toEqual({ outcome: 'pass', reason_id: null });
  });

  it('a recheck takes a new sample: sample 2 replaces sample 1 for the decision and the slip, both stay in the history', async () => {
    const ticket = await sampled('LAB R1');
    const values = (starchValue: number) => [
      { measure_id: starch.id, value: starchValue },
      { measure_id: moisture.id, value: 31 },
      { measure_id: dirt.id, value: 1 },
    ];
    const first = (await lab('completed', { uuid: ticket.uuid, values: values(16.5) })).json().queue;
    expect(first).toMatchObject({ lab_sample: 1, lab_outcome: { outcome: 'recheck' } });

    // The caller sends it to recheck; the lab scans it again: a new sample, not "already taken".
    const socket = await staffSocket(await listen(t), {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    expect(
      await emitAck(socket, 'doRecheck', plant.branch.id, ticket.id, plant.stations.recheck.id, {
        reason_id: lowStarchReason,
      }),
    ).toEqual({ status: 1 });
    const again = await lab('accept', { uuid: ticket.uuid });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().queue).toMatchObject({ queue_state: 'LS', stamp_lab_finish: null });
    // While sample 2 is in the lab, sample 1's result cannot be corrected any more.
    expect(
      (await lab('correct', { uuid: ticket.uuid, values: values(17), note: 'ผิด' })).json(),
    ).toMatchObject({ code: 'CONFLICT', reason: 'RESULT_NOT_OUT' });

    const second = (await lab('completed', { uuid: ticket.uuid, values: values(19.2) })).json().queue;
    expect(second).toMatchObject({ queue_state: 'LF', lab_sample: 2, lab_outcome: { outcome: 'pass' } });
    expect((await storedValues(ticket.id)).map((v) => [v.sample, v.value]).sort()).toEqual([
      [2, 1],
      [2, 19.2],
      [2, 31],
    ]);
    // The caller's card decides on sample 2.
    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session);
    const card = cards.card.flatMap((c) => c.queue_number).find((q) => q.uuid === ticket.uuid)!;
    expect(card.lab_outcome).toEqual({ outcome: 'pass', reason_id: null });
    expect(card.lab_values[0]!.value).toBe(19.2);

    const { history } = await t.call(queueHistory, { uuid: ticket.uuid }, admin());
    expect(
      history.filter((h) => h.lab).map((h) => [h.action, h.lab!.sample, h.lab!.values[0]!.value]),
    ).toEqual([
      ['complete', 1, 16.5],
      ['complete', 2, 19.2],
    ]);
    expect(history.map((h) => h.action)).toEqual([
      'issue',
      'accept',
      'complete',
      'recheck',
      'accept',
      'complete',
    ]);
  });

  it('the lab corrects a result saved by mistake, with its reason, until the truck is called', async () => {
    const ticket = await sampled('LAB R2');
    const values = (starchValue: number) => [
      { measure_id: starch.id, value: starchValue },
      { measure_id: moisture.id, value: 31 },
      { measure_id: dirt.id, value: 1 },
    ];
    const typo = (await lab('completed', { uuid: ticket.uuid, values: values(1.9) })).json().queue;
    expect(typo).toMatchObject({ lab_correctable: true, lab_outcome: { outcome: 'recheck' } });

    // A reason is required, the values are checked as at checkout, and one must change.
    expect((await lab('correct', { uuid: ticket.uuid, values: values(19) })).statusCode).toBe(400);
    expect((await lab('correct', { uuid: ticket.uuid, values: values(19), note: ' ' })).statusCode).toBe(400);
    expect(
      (await lab('correct', { uuid: ticket.uuid, values: values(99), note: 'พิมพ์ผิด' })).json(),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    const same = await lab('correct', { uuid: ticket.uuid, values: values(1.9), note: 'พิมพ์ผิด' });
    expect(same.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(same.json())).toContain('change at least one value');
    // Another branch's lab cannot reach it; a caller may not correct.
    expect(
      (
        await t.post(
          'process/example/correct',
          { uuid: ticket.uuid, values: values(19), note: 'x' },
          { session: other.officers.lab.session },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(
          'process/example/correct',
          { uuid: ticket.uuid, values: values(19), note: 'x' },
          { session: plant.officers.caller.session },
        )
      ).statusCode,
    ).toBe(403);

    const fixed = await lab('correct', { uuid: ticket.uuid, values: values(19), note: 'พิมพ์ 1.9 แทน 19' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().queue).toMatchObject({
      queue_state: 'LF',
      lab_sample: 1,
      lab_outcome: { outcome: 'pass' },
      lab_correctable: true,
    });
    const { history } = await t.call(queueHistory, { uuid: ticket.uuid }, admin());
    const correction = history.find((h) => h.action === 'lab_correct')!;
    expect(correction).toMatchObject({
      officer_name: expect.any(String),
      note: 'พิมพ์ 1.9 แทน 19',
      to_state: 'LF',
      lab: { sample: 1 },
    });
    expect(correction.lab!.values.map((v) => [v.name, v.before, v.value])).toEqual([
      ['แป้ง', 1.9, 19],
      ['ความชื้น', 31, 31],
      ['ดิน', 1, 1],
    ]);
    // The first record stays as it was saved.
    expect(history.find((h) => h.action === 'complete')!.lab!.values[0]!.value).toBe(1.9);

    // Once called, the result is what the decision was made on: no more corrections.
    const socket = await staffSocket(await listen(t), {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    expect(await emitAck(socket, 'doCalling', plant.branch.id, ticket.id, plant.stations.labCall.id)).toEqual(
      {
        status: 1,
      },
    );
    const locked = await lab('correct', { uuid: ticket.uuid, values: values(20), note: 'อีกครั้ง' });
    expect(locked.json()).toMatchObject({ code: 'CONFLICT', reason: 'RESULT_LOCKED' });
    expect((await storedValues(ticket.id)).find((v) => v.measureId === starch.id)!.value).toBe(19);
    const today = await t.call(getAcceptToday, {}, plant.officers.lab.session);
    expect(today.queue.find((q) => q.uuid === ticket.uuid)!.lab_correctable).toBe(false);
  });

  it('a double click on the checkout is the checkout just saved; other values are refused as already out', async () => {
    const ticket = await sampled('LAB R3');
    const values = [
      { measure_id: starch.id, value: 20 },
      { measure_id: moisture.id, value: 30 },
      { measure_id: dirt.id, value: 1 },
    ];
    expect((await lab('completed', { uuid: ticket.uuid, values })).statusCode).toBe(200);
    const twice = await lab('completed', { uuid: ticket.uuid, values });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().queue).toMatchObject({ queue_state: 'LF', lab_sample: 1 });
    const other = await lab('completed', {
      uuid: ticket.uuid,
      values: [{ ...values[0]!, value: 21 }, ...values.slice(1)],
    });
    expect(other.json()).toMatchObject({ code: 'CONFLICT', reason: 'RESULT_ALREADY_OUT' });
    const { history } = await t.call(queueHistory, { uuid: ticket.uuid }, admin());
    expect(history.filter((h) => h.action === 'complete')).toHaveLength(1);
  });

  it('no longer asks for a retired measurement, and a type that measures nothing takes no values', async () => {
    expect((await measure({ ...definition({ ...dirt, id: dirt.id }), active: false })).statusCode).toBe(200);
    const ticket = await sampled('LAB V5');
    const done = await lab('completed', {
      uuid: ticket.uuid,
      values: [
        { measure_id: starch.id, value: 20 },
        { measure_id: moisture.id, value: 30 },
      ],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().queue.lab_values.map((v: { name: string }) => v.name)).toEqual(['แป้ง', 'ความชื้น']);

    const plain = await issueTicket(t, other, 'lab', 'LAB V6');
    const otherLab = (body: Record<string, unknown>) =>
      t.post('process/example/completed', body, { session: other.officers.lab.session });
    await t.post('process/example/accept', { uuid: plain.uuid }, { session: other.officers.lab.session });
    expect(
      (await otherLab({ uuid: plain.uuid, values: [{ measure_id: starch.id, value: 20 }] })).statusCode,
    ).toBe(400);
    const checkedOut = await otherLab({ uuid: plain.uuid });
    expect(checkedOut.statusCode).toBe(200);
    expect(checkedOut.json().queue).toMatchObject({ lab_values: [], lab_outcome: null });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { siteDate } from '../../lib/site-time.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

/** The receiving slip on the driver's page: weighings, totals, lab values, deductions, paid weight. */

let t: TestContext;
let plant: Plant;
let starch: number;
let dirt: number;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  const measure = async (patch: Record<string, unknown>) =>
    (
      await t.post(
        'defineQueue/saveLabMeasure',
        {
          branch_queue_type_id: plant.types.lab.id,
          unit: '%',
          decimals: 1,
          min: 0,
          max: 100,
          pass_min: null,
          pass_max: null,
          on_fail: 'recheck',
          fail_reason_id: null,
          deduct_above: null,
          sort: 1,
          active: true,
          ...patch,
        },
        { session: plant.officers.admin.session },
      )
    ).json<{ lab_measure: { id: number } }>().lab_measure.id;
  starch = await measure({ name: 'แป้ง', pass_min: 18 });
  dirt = await measure({ name: 'ดิน', decimals: 2, deduct_above: 0, sort: 2 });
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const slipOf = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{
    queue: { slip: SlipWire | null };
  }>().queue.slip;
const weigh = (direction: 'In' | 'Out', uuid: string, weight: number) =>
  // Weighed out without its call: the order of the steps is decide.test.ts's, not this file's.
  t.post(
    `process/weighing/weigh${direction}`,
    { uuid, weight, reason: 'ตาชั่งขัดข้อง', ...(direction === 'Out' ? { confirm_out_of_order: true } : {}) },
    { session: admin() },
  );

describe('the receiving slip', () => {
  it('is there once the truck is weighed out, with its arithmetic: net less the dirt deducted', async () => {
    const ticket = await issueTicket(t, plant, 'lab', 'SLIP 1');
    const lab = { session: plant.officers.lab.session };
    await t.post('process/example/accept', { uuid: ticket.uuid }, lab);
    await t.post(
      'process/example/completed',
      {
        uuid: ticket.uuid,
        values: [
          { measure_id: starch, value: 24.5 },
          { measure_id: dirt, value: 2.4 },
        ],
      },
      lab,
    );
    expect((await weigh('In', ticket.uuid, 41_250)).statusCode).toBe(200);
    expect(await slipOf(ticket.uuid)).toBeNull();
    expect((await weigh('Out', ticket.uuid, 12_000.5)).statusCode).toBe(200);

    const slip = (await slipOf(ticket.uuid))!;
    expect(slip).toMatchObject({
      weigh_in: { kg: 41_250, source: 'manual', scale: null, reason: 'ตาชั่งขัดข้อง' },
      weigh_out: { kg: 12_000.5, source: 'manual' },
      gross_kg: 41_250,
      tare_kg: 12_000.5,
      net_kg: 29_249.5,
      // 2.40 % of 29,249.5 kg.
      deductions: [{ name: 'ดิน', percent: 2.4, decimals: 2, kg: 702 }],
      deducted_kg: 702,
      paid_kg: 28_547.5,
    });
    expect(slip.weigh_in.at).toMatch(/^\d\d\/\d\d\/25\d\d \d\d:\d\d$/);
    expect(slip.lab_values.map((v) => [v.name, v.value, v.passed])).toEqual([
      ['แป้ง', 24.5, true],
      ['ดิน', 2.4, true],
    ]);

    // The summary report pays by the same slip: its row, and the day's and the period's totals.
    const day = siteDate(t.clock.now(), t.config.siteTimeZone);
    const period = { find_start: day, find_finish: day, find_license: 'SLIP 1' };
    const admin = plant.officers.admin.session;
    const { rows } = await t.call(reportContracts.summaryReport, period, admin);
    expect(rows[0]).toMatchObject({ net_weight: 29_249.5, deducted_weight: 702, paid_weight: 28_547.5 });
    const totals = await t.call(reportContracts.summaryTotals, period, admin);
    const expected = { trucks: 1, weighed: 1, net_kg: 29_249.5, deducted_kg: 702, paid_kg: 28_547.5 };
    expect(totals.period).toMatchObject(expected);
    expect(totals.days).toEqual([
      { day, ...expected, products: [{ product_name: rows[0]!.product_name, ...expected }] },
    ]);
  });

  it('pays the net when the type measures nothing it deducts', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'SLIP 2');
    await weigh('In', ticket.uuid, 12_000);
    await weigh('Out', ticket.uuid, 35_500);
    expect(await slipOf(ticket.uuid)).toMatchObject({
      gross_kg: 35_500,
      tare_kg: 12_000,
      net_kg: 23_500,
      lab_values: [],
      deductions: [],
      paid_kg: 23_500,
    });
  });
});

describe('disputes', () => {
  const dispute = (uuid: string, note: unknown) =>
    t.post('process/user/dispute', { queue_number_id: uuid, note });

  it('lets the driver dispute his slip once it exists, one open at a time, listed for admins and in the history', async () => {
    const ticket = await issueTicket(t, plant, 'standard', 'DISPUTE 1');
    await weigh('In', ticket.uuid, 40_000);
    // No slip yet: nothing to dispute.
    expect((await dispute(ticket.uuid, 'น้ำหนักไม่ตรง')).json()).toMatchObject({ reason: 'NO_SLIP' });
    await weigh('Out', ticket.uuid, 12_000);

    for (const bad of ['', 'ab', 'ก'.repeat(501), '=cmd|calc', 42])
      expect((await dispute(ticket.uuid, bad)).statusCode).toBe(400);
    expect((await dispute('00000000-0000-4000-8000-000000000000', 'น้ำหนักไม่ตรง')).statusCode).toBe(404);

    const filed = await dispute(ticket.uuid, '  น้ำหนักสุทธิน้อยกว่าที่ชั่งที่สวน 300 กก.  ');
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().dispute).toMatchObject({
      note: 'น้ำหนักสุทธิน้อยกว่าที่ชั่งที่สวน 300 กก.',
      resolved: false,
      resolution: null,
    });
    expect((await dispute(ticket.uuid, 'อีกครั้ง')).json()).toMatchObject({ reason: 'DISPUTE_OPEN' });
    const page = await t.post('process/user/queueInformation', { queue_number_id: ticket.uuid });
    expect(page.json().queue.dispute).toMatchObject({ resolved: false });

    // The admins' list: open first, with the slip's figures.
    const list = await t.post('admin/disputes', {}, { session: admin() });
    const row = list.json().dispute.find((d: { queue_uuid: string }) => d.queue_uuid === ticket.uuid);
    expect(row).toMatchObject({
      queue_number: ticket.queue_number,
      truck_license: 'DISPUTE 1',
      net_kg: 28_000,
      paid_kg: 28_000,
      resolved_at: null,
    });
    expect((await t.post('admin/disputes', {}, { session: plant.officers.caller.session })).statusCode).toBe(
      403,
    );

    // Resolved with what was done: the driver's page says so, a second answer is refused.
    const resolved = await t.post(
      'admin/resolveDispute',
      { id: row.id, resolution: 'ชั่งซ้ำแล้ว น้ำหนักถูกต้อง' },
      { session: admin() },
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().dispute).toMatchObject({ resolution: 'ชั่งซ้ำแล้ว น้ำหนักถูกต้อง' });
    expect(resolved.json().dispute.resolved_by).toBeTruthy();
    expect(
      (
        await t.post('admin/resolveDispute', { id: row.id, resolution: 'อีกครั้ง' }, { session: admin() })
      ).json(),
    ).toMatchObject({ reason: 'DISPUTE_RESOLVED' });
    const after = await t.post('process/user/queueInformation', { queue_number_id: ticket.uuid });
    expect(after.json().queue.dispute).toMatchObject({ resolved: true, resolution: 'ชั่งซ้ำแล้ว น้ำหนักถูกต้อง' });

    // Both are in the ticket's history.
    const history = await t.post('process/queue/history', { uuid: ticket.uuid }, { session: admin() });
    expect(
      history
        .json()
        .history.filter((h: { action: string }) => h.action.startsWith('dispute'))
        .map((h: { action: string; note: string; officer_name: string | null }) => [
          h.action,
          h.note,
          h.officer_name !== null,
        ]),
    ).toEqual([
      ['dispute', 'น้ำหนักสุทธิน้อยกว่าที่ชั่งที่สวน 300 กก.', false],
      ['dispute_resolved', 'ชั่งซ้ำแล้ว น้ำหนักถูกต้อง', true],
    ]);

    // Another branch's admin sees nothing of it.
    const other = await createPlant(t, 'Plant two');
    expect(
      (await t.post('admin/disputes', {}, { session: other.officers.admin.session })).json().dispute,
    ).toEqual([]);
    expect(
      (
        await t.post(
          'admin/resolveDispute',
          { id: row.id, resolution: 'ไม่ใช่ของเรา' },
          { session: other.officers.admin.session },
        )
      ).statusCode,
    ).toBe(404);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveLineRule } from '@truck-queue/shared/contracts/order.contract';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { ROLE } from '@truck-queue/shared/roles';
import {
  branchQueueTypeProducts,
  products,
  queueReasons,
  queues,
  queueTransitions,
} from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { quantile } from './line-order-report.service.ts';

let t: TestContext;
let plant: Plant;
let manager: string;
let lateReason: { id: number; name: string };

/** Bangkok wall clock → instant (UTC+7). */
const bkk = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);

let seq = 0;
/** A truck of the standard line (B) on a plant day: joined at `line`, first called at `called`. */
async function truck(
  day: string,
  productId: number,
  line: string,
  called: string | null,
  extra: { orderClass?: string; calledClass?: string; voided?: boolean; kg?: [number, number] } = {},
) {
  seq++;
  const [row] = await t.db
    .insert(queues)
    .values({
      branchId: plant.branch.id,
      branchQueueTypeId: plant.types.standard.id,
      productId,
      queueDate: day,
      seq,
      queueNumber: `B${String(seq).padStart(3, '0')}`,
      truckLicense: `70-${1000 + seq}`,
      state: extra.voided ? 'V' : called ? 'C' : 'QS',
      created: bkk(day, line),
      lineAt: bkk(day, line),
      calledAt: called ? bkk(day, called) : null,
      orderClass: extra.orderClass ?? null,
      calledClass: extra.calledClass ?? null,
      weighInKg: extra.kg ? String(extra.kg[0]) : null,
      weighInSource: extra.kg ? 'manual' : null,
      weighInReason: extra.kg ? 'test' : null,
      weighOutKg: extra.kg ? String(extra.kg[1]) : null,
      weighOutSource: extra.kg ? 'manual' : null,
      weighOutReason: extra.kg ? 'test' : null,
    })
    .returning({ id: queues.id });
  return row!.id;
}

/** An officer's call of a truck, passing over another or not, with an out-of-order reason or not. */
async function call(queueId: number, officerId: number, passed?: number, reasonId?: number) {
  await t.db.insert(queueTransitions).values({
    queueId,
    action: 'call',
    fromState: 'QS',
    toState: 'C',
    officerId,
    passedQueueId: passed ?? null,
    reasonId: reasonId ?? null,
  });
}

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Cane plant');
  const other = await createPlant(t, 'Other plant');
  const m = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
  manager = await t.signIn(m.email, m.password);

  // The standard line takes starch (class "ด่วน", always first, capped at 25 % of loads) and flour.
  const [flour] = await t.db
    .insert(products)
    .values({ branchId: plant.branch.id, name: 'แป้งสาลี' })
    .returning();
  await t.db
    .insert(branchQueueTypeProducts)
    .values({ branchQueueTypeId: plant.types.standard.id, productId: flour!.id });
  await t.call(
    saveLineRule,
    {
      id_branchQT: plant.types.standard.id,
      rule: {
        classes: [
          { key: 'rush', name: 'ด่วน', share: 2, first: true, product_ids: [plant.products.starch.id] },
        ],
        ordinary_share: 1,
        max_wait_minutes: null,
        fresh_limit_minutes: null,
        stale_first: false,
        caps: [{ class_key: 'rush', max_percent: 25, of: 'loads', when_full: 'ask' }],
        ask_reason: true,
      },
    },
    plant.officers.admin.session,
  );
  const [reason] = await t.db
    .select({ id: queueReasons.id, name: queueReasons.name })
    .from(queueReasons)
    .where(and(eq(queueReasons.branchId, plant.branch.id), eq(queueReasons.kind, 'out_of_order')));
  lateReason = reason!;

  const starch = plant.products.starch.id;
  const caller = plant.officers.caller.id;
  const narrow = plant.officers.narrowCaller.id;
  // 20 Nov: two rush trucks (10 and 30 min), two ordinary (60 and 120 min), one waiting, one voided.
  const r1 = await truck('2026-11-20', starch, '08:00', '08:10');
  const r2 = await truck('2026-11-20', starch, '08:00', '08:30');
  const o1 = await truck('2026-11-20', flour!.id, '08:00', '09:00');
  const o2 = await truck('2026-11-20', flour!.id, '08:00', '10:00');
  await truck('2026-11-20', flour!.id, '09:00', null);
  await truck('2026-11-20', starch, '08:00', '08:05', { voided: true });
  await call(r1, caller);
  await call(r2, caller);
  // The narrow caller passes over r2 twice: once with a reason, once where none was asked.
  await call(o1, narrow, r2, lateReason.id);
  await call(o2, narrow, r2);
  // 21 Nov: a flour truck an officer moved to the rush class, admitted past the cap.
  const moved = await truck('2026-11-21', flour!.id, '07:00', '07:20', {
    orderClass: 'rush',
    kg: [30000, 12000],
  });
  await truck('2026-11-21', flour!.id, '07:00', '07:40', { kg: [20000, 10000] });
  await t.db
    .insert(queueTransitions)
    .values({ queueId: moved, action: 'admit', fromState: 'QS', toState: 'QS', officerId: m.id });
  await call(moved, caller);
  // 19 Nov, under an earlier rule: a flour load called as "burnt" (a class the rule has no more)
  // and a starch load called as an ordinary truck (before starch was a rush product).
  await truck('2026-11-19', flour!.id, '08:00', '08:30', { calledClass: 'burnt' });
  await truck('2026-11-19', starch, '08:00', '09:00', { calledClass: '' });
  // Another branch's day: never in these figures.
  await t.db.insert(queues).values({
    branchId: other.branch.id,
    branchQueueTypeId: other.types.standard.id,
    productId: other.products.starch.id,
    queueDate: '2026-11-20',
    seq: 1,
    queueNumber: 'B001',
    truckLicense: '70-9999',
    state: 'C',
    lineAt: bkk('2026-11-20', '08:00'),
    calledAt: bkk('2026-11-20', '20:00'),
  });
});
afterAll(() => t.close());

describe('report/lineOrder (who went first)', () => {
  it('gives waits per line and class: trucks called, median and 90th percentile from joining to first call', async () => {
    const report = await t.call(
      reportContracts.lineOrderReport,
      { find_start: '2026-11-20', find_finish: '2026-11-21' },
      manager,
    );
    expect(report.waits).toEqual([
      {
        branch_queue_type_id: plant.types.standard.id,
        queue_type_name: 'รับสินค้า',
        prefix: 'B',
        class_key: 'rush',
        class_name: 'ด่วน',
        trucks: 3,
        median_seconds: 20 * 60,
        p90_seconds: 28 * 60,
      },
      expect.objectContaining({ class_key: '', class_name: '', trucks: 3, median_seconds: 60 * 60 }),
    ]);
  });

  it('counts a truck in the class it was called as, whatever the rule says now', async () => {
    const report = await t.call(
      reportContracts.lineOrderReport,
      { find_start: '2026-11-19', find_finish: '2026-11-19' },
      manager,
    );
    expect(report.waits.map((w) => [w.class_key, w.class_name, w.trucks, w.median_seconds])).toEqual([
      ['burnt', 'burnt', 1, 30 * 60],
      ['', '', 1, 60 * 60],
    ]);
  });

  it('counts each officer’s calls, the ones that passed over the rule’s next, and why', async () => {
    const { officers } = await t.call(
      reportContracts.lineOrderReport,
      { find_start: '2026-11-20', find_finish: '2026-11-21' },
      manager,
    );
    expect(officers.map((o) => [o.officer_id, o.calls, o.passed, o.reasons, o.without_reason])).toEqual([
      [plant.officers.narrowCaller.id, 2, 2, [{ name: lateReason.name, count: 1 }], 1],
      [plant.officers.caller.id, 3, 0, [], 0],
    ]);
  });

  it("puts each capped class's share of the day against its max, and the trucks admitted past it", async () => {
    const { caps } = await t.call(
      reportContracts.lineOrderReport,
      { find_start: '2026-11-20', find_finish: '2026-11-21' },
      manager,
    );
    expect(
      caps.map((c) => [
        c.day,
        c.class_name,
        c.class_amount,
        c.total_amount,
        c.percent,
        c.max_percent,
        c.admitted,
      ]),
    ).toEqual([
      ['2026-11-20', 'ด่วน', 2, 4, 50, 25, 0],
      ['2026-11-21', 'ด่วน', 1, 2, 50, 25, 1],
    ]);
    // Only the 21st: one day's figures.
    const one = await t.call(
      reportContracts.lineOrderReport,
      { find_start: '2026-11-21', find_finish: '2026-11-21' },
      manager,
    );
    expect(one.caps).toHaveLength(1);
    expect(one.waits.map((w) => w.trucks)).toEqual([1, 1]);
  });

  it('is for those who may read reports, and refuses a period backwards', async () => {
    const refused = await t.post(
      'report/lineOrder',
      { find_start: '2026-11-20', find_finish: '2026-11-21' },
      { session: plant.officers.caller.session },
    );
    expect(refused.statusCode).toBe(403);
    const backwards = await t.post(
      'report/lineOrder',
      { find_start: '2026-11-21', find_finish: '2026-11-20' },
      { session: manager },
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('interpolates percentiles as percentile_cont does', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([600], 0.9)).toBe(600);
    expect(quantile([10, 20, 30, 40], 0.5)).toBe(25);
  });
});

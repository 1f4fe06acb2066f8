import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contracts from '@truck-queue/shared/contracts/goods-receipt.contract';
import { createIntegrationKey } from '@truck-queue/shared/contracts/integration.contract';
import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { saveSupplier } from '@truck-queue/shared/contracts/supplier.contract';
import { yardRules } from '@truck-queue/shared/contracts/yard.contract';
import {
  appSettings,
  goodsReceipts,
  queues,
  queueTransitions,
  seasons,
  supplierQuotas,
} from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { ANONYMISED_PLATE, createRetention } from '../notifications/retention.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * ERP goods receipts (issue 42, part 3): a receipt per finished weighed truck with its slip's
 * figures and the ERP's codes, a new version marked as a correction when a later change alters
 * it, none for a rejected or voided truck; the office's day list and files, and a key's reads.
 */

// The harness's clock starts at 2026-11-20 10:00 in Bangkok.
const DAY = '2026-11-20';

let t: TestContext;
let plant: Plant;
let other: Plant;
let second: FastifyInstance;
let socket: Awaited<ReturnType<typeof staffSocket>>;
let boss: Awaited<ReturnType<typeof staffSocket>>;
let starch: number;
let dirt: number;
let supplierId: number;

const admin = () => plant.officers.admin.session;
const lab = () => ({ session: plant.officers.lab.session });

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'โรงงานรับซื้อ');
  other = await createPlant(t, 'Other plant');
  second = await t.anotherInstance();
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
        { session: admin() },
      )
    ).json<{ lab_measure: { id: number } }>().lab_measure.id;
  starch = await measure({ name: 'แป้ง', pass_min: 18 });
  dirt = await measure({ name: 'ดิน', decimals: 2, deduct_above: 0, sort: 2 });

  const supplier = await t.call(
    saveSupplier,
    {
      code: 'Q-0042',
      name: 'นายสมชาย ใจดี',
      kind: 'grower',
      phone: null,
      tax_id: null,
      leader_id: null,
      active: true,
      vehicles: ['กข 5001'],
      erp_code: 'V100042',
    },
    admin(),
  );
  supplierId = supplier.supplier.id;
  expect(supplier.supplier.erp_code).toBe('V100042');
  const [season] = await t.db
    .insert(seasons)
    .values({
      branchId: plant.branch.id,
      name: 'ฤดูหีบ 2569/70',
      productId: plant.products.cassava.id,
      startsOn: '2026-11-01',
      endsOn: '2027-04-30',
      unit: 'tonnes',
      overQuota: 'warn',
    })
    .returning();
  await t.db.insert(supplierQuotas).values({ seasonId: season!.id, supplierId, entitlement: '500' });

  const url = await listen(t);
  socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  boss = await staffSocket(url, { session: admin(), apiKey: t.config.apiKey });
  expect(await emitAck(boss, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const weigh = (direction: 'In' | 'Out', uuid: string, weight: number) =>
  t.post(
    `process/weighing/weigh${direction}`,
    { uuid, weight, reason: 'ตาชั่งขัดข้อง', ...(direction === 'Out' ? { confirm_out_of_order: true } : {}) },
    { session: admin() },
  );
const call = async (id: number, station: number) =>
  expect(await emitAck(socket, 'doCalling', plant.branch.id, id, station)).toEqual({ status: 1 });
const finish = async (id: number) =>
  expect(await emitAck(socket, 'doFinish', plant.branch.id, id)).toEqual({ status: 1 });
async function reasonId(kind: 'reject' | 'void') {
  const rules = await t.call(yardRules, {}, admin());
  return rules.reasons.find((r) => r.kind === kind)!.id;
}
const slipOf = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{
    queue: { slip: SlipWire | null };
  }>().queue.slip!;
const receiptsOf = async (queueId: number) =>
  (await t.call(contracts.goodsReceipts, { day: DAY }, admin())).receipts.filter(
    (r) => r.ticket.uuid === uuidOf.get(queueId),
  );
const uuidOf = new Map<number, string>();

/** A cassava truck through the lab (2.40 % dirt), weighed in and out, called and finished. */
async function labTruck(plate: string, weights: [number, number], extra: Record<string, unknown> = {}) {
  const ticket = await issueTicket(t, plant, 'lab', plate, extra);
  uuidOf.set(ticket.id, ticket.uuid);
  await t.post('process/example/accept', { uuid: ticket.uuid }, lab());
  await t.post(
    'process/example/completed',
    {
      uuid: ticket.uuid,
      values: [
        { measure_id: starch, value: 24.5 },
        { measure_id: dirt, value: 2.4 },
      ],
    },
    lab(),
  );
  expect((await weigh('In', ticket.uuid, weights[0])).statusCode).toBe(200);
  return ticket;
}

/** A starch truck of the standard line, weighed in and out, called and finished. */
async function standardTruck(plate: string) {
  const ticket = await issueTicket(t, plant, 'standard', plate);
  uuidOf.set(ticket.id, ticket.uuid);
  await weigh('In', ticket.uuid, 12_000);
  await call(ticket.id, plant.stations.standardCall.id);
  await weigh('Out', ticket.uuid, 35_500);
  await finish(ticket.id);
  return ticket;
}

let firstReceipt: contracts.GoodsReceipt;

describe('a finished weighed truck', () => {
  it('gets one receipt with its slip’s figures, its lab values and the ERP’s codes', async () => {
    const saved = await t.call(
      contracts.saveErpSettings,
      {
        plant_code: '1010',
        movement_type: '101',
        products: [{ id: plant.products.cassava.id, erp_code: 'MAT-CASSAVA' }],
      },
      admin(),
    );
    expect(saved.settings).toMatchObject({ plant_code: '1010', movement_type: '101' });
    expect(saved.settings.products.find((p) => p.id === plant.products.cassava.id)?.erp_code).toBe(
      'MAT-CASSAVA',
    );

    // A truck of three days ago, before the first scan: the first scan reaches two days back only.
    const now = t.clock.now();
    t.clock.at = new Date(now.getTime() - 3 * 86_400_000);
    const old = await standardTruck('กข 4001');
    t.clock.at = now;

    const ticket = await labTruck('กข 5001', [41_250, 12_000.5], { supplier_id: supplierId });
    await weigh('Out', ticket.uuid, 12_000.5);
    // Weighed out but not finished: nothing yet.
    expect(await t.app.goodsReceipts.scan()).toBe(0);
    await call(ticket.id, plant.stations.labCall.id);
    await finish(ticket.id);

    const receipts = await receiptsOf(ticket.id);
    expect(receipts).toHaveLength(1);
    const slip = await slipOf(ticket.uuid);
    firstReceipt = receipts[0]!;
    expect(firstReceipt).toMatchObject({
      version: 1,
      corrects: null,
      cancelled: false,
      day: DAY,
      branch: { name: 'โรงงานรับซื้อ' },
      plant_code: '1010',
      movement_type: '101',
      ticket: { uuid: ticket.uuid, queue_number: ticket.queue_number },
      plate: 'กข 5001',
      product: { name: 'หัวมันสด', erp_code: 'MAT-CASSAVA' },
      supplier: { code: 'Q-0042', name: 'นายสมชาย ใจดี', erp_code: 'V100042', season: 'ฤดูหีบ 2569/70' },
      booking_code: null,
      gross_kg: slip.gross_kg,
      tare_kg: slip.tare_kg,
      net_kg: slip.net_kg,
      deducted_kg: slip.deducted_kg,
      paid_kg: slip.paid_kg,
      deductions: slip.deductions.map((d) => ({ name: d.name, percent: d.percent, kg: d.kg })),
      lab_values: [
        { name: 'แป้ง', unit: '%', value: 24.5 },
        { name: 'ดิน', unit: '%', value: 2.4 },
      ],
    });
    // 2.40 % of 29,249.5 kg, as the slip says.
    expect([firstReceipt.net_kg, firstReceipt.deducted_kg, firstReceipt.paid_kg]).toEqual([
      29_249.5, 702, 28_547.5,
    ]);
    contracts.GoodsReceiptSchema.parse(firstReceipt);

    // Scanned again, on either instance, and let out at the gate: still the one receipt.
    expect(await second.goodsReceipts.scan()).toBe(0);
    const gate = await t.post(
      'process/security/exitFactory',
      { queue_number: ticket.queue_number },
      { session: plant.officers.security.session },
    );
    expect(gate.statusCode, gate.body).toBe(200);
    expect(await t.app.goodsReceipts.scan()).toBe(0);
    expect(await receiptsOf(ticket.id)).toHaveLength(1);
    expect(await t.db.select().from(goodsReceipts).where(eq(goodsReceipts.queueId, old.id))).toEqual([]);
  });

  it('gets none when it was rejected, or voided before its receipt', async () => {
    const rejected = await labTruck('กข 6001', [30_000, 10_000]);
    expect(
      await emitAck(socket, 'doReject', plant.branch.id, rejected.id, {
        reason_id: await reasonId('reject'),
      }),
    ).toEqual({ status: 1 });
    expect((await weigh('Out', rejected.uuid, 29_900)).statusCode).toBe(200);
    await t.post(
      'process/security/exitFactory',
      { queue_number: rejected.queue_number },
      { session: plant.officers.security.session },
    );
    const voided = await issueTicket(t, plant, 'standard', 'กข 6002');
    uuidOf.set(voided.id, voided.uuid);
    await weigh('In', voided.uuid, 12_000);
    await weigh('Out', voided.uuid, 30_000);
    expect(
      await emitAck(boss, 'doVoid', plant.branch.id, voided.id, { reason_id: await reasonId('void') }),
    ).toEqual({ status: 1 });
    expect(await receiptsOf(rejected.id)).toEqual([]);
    expect(await receiptsOf(voided.id)).toEqual([]);
  });

  it('is written once when two instances scan at the same moment', async () => {
    const ticket = await standardTruck('กข 7001');
    const written = await Promise.all([t.app.goodsReceipts.scan(), second.goodsReceipts.scan()]);
    expect(written[0] + written[1]).toBe(1);
    expect(await receiptsOf(ticket.id)).toHaveLength(1);
  });

  it('is made even when its change commits after a later one was read (the look-back)', async () => {
    const ticket = await standardTruck('กข 7002');
    // As if a change with a higher id had been read first: the mark is past this truck's rows.
    const [newest] = await t.db
      .select({ id: queueTransitions.id })
      .from(queueTransitions)
      .orderBy(desc(queueTransitions.id))
      .limit(1);
    await t.db
      .update(appSettings)
      .set({ value: String(newest!.id + 5) })
      .where(eq(appSettings.key, 'goods_receipts_scanned'));
    expect(await t.app.goodsReceipts.scan()).toBe(1);
    expect(await receiptsOf(ticket.id)).toHaveLength(1);
  });
});

describe('a correction', () => {
  let ticket: { id: number; uuid: string; queue_number: string };
  let v1: contracts.GoodsReceipt;
  let v2: contracts.GoodsReceipt;

  it('of the weights gives version 2, marked as a correction of version 1', async () => {
    ticket = await standardTruck('กข 8001');
    v1 = (await receiptsOf(ticket.id))[0]!;
    expect(v1).toMatchObject({ version: 1, net_kg: 23_500, paid_kg: 23_500 });
    // What a weight correction writes: the ticket's weight and its audit row, in one statement.
    await t.db.transaction(async (tx) => {
      await tx.update(queues).set({ weighOutKg: '35000.0' }).where(eq(queues.id, ticket.id));
      await tx.insert(queueTransitions).values({
        queueId: ticket.id,
        action: 'weight_correct',
        fromState: 'F',
        toState: 'F',
        officerId: plant.officers.admin.id,
        note: 'ชั่งออกใหม่',
      });
    });
    const receipts = await receiptsOf(ticket.id);
    expect(receipts).toHaveLength(2);
    v2 = receipts[1]!;
    expect(v2).toMatchObject({
      version: 2,
      corrects: v1.id,
      cancelled: false,
      gross_kg: 35_000,
      net_kg: 23_000,
      paid_kg: 23_000,
    });
    expect(v2.id).toBeGreaterThan(v1.id);
  });

  it('that alters nothing on the receipt (a dispute resolved) gives no new version', async () => {
    await t.db.insert(queueTransitions).values({
      queueId: ticket.id,
      action: 'dispute_resolved',
      fromState: 'F',
      toState: 'F',
      officerId: plant.officers.admin.id,
      note: 'ตรวจแล้ว น้ำหนักถูกต้อง',
    });
    expect(await t.app.goodsReceipts.scan()).toBe(0);
    expect(await receiptsOf(ticket.id)).toHaveLength(2);
  });

  it('a void after the receipt gives a version that cancels it', async () => {
    expect(
      await emitAck(boss, 'doVoid', plant.branch.id, ticket.id, { reason_id: await reasonId('void') }),
    ).toEqual({ status: 1 });
    const receipts = await receiptsOf(ticket.id);
    expect(receipts.map((r) => [r.version, r.corrects, r.cancelled])).toEqual([
      [1, null, false],
      [2, v1.id, false],
      [3, v2.id, true],
    ]);
    const rows = await t.db.select().from(goodsReceipts).where(eq(goodsReceipts.queueId, ticket.id));
    expect(rows.map((r) => r.cancelled)).toEqual([false, false, true]);
  });
});

describe("the office's files of a day", () => {
  it('CSV: UTF-8 with its BOM, a header, a row per version with its correction marks, Thai as written', async () => {
    const { receipts } = await t.call(contracts.goodsReceipts, { day: DAY }, admin());
    const file = await t.call(contracts.goodsReceiptsExport, { day: DAY, format: 'csv' }, admin());
    expect(file.file_name).toBe(`goods-receipts_${DAY}.csv`);
    expect(file.rows).toBe(receipts.length);
    expect(file.content.startsWith('\uFEFFreceipt_id,version,corrects,cancelled,day,')).toBe(true);
    const lines = file.content.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(receipts.length + 1);
    const first = lines.find((l) => l.startsWith(`${firstReceipt.id},`))!;
    expect(first).toContain(',1010,101,');
    expect(first).toContain('กข 5001,หัวมันสด,MAT-CASSAVA,Q-0042,นายสมชาย ใจดี,V100042,ฤดูหีบ 2569/70');
    expect(first).toContain(',41250,12000.5,29249.5,702,28547.5,ดิน 2.4% 702,แป้ง=24.5%; ดิน=2.4%,');
    const cancelling = receipts.find((r) => r.cancelled)!;
    expect(lines.find((l) => l.startsWith(`${cancelling.id},`))).toMatch(
      new RegExp(`^${cancelling.id},3,${cancelling.corrects},true,${DAY},`),
    );
  });

  it('JSON: the same receipts; another day has none; a bad day is refused', async () => {
    const { receipts } = await t.call(contracts.goodsReceipts, { day: DAY }, admin());
    const file = await t.call(contracts.goodsReceiptsExport, { day: DAY, format: 'json' }, admin());
    expect(file.file_name).toBe(`goods-receipts_${DAY}.json`);
    expect(JSON.parse(file.content)).toEqual({ day: DAY, receipts });
    const empty = await t.call(contracts.goodsReceiptsExport, { day: '2026-11-21', format: 'json' }, admin());
    expect(empty.rows).toBe(0);
    const bad = await t.post(
      contracts.goodsReceiptsExport.path,
      { day: '20/11/2026', format: 'csv' },
      {
        session: admin(),
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const xml = await t.post(
      contracts.goodsReceiptsExport.path,
      { day: DAY, format: 'xml' },
      {
        session: admin(),
      },
    );
    expect(xml.statusCode).toBe(400);
  });

  it('are the office’s: a security guard is refused', async () => {
    const refused = await t.post(
      contracts.goodsReceipts.path,
      { day: DAY },
      {
        session: plant.officers.security.session,
      },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the ERP settings', () => {
  it('refuse a code a spreadsheet would take for a formula, or another branch’s product, and change nothing', async () => {
    const before = await t.call(contracts.erpSettings, {}, admin());
    const formula = await t.post(
      contracts.saveErpSettings.path,
      { plant_code: '=1+1', movement_type: '101', products: [] },
      { session: admin() },
    );
    expect(formula.statusCode).toBe(400);
    expect(formula.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const foreign = await t.post(
      contracts.saveErpSettings.path,
      {
        plant_code: '2020',
        movement_type: '101',
        products: [{ id: other.products.cassava.id, erp_code: 'X' }],
      },
      { session: admin() },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await t.call(contracts.erpSettings, {}, admin())).toEqual(before);
  });

  it('clear a product’s code with null, and are an admin’s', async () => {
    const cleared = await t.call(
      contracts.saveErpSettings,
      {
        plant_code: '1010',
        movement_type: '101',
        products: [{ id: plant.products.cassava.id, erp_code: null }],
      },
      admin(),
    );
    expect(cleared.settings.products.find((p) => p.id === plant.products.cassava.id)?.erp_code).toBeNull();
    const refused = await t.post(contracts.erpSettings.path, {}, { session: plant.officers.caller.session });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a key with receipts:read', () => {
  const byKey = (body: unknown, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${contracts.integrationGoodsReceipts.path}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      payload: JSON.stringify(body),
    });
  const makeKey = async (branch: Plant, scopes: string[]) => {
    const made = await t.post(
      createIntegrationKey.path,
      { name: 'SAP', scopes, rate_per_minute: 600, expires_on: null },
      { session: branch.officers.admin.session },
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<{ secret: string }>().secret;
  };

  it('reads its branch’s receipts of a day, and polls what is new since an id, corrections included', async () => {
    const secret = await makeKey(plant, ['receipts:read']);
    const { receipts } = await t.call(contracts.goodsReceipts, { day: DAY }, admin());
    const byDay = await byKey({ day: DAY }, secret);
    expect(byDay.statusCode, byDay.body).toBe(200);
    expect(byDay.json()).toEqual({ status: 1, receipts, more: false });
    contracts.integrationGoodsReceipts.response.parse(byDay.json());

    // Polled two at a time from the start: every version, in order, then nothing new.
    const polled: contracts.GoodsReceipt[] = [];
    let since = 0;
    for (;;) {
      const page = (await byKey({ since_id: since, limit: 2 }, secret)).json<{
        receipts: contracts.GoodsReceipt[];
        more: boolean;
      }>();
      polled.push(...page.receipts);
      if (!page.more) break;
      since = page.receipts.at(-1)!.id;
    }
    expect(polled).toEqual(receipts);
    since = polled.at(-1)!.id;
    expect((await byKey({ since_id: since }, secret)).json()).toEqual({
      status: 1,
      receipts: [],
      more: false,
    });

    // A truck finished now is the next poll's.
    const ticket = await standardTruck('กข 9001');
    const next = (await byKey({ since_id: since }, secret)).json<{ receipts: contracts.GoodsReceipt[] }>();
    expect(next.receipts.map((r) => [r.ticket.uuid, r.version])).toEqual([[ticket.uuid, 1]]);
  });

  it('is refused without the scope, and another branch’s key reads none of this branch’s', async () => {
    const without = await makeKey(plant, ['tickets:read', 'reports:read']);
    const refused = await byKey({ day: DAY }, without);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const foreign = await makeKey(other, ['receipts:read']);
    expect((await byKey({ since_id: 0 }, foreign)).json()).toEqual({ status: 1, receipts: [], more: false });
    const bad = await byKey({ since_id: -1 }, foreign);
    expect(bad.statusCode).toBe(400);
    const both = await byKey({ day: DAY, since_id: 0 }, foreign);
    expect(both.statusCode).toBe(400);
  });
});

describe('the retention job', () => {
  it("anonymises a receipt's plate with its ticket's", async () => {
    const retention = createRetention({
      db: t.db,
      clock: t.clock,
      siteTimeZone: t.config.siteTimeZone,
      log: { info: () => undefined, error: () => undefined },
    });
    // Past every branch's plate retention (at most 3,650 days).
    await retention.run(new Date(t.clock.now().getTime() + 3_651 * 86_400_000));
    const rows = await t.db.select({ payload: goodsReceipts.payload }).from(goodsReceipts);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.payload.plate))).toEqual(new Set([ANONYMISED_PLATE]));
  });
});

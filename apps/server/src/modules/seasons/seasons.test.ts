import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listQuotas,
  listSeasons,
  type QuotaRow,
  type Season,
  type SeasonInput,
} from '@truck-queue/shared/contracts/season.contract';
import { addDays } from '@truck-queue/shared/plant-day';
import { receivingSlip } from '@truck-queue/shared/queue/slip';
import { tonnesOfKg } from '@truck-queue/shared/quota';
import { bookings, queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { createSeasonsRepository } from './seasons.repository.ts';
import { createSeasonsService } from './seasons.service.ts';

/**
 * Seasons and quotas (issue 39), through the API: the office keeps a branch's crop years per
 * product and each supplier's entitlement in one, and sees what each has delivered from its
 * weighed loads' paid weight; the bookings ask where a supplier stands.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;
/** The plant day the tickets are issued on. */
let today: string;
let dirt: number;
const growers: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Mill');
  other = await createPlant(t, 'Other mill');
  // The lab measures dirt, and the slip takes off what is above 1 %.
  const measure = await t.post(
    'defineQueue/saveLabMeasure',
    {
      branch_queue_type_id: plant.types.lab.id,
      name: 'ดิน',
      unit: '%',
      decimals: 2,
      min: 0,
      max: 100,
      pass_min: null,
      pass_max: null,
      on_fail: 'recheck',
      fail_reason_id: null,
      deduct_above: 1,
      sort: 1,
      active: true,
    },
    { session: admin() },
  );
  dirt = measure.json<{ lab_measure: { id: number } }>().lab_measure.id;
  for (const [code, name, plate] of [
    ['G-01', 'นายสมชาย ใจดี', '70-1001 ขอนแก่น'],
    ['G-02', 'นางสมศรี มีสุข', '70-1002 ขอนแก่น'],
    ['G-03', 'นายบุญมา ทองดี', '70-1003 ขอนแก่น'],
  ] as const) {
    const saved = await t.post(
      'admin/supplier/save',
      {
        code,
        name,
        kind: 'grower',
        phone: null,
        tax_id: null,
        leader_id: null,
        active: true,
        vehicles: [plate],
      },
      { session: admin() },
    );
    growers[code] = saved.json<{ supplier: { id: number } }>().supplier.id;
  }
  const first = await issueTicket(t, plant, 'general', 'DAY 1');
  const [row] = await t.db.select({ day: queues.queueDate }).from(queues).where(eq(queues.id, first.id));
  today = row!.day;
});
afterAll(() => t.close());

function admin() {
  return plant.officers.admin.session;
}

const season = (over: Partial<SeasonInput> = {}): SeasonInput => ({
  name: '2569/70',
  product: plant.products.cassava.id,
  starts_on: addDays(today, -30),
  ends_on: addDays(today, 150),
  unit: 'tonnes',
  over_quota: 'warn',
  active: true,
  ...over,
});

const save = (body: SeasonInput, session = admin()) => t.post('admin/season/save', body, { session });

async function saved(body: SeasonInput): Promise<Season> {
  const response = await save(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ season: Season }>().season;
}

const setQuotas = (season_id: number, quotas: { supplier_id: number; entitlement: number | null }[]) =>
  t.post('admin/season/saveQuotas', { season_id, quotas }, { session: admin() });

const quotas = (season_id: number, body: object = {}) => t.call(listQuotas, { season_id, ...body }, admin());

const rowOf = (rows: QuotaRow[], code: string) => rows.find((r) => r.code === code);

/** A load of cassava weighed in and out with the plate's supplier, the lab's dirt recorded. */
async function deliver(plate: string, weighIn: number, weighOut: number, dirtPercent: number) {
  const ticket = await issueTicket(t, plant, 'lab', plate);
  const lab = { session: plant.officers.lab.session };
  await t.post('process/example/accept', { uuid: ticket.uuid }, lab);
  const done = await t.post(
    'process/example/completed',
    { uuid: ticket.uuid, values: [{ measure_id: dirt, value: dirtPercent }] },
    lab,
  );
  expect(done.statusCode, done.body).toBe(200);
  for (const [direction, weight] of [
    ['In', weighIn],
    ['Out', weighOut],
  ] as const) {
    const weighed = await t.post(
      `process/weighing/weigh${direction}`,
      { uuid: ticket.uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out' },
      { session: admin() },
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
  }
  await leave(ticket.uuid);
  return ticket;
}

/** The gate lets the truck out (its plate may then take another ticket). */
async function leave(uuid: string) {
  const out = await t.post(
    'process/security/exitFactory',
    { uuid, confirm_unfinished: true },
    { session: plant.officers.security.session },
  );
  expect(out.statusCode, out.body).toBe(200);
}

/** The paid kilograms the slip gives a load. */
const paid = (weighIn: number, weighOut: number, dirtPercent: number) =>
  receivingSlip(weighIn, weighOut, [{ name: 'ดิน', value: dirtPercent, decimals: 2, deductAbove: 1 }])!.paid;

describe('seasons kept by the office', () => {
  it('are saved, edited and listed, the latest start first, the other branch seeing none', async () => {
    const made = await saved(
      season({
        name: 'ฤดูหีบ 2568/69',
        starts_on: addDays(today, -400),
        ends_on: addDays(today, -220),
        active: false,
      }),
    );
    expect(made).toMatchObject({
      name: 'ฤดูหีบ 2568/69',
      product: plant.products.cassava.id,
      product_name: 'หัวมันสด',
      unit: 'tonnes',
      over_quota: 'warn',
      active: false,
      suppliers: 0,
      entitlement: 0,
      delivered: 0,
    });
    const current = await saved(season());
    const edited = await saved(season({ id: current.id, name: '2569/70 หลัก', over_quota: 'refuse' }));
    expect(edited).toMatchObject({ id: current.id, name: '2569/70 หลัก', over_quota: 'refuse' });
    const { seasons } = await t.call(listSeasons, {}, admin());
    expect(seasons.map((s) => s.name)).toEqual(['2569/70 หลัก', 'ฤดูหีบ 2568/69']);
    expect((await t.call(listSeasons, {}, other.officers.admin.session)).seasons).toEqual([]);
    // Only the office's roles keep them.
    expect((await save(season({ name: 'x' }), plant.officers.caller.session)).statusCode).toBe(403);
  });

  it('refuses an active season overlapping another of the product, not one of another product or inactive', async () => {
    const overlap = await save(
      season({ name: 'ซ้อน', starts_on: addDays(today, 100), ends_on: addDays(today, 200) }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'CONFLICT', reason: 'SEASON_OVERLAP' });
    expect(overlap.json().message).toContain('2569/70 หลัก');
    // Days right after it are free; another product's season may share its days; an inactive one too.
    const next = await saved(
      season({ name: 'ถัดไป', starts_on: addDays(today, 151), ends_on: addDays(today, 300) }),
    );
    await saved(season({ name: 'แป้ง', product: plant.products.starch.id }));
    const draft = await saved(season({ name: 'ร่าง', active: false }));
    // Made active, the draft meets the current season.
    const activated = await save(season({ id: draft.id, name: 'ร่าง', active: true }));
    expect(activated.json()).toMatchObject({ reason: 'SEASON_OVERLAP' });
    // A season does not overlap itself.
    expect(
      (
        await save(
          season({ id: next.id, name: 'ถัดไป', starts_on: addDays(today, 160), ends_on: addDays(today, 300) }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a product not of the branch or inactive, days backwards, and a unit changed under quotas', async () => {
    const theirs = await save(season({ name: 'x', product: other.products.cassava.id, active: false }));
    expect(theirs.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'product', message: 'is not an active product of this branch' }],
    });
    const backwards = await save(
      season({ name: 'x', starts_on: today, ends_on: addDays(today, -1), active: false }),
    );
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'ends_on' }] });
    const badRule = await t.post(
      'admin/season/save',
      { ...season({ active: false }), over_quota: 'ignore' },
      { session: admin() },
    );
    expect(badRule.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'over_quota' }] });

    const current = (await t.call(listSeasons, {}, admin())).seasons.find((s) => s.name === '2569/70 หลัก')!;
    // Without quotas the unit may change, and back.
    await saved(season({ id: current.id, name: current.name, over_quota: 'refuse', unit: 'loads' }));
    await saved(season({ id: current.id, name: current.name, over_quota: 'refuse', unit: 'tonnes' }));
    expect(
      (await setQuotas(current.id, [{ supplier_id: growers['G-01']!, entitlement: 60 }])).statusCode,
    ).toBe(200);
    const unit = await save(
      season({ id: current.id, name: current.name, over_quota: 'refuse', unit: 'loads' }),
    );
    expect(unit.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'unit' }] });
    expect((await quotas(current.id)).season.unit).toBe('tonnes');
  });
});

describe('quotas', () => {
  const current = async () =>
    (await t.call(listSeasons, {}, admin())).seasons.find((s) => s.name === '2569/70 หลัก')!;

  it('are saved all or nothing: a supplier of another branch, twice, or a part load refuses them all', async () => {
    const { id } = await current();
    const theirs = await t.post(
      'admin/supplier/save',
      {
        code: 'X-1',
        name: 'สาขาอื่น',
        kind: 'grower',
        phone: null,
        tax_id: null,
        leader_id: null,
        active: true,
        vehicles: [],
      },
      { session: other.officers.admin.session },
    );
    const foreign = await setQuotas(id, [
      { supplier_id: growers['G-02']!, entitlement: 40 },
      { supplier_id: theirs.json<{ supplier: { id: number } }>().supplier.id, entitlement: 10 },
    ]);
    expect(foreign.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'quotas.1.supplier_id', message: 'is not a supplier of this branch' }],
    });
    const twice = await setQuotas(id, [
      { supplier_id: growers['G-02']!, entitlement: 40 },
      { supplier_id: growers['G-02']!, entitlement: 41 },
    ]);
    expect(twice.json()).toMatchObject({
      issues: [{ path: 'quotas.1.supplier_id', message: 'is listed twice' }],
    });
    const tooFine = await setQuotas(id, [{ supplier_id: growers['G-02']!, entitlement: 40.05 }]);
    expect(tooFine.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'quotas.0.entitlement' }],
    });
    // None of it was written: G-01's quota only.
    expect((await quotas(id, { with_quota: true })).rows.map((r) => [r.code, r.entitlement])).toEqual([
      ['G-01', 60],
    ]);
    // An unknown season.
    expect(
      (await setQuotas(999_999, [{ supplier_id: growers['G-02']!, entitlement: 1 }])).json(),
    ).toMatchObject({ code: 'NOT_FOUND' });

    expect(
      (
        await setQuotas(id, [
          { supplier_id: growers['G-01']!, entitlement: 80.5 },
          { supplier_id: growers['G-02']!, entitlement: 40 },
        ])
      ).json(),
    ).toMatchObject({ saved: 2 });
    expect(await current()).toMatchObject({ suppliers: 2, entitlement: 120.5 });
    // Null takes a quota away.
    expect((await setQuotas(id, [{ supplier_id: growers['G-02']!, entitlement: null }])).statusCode).toBe(
      200,
    );
    expect(await current()).toMatchObject({ suppliers: 1, entitlement: 80.5 });
    await setQuotas(id, [{ supplier_id: growers['G-02']!, entitlement: 40 }]);
  });

  it('count delivered from the weighed loads: paid weight, not a voided ticket, another product or another season', async () => {
    const { id } = await current();
    await deliver('70-1001 ขอนแก่น', 41_250, 12_000.5, 2.4);
    await deliver('70-1001 ขอนแก่น', 30_000, 11_000, 0.5);
    await deliver('70-1002 ขอนแก่น', 28_340, 10_020, 3.17);
    // Voided after weighing: not delivered.
    const voided = await deliver('70-1002 ขอนแก่น', 40_000, 10_000, 0);
    await t.db.update(queues).set({ state: 'V', voidedAt: t.clock.now() }).where(eq(queues.id, voided.id));
    // Starch, weighed: another product.
    const starch = await issueTicket(t, plant, 'standard', '70-1002 ขอนแก่น');
    for (const direction of ['In', 'Out'] as const)
      await t.post(
        `process/weighing/weigh${direction}`,
        {
          uuid: starch.uuid,
          weight: direction === 'In' ? 30_000 : 10_000,
          reason: 'ตาชั่งขัดข้อง',
          confirm_out_of_order: true,
        },
        { session: admin() },
      );
    await leave(starch.uuid);
    // Weighed in only: not yet delivered.
    const half = await issueTicket(t, plant, 'lab', '70-1003 ขอนแก่น');
    await t.post(
      'process/weighing/weighIn',
      { uuid: half.uuid, weight: 30_000, reason: 'ตาชั่งขัดข้อง' },
      { session: admin() },
    );
    await leave(half.uuid);

    const g1 = tonnesOfKg(paid(41_250, 12_000.5, 2.4) + paid(30_000, 11_000, 0.5));
    const g2 = tonnesOfKg(paid(28_340, 10_020, 3.17));
    // 29,249.5 kg less 1.40 % (409.5 kg) and 19,000 kg: 47.8 t paid (net 48.2 t).
    expect(g1).toBe(47.8);
    const page = await quotas(id);
    expect(rowOf(page.rows, 'G-01')).toEqual({
      supplier_id: growers['G-01'],
      code: 'G-01',
      name: 'นายสมชาย ใจดี',
      entitlement: 80.5,
      delivered: g1,
      remaining: 32.7,
      loads: 2,
      tonnes: g1,
      booked: 0,
    });
    expect(rowOf(page.rows, 'G-02')).toMatchObject({
      entitlement: 40,
      delivered: g2,
      loads: 1,
      remaining: Number((40 - g2).toFixed(1)),
    });
    // G-03 has no quota and no weighed load yet.
    expect(rowOf(page.rows, 'G-03')).toMatchObject({
      entitlement: null,
      remaining: null,
      loads: 0,
      tonnes: 0,
      delivered: 0,
    });
    expect(page.season).toMatchObject({
      suppliers: 2,
      entitlement: 120.5,
      delivered: Number((g1 + g2).toFixed(1)),
    });
    // The season of the other product sees the starch load; the next season none.
    const seasons = (await t.call(listSeasons, {}, admin())).seasons;
    const starchSeason = seasons.find((s) => s.name === 'แป้ง')!;
    await setQuotas(starchSeason.id, [{ supplier_id: growers['G-02']!, entitlement: 100 }]);
    expect(rowOf((await quotas(starchSeason.id)).rows, 'G-02')).toMatchObject({ loads: 1, tonnes: 20 });
    const next = seasons.find((s) => s.name === 'ถัดไป')!;
    expect((await quotas(next.id)).rows.every((r) => r.loads === 0)).toBe(true);
  });

  it('pays as the slip does whatever the dirt: the page and receivingSlip agree to the tenth', async () => {
    const { id } = await current();
    const before = rowOf((await quotas(id)).rows, 'G-03')!;
    const loads: [number, number, number][] = [
      [31_415.9, 9_265.3, 1.01],
      [27_182.8, 12_345.6, 1.15],
      [40_000.1, 10_000, 7.77],
      [18_000, 9_999.9, 1],
      [25_555.5, 10_101.1, 99.99],
    ];
    let expected = 0;
    for (const [weighIn, weighOut, dirtPercent] of loads) {
      await deliver('70-1003 ขอนแก่น', weighIn, weighOut, dirtPercent);
      expected += paid(weighIn, weighOut, dirtPercent);
    }
    const after = rowOf((await quotas(id)).rows, 'G-03')!;
    expect(after.loads - before.loads).toBe(loads.length);
    expect(after.tonnes).toBe(tonnesOfKg(expected));
    // Kilogram for kilogram: the repository's sum is the slips' sum.
    const season = (await createSeasonsRepository(t.db).byId(t.db, plant.branch.id, id))!;
    const { rows } = await createSeasonsRepository(t.db).quotaPage(t.db, season, plant.branch.id, {
      openAfter: new Date(0),
      find: 'G-03',
      withQuota: false,
      limit: 10,
      offset: 0,
    });
    expect(rows[0]!.paidKg).toBe(Math.round(expected * 10) / 10);
  });

  it('are paged by supplier code and found by code or name, with a quota only when asked', async () => {
    const { id } = await current();
    expect(await quotas(id, { page_size: 2 })).toMatchObject({ total: 3 });
    expect((await quotas(id, { page_size: 2, page: 2 })).rows.map((r) => r.code)).toEqual(['G-03']);
    // Past the end: no rows, the count still said.
    expect(await quotas(id, { page_size: 2, page: 5 })).toMatchObject({ rows: [], total: 3 });
    expect((await quotas(id, { find: 'สมศรี' })).rows.map((r) => r.code)).toEqual(['G-02']);
    expect((await quotas(id, { find: 'g-0' })).total).toBe(3);
    expect((await quotas(id, { find: '%' })).total).toBe(0);
    expect((await quotas(id, { with_quota: true })).rows.map((r) => r.code)).toEqual(['G-01', 'G-02']);
    // Another branch's season is not found.
    expect(
      (
        await t.post('admin/season/quotas', { season_id: id }, { session: other.officers.admin.session })
      ).json(),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keep an inactive supplier that has a quota or delivered, not one that has neither', async () => {
    const { id } = await current();
    const idle = await t.post(
      'admin/supplier/save',
      {
        code: 'G-09',
        name: 'เลิกส่ง',
        kind: 'grower',
        phone: null,
        tax_id: null,
        leader_id: null,
        active: false,
        vehicles: [],
      },
      { session: admin() },
    );
    expect(idle.statusCode).toBe(200);
    expect(rowOf((await quotas(id)).rows, 'G-09')).toBeUndefined();
    await setQuotas(id, [
      { supplier_id: idle.json<{ supplier: { id: number } }>().supplier.id, entitlement: 5 },
    ]);
    expect(rowOf((await quotas(id)).rows, 'G-09')).toMatchObject({ entitlement: 5 });
    await setQuotas(id, [
      { supplier_id: idle.json<{ supplier: { id: number } }>().supplier.id, entitlement: null },
    ]);
  });
});

describe('standing, for the bookings', () => {
  const seasons = () => createSeasonsService({ repo: createSeasonsRepository(t.db), clock: t.clock });

  async function book(supplierId: number, day: string, status: 'booked' | 'cancelled' = 'booked') {
    const n = (await t.db.select({ id: bookings.id }).from(bookings)).length + 1;
    await t.db.insert(bookings).values({
      branchId: plant.branch.id,
      code: `BK${n}`,
      supplierId,
      productId: plant.products.cassava.id,
      branchQueueTypeId: plant.types.lab.id,
      day,
      windowStart: '08:00',
      windowEnd: '09:00',
      startsAt: new Date(`${day}T01:00:00Z`),
      endsAt: new Date(`${day}T02:00:00Z`),
      status,
      source: 'office',
    });
  }

  it('says the season holding the day, the quota, delivered and booked, and whether one more load is over', async () => {
    const current = (await t.call(listSeasons, {}, admin())).seasons.find((s) => s.name === '2569/70 หลัก')!;
    const g1 = rowOf((await quotas(current.id)).rows, 'G-01')!;
    const standing = (supplier: string, day = today, product = plant.products.cassava.id) =>
      seasons().standing(t.db, plant.branch.id, growers[supplier]!, product, day);
    expect(await standing('G-01')).toEqual({
      seasonId: current.id,
      seasonName: '2569/70 หลัก',
      unit: 'tonnes',
      overQuota: 'refuse',
      entitlement: 80.5,
      delivered: g1.delivered,
      bookedLoads: 0,
      over: false,
    });
    // No quota, no season holding the day, another product without a season: none.
    expect(await standing('G-03')).toBeNull();
    expect(await standing('G-01', addDays(today, -200))).toBeNull();
    expect(await standing('G-01', today, plant.products.parts.id)).toBeNull();
    // The next season holds its own days (G-01 has no quota there).
    expect(await standing('G-01', addDays(today, 200))).toBeNull();
    // Reached in tonnes: over.
    await setQuotas(current.id, [{ supplier_id: growers['G-01']!, entitlement: g1.delivered }]);
    expect(await standing('G-01')).toMatchObject({ over: true, entitlement: g1.delivered });

    // In loads the open bookings count: 2 delivered + 1 booked + 1 more fits a quota of 4, not 3.
    const loadsSeason = await saved(
      season({ name: 'เที่ยว', starts_on: addDays(today, 400), ends_on: addDays(today, 500), unit: 'loads' }),
    );
    const later = addDays(today, 420);
    await setQuotas(loadsSeason.id, [{ supplier_id: growers['G-02']!, entitlement: 2 }]);
    await book(growers['G-02']!, later);
    await book(growers['G-02']!, later, 'cancelled');
    await book(growers['G-02']!, addDays(today, 600));
    expect(await standing('G-02', later)).toMatchObject({
      seasonName: 'เที่ยว',
      unit: 'loads',
      delivered: 0,
      bookedLoads: 1,
      over: false,
    });
    expect(rowOf((await quotas(loadsSeason.id)).rows, 'G-02')).toMatchObject({
      booked: 1,
      entitlement: 2,
      remaining: 2,
    });
    await book(growers['G-02']!, addDays(today, 430));
    expect(await standing('G-02', later)).toMatchObject({ bookedLoads: 2, over: true });
    // A part load is no quota in loads.
    expect(
      (await setQuotas(loadsSeason.id, [{ supplier_id: growers['G-02']!, entitlement: 2.5 }])).json(),
    ).toMatchObject({
      issues: [{ path: 'quotas.0.entitlement', message: 'must be a whole number of loads' }],
    });
    // Made inactive, the season holds no day.
    await saved(
      season({
        id: loadsSeason.id,
        name: 'เที่ยว',
        starts_on: addDays(today, 400),
        ends_on: addDays(today, 500),
        unit: 'loads',
        active: false,
      }),
    );
    expect(await standing('G-02', later)).toBeNull();
  });
});

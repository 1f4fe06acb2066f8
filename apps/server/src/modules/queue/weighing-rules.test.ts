import { DEFAULT_GROSS_LIMITS } from '@truck-queue/shared/queue/weight-checks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipWire } from '@truck-queue/shared/contracts/public-queue.contract';
import { storedTareOf } from '@truck-queue/shared/contracts/station-work.contract';
import * as rulesContracts from '@truck-queue/shared/contracts/weighing-rules.contract';
import { queues, queueTransitions, vehicleTares } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { weightSourceText } from '../reports/report-workbooks.ts';

/**
 * Issue 42, part 5: vehicles at the weighbridge. A stored tare per vehicle (kept from its real
 * weigh-out, used for a net within the branch's days where the branch allows it), the product's
 * minimum and maximum net and gross, and the legal gross of its vehicle class, warned and kept.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;
const DAY = 24 * 3600_000;
const REASON = 'ตาชั่งขัดข้อง รอช่างซ่อม';

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const post = (path: string, body: Record<string, unknown>, session = admin()) =>
  t.post(path, body, { session });
const weigh = (uuid: string, direction: 'In' | 'Out', weight: number, extra: Record<string, unknown> = {}) =>
  post(`process/weighing/weigh${direction}`, { uuid, weight, reason: REASON, ...extra });
const finishOnTare = (uuid: string, extra: Record<string, unknown> = {}, session = admin()) =>
  post('process/weighing/finishOnStoredTare', { uuid, ...extra }, session);
const rowOf = async (id: number) => (await t.db.select().from(queues).where(eq(queues.id, id)))[0]!;
const auditOf = (id: number) => t.db.select().from(queueTransitions).where(eq(queueTransitions.queueId, id));
/** The truck was called to its bay and unloaded (the calls are the calling tests'). */
const called = (id: number) => t.db.update(queues).set({ calledAt: t.clock.now() }).where(eq(queues.id, id));
const leave = (uuid: string) => post('process/security/exitFactory', { uuid, confirm_unfinished: true });
const slipOf = async (uuid: string) =>
  (await t.post('process/user/queueInformation', { queue_number_id: uuid })).json<{
    queue: { slip: SlipWire | null };
  }>().queue.slip;
const rules = (patch: Record<string, unknown> = {}, session = admin()) =>
  post(
    'weighbridge/saveWeighingRules',
    {
      stored_tare_allowed: true,
      stored_tare_days: 30,
      gross_limits: { ...DEFAULT_GROSS_LIMITS },
      ...patch,
    },
    session,
  );
const limits = (patch: Record<string, unknown>) =>
  post('product/doMainProduct', { uuid: plant.products.starch.uuid, name: 'แป้งมัน', ...patch });

/** Days pass: the officers' sessions of before have lapsed, so they sign in again. */
async function daysPass(days: number) {
  t.clock.advance(days * DAY);
  for (const officer of [plant.officers.admin, plant.officers.caller])
    officer.session = await t.signIn(officer.email, officer.password);
}

/** A truck of the standard line weighed in loaded, called to unload. */
async function loaded(plate: string, kg = 30_000) {
  const ticket = await issueTicket(t, plant, 'standard', plate);
  expect((await weigh(ticket.uuid, 'In', kg)).statusCode).toBe(200);
  await called(ticket.id);
  return ticket;
}

describe('a stored tare', () => {
  it('is kept from a real weigh-out: the lighter weighing, its time, the ticket', async () => {
    const ticket = await loaded('70-1234 ขอนแก่น');
    const out = await weigh(ticket.uuid, 'Out', 11_250.5);
    expect(out.statusCode, out.body).toBe(200);
    const [tare] = await t.db.select().from(vehicleTares).where(eq(vehicleTares.branchId, plant.branch.id));
    expect(tare).toMatchObject({
      licence: '70-1234 ขอนแก่น',
      kg: '11250.5',
      origin: 'weighing',
      queueId: ticket.id,
      officerId: plant.officers.admin.id,
    });
    expect(tare!.weighedAt.toISOString()).toBe(out.json().queue.weigh_out_at);
    // Another branch knows nothing of it.
    expect(
      (await t.db.select().from(vehicleTares).where(eq(vehicleTares.branchId, other.branch.id))).length,
    ).toBe(0);
    await leave(ticket.uuid);
  });

  it('is refused while the branch does not allow it (the default), and nothing is written', async () => {
    const ticket = await loaded('70-1234 ขอนแก่น');
    const offered = await t.call(storedTareOf, { uuid: ticket.uuid }, admin());
    expect(offered).toMatchObject({ allowed: false, tare: { kg: 11_250.5, valid: true } });
    const refused = await finishOnTare(ticket.uuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', reason: 'STORED_TARE_NOT_ALLOWED' });
    expect((await rowOf(ticket.id)).weighOutKg).toBeNull();
    await leave(ticket.uuid);
  });

  it('gives the net without a weigh-out where allowed, the same vehicle however its plate is typed', async () => {
    expect((await rules()).statusCode).toBe(200);
    const tareAt = (
      await t.db.select().from(vehicleTares).where(eq(vehicleTares.branchId, plant.branch.id))
    )[0]!.weighedAt;
    await daysPass(2);
    // Thai digits and no dash: the same vehicle (shared/licence.ts plateSearchKey).
    const ticket = await loaded('๗๐ ๑๒๓๔ ขอนแก่น', 31_000);
    const done = await finishOnTare(ticket.uuid);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().queue).toMatchObject({
      weigh_out_kg: 11_250.5,
      weigh_out_source: 'stored_tare',
      weigh_out_tare_at: tareAt.toISOString(),
      gross_kg: 31_000,
      tare_kg: 11_250.5,
      net_kg: 19_749.5,
    });
    // The history says it was the stored tare, and which.
    const audit = await auditOf(ticket.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'weigh_out_stored_tare',
      officerId: plant.officers.admin.id,
      note: `stored tare from ${tareAt.toISOString()}`,
    });
    // The slip says so too.
    const slip = await slipOf(ticket.uuid);
    expect(slip).toMatchObject({ net_kg: 19_749.5, weigh_out: { source: 'stored_tare' } });
    expect(slip!.stored_tare_at).toEqual(expect.any(String));
    // The stored tare is not refreshed by itself: it stays the weighing's.
    const [kept] = await t.db.select().from(vehicleTares).where(eq(vehicleTares.branchId, plant.branch.id));
    expect(kept!.weighedAt).toEqual(tareAt);
    // A double click is the one just made.
    expect((await finishOnTare(ticket.uuid)).statusCode).toBe(200);
    expect((await auditOf(ticket.id)).filter((r) => r.action === 'weigh_out_stored_tare')).toHaveLength(1);
    await leave(ticket.uuid);
  });

  it('is refused once older than the branch days, and for a vehicle without one', async () => {
    await daysPass(29);
    const late = await loaded('70-1234 ขอนแก่น');
    const offered = await t.call(storedTareOf, { uuid: late.uuid }, admin());
    expect(offered).toMatchObject({ allowed: true, tare: { valid: false } });
    expect((await finishOnTare(late.uuid)).json()).toMatchObject({ reason: 'STORED_TARE_EXPIRED' });
    expect((await rowOf(late.id)).weighOutKg).toBeNull();
    // A longer validity at the branch makes it usable again.
    expect((await rules({ stored_tare_days: 60 })).statusCode).toBe(200);
    expect((await finishOnTare(late.uuid)).statusCode).toBe(200);
    await leave(late.uuid);

    const stranger = await loaded('80-9999 ขอนแก่น');
    expect((await finishOnTare(stranger.uuid)).json()).toMatchObject({ reason: 'NO_STORED_TARE' });
    await leave(stranger.uuid);
  });

  it('is refused when not lighter than the weigh-in, and before the truck was called', async () => {
    const light = await issueTicket(t, plant, 'standard', '70-1234 ขอนแก่น');
    await weigh(light.uuid, 'In', 9_000);
    expect((await finishOnTare(light.uuid)).json()).toMatchObject({ reason: 'OUT_OF_ORDER' });
    await called(light.id);
    expect((await finishOnTare(light.uuid)).json()).toMatchObject({ reason: 'STORED_TARE_TOO_HEAVY' });
    expect((await rowOf(light.id)).weighOutKg).toBeNull();
    await leave(light.uuid);
  });

  it('is recorded, listed and forgotten by an admin; an officer entry replaces the weighing', async () => {
    const saved = await post('weighbridge/saveStoredTare', { licence: '81-0001 ขอนแก่น', kg: 10_500 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().tare).toMatchObject({
      kg: 10_500,
      origin: 'officer',
      valid: true,
      queue_number: null,
    });
    const listed = await t.call(rulesContracts.storedTares, { plate: '๘๑-๐๐๐๑ ขอนแก่น' }, admin());
    expect(listed.tares).toEqual([expect.objectContaining({ licence: '81-0001 ขอนแก่น', kg: 10_500 })]);
    const all = await t.call(rulesContracts.storedTares, {}, admin());
    expect(all.tares.map((r) => r.licence)).toEqual(['81-0001 ขอนแก่น', '70-1234 ขอนแก่น']);
    expect((await post('weighbridge/removeStoredTare', { licence: '81-0001 ขอนแก่น' })).statusCode).toBe(200);
    expect((await post('weighbridge/removeStoredTare', { licence: '81-0001 ขอนแก่น' })).statusCode).toBe(404);
  });

  it('is set by admins only, with days from 1 to 365 and every class limit', async () => {
    expect((await rules({}, plant.officers.caller.session)).statusCode).toBe(403);
    expect(
      (await post('weighbridge/saveStoredTare', { licence: 'X 1', kg: 1 }, plant.officers.caller.session))
        .statusCode,
    ).toBe(403);
    for (const patch of [
      { stored_tare_days: 0 },
      { stored_tare_days: 366 },
      { stored_tare_days: 1.5 },
      { stored_tare_allowed: 'yes' },
      { gross_limits: { cane_truck: 25_000 } },
      {
        gross_limits: {
          cane_truck: 25_000,
          six_wheel: 15_000,
          ten_wheel: 25_000,
          twelve_wheel: 30_000,
          trailer: 500_000,
        },
      },
    ])
      expect((await rules(patch)).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    for (const kg of [0, -1, 100_001, 'heavy'])
      expect((await post('weighbridge/saveStoredTare', { licence: 'X 1', kg })).statusCode).toBe(400);
    expect((await t.call(rulesContracts.weighingRules, {}, admin())).rules).toMatchObject({
      stored_tare_days: 60,
    });
  });
});

describe('the product range and the legal gross', () => {
  it('are set on the product, minimum never above maximum', async () => {
    const set = await limits({ min_net_kg: 8_000, max_net_kg: 20_000, max_gross_kg: 40_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().product).toMatchObject({
      min_net_kg: 8_000,
      max_net_kg: 20_000,
      min_gross_kg: null,
      max_gross_kg: 40_000,
      vehicle_class: null,
    });
    // Against the stored maximum too, not only the one given.
    const refused = await limits({ min_net_kg: 25_000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'min_net_kg' }] });
    expect((await limits({ vehicle_class: 'lorry' })).statusCode).toBe(400);
    expect((await limits({ max_gross_kg: 10.25 })).statusCode).toBe(400);
    // A name alone leaves the limits as they are.
    expect((await limits({})).json().product).toMatchObject({ min_net_kg: 8_000 });
  });

  it('warn of a net outside the range: nothing is written until the officer confirms, then the flag stays', async () => {
    const ticket = await loaded('72-0001 ขอนแก่น', 30_000);
    const warned = await weigh(ticket.uuid, 'Out', 5_000);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      reason: 'WEIGHT_WARNING',
      warnings: [{ code: 'NET_ABOVE_MAX', kg: 25_000, limit_kg: 20_000 }],
    });
    expect((await rowOf(ticket.id)).weighOutKg).toBeNull();
    const confirmed = await weigh(ticket.uuid, 'Out', 5_000, { confirm_weight_warnings: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().queue).toMatchObject({ net_kg: 25_000, weight_warnings: ['NET_ABOVE_MAX'] });
    expect((await slipOf(ticket.uuid))!.weight_warnings).toEqual(['NET_ABOVE_MAX']);
    await leave(ticket.uuid);
  });

  it('warn of a gross over the 25 t a cane truck may carry, at the weigh-in already, and on the slip', async () => {
    await limits({ min_net_kg: null, max_net_kg: null, max_gross_kg: null, vehicle_class: 'cane_truck' });
    const ticket = await issueTicket(t, plant, 'standard', '73-0001 ขอนแก่น');
    const warned = await weigh(ticket.uuid, 'In', 26_500);
    expect(warned.json()).toMatchObject({
      reason: 'WEIGHT_WARNING',
      warnings: [{ code: 'GROSS_OVER_LEGAL', kg: 26_500, limit_kg: 25_000 }],
    });
    expect((await rowOf(ticket.id)).weighInKg).toBeNull();
    const confirmed = await weigh(ticket.uuid, 'In', 26_500, { confirm_weight_warnings: true });
    expect(confirmed.json().queue.weight_warnings).toEqual(['GROSS_OVER_LEGAL']);
    await called(ticket.id);
    // Still over at the weigh-out: warned again, confirmed again, on the slip.
    expect((await weigh(ticket.uuid, 'Out', 10_000)).json()).toMatchObject({ reason: 'WEIGHT_WARNING' });
    expect((await weigh(ticket.uuid, 'Out', 10_000, { confirm_weight_warnings: true })).statusCode).toBe(200);
    expect(await slipOf(ticket.uuid)).toMatchObject({
      gross_kg: 26_500,
      weight_warnings: ['GROSS_OVER_LEGAL'],
    });
    await leave(ticket.uuid);

    // A truck within the limit is not asked, and carries no flag.
    const fine = await issueTicket(t, plant, 'standard', '73-0002 ขอนแก่น');
    const weighed = await weigh(fine.uuid, 'In', 24_900);
    expect(weighed.statusCode).toBe(200);
    expect(weighed.json().queue.weight_warnings).toEqual([]);
    await leave(fine.uuid);
  });

  it('take the branch figure for the class, and warn on a stored-tare finish too', async () => {
    expect(
      (
        await rules({
          stored_tare_days: 60,
          gross_limits: {
            cane_truck: 27_000,
            six_wheel: 15_000,
            ten_wheel: 25_000,
            twelve_wheel: 30_000,
            trailer: 50_500,
          },
        })
      ).statusCode,
    ).toBe(200);
    const ticket = await loaded('70-1234 ขอนแก่น', 26_500);
    expect((await rowOf(ticket.id)).weightWarnings).toBe('');
    await limits({ min_net_kg: 20_000 });
    const warned = await finishOnTare(ticket.uuid);
    expect(warned.json(), warned.body).toMatchObject({
      reason: 'WEIGHT_WARNING',
      warnings: [{ code: 'NET_BELOW_MIN' }],
    });
    const done = await finishOnTare(ticket.uuid, { confirm_weight_warnings: true });
    expect(done.json().queue).toMatchObject({
      weigh_out_source: 'stored_tare',
      weight_warnings: ['NET_BELOW_MIN'],
    });
    const audit = await t.db
      .select()
      .from(queueTransitions)
      .where(
        and(eq(queueTransitions.queueId, ticket.id), eq(queueTransitions.action, 'weigh_out_stored_tare')),
      );
    expect(audit).toHaveLength(1);
  });
});

describe('the summary export', () => {
  it('says a weigh-out was the stored tare, not typed', () => {
    expect(weightSourceText('stored_tare', null, null)).toBe('น้ำหนักรถเปล่าที่บันทึกไว้');
    expect(weightSourceText('manual', null, 'ตาชั่งขัดข้อง')).toBe('พิมพ์เอง: ตาชั่งขัดข้อง');
  });
});

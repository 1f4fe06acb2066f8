import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_CODE_ALPHABET,
  bookingCalendar,
  bookingPlan,
  cancelBooking,
  listBookings,
  saveBookingLine,
  saveBookingRules,
  DEFAULT_BOOKING_RULES,
  generateBookings,
  type Booking,
  type BookingLineInput,
} from '@truck-queue/shared/contracts/booking.contract';
import { saveLineRule } from '@truck-queue/shared/contracts/order.contract';
import { getCardInProcess } from '@truck-queue/shared/contracts/queue.contract';
import { saveQuotas, saveSeason } from '@truck-queue/shared/contracts/season.contract';
import { saveSupplier, type SupplierInput } from '@truck-queue/shared/contracts/supplier.contract';
import { queues } from '../../db/schema.ts';
import { newBrowser, registerDevice } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

/**
 * Who may come when (issue 39), through the API: the office sets a line's plan and books slots
 * within it; a booked truck checked in at the kiosk inside its window joins the line at the
 * window's opening, before the walk-ins who came after it; open bookings lapse and are re-issued.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;
// The harness's clock starts at 2026-11-20 10:00 in Bangkok (03:00 UTC).
const TODAY = '2026-11-20';
const TOMORROW = '2026-11-21';

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Mill');
  other = await createPlant(t, 'Other mill');
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const caller = () => plant.officers.caller.session;

/** Sets the clock to a time of a day on the site's clock (Bangkok, UTC+7); the officers sign in again. */
async function at(day: string, time: string) {
  t.clock.at = new Date(`${day}T${time}:00+07:00`);
  for (const officer of [plant.officers.admin, plant.officers.caller, other.officers.admin])
    officer.session = await t.signIn(officer.email, officer.password);
}

const standardPlan = (over: Partial<BookingLineInput> = {}): BookingLineInput => ({
  id_branchQT: plant.types.standard.id,
  enabled: true,
  day_capacity: 10,
  walk_in_percent: 50,
  windows: [
    { start: '10:00', end: '14:00', capacity: 6 },
    { start: '06:00', end: '10:00', capacity: 4 },
  ],
  closed_days: ['2026-11-23'],
  ...over,
});

async function supplierOf(code: string, vehicles: string[], id?: number) {
  const body: SupplierInput = {
    id,
    code,
    name: `ผู้ส่ง ${code}`,
    kind: 'grower',
    phone: null,
    tax_id: null,
    leader_id: null,
    active: true,
    vehicles,
  };
  return (await t.call(saveSupplier, body, admin())).supplier;
}

const book = (body: object, session = admin()) => t.post('admin/booking/make', body, { session });

function slot(supplierId: number, over: object = {}) {
  return {
    supplier_id: supplierId,
    id_branchQT: plant.types.standard.id,
    product: plant.products.starch.id,
    day: TOMORROW,
    window_start: '06:00',
    truck_license: null,
    ...over,
  };
}

async function booked(body: object): Promise<Booking> {
  const response = await book(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ booking: Booking }>().booking;
}

const refusal = (response: { statusCode: number; json: () => unknown }) => ({
  statusCode: response.statusCode,
  ...(response.json() as { code: string; reason?: string }),
});

let q1: { id: number };
let q2: { id: number };
let q3: { id: number };

describe('a line booking plan', () => {
  it('comes disabled until set, refuses overlapping windows and other roles, and reads back in the order of the day', async () => {
    const before = await t.call(bookingPlan, {}, admin());
    expect(before.rules).toEqual(DEFAULT_BOOKING_RULES);
    expect(before.lines.map((l) => [l.queue_type_name, l.enabled])).toEqual([
      ['ส่งมันสำปะหลัง', false],
      ['รับสินค้า', false],
      ['ติดต่อทั่วไป', false],
    ]);
    const overlapping = await t.post(
      'admin/booking/saveLine',
      standardPlan({
        windows: [
          { start: '06:00', end: '10:00', capacity: 4 },
          { start: '09:00', end: '12:00', capacity: 4 },
        ],
      }),
      { session: admin() },
    );
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'windows.1' }] });
    const notAdmin = await t.post('admin/booking/saveLine', standardPlan(), { session: caller() });
    expect(notAdmin.statusCode).toBe(403);
    const othersLine = await t.post(
      'admin/booking/saveLine',
      standardPlan({ id_branchQT: other.types.standard.id }),
      { session: admin() },
    );
    expect(othersLine.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'id_branchQT' }] });

    const { line } = await t.call(saveBookingLine, standardPlan(), admin());
    expect(line.windows.map((w) => w.start)).toEqual(['06:00', '10:00']);
    expect(line.products).toEqual([{ id: plant.products.starch.id, name: 'แป้งมัน' }]);
    const after = await t.call(bookingPlan, {}, admin());
    expect(after.lines.find((l) => l.id_branchQT === plant.types.standard.id)).toMatchObject({
      enabled: true,
      day_capacity: 10,
      walk_in_percent: 50,
      closed_days: ['2026-11-23'],
    });

    q1 = await supplierOf('Q-1', ['70-1111 ขอนแก่น', '70-1112 ขอนแก่น']);
    q2 = await supplierOf('Q-2', ['70-2222 ขอนแก่น']);
    q3 = await supplierOf('Q-3', []);
  });
});

describe('the office books slots', () => {
  it('books within the window and the day, keeping the walk-ins share, and refuses what the plan does not allow', async () => {
    const first = await booked(slot(q1.id, { truck_license: '70-1111 ขอนแก่น' }));
    expect(first).toMatchObject({
      status: 'booked',
      source: 'office',
      supplier: { code: 'Q-1' },
      truck_license: '70-1111 ขอนแก่น',
      day: TOMORROW,
      window_start: '06:00',
      window_end: '10:00',
      starts_at: '2026-11-20T23:00:00.000Z',
      ends_at: '2026-11-21T03:00:00.000Z',
      reissue: 0,
      queue: null,
      over_quota: false,
    });
    expect(first.code).toMatch(new RegExp(`^[${BOOKING_CODE_ALPHABET}]{8}$`));
    // 4 loads, half kept for walk-ins: 2 bookable.
    await booked(slot(q2.id));
    expect(refusal(await book(slot(q3.id)))).toMatchObject({ statusCode: 409, reason: 'WINDOW_FULL' });

    const refused = async (over: object) => refusal(await book(slot(q3.id, over)));
    expect(await refused({ day: '2026-11-23' })).toMatchObject({ reason: 'BOOKING_CLOSED' });
    expect(await refused({ day: '2026-12-20' })).toMatchObject({ reason: 'BOOKING_CLOSED' });
    // Today's 06:00 window opened already (it is 10:00); the 10:00 one too.
    expect(await refused({ day: TODAY })).toMatchObject({ reason: 'BOOKING_CLOSED' });
    expect(await refused({ window_start: '07:00' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'window_start' }],
    });
    expect(await refused({ product: plant.products.cassava.id })).toMatchObject({
      issues: [{ path: 'product' }],
    });
    expect(await refused({ window_start: '10:00', truck_license: '70-2222 ขอนแก่น' })).toMatchObject({
      reason: 'PLATE_NOT_SUPPLIERS',
    });
    expect(await refused({ supplier_id: 999_999 })).toMatchObject({ issues: [{ path: 'supplier_id' }] });
    // Not the officers who call trucks.
    expect((await book(slot(q3.id, { window_start: '10:00' }), caller())).statusCode).toBe(403);

    // The supplier's daily limit.
    await t.call(saveBookingRules, { ...DEFAULT_BOOKING_RULES, per_supplier_day: 1 }, admin());
    expect(await refused({ supplier_id: q1.id, window_start: '10:00' })).toMatchObject({
      reason: 'SUPPLIER_DAY_LIMIT',
    });
    await t.call(saveBookingRules, DEFAULT_BOOKING_RULES, admin());
  });

  it('never books past a window when officers book at once', async () => {
    const day = '2026-11-22';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => book(slot(i % 2 ? q2.id : q3.id, { day, window_start: '10:00' }))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => refusal(a).reason)).toEqual(
      Array(5).fill('WINDOW_FULL'),
    );
    const { days } = await t.call(
      bookingCalendar,
      { id_branchQT: plant.types.standard.id, from: TOMORROW, days: 3 },
      admin(),
    );
    expect(
      days.map((d) => [d.day, d.closed, d.windows.map((w) => `${w.start} ${w.booked}/${w.bookable}`)]),
    ).toEqual([
      [TOMORROW, false, ['06:00 2/2', '10:00 0/3']],
      ['2026-11-22', false, ['06:00 0/2', '10:00 3/3']],
      ['2026-11-23', true, []],
    ]);
  });

  it('frees a cancelled slot, and cancels only an open booking', async () => {
    const { bookings } = await t.call(listBookings, { from: TOMORROW, to: TOMORROW, find: 'Q-2' }, admin());
    const q2Booking = bookings[0]!;
    const cancelled = await t.call(cancelBooking, { booking_id: q2Booking.id, reason: 'รถเสีย' }, admin());
    expect(cancelled.booking).toMatchObject({ status: 'cancelled', note: 'รถเสีย' });
    const again = await t.post(
      'admin/booking/cancel',
      { booking_id: q2Booking.id, reason: 'ซ้ำ' },
      { session: admin() },
    );
    expect(refusal(again)).toMatchObject({ statusCode: 409, reason: 'BOOKING_NOT_OPEN' });
    // The slot is free again: Q-3, any of its vehicles.
    await booked(slot(q3.id));
    const others = await t.post(
      'admin/booking/cancel',
      { booking_id: q2Booking.id, reason: 'x' },
      {
        session: other.officers.admin.session,
      },
    );
    expect(others.statusCode).toBe(404);
  });
});

describe('a booked truck checked in', () => {
  async function walkIn(licence: string) {
    const response = await t.post(
      'process/printer/issueQueue',
      { id_branchQT: plant.types.standard.id, product: plant.products.starch.id, truck_license: licence },
      { session: caller() },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ queue: { queue_number: string } }>().queue.queue_number;
  }

  async function waitingOrder() {
    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, caller());
    const card = cards.card.find((c) => c._id === plant.types.standard.id)!;
    return card.queue_number
      .filter((q) => q.line_place !== null)
      .sort((a, b) => a.line_place!.position - b.line_place!.position)
      .map((q) => q.truck_license);
  }

  it('at the kiosk inside its window goes before the walk-ins who came after the window opened', async () => {
    const { bookings } = await t.call(listBookings, { from: TOMORROW, to: TOMORROW, find: 'Q-1' }, admin());
    const q1Booking = bookings[0]!;
    await at(TOMORROW, '05:50');
    await walkIn('80-0550 ขอนแก่น');
    await at(TOMORROW, '06:10');
    await walkIn('80-0610 ขอนแก่น');
    await at(TOMORROW, '06:20');
    await walkIn('80-0620 ขอนแก่น');

    await at(TOMORROW, '06:30');
    const kiosk = newBrowser();
    await registerDevice(t, plant, 'printer', kiosk);
    const found = await t.post(
      'process/printer/findBooking',
      { code: q1Booking.code.toLowerCase() },
      { headers: kiosk.headers },
    );
    expect(found.json()).toMatchObject({
      booking: { code: q1Booking.code },
      time: 'in_window',
      outcome: 'slot',
    });
    const checkIn = await t.post(
      'process/printer/checkIn',
      { code: q1Booking.code, idempotency_key: 'kiosk-checkin-1' },
      { headers: kiosk.headers },
    );
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const answer = checkIn.json<{
      queue: { uuid: string; truck_license: string };
      booking: Booking;
      joined: string;
    }>();
    expect(answer).toMatchObject({
      joined: 'slot',
      queue: { truck_license: '70-1111 ขอนแก่น' },
      booking: { status: 'checked_in', checked_in_at: '2026-11-20T23:30:00.000Z' },
    });
    expect(answer.booking.queue?.uuid).toBe(answer.queue.uuid);
    expect(await waitingOrder()).toEqual([
      '80-0550 ขอนแก่น',
      '70-1111 ขอนแก่น',
      '80-0610 ขอนแก่น',
      '80-0620 ขอนแก่น',
    ]);
    // The card says why it stands there.
    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, caller());
    const bookedCard = cards.card
      .find((c) => c._id === plant.types.standard.id)!
      .queue_number.find((q) => q.truck_license === '70-1111 ขอนแก่น')!;
    expect(bookedCard.line_place).toMatchObject({
      position: 2,
      why: { kind: 'booked', window: '06:00-10:00' },
    });
    const [row] = await t.db
      .select({ supplierId: queues.supplierId, lineAt: queues.lineAt })
      .from(queues)
      .where(eq(queues.uuid, answer.queue.uuid));
    expect(row).toEqual({ supplierId: q1.id, lineAt: new Date('2026-11-20T23:00:00Z') });

    // The kiosk's retry gets the same ticket; another check-in is refused.
    const retry = await t.post(
      'process/printer/checkIn',
      { code: q1Booking.code, idempotency_key: 'kiosk-checkin-1' },
      { headers: kiosk.headers },
    );
    expect(retry.json()).toMatchObject({ queue: { uuid: answer.queue.uuid } });
    const twice = await t.post(
      'process/printer/checkIn',
      { code: q1Booking.code },
      { headers: kiosk.headers },
    );
    expect(refusal(twice)).toMatchObject({ statusCode: 409, reason: 'BOOKING_NOT_OPEN' });
    // Another branch's kiosk does not know the code.
    const othersKiosk = newBrowser();
    await registerDevice(t, other, 'printer', othersKiosk);
    const elsewhere = await t.post(
      'process/printer/findBooking',
      { code: q1Booking.code },
      { headers: othersKiosk.headers },
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it("needs a plate of the supplier's where it was booked for any of its vehicles", async () => {
    const { bookings } = await t.call(listBookings, { from: TOMORROW, to: TOMORROW, find: 'Q-3' }, admin());
    const code = bookings[0]!.code;
    const post = (body: object) =>
      t.post('process/printer/checkIn', { code, ...body }, { session: caller() });
    expect((await post({})).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'truck_license' }],
    });
    expect(refusal(await post({ truck_license: '70-2222 ขอนแก่น' }))).toMatchObject({
      reason: 'PLATE_NOT_SUPPLIERS',
    });
    await supplierOf('Q-3', ['70-3333 ขอนแก่น'], q3.id);
    const checked = await post({ truck_license: '70 3333 ขอนแก่น' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ joined: 'slot', queue: { truck_license: '70 3333 ขอนแก่น' } });
  });

  it('outside its window joins as a walk-in, or is refused where the rules say so', async () => {
    await at(TOMORROW, '09:00');
    const late = await booked(
      slot(q2.id, { day: '2026-11-22', window_start: '06:00', truck_license: '70-2222 ขอนแก่น' }),
    );
    await at('2026-11-22', '10:31');
    await t.call(saveBookingRules, { ...DEFAULT_BOOKING_RULES, outside_window: 'refuse' }, admin());
    const refused = await t.post('process/printer/checkIn', { code: late.code }, { session: caller() });
    expect(refused.json()).toMatchObject({ reason: 'BOOKING_OUTSIDE_WINDOW' });
    expect((await t.db.select().from(queues).where(eq(queues.truckLicense, '70-2222 ขอนแก่น'))).length).toBe(
      0,
    );
    await t.call(saveBookingRules, DEFAULT_BOOKING_RULES, admin());
    const walkedIn = await t.post('process/printer/checkIn', { code: late.code }, { session: caller() });
    expect(walkedIn.json()).toMatchObject({ joined: 'walk_in', booking: { status: 'checked_in' } });
    const [row] = await t.db
      .select({ lineAt: queues.lineAt })
      .from(queues)
      .where(eq(queues.truckLicense, '70-2222 ขอนแก่น'));
    expect(row!.lineAt).toEqual(t.clock.now());
  });
});

describe('a booking never checked in', () => {
  it('lapses after its window and the late grace, and is re-issued as many times as the rules allow', async () => {
    await at('2026-11-22', '12:00');
    const open = await booked(slot(q3.id, { day: '2026-11-24', window_start: '06:00' }));
    await at('2026-11-24', '10:29');
    const list = () => t.call(listBookings, { from: '2026-11-24', to: '2026-11-24' }, admin());
    expect((await list()).bookings.map((b) => b.status)).toEqual(['booked']);
    await at('2026-11-24', '10:31');
    expect((await list()).bookings.map((b) => b.status)).toEqual(['lapsed']);
    const cal = await t.call(
      bookingCalendar,
      { id_branchQT: plant.types.standard.id, from: '2026-11-24', days: 1 },
      admin(),
    );
    expect(cal.days[0]!.windows[0]).toMatchObject({ booked: 0, lapsed: 1 });

    await t.call(saveBookingRules, { ...DEFAULT_BOOKING_RULES, max_reissues: 1 }, admin());
    const reissue = (id: number, day: string) =>
      t.post('admin/booking/reissue', { booking_id: id, day, window_start: '06:00' }, { session: admin() });
    const again = await reissue(open.id, '2026-11-25');
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<{ booking: Booking }>().booking;
    expect(second).toMatchObject({
      status: 'booked',
      reissue: 1,
      supplier: { code: 'Q-3' },
      day: '2026-11-25',
    });
    expect(refusal(await reissue(open.id, '2026-11-26'))).toMatchObject({ reason: 'BOOKING_NOT_OPEN' });
    await at('2026-11-25', '11:00');
    expect(refusal(await reissue(second.id, '2026-11-26'))).toMatchObject({ reason: 'REISSUE_LIMIT' });
    await t.call(saveBookingRules, DEFAULT_BOOKING_RULES, admin());
  });
});

describe("a season's quotas and the bookings", () => {
  let seasonId = 0;
  const season = (overQuota: 'refuse' | 'warn' | 'reason') => ({
    id: seasonId || undefined,
    name: '2569/70',
    product: plant.products.starch.id,
    starts_on: '2026-11-01',
    ends_on: '2027-04-30',
    unit: 'loads' as const,
    over_quota: overQuota,
    active: true,
  });

  it("hands out the season's remaining quota as slots, in proportion to what each has left", async () => {
    await at('2026-11-25', '12:00');
    seasonId = (await t.call(saveSeason, season('refuse'), admin())).season.id;
    await t.call(
      saveQuotas,
      {
        season_id: seasonId,
        quotas: [
          { supplier_id: q1.id, entitlement: 12 },
          { supplier_id: q2.id, entitlement: 4 },
        ],
      },
      admin(),
    );
    const body = {
      season_id: seasonId,
      id_branchQT: plant.types.standard.id,
      from: '2026-11-26',
      to: '2026-11-27',
      apply: false,
    };
    // Two days of 5 bookable loads (2 + 3): 10 slots for 16 loads left, 12 : 4.
    const preview = await t.call(generateBookings, body, admin());
    expect(preview).toMatchObject({ slots: 10, applied: false });
    expect(preview.suppliers.map((s) => [s.code, s.left, s.slots])).toEqual([
      ['Q-1', 12, 8],
      ['Q-2', 4, 2],
    ]);
    expect((await t.call(listBookings, { from: '2026-11-26', to: '2026-11-27' }, admin())).total).toBe(0);
    const applied = await t.call(generateBookings, { ...body, apply: true }, admin());
    expect(applied).toMatchObject({ slots: 10, applied: true });
    const made = await t.call(listBookings, { from: '2026-11-26', to: '2026-11-27', page_size: 50 }, admin());
    expect(made.bookings.every((b) => b.source === 'calendar' && b.truck_license === null)).toBe(true);
    // Q-2's two slots, one each day: spread, not both on the first.
    expect(made.bookings.filter((b) => b.supplier.code === 'Q-2').map((b) => b.day)).toEqual([
      '2026-11-26',
      '2026-11-27',
    ]);
    // Nothing left to hand out: the days are full.
    expect((await t.call(generateBookings, body, admin())).slots).toBe(0);
  });

  it('meets a supplier past its quota by the season’s rule: refused, a reason asked, or a warning', async () => {
    const past = slot(q2.id, { day: '2026-11-28', window_start: '10:00' });
    // Q-2 holds its 4 loads' worth? 2 booked of 4: two more fit, the third is past.
    await t.call(
      saveQuotas,
      { season_id: seasonId, quotas: [{ supplier_id: q2.id, entitlement: 2 }] },
      admin(),
    );
    expect(refusal(await book(past))).toMatchObject({ statusCode: 409, reason: 'OVER_QUOTA' });
    await t.call(saveSeason, season('reason'), admin());
    expect(refusal(await book(past))).toMatchObject({ reason: 'OVER_QUOTA' });
    expect(await booked({ ...past, reason: 'ผู้จัดการอนุมัติ' })).toMatchObject({
      over_quota: true,
      note: 'ผู้จัดการอนุมัติ',
    });
    await t.call(saveSeason, season('warn'), admin());
    expect(await booked(past)).toMatchObject({ over_quota: true, note: null });
    // Q-1 is within its quota: no mark.
    expect(await booked(slot(q1.id, { day: '2026-11-28', window_start: '10:00' }))).toMatchObject({
      over_quota: false,
    });
  });
});

describe('a line whose rule has a class for booked trucks', () => {
  it('puts a truck checked in at its slot in that class, and the card says so', async () => {
    await t.call(
      saveLineRule,
      {
        id_branchQT: plant.types.standard.id,
        rule: {
          classes: [{ key: 'booked', name: 'จองคิว', share: 1, first: true, product_ids: [] }],
          ordinary_share: 1,
          max_wait_minutes: null,
          fresh_limit_minutes: null,
          stale_first: false,
          caps: [],
          ask_reason: false,
        },
      },
      admin(),
    );
    const code = (
      await booked(slot(q1.id, { day: '2026-11-29', window_start: '06:00', truck_license: '70-1112 ขอนแก่น' }))
    ).code;
    await at('2026-11-29', '05:30');
    const walkIn = await t.post(
      'process/printer/issueQueue',
      {
        id_branchQT: plant.types.standard.id,
        product: plant.products.starch.id,
        truck_license: '81-0530 ขอนแก่น',
      },
      { session: caller() },
    );
    expect(walkIn.statusCode, walkIn.body).toBe(200);
    await at('2026-11-29', '06:15');
    const checked = await t.post('process/printer/checkIn', { code }, { session: caller() });
    expect(checked.json()).toMatchObject({ joined: 'slot' });
    const [row] = await t.db
      .select({ orderClass: queues.orderClass })
      .from(queues)
      .where(eq(queues.truckLicense, '70-1112 ขอนแก่น'));
    expect(row!.orderClass).toBe('booked');
    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, caller());
    const waiting = cards.card
      .find((c) => c._id === plant.types.standard.id)!
      .queue_number.filter((q) => q.line_place !== null && q.queue_date === '2026-11-29')
      .sort((a, b) => a.line_place!.position - b.line_place!.position);
    // The booked class goes first: ahead of the walk-in who came before the window opened.
    expect(waiting.map((q) => [q.truck_license, q.line_place!.why])).toEqual([
      ['70-1112 ขอนแก่น', { kind: 'class', class_key: 'booked', first: true }],
      ['81-0530 ขอนแก่น', { kind: 'turn' }],
    ]);
  });
});

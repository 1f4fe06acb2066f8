import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BOOKING_RULES,
  listBookings,
  saveBookingLine,
  saveBookingRules,
  type Booking,
} from '@truck-queue/shared/contracts/booking.contract';
import {
  issueSupplierPin,
  supplierHome,
  SUPPLIER_PIN_TRIES,
} from '@truck-queue/shared/contracts/supplier-portal.contract';
import { saveSupplier, type SupplierInput } from '@truck-queue/shared/contracts/supplier.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

/**
 * The supplier's own booking page (issue 39), through the API: the office gives a PIN, the
 * supplier signs in with its code and books and cancels its own slots; wrong PINs lock it out.
 */

let t: TestContext;
let plant: Plant;
let other: Plant;
let pin = '';
let branchUuid = '';
let token = '';
const TOMORROW = '2026-11-21';

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Mill');
  other = await createPlant(t, 'Other mill');
  await t.call(
    saveBookingLine,
    {
      id_branchQT: plant.types.standard.id,
      enabled: true,
      day_capacity: 20,
      walk_in_percent: 0,
      windows: [
        { start: '06:00', end: '10:00', capacity: 2 },
        { start: '10:00', end: '14:00', capacity: 10 },
      ],
      closed_days: [],
    },
    admin(),
  );
  await t.call(saveBookingRules, { ...DEFAULT_BOOKING_RULES, days_ahead: 3 }, admin());
});
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;

async function supplier(code: string, over: Partial<SupplierInput> = {}) {
  const body: SupplierInput = {
    code,
    name: `ไร่ ${code}`,
    kind: 'grower',
    phone: null,
    tax_id: null,
    leader_id: null,
    active: true,
    vehicles: [],
    ...over,
  };
  return (await t.call(saveSupplier, body, admin())).supplier;
}

const post = (path: string, body: object) => t.post(`public/supplier/${path}`, body);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
type Answer = { statusCode: number } & Record<string, any>;
const answer = async (path: string, body: object): Promise<Answer> => {
  const response = await post(path, body);
  return { statusCode: response.statusCode, ...(response.json() as Record<string, unknown>) };
};

describe("a supplier's booking page", () => {
  let grower: { id: number };

  it('signs in with the code and the PIN the office gave, shown once; the office alone gives it', async () => {
    grower = await supplier('Q-100', { vehicles: ['70-1000 ขอนแก่น'] });
    expect(
      (
        await t.post(
          'admin/supplier/pin',
          { supplier_id: grower.id },
          { session: plant.officers.caller.session },
        )
      ).statusCode,
    ).toBe(403);
    const given = await t.call(issueSupplierPin, { supplier_id: grower.id }, admin());
    expect(given.pin).toMatch(/^\d{6}$/);
    expect(given.page_path).toMatch(/^\/supplier\?b=[0-9a-f-]{36}$/);
    pin = given.pin;
    branchUuid = given.page_path.split('=')[1]!;
    // Another branch's admin cannot give it one.
    const others = await t.post(
      'admin/supplier/pin',
      { supplier_id: grower.id },
      { session: other.officers.admin.session },
    );
    expect(others.statusCode).toBe(404);

    const wrong = pin === '000000' ? '000001' : '000000';
    expect(await answer('signIn', { branch: branchUuid, code: 'Q-100', pin: wrong })).toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(await answer('signIn', { branch: branchUuid, code: 'NOPE', pin })).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const signed = await answer('signIn', { branch: branchUuid, code: 'q-100', pin });
    expect(signed).toMatchObject({ statusCode: 200, supplier: { code: 'Q-100', name: 'ไร่ Q-100' } });
    token = signed.token as string;
  });

  it('shows its vehicles, the lines it may book, its bookings and the rules', async () => {
    const home = await answer('home', { token });
    expect(home).toMatchObject({
      statusCode: 200,
      supplier: { code: 'Q-100', vehicles: ['70-1000 ขอนแก่น'] },
      branch_name: 'Mill',
      today: '2026-11-20',
      bookings: [],
      lines: [{ id_branchQT: plant.types.standard.id, products: [{ name: 'แป้งมัน' }] }],
      rules: { days_ahead: 3, cutoff_minutes: 60 },
    });
    expect(supplierHome.response.safeParse(await (await post('home', { token })).json()).success).toBe(true);
    expect(await answer('home', { token: 'x'.repeat(43) })).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it('books a free slot for itself and sees what is left; cancels its own before the cut-off', async () => {
    const slots = async () =>
      (
        (await answer('slots', {
          token,
          id_branchQT: plant.types.standard.id,
          from: '2026-11-20',
          days: 5,
        })) as unknown as {
          days: { day: string; closed: boolean; windows: { start: string; free: number }[] }[];
        }
      ).days.map(
        (d) => `${d.day} ${d.closed ? 'closed' : d.windows.map((w) => `${w.start}:${w.free}`).join(' ')}`,
      );
    // Today's windows opened already (10:00 now); beyond 3 days ahead nothing may be booked.
    expect(await slots()).toEqual([
      '2026-11-20 06:00:0 10:00:0',
      '2026-11-21 06:00:2 10:00:10',
      '2026-11-22 06:00:2 10:00:10',
      '2026-11-23 06:00:2 10:00:10',
      '2026-11-24 closed',
    ]);
    const request = {
      token,
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      day: TOMORROW,
      window_start: '06:00',
      truck_license: '70-1000 ขอนแก่น',
    };
    const made = await answer('book', request);
    expect(made).toMatchObject({
      statusCode: 200,
      booking: { source: 'supplier', supplier: { code: 'Q-100' } },
    });
    expect((await slots())[1]).toBe('2026-11-21 06:00:1 10:00:10');
    const office = await t.call(listBookings, { from: TOMORROW, to: TOMORROW }, admin());
    expect(office.bookings.map((b) => [b.supplier.code, b.source])).toEqual([['Q-100', 'supplier']]);

    // Someone else's booking is not its to cancel.
    const neighbour = await supplier('Q-200');
    const theirs = await t.post(
      'admin/booking/make',
      { ...request, token: undefined, supplier_id: neighbour.id, truck_license: null },
      { session: admin() },
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirId = theirs.json<{ booking: Booking }>().booking.id;
    expect(await answer('cancel', { token, booking_id: theirId })).toMatchObject({ statusCode: 404 });

    const mine = (made.booking as Booking).id;
    // At 05:01 tomorrow the 06:00 window is past its hour's cut-off.
    const now = t.clock.at;
    t.clock.at = new Date('2026-11-21T05:01:00+07:00');
    expect(await answer('cancel', { token, booking_id: mine })).toMatchObject({ reason: 'BOOKING_CLOSED' });
    t.clock.at = now;
    expect(await answer('cancel', { token, booking_id: mine })).toMatchObject({
      statusCode: 200,
      booking: { status: 'cancelled' },
    });
  });

  it(`locks the code out after ${SUPPLIER_PIN_TRIES} wrong PINs in a row, for a while`, async () => {
    // The wrong PIN of the first test is older than the lock's minutes by now.
    t.clock.advance(16 * 60_000);
    const wrong = pin === '999999' ? '999998' : '999999';
    for (let i = 1; i < SUPPLIER_PIN_TRIES; i++)
      expect(await answer('signIn', { branch: branchUuid, code: 'Q-100', pin: wrong })).toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
    expect(await answer('signIn', { branch: branchUuid, code: 'Q-100', pin: wrong })).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_ATTEMPTS',
    });
    // Even the right PIN, until the lock ends.
    expect(await answer('signIn', { branch: branchUuid, code: 'Q-100', pin })).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });
    t.clock.advance(16 * 60_000);
    expect(await answer('signIn', { branch: branchUuid, code: 'Q-100', pin })).toMatchObject({
      statusCode: 200,
    });
  });

  it('ends its sign-ins when the office gives a new PIN, or when it signs out', async () => {
    expect((await answer('home', { token })).statusCode).toBe(200);
    const renewed = await t.call(issueSupplierPin, { supplier_id: grower.id }, admin());
    expect(await answer('home', { token })).toMatchObject({ statusCode: 401 });
    expect(await answer('signIn', { branch: branchUuid, code: 'Q-100', pin: renewed.pin })).toMatchObject({
      statusCode: 200,
    });
    const fresh = (await answer('signIn', { branch: branchUuid, code: 'Q-100', pin: renewed.pin }))
      .token as string;
    expect((await answer('signOut', { token: fresh })).statusCode).toBe(200);
    expect(await answer('home', { token: fresh })).toMatchObject({ statusCode: 401 });
    // Another branch's page does not know the code.
    const otherBranch = (
      await t.call(
        issueSupplierPin,
        { supplier_id: (await otherSupplier()).id },
        other.officers.admin.session,
      )
    ).page_path.split('=')[1]!;
    expect(await answer('signIn', { branch: otherBranch, code: 'Q-100', pin: renewed.pin })).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
  });
});

async function otherSupplier() {
  const body: SupplierInput = {
    code: 'O-1',
    name: 'อื่น',
    kind: 'grower',
    phone: null,
    tax_id: null,
    leader_id: null,
    active: true,
    vehicles: [],
  };
  return (await t.call(saveSupplier, body, other.officers.admin.session)).supplier;
}

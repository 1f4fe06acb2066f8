import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import { DEFAULT_BOOKING_RULES } from '@truck-queue/shared/contracts/booking.contract';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { addDays } from '@truck-queue/shared/plant-day';
import { bookings, branches, suppliers } from '../db/schema.ts';
import type { TestContext } from './harness.ts';
import type { Plant } from './plant.ts';

type Body = Record<string, unknown>;

/**
 * The fuzzer's bookings (issue 39): the standard line takes bookings (large windows, so the
 * valid bookings are not refused as full), two suppliers, and bookings made in place for the
 * calls that need one already there: an open one to cancel, a lapsed one to re-issue, one whose
 * window is open now to check in (the fuzzed rules may refuse a late or early truck).
 */
export async function fuzzBookings(t: TestContext, plant: Plant, admin: string) {
  const today = '2026-11-20';
  const line = {
    id_branchQT: plant.types.standard.id,
    enabled: true,
    day_capacity: 10_000,
    walk_in_percent: 0,
    windows: [
      { start: '06:00', end: '12:00', capacity: 5_000 },
      { start: '12:00', end: '18:00', capacity: 5_000 },
    ],
    closed_days: [],
  };
  const ok = async (path: string, body: Body) => {
    const response = await t.post(path, body, { session: admin });
    if (response.statusCode !== 200) throw new Error(`${path} refused the fuzzer's setup: ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  const rules = { ...DEFAULT_BOOKING_RULES, per_supplier_day: 1000 };
  await ok('admin/booking/saveLine', line);
  await ok('admin/booking/saveRules', rules);
  const supplier = async (code: string, plates: string[]) =>
    (
      (await ok('admin/supplier/save', {
        code,
        name: `ผู้ส่ง ${code}`,
        kind: 'grower',
        phone: null,
        tax_id: null,
        leader_id: null,
        active: true,
        vehicles: plates,
      })) as { supplier: { id: number } }
    ).supplier.id;
  const booker = await supplier('FB-1', ['กข 6001', 'กข 6002', 'กข 6003']);
  const lapser = await supplier('FB-2', []);
  const base = {
    branchId: plant.branch.id,
    productId: plant.products.starch.id,
    branchQueueTypeId: plant.types.standard.id,
    windowStart: '06:00',
    windowEnd: '12:00',
    source: 'office' as const,
  };
  // 06:00-12:00 in Bangkok (UTC+7).
  const window = (day: string) => ({
    day,
    startsAt: new Date(`${day}T06:00:00+07:00`),
    endsAt: new Date(`${day}T12:00:00+07:00`),
  });
  await t.db.insert(bookings).values([
    { ...base, ...window(addDays(today, 1)), code: 'CANCEACC', supplierId: booker, licence: null },
    { ...base, ...window(addDays(today, 3)), code: 'CANCEPAG', supplierId: booker, licence: null },
    { ...base, ...window(addDays(today, -2)), code: 'RAPYEDAA', supplierId: lapser, licence: null },
    {
      ...base,
      ...window(today),
      code: 'NQWCHECK',
      supplierId: booker,
      licence: 'กข 6001',
      plateKey: plateSearchKey('กข 6001'),
    },
  ]);
  // The supplier's booking page: FB-1 signs in with its PIN (FB-2's is the one the office renews).
  const branchUuid = (
    await t.db.select({ uuid: branches.uuid }).from(branches).where(eq(branches.id, plant.branch.id))
  )[0]!.uuid;
  let code = 'FB-1';
  let pin = '';
  let token = '';
  let leavingToken = '';
  const signIn = async () => {
    const response = await t.post('public/supplier/signIn', { branch: branchUuid, code, pin });
    if (response.statusCode !== 200) throw new Error(`FB-1 could not sign in: ${response.body}`);
    return response.json<{ token: string }>().token;
  };
  /** FB-1 active, a new PIN and two live sign-ins (its page's, and one to sign out), by its code now. */
  async function bookerSignedIn() {
    const [row] = await t.db
      .update(suppliers)
      .set({ active: true })
      .where(eq(suppliers.id, booker))
      .returning({ code: suppliers.code });
    code = row!.code;
    ({ pin } = (await ok('admin/supplier/pin', { supplier_id: booker })) as { pin: string });
    token = await signIn();
    leavingToken = await signIn();
  }
  await bookerSignedIn();

  /** The latest booking that matches (an id and a code no booking has when none does). */
  const latest = async (where: SQL | undefined = eq(bookings.status, 'booked')) =>
    (await t.db.select().from(bookings).where(where).orderBy(desc(bookings.id)).limit(1))[0] ?? {
      id: 999_999,
      code: 'AAAAAAAA',
    };

  const bodies: Record<string, (n: number) => Body | Promise<Body>> = {
    'admin/booking/plan': () => ({}),
    'admin/booking/saveLine': (n) => ({ ...line, walk_in_percent: n % 40 }),
    'admin/booking/saveRules': (n) => ({
      ...DEFAULT_BOOKING_RULES,
      per_supplier_day: 1000,
      days_ahead: 14 + (n % 7),
    }),
    'admin/booking/calendar': (n) => ({
      id_branchQT: plant.types.standard.id,
      from: today,
      days: 1 + (n % 14),
    }),
    'admin/booking/list': (n) => ({ from: today, to: addDays(today, 7), find: n % 2 ? 'FB' : '', page: 1 }),
    'admin/booking/make': (n) => ({
      supplier_id: booker,
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      day: addDays(today, 1 + (n % 10)),
      window_start: n % 2 ? '12:00' : '06:00',
      truck_license: n % 3 ? null : 'กข 6002',
    }),
    // An open booking whose window is still ahead (not the one the kiosk checks in).
    'admin/booking/cancel': async (n) => ({
      booking_id: (
        await latest(
          and(
            eq(bookings.status, 'booked'),
            gt(bookings.endsAt, t.clock.now()),
            ne(bookings.code, 'NQWCHECK'),
          ),
        )
      ).id,
      reason: `ยกเลิก ${n}`,
    }),
    'admin/booking/reissue': async () => ({
      booking_id: (await latest(eq(bookings.code, 'RAPYEDAA'))).id,
      day: addDays(today, 2),
      window_start: '06:00',
    }),
    'admin/supplier/pin': () => ({ supplier_id: lapser }),
    'public/supplier/signIn': () => ({ branch: branchUuid, code, pin }),
    'public/supplier/signOut': () => ({ token: leavingToken }),
    'public/supplier/home': () => ({ token }),
    'public/supplier/scorecard': () => ({ token }),
    'public/supplier/gradeLine': () => ({ token }),
    'public/supplier/slots': (n) => ({
      token,
      id_branchQT: plant.types.standard.id,
      from: today,
      days: 1 + (n % 14),
    }),
    'public/supplier/book': (n) => ({
      token,
      id_branchQT: plant.types.standard.id,
      product: plant.products.starch.id,
      day: addDays(today, 1 + (n % 10)),
      window_start: '12:00',
      truck_license: null,
    }),
    'public/supplier/cancel': async () => ({
      token,
      booking_id: (await latest(and(eq(bookings.status, 'booked'), eq(bookings.supplierId, booker)))).id,
    }),
    'process/printer/findBooking': async () => ({ code: (await latest()).code }),
    'process/printer/checkIn': (n) => ({
      code: 'NQWCHECK',
      truck_license: n % 2 ? 'กข 6003' : 'กข 6001',
      idempotency_key: `fuzz-check-in-${n}`,
    }),
  };
  /**
   * After an accepted call that changed the plan or the rules (its mutations may close the line or
   * allow no day ahead): the fuzzer's own plan and rules again, so every booking call can still
   * be accepted.
   */
  async function afterAccepted(path: string, body: unknown) {
    if (path === 'admin/booking/saveLine') await ok(path, line);
    if (path === 'admin/booking/saveRules') await ok(path, rules);
    // A PIN renewed for FB-1 (a fuzzed supplier_id) ends its sign-ins, and a save of FB-1 or
    // FB-2 (a fuzzed id) may deactivate it or change its code: the booking calls need them
    // active, and FB-1 signed in again.
    const named = body as { supplier_id?: unknown; id?: unknown } | null;
    if (path === 'admin/supplier/save' && named?.id === lapser)
      await t.db.update(suppliers).set({ active: true }).where(eq(suppliers.id, lapser));
    if (
      (path === 'admin/supplier/pin' && named?.supplier_id === booker) ||
      (path === 'admin/supplier/save' && named?.id === booker)
    )
      await bookerSignedIn();
  }
  return { bodies, afterAccepted };
}

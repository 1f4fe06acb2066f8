import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookingLine, type Booking } from '@truck-queue/shared/contracts/booking.contract';
import {
  scorecardsExport,
  scorecardsReport,
  ScorecardsSchema,
  supplierScorecard,
  type ScorecardRow,
} from '@truck-queue/shared/contracts/scorecard.contract';
import { issueSupplierPin } from '@truck-queue/shared/contracts/supplier-portal.contract';
import { yardRules } from '@truck-queue/shared/contracts/yard.contract';
import { saveSupplier } from '@truck-queue/shared/contracts/supplier.contract';
import { branches } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { medianOf } from './scorecards.service.ts';

/**
 * Scorecards (issue 41): a supplier's day at the plant through the API (two bookings, one kept
 * and one missed, lab loads checked, rechecked and rejected) and a truck without a supplier,
 * and the rows the report makes of them.
 */

// The harness's clock starts at 2026-11-20 10:00 in Bangkok; the bookings are for the next day.
const DAY = '2026-11-21';
const PLATES = ['70-1111 ขอนแก่น', '70-1112 ขอนแก่น', '70-1113 ขอนแก่น', '70-1114 ขอนแก่น', '70-1115 ขอนแก่น'];

let t: TestContext;
let plant: Plant;
let report: ScorecardRow[];
let supplierId: number;

const admin = () => plant.officers.admin.session;

async function at(time: string) {
  t.clock.at = new Date(`${DAY}T${time}:00+07:00`);
  for (const officer of Object.values(plant.officers))
    officer.session = await t.signIn(officer.email, officer.password);
}

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Score plant');
  supplierId = (
    await t.call(
      saveSupplier,
      {
        code: 'S-1',
        name: 'ไร่สมชาย',
        kind: 'grower',
        phone: null,
        tax_id: null,
        leader_id: null,
        active: true,
        vehicles: PLATES,
      },
      admin(),
    )
  ).supplier.id;
  await t.call(
    saveBookingLine,
    {
      id_branchQT: plant.types.standard.id,
      enabled: true,
      day_capacity: 20,
      walk_in_percent: 0,
      windows: [{ start: '06:00', end: '10:00', capacity: 10 }],
      closed_days: [],
    },
    admin(),
  );
  const book = async (plate: string) => {
    const answer = await t.post(
      'admin/booking/make',
      {
        supplier_id: supplierId,
        id_branchQT: plant.types.standard.id,
        product: plant.products.starch.id,
        day: DAY,
        window_start: '06:00',
        truck_license: plate,
      },
      { session: admin() },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ booking: Booking }>().booking;
  };
  const kept = await book(PLATES[0]!);
  await book(PLATES[1]!);
  const measure = await t.post(
    'defineQueue/saveLabMeasure',
    {
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
    },
    { session: admin() },
  );
  expect(measure.statusCode, measure.body).toBe(200);
  const starchId = measure.json<{ lab_measure: { id: number } }>().lab_measure.id;

  await at('07:00');
  const checkIn = await t.post(
    'process/printer/checkIn',
    { code: kept.code },
    { session: plant.officers.caller.session },
  );
  expect(checkIn.statusCode, checkIn.body).toBe(200);

  // Four lab loads of the supplier's other plates: 20 %, 22 %, 16 % (rechecked), 14 % (rejected).
  const lab = (path: string, body: object) =>
    t.post(`process/example/${path}`, body, { session: plant.officers.lab.session });
  const labTruck = async (plate: string, starch: number) => {
    const ticket = await issueTicket(t, plant, 'lab', plate);
    expect((await lab('accept', { uuid: ticket.uuid })).statusCode).toBe(200);
    const done = await lab('completed', {
      uuid: ticket.uuid,
      values: [{ measure_id: starchId, value: starch }],
    });
    expect(done.statusCode, done.body).toBe(200);
    return ticket;
  };
  await labTruck(PLATES[1]!, 20);
  await labTruck(PLATES[2]!, 22);
  const rechecked = await labTruck(PLATES[3]!, 16);
  const rejected = await labTruck(PLATES[4]!, 14);
  const { reasons } = await t.call(yardRules, {}, plant.officers.caller.session);
  const url = await listen(t);
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  expect(
    await emitAck(socket, 'doRecheck', plant.branch.id, rechecked.id, plant.stations.recheck.id, {
      reason_id: reasons.find((r) => r.kind === 'recheck')!.id,
    }),
  ).toEqual({ status: 1 });
  expect(
    await emitAck(socket, 'doReject', plant.branch.id, rejected.id, {
      reason_id: reasons.find((r) => r.kind === 'reject')!.id,
    }),
  ).toEqual({ status: 1 });
  closeSockets();

  // A truck of no supplier: the haulier by its plate; it leaves after 40 minutes.
  const walkIn = await issueTicket(t, plant, 'general', '80-9999 ขอนแก่น');
  await at('07:40');
  const exit = await t.post(
    'process/security/exitFactory',
    { queue_number: walkIn.queue_number, confirm_unfinished: true },
    { session: plant.officers.security.session },
  );
  expect(exit.statusCode, exit.body).toBe(200);

  // The second booking's window closes at 10:00 without its truck checking in: a no-show.
  await at('10:30');
  const answer = await t.call(scorecardsReport, { find_start: DAY, find_finish: DAY }, admin());
  expect(ScorecardsSchema.parse(answer)).toBeTruthy();
  report = answer.rows;
});
afterAll(() => t.close());

describe('scorecards', () => {
  it("counts the supplier's trucks, bookings, loads and lab values, and grades it by the rule", () => {
    const row = report.find((r) => r.supplier_id === supplierId)!;
    expect(row).toMatchObject({
      key: `supplier:${supplierId}`,
      supplier_code: 'S-1',
      name: 'ไร่สมชาย',
      trucks: 5,
      bookings: 2,
      on_time: 1,
      late: 0,
      no_shows: 1,
      cancelled: 0,
      open: 0,
      rejected: 1,
      rechecked: 1,
      // late 0, no-shows 1/2 × 30, rejected 1/5 × 25, rechecked 1/5 × 15
      lost: { late: 0, no_show: 15, rejected: 5, rechecked: 3 },
      points: 77,
      grade: 'B',
    });
    expect(row.lab).toEqual([
      expect.objectContaining({ name: 'แป้ง', pass_min: 18, samples: 4, average: 18, out_of_range: 2 }),
    ]);
  });

  it('gives a truck without a supplier a row of its plate, not graded below the minimum trucks', () => {
    const plate = report.find((r) => r.supplier_id === null)!;
    expect(plate).toMatchObject({
      key: expect.stringMatching(/^plate:/),
      name: '80-9999 ขอนแก่น',
      trucks: 1,
      bookings: 0,
      grade: null,
      points: null,
      dwell_median_seconds: 40 * 60,
    });
    // Worst first: the graded row before the one not graded.
    expect(report.map((r) => r.grade)).toEqual(['B', null]);
  });

  it('sorts by name on request, exports a workbook, and refuses a period over 92 days or upside down', async () => {
    const byName = await t.call(
      scorecardsReport,
      { find_start: DAY, find_finish: DAY, sort: 'name' },
      admin(),
    );
    expect(byName.rows.map((r) => r.name)).toEqual(['80-9999 ขอนแก่น', 'ไร่สมชาย']);
    const file = await t.call(scorecardsExport, { find_start: DAY, find_finish: DAY }, admin());
    expect(file).toMatchObject({ rows: 2, excel_url: expect.stringMatching(/^\//) });
    const long = await t.post(
      scorecardsReport.path,
      { find_start: '2026-01-01', find_finish: '2026-04-03' },
      { session: admin() },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'find_finish' }] });
    const upside = await t.post(
      scorecardsReport.path,
      { find_start: DAY, find_finish: '2026-11-01' },
      { session: admin() },
    );
    expect(upside.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const lab = await t.post(
      scorecardsReport.path,
      { find_start: DAY, find_finish: DAY },
      { session: plant.officers.lab.session },
    );
    expect(lab.statusCode).toBe(403);
  });

  it("shows the supplier its own row of the last 30 days on its page, and nobody else's", async () => {
    const { pin } = await t.call(issueSupplierPin, { supplier_id: supplierId }, admin());
    const [branch] = await t.db
      .select({ uuid: branches.uuid })
      .from(branches)
      .where(eq(branches.id, plant.branch.id));
    const signIn = await t.post('public/supplier/signIn', { branch: branch!.uuid, code: 'S-1', pin });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { token } = signIn.json<{ token: string }>();
    const mine = await t.call(supplierScorecard, { token }, '');
    expect(mine).toMatchObject({
      start: '2026-10-23',
      finish: DAY,
      row: { supplier_id: supplierId, trucks: 5, grade: 'B', points: 77 },
    });
    const stranger = await t.post(supplierScorecard.path, { token: 'x'.repeat(43) });
    expect(stranger.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('takes the median of the dwell times', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([30, 10, 20])).toBe(20);
    expect(medianOf([10, 20])).toBe(15);
  });
});

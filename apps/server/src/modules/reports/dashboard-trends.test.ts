import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';

/** The dashboard's trends: arrivals per hour of the clock, trucks and net tonnage per plant day. */

let t: TestContext;
let plant: Plant;
let other: Plant;

/** Bangkok wall clock → instant (UTC+7, no daylight saving). */
const bkk = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);

const weigh = (p: Plant, direction: 'In' | 'Out', uuid: string, weight: number) =>
  t.post(
    `process/weighing/weigh${direction}`,
    // Never called (the steps' order is decide.test.ts's): the weigh-out is confirmed.
    { uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out' },
    { session: p.officers.admin.session },
  );

async function weighed(p: Plant, license: string, gross: number, tare: number) {
  const ticket = await issueTicket(t, p, 'standard', license);
  expect((await weigh(p, 'In', ticket.uuid, gross)).statusCode).toBe(200);
  expect((await weigh(p, 'Out', ticket.uuid, tare)).statusCode).toBe(200);
}

/** A new morning: the officers sign in again (yesterday's sessions went idle overnight). */
async function signInAgain(p: Plant) {
  for (const officer of Object.values(p.officers))
    officer.session = await t.signIn(officer.email, officer.password);
}

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Plant one');
  other = await createPlant(t, 'Plant two');

  // 20 Nov, 10:05: two trucks weighed in and out (28 t and 19.5 t net).
  t.clock.at = bkk('2026-11-20', '10:05');
  await weighed(plant, '70-1001', 40_000, 12_000);
  await weighed(plant, '70-1002', 31_500.5, 12_000.5);
  // 11:40: a lab truck, not weighed yet.
  t.clock.at = bkk('2026-11-20', '11:40');
  await issueTicket(t, plant, 'lab', 'กข 1234');
  // 21 Nov, 06:15: one more, weighed (10 t net).
  t.clock.at = bkk('2026-11-21', '06:15');
  await signInAgain(plant);
  await signInAgain(other);
  await weighed(plant, '70-1003', 22_000, 12_000);
  // Another branch's trucks at the same hours are in none of plant one's figures.
  await weighed(other, '70-9001', 50_000, 10_000);
  t.clock.at = bkk('2026-11-20', '10:30');
  await issueTicket(t, other, 'general', '70-9002');
});
afterAll(() => t.close());

const trends = (p: Plant, start: string, finish: string, session = p.officers.security.session) =>
  t.call(reportContracts.dashboardTrends, { find_start: start, find_finish: finish }, session);

describe('report/dashboardTrends', () => {
  it('counts the tickets issued in each hour of the clock over the period', async () => {
    const hours = (await trends(plant, '2026-11-19', '2026-11-21')).arrivals_by_hour;
    expect(hours).toHaveLength(24);
    expect(Object.fromEntries(hours.flatMap((n, hour) => (n ? [[hour, n]] : [])))).toEqual({
      6: 1,
      10: 2,
      11: 1,
    });
    expect((await trends(plant, '2026-11-21', '2026-11-21')).arrivals_by_hour[10]).toBe(0);
  });

  it('gives every day of the period its trucks and net tonnage, days without a truck as zeros', async () => {
    const { days } = await trends(plant, '2026-11-19', '2026-11-22');
    expect(days).toEqual([
      { day: '2026-11-19', trucks: 0, weighed: 0, net_kg: 0 },
      { day: '2026-11-20', trucks: 3, weighed: 2, net_kg: 47_500 },
      { day: '2026-11-21', trucks: 1, weighed: 1, net_kg: 10_000 },
      { day: '2026-11-22', trucks: 0, weighed: 0, net_kg: 0 },
    ]);
    // The summary report's totals of the same days say the same.
    const totals = await t.call(
      reportContracts.summaryTotals,
      { find_start: '2026-11-19', find_finish: '2026-11-22' },
      plant.officers.admin.session,
    );
    expect(totals.days.map(({ day, trucks, weighed, net_kg }) => ({ day, trucks, weighed, net_kg }))).toEqual(
      days.filter((d) => d.trucks > 0),
    );
  });

  it('is open to every role of the dashboard, and refuses a wrong period', async () => {
    for (const officer of Object.values(plant.officers))
      expect((await trends(plant, '2026-11-20', '2026-11-20', officer.session)).days).toHaveLength(1);
    const session = plant.officers.admin.session;
    for (const body of [
      { find_start: '2026-11-21', find_finish: '2026-11-20' },
      { find_start: '2025-01-01', find_finish: '2026-11-20' },
      { find_start: '20/11/2026', find_finish: '2026-11-20' },
      {},
    ]) {
      const response = await t.post('report/dashboardTrends', body, { session });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      (await t.post('report/dashboardTrends', { find_start: '2026-11-20', find_finish: '2026-11-20' }))
        .statusCode,
    ).toBe(401);
  });
});

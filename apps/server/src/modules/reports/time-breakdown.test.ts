import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  timeBreakdownExport,
  timeBreakdownReport,
  TimeBreakdownSchema,
  type StageFigures,
  type TimeBreakdown,
} from '@truck-queue/shared/contracts/time-breakdown.contract';
import { weighIn, weighOut } from '@truck-queue/shared/contracts/station-work.contract';
import { ROLE } from '@truck-queue/shared/roles';
import type { TimeStage } from '@truck-queue/shared/queue/time-stages';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';
import { breakdownOf, stageFigures } from './time-breakdown.service.ts';

/**
 * Where the time goes (issue 41): a morning at the plant's standard line, moved minute by minute
 * on the app's clock, and the figures a manager reads of it.
 */

// The harness's clock starts at 2026-11-20 10:00 in Bangkok.
const DAY = '2026-11-20';
const at = (time: string) => new Date(`${DAY}T${time}:00+07:00`);

let t: TestContext;
let plant: Plant;
let manager: string;
let report: TimeBreakdown;

const stage = (figures: StageFigures[], name: TimeStage) => figures.find((s) => s.stage === name)!;
const minutes = (seconds: number | null) => (seconds === null ? null : seconds / 60);

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Time plant');
  const m = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
  manager = await t.signIn(m.email, m.password);

  const url = await listen(t);
  const socket = await staffSocket(url, { session: plant.officers.caller.session, apiKey: t.config.apiKey });
  expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
  const call = async (id: number) =>
    expect(await emitAck(socket, 'doCalling', plant.branch.id, id, plant.stations.standardCall.id)).toEqual({
      status: 1,
    });
  const finish = async (id: number) =>
    expect(await emitAck(socket, 'doFinish', plant.branch.id, id)).toEqual({ status: 1 });
  const weigh = async (kind: 'weighIn' | 'weighOut', queueNumber: string, weight: number) =>
    t.call(
      kind === 'weighIn' ? weighIn : weighOut,
      { queue_number: queueNumber, weight, reason: 'scale under repair' },
      plant.officers.admin.session,
    );
  const to = (time: string) => {
    t.clock.advance(at(time).getTime() - t.clock.now().getTime());
  };

  to('10:00');
  const first = await issueTicket(t, plant, 'standard', 'TB 001');
  // Waits 30 minutes for its call: the station holds nobody meanwhile.
  to('10:30');
  await call(first.id);
  // Five minutes to the weighbridge, half an hour at the station.
  to('10:35');
  await weigh('weighIn', first.queue_number, 32_000);
  to('10:40');
  const second = await issueTicket(t, plant, 'standard', 'TB 002');
  to('11:05');
  await finish(first.id);
  to('11:10');
  await weigh('weighOut', first.queue_number, 12_000);
  // The second truck waits while the station stands empty from 11:05 to 11:15.
  to('11:15');
  await call(second.id);
  to('11:20');
  const exit = await t.post(
    'process/security/exitFactory',
    { queue_number: first.queue_number },
    { session: plant.officers.security.session },
  );
  expect(exit.statusCode).toBe(200);
  to('11:45');
  await finish(second.id);
  to('12:00');
  closeSockets();

  report = await t.call(timeBreakdownReport, { find_start: DAY, find_finish: DAY }, manager);
});
afterAll(() => t.close());

describe('report/timeBreakdown', () => {
  it('answers the schema', () => {
    expect(TimeBreakdownSchema.safeParse(report).success).toBe(true);
    expect(report.trucks).toBe(2);
    expect(report.days.map((d) => d.day)).toEqual([DAY]);
  });

  it('shows each truck’s wait for its call in the hour its ticket was taken', () => {
    const ten = report.hours[10]!;
    expect(ten.trucks).toBe(2);
    const wait = stage(ten.stages, 'wait_call');
    // 30 minutes (10:00–10:30) and 35 (10:40–11:15).
    expect(wait.trucks).toBe(2);
    expect(minutes(wait.seconds)).toBe(65);
    expect(minutes(wait.average_seconds)).toBe(32.5);
    expect(stage(report.hours[11]!.stages, 'wait_call').trucks).toBe(0);
    const cell = report.cells.find((c) => c.day === DAY && c.hour === 10 && c.stage === 'wait_call');
    expect(cell).toMatchObject({ seconds: 65 * 60, trucks: 2 });
  });

  it('cuts the stay after the call: walk, at the station, weighing out, to the gate', () => {
    const totals = report.totals;
    // The first truck walked 5 minutes (call to weigh-in); the second was finished with nothing between.
    expect(stage(totals, 'walk')).toMatchObject({ seconds: 5 * 60, trucks: 1 });
    // 30 (10:35–11:05) and 30 (11:15–11:45).
    expect(stage(totals, 'at_station')).toMatchObject({ seconds: 60 * 60, trucks: 2 });
    expect(stage(totals, 'wait_weigh_out')).toMatchObject({ seconds: 5 * 60, trucks: 1 });
    // The first truck: 11:10–11:20. The second is still inside, finished at 11:45: 15 minutes so far.
    expect(stage(totals, 'to_gate')).toMatchObject({ seconds: 25 * 60, trucks: 2 });
    expect(stage(totals, 'wait_lab').trucks).toBe(0);
  });

  it('gives the station its service and its idle time while a truck waited, by the hour', () => {
    const station = report.stations.find((s) => s.station_id === plant.stations.standardCall.id)!;
    expect(station).toMatchObject({ trucks: 2, service_seconds: 65 * 60, station_types: [1] });
    // Idle 10:00–10:30 (the first truck waited) and 11:05–11:15 (the second did).
    expect(minutes(station.idle_seconds)).toBe(40);
    expect(minutes(station.idle_by_hour[10]!)).toBe(30);
    expect(minutes(station.idle_by_hour[11]!)).toBe(10);
    // The lab's station had no lab truck waiting: never idle.
    const lab = report.stations.find((s) => s.station_id === plant.stations.labCall.id)!;
    expect(lab).toMatchObject({ trucks: 0, idle_seconds: 0, service_seconds: 0 });
    expect(report.stations.find((s) => s.station_id === plant.stations.recheck.id)?.station_types).toEqual([
      2,
    ]);
  });

  it('gives the officer who called the trucks their service time', () => {
    expect(report.officers).toHaveLength(1);
    expect(report.officers[0]).toMatchObject({
      officer_id: plant.officers.caller.id,
      trucks: 2,
      service_seconds: 65 * 60,
      average_seconds: 32.5 * 60,
    });
    expect(report.officers[0]!.officer_name).toMatch(/^Test Officer/);
  });

  it('filters one line: the general line has none of these trucks', async () => {
    const general = await t.call(
      timeBreakdownReport,
      { find_start: DAY, find_finish: DAY, branch_queue_type_id: plant.types.general.id },
      manager,
    );
    expect(general.trucks).toBe(0);
    expect(general.stations.every((s) => s.idle_seconds === 0)).toBe(true);
    const standard = await t.call(
      timeBreakdownReport,
      { find_start: DAY, find_finish: DAY, branch_queue_type_id: plant.types.standard.id },
      manager,
    );
    expect(standard.trucks).toBe(2);
  });

  it('exports the figures to a workbook', async () => {
    const made = await t.call(timeBreakdownExport, { find_start: DAY, find_finish: DAY }, manager);
    expect(made.rows).toBe(2);
    const file = await t.app.inject({
      method: 'GET',
      url: made.excel_url,
      headers: { authorization: t.config.apiKey, session: manager },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('รายงานเวลาแต่ละช่วง'));
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad periods and lines with a code, and officers without the report', async () => {
    const refused = async (body: unknown, session = manager) => {
      const response = await t.post('report/timeBreakdown', body, { session });
      return { status: response.statusCode, code: response.json<{ code: string }>().code };
    };
    for (const body of [
      { find_start: '2026-11-21', find_finish: DAY },
      { find_start: '2026-01-01', find_finish: '2026-12-31' },
      { find_start: '20-11-2026', find_finish: DAY },
      { find_start: DAY, find_finish: DAY, branch_queue_type_id: -1 },
      { find_start: DAY, find_finish: DAY, branch_queue_type_id: 2 ** 31 },
      { find_start: DAY, find_finish: DAY, extra: 1 },
      {},
    ])
      expect(await refused(body)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await refused({ find_start: DAY, find_finish: DAY }, plant.officers.caller.session)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await refused({ find_start: DAY, find_finish: DAY }, 'no-such-session')).toMatchObject({
      status: 401,
    });
  });
});

describe('a truck of the day before at the plant day’s turn', () => {
  it('holds the station in the new day’s idle time, and a period is the sum of its days', async () => {
    const NEXT = '2026-11-21';
    const socket = await staffSocket(await listen(t), {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const station = plant.stations.standardCall.id;
    const to = (when: Date) => t.clock.advance(when.getTime() - t.clock.now().getTime());
    const ok = { status: 1 };
    // A truck of the 20th waits past midnight; one of the 21st behind it.
    to(at('23:50'));
    const late = await issueTicket(t, plant, 'standard', 'TB 101');
    to(new Date(`${NEXT}T00:05:00+07:00`));
    const early = await issueTicket(t, plant, 'standard', 'TB 102');
    // The 20th's truck holds the station 00:10–00:40; the 21st's is called at 00:50.
    to(new Date(`${NEXT}T00:10:00+07:00`));
    expect(await emitAck(socket, 'doCalling', plant.branch.id, late.id, station)).toEqual(ok);
    to(new Date(`${NEXT}T00:40:00+07:00`));
    expect(await emitAck(socket, 'doFinish', plant.branch.id, late.id)).toEqual(ok);
    to(new Date(`${NEXT}T00:50:00+07:00`));
    expect(await emitAck(socket, 'doCalling', plant.branch.id, early.id, station)).toEqual(ok);
    to(new Date(`${NEXT}T01:00:00+07:00`));
    closeSockets();
    // Hours went by on the clock: the manager signs in again.
    const m = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
    const manager = await t.signIn(m.email, m.password);

    const idleOf = (r: TimeBreakdown) => r.stations.find((s) => s.station_id === station)!;
    const next = await t.call(timeBreakdownReport, { find_start: NEXT, find_finish: NEXT }, manager);
    // Idle 00:00–00:10 (the 20th's truck waited) and 00:40–00:50 (the 21st's did): not while
    // the 20th's truck stood at it. Its figures stay the 20th's.
    expect(minutes(idleOf(next).idle_seconds)).toBe(20);
    expect(next.trucks).toBe(1);
    expect(idleOf(next).trucks).toBe(1);

    const first = await t.call(timeBreakdownReport, { find_start: DAY, find_finish: DAY }, manager);
    const both = await t.call(timeBreakdownReport, { find_start: DAY, find_finish: NEXT }, manager);
    expect(both.trucks).toBe(first.trucks + next.trucks);
    expect(both.days.map((d) => d.trucks)).toEqual([first.trucks, next.trucks]);
    expect(idleOf(both)).toMatchObject({
      trucks: idleOf(first).trucks + idleOf(next).trucks,
      service_seconds: idleOf(first).service_seconds + idleOf(next).service_seconds,
      idle_seconds: idleOf(first).idle_seconds + idleOf(next).idle_seconds,
      idle_by_hour: idleOf(first).idle_by_hour.map((s, hour) => s + idleOf(next).idle_by_hour[hour]!),
    });
    expect(both.officers).toEqual([
      expect.objectContaining({
        officer_id: plant.officers.caller.id,
        trucks: first.officers[0]!.trucks + next.officers[0]!.trucks,
        service_seconds: first.officers[0]!.service_seconds + next.officers[0]!.service_seconds,
      }),
    ]);
    expect(both.totals).toEqual(
      first.totals.map((f, i) => {
        const seconds = f.seconds + next.totals[i]!.seconds;
        const trucks = f.trucks + next.totals[i]!.trucks;
        return {
          stage: f.stage,
          seconds,
          trucks,
          average_seconds: trucks > 0 ? Math.round(seconds / trucks) : null,
        };
      }),
    );
  });
});

describe('breakdownOf', () => {
  it('sums cells into hours, days and the period, and averages over the trucks', () => {
    const made = breakdownOf(
      {
        cells: [
          { day: DAY, hour: 6, stage: 'wait_call', seconds: 600, trucks: 1 },
          { day: '2026-11-21', hour: 6, stage: 'wait_call', seconds: 1800, trucks: 2 },
        ],
        arrivals: [
          { day: DAY, hour: 6, trucks: 1 },
          { day: '2026-11-21', hour: 6, trucks: 2 },
        ],
        stations: [{ station_id: 9, trucks: 3, seconds: 3600 }],
        officers: [{ officer_id: null, name: null, lastname: null, trucks: 3, seconds: 3600 }],
        idle: [{ station_id: 9, hour: 7, seconds: 120.4 }],
      },
      { start: DAY, finish: '2026-11-22', firstHour: 6 },
      [{ id: 9, name: 'Bay', types: [1] }],
    );
    expect(stage(made.hours[6]!.stages, 'wait_call')).toEqual({
      stage: 'wait_call',
      seconds: 2400,
      trucks: 3,
      average_seconds: 800,
    });
    expect(made.days.map((d) => d.trucks)).toEqual([1, 2, 0]);
    expect(stage(made.days[2]!.stages, 'wait_call').average_seconds).toBeNull();
    expect(made.stations[0]).toMatchObject({ idle_seconds: 120, average_seconds: 1200 });
    expect(made.officers[0]!.officer_name).toBe('');
    expect(made.trucks).toBe(3);
  });

  it('lists every stage even without time', () => {
    expect(stageFigures([]).map((s) => s.trucks)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

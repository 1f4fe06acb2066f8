import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeAlert, openAlerts, saveAlertRule } from '@truck-queue/shared/contracts/alert.contract';
import {
  branchesOverview,
  type BranchOverview,
} from '@truck-queue/shared/contracts/branches-overview.contract';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { ROLE } from '@truck-queue/shared/roles';
import { branches } from '../../db/schema.ts';
import { newBrowser, registerDevice } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, next, record, staffSocket } from '../../test/sockets.ts';

/**
 * Every branch at a glance (issue 41): what a manager of several plants notices on the branches
 * page. Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL; its sockets go through the Redis
 * adapter with TEST_REDIS_URL.
 */

const MINUTE = 60_000;
/** Bangkok wall clock → instant (UTC+7). */
const bkk = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);

let t: TestContext;
let one: Plant;
let two: Plant;
let closed: Plant;
/** SuperAdmin of plant one who may switch branches (0,1000). */
let boss: { session: string };
/** A manager who may switch branches but is no admin (51,1000). */
let roamingManager: { session: string };
/** Plant one's first truck, waiting for its call. */
let firstStarch: { id: number };

async function officer(plant: Plant, roles: string) {
  const o = await t.createOfficer({ branchId: plant.branch.id, roles });
  return { ...o, session: await t.signIn(o.email, o.password) };
}

const weigh = (p: Plant, direction: 'In' | 'Out', uuid: string, weight: number) =>
  t.post(
    `process/weighing/weigh${direction}`,
    { uuid, weight, reason: 'ตาชั่งขัดข้อง', confirm_out_of_order: direction === 'Out' },
    { session: p.officers.admin.session },
  );

const overview = (session: string) => t.call(branchesOverview, {}, session);
const branchOf = (list: { branches: BranchOverview[] }, plant: Plant) =>
  list.branches.find((b) => b.branch_id === plant.branch.id);

beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  t = await createTestContext(
    redisUrl ? { redisUrl, redisPrefix: `tq-overview-${randomBytes(4).toString('hex')}` } : {},
  );
  t.clock.at = bkk('2026-11-20', '08:00');
  one = await createPlant(t, 'ลำปลายมาศ');
  two = await createPlant(t, 'ด่านขุนทด');
  closed = await createPlant(t, 'โรงงานปิด');
  boss = await officer(one, `${ROLE.superAdmin},${ROLE.branchSwitcher}`);
  roamingManager = await officer(one, `${ROLE.manager},${ROLE.branchSwitcher}`);

  // Plant one, 08:00: a starch truck waiting for its call; 08:20 a cassava truck whose sample the
  // lab took; 08:40 another starch truck.
  firstStarch = await issueTicket(t, one, 'standard', '70-0001');
  t.clock.advance(20 * MINUTE);
  const cassava = await issueTicket(t, one, 'lab', 'กข 1001');
  expect(
    (await t.post('process/example/accept', { uuid: cassava.uuid }, { session: one.officers.lab.session }))
      .statusCode,
  ).toBe(200);
  t.clock.advance(20 * MINUTE);
  await issueTicket(t, one, 'standard', '70-0002');

  // Plant two, 09:00: two trucks weighed in and out (28 t and 19.5 t net), one of them gone.
  t.clock.at = bkk('2026-11-20', '09:00');
  const first = await issueTicket(t, two, 'standard', '80-0001');
  expect((await weigh(two, 'In', first.uuid, 40_000)).statusCode).toBe(200);
  expect((await weigh(two, 'Out', first.uuid, 12_000)).statusCode).toBe(200);
  const second = await issueTicket(t, two, 'standard', '80-0002');
  expect((await weigh(two, 'In', second.uuid, 31_500.5)).statusCode).toBe(200);
  expect((await weigh(two, 'Out', second.uuid, 12_000.5)).statusCode).toBe(200);
  const left = await t.post(
    'process/security/exitFactory',
    { queue_number: first.queue_number, confirm_unfinished: true },
    { session: two.officers.security.session },
  );
  expect(left.statusCode).toBe(200);
  // A registered display of plant two whose screen is not connected.
  await registerDevice(t, two, 'display', newBrowser());

  // A closed plant's truck: the branch is deactivated, and no one holds it any more.
  await issueTicket(t, closed, 'general', '90-0001');
  await t.db.update(branches).set({ active: false }).where(eq(branches.id, closed.branch.id));

  t.clock.at = bkk('2026-11-20', '09:30');
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

describe('report/branchesOverview', () => {
  it("counts each branch's trucks apart, by stage, with the session's branch first", async () => {
    const list = await overview(boss.session);
    expect(list.at).toBe(bkk('2026-11-20', '09:30').toISOString());
    expect(list.branches.map((b) => b.name)).toEqual(['ลำปลายมาศ', 'ด่านขุนทด']);
    expect(branchOf(list, one)).toMatchObject({
      current: true,
      inside: 3,
      stages: { lab: 1, waiting: 2, station: 0, leaving: 0 },
      today: { day: '2026-11-20', trucks: 3, weighed: 0, net_kg: 0 },
      alerts_open: 0,
      devices: { registered: 0, offline: [] },
    });
    expect(branchOf(list, two)).toMatchObject({ current: false, inside: 1, stages: { waiting: 1 } });
  });

  it('names the truck that has waited longest for its call, and for how long', async () => {
    const list = await overview(boss.session);
    expect(branchOf(list, one)!.longest_wait).toEqual({
      queue_number: 'B001',
      minutes: 90,
      since: bkk('2026-11-20', '08:00').toISOString(),
    });
    // Time passes: the same truck, longer.
    t.clock.advance(15 * MINUTE);
    expect(branchOf(await overview(boss.session), one)!.longest_wait?.minutes).toBe(105);
    t.clock.advance(-15 * MINUTE);
  });

  it('counts the alerts no one has acknowledged, per branch', async () => {
    // Plant one's first truck has waited 90 minutes for its call: a rule of an hour finds it, and it alone.
    const rule = {
      kind: 'waiting_call',
      branch_queue_type_id: null,
      threshold_minutes: 60,
      threshold_percent: null,
      repeat_minutes: 0,
      urgent: false,
    } as const;
    const saved = await t.call(saveAlertRule, { ...rule, active: true }, one.officers.admin.session);
    const list = await overview(boss.session);
    expect(branchOf(list, one)!.alerts_open).toBe(1);
    expect(branchOf(list, two)!.alerts_open).toBe(0);
    const [first] = (await t.call(openAlerts, {}, one.officers.admin.session)).alerts;
    await t.call(acknowledgeAlert, { id: first!.id }, one.officers.admin.session);
    expect(branchOf(await overview(boss.session), one)!.alerts_open).toBe(0);
    // Turned off again: the other tests' figures are as they were.
    await t.call(saveAlertRule, { ...rule, id: saved.rule.id, active: false }, one.officers.admin.session);
  });

  it("sums today's net tonnage as the dashboard does, the truck gone included", async () => {
    const list = await overview(boss.session);
    expect(branchOf(list, two)!.today).toEqual({ day: '2026-11-20', trucks: 2, weighed: 2, net_kg: 47_500 });
    const trends = await t.call(
      reportContracts.dashboardTrends,
      { find_start: '2026-11-20', find_finish: '2026-11-20' },
      two.officers.admin.session,
    );
    expect(trends.days[0]).toMatchObject({ trucks: 2, weighed: 2, net_kg: 47_500 });
  });

  it('shows a registered display whose screen is not connected as offline', async () => {
    const list = await overview(boss.session);
    expect(branchOf(list, two)!.devices).toEqual({
      registered: 1,
      offline: [
        { kind: 'display', name: expect.stringMatching(/^Display /) as string, reason: 'disconnected' },
      ],
    });
  });

  it('shows only the branches the switcher offers: a deactivated one never, an admin without 1000 only their own', async () => {
    const list = await overview(boss.session);
    expect(branchOf(list, closed)).toBeUndefined();
    const own = await overview(two.officers.admin.session);
    expect(own.branches.map((b) => b.branch_id)).toEqual([two.branch.id]);
    expect(own.branches[0]!.current).toBe(true);
  });

  it('refuses officers who are not admins, whatever branches they may switch to', async () => {
    for (const session of [
      roamingManager.session,
      one.officers.caller.session,
      one.officers.security.session,
    ]) {
      const refused = await t.post(branchesOverview.path, {}, { session });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await t.post(branchesOverview.path, {})).statusCode).toBe(401);
    const extra = await t.post(
      branchesOverview.path,
      { branch_id: two.branch.id },
      { session: boss.session },
    );
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the branches page live', () => {
  let socket: Socket;

  beforeAll(async () => {
    socket = await staffSocket(await listen(t), { session: boss.session, apiKey: t.config.apiKey });
  });

  it('is refused to an officer who is not an admin', async () => {
    const manager = await staffSocket(await listen(t), {
      session: roamingManager.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(manager, 'watchBranches', one.branch.id, true)).toMatchObject({
      status: 0,
      code: 'FORBIDDEN',
    });
  });

  it('hears a change of a branch it holds, and never of one it does not hold', async () => {
    expect(await emitAck(socket, 'watchBranches', one.branch.id, true)).toEqual({ status: 1 });
    // Plant two's admin holds only plant two (no role 1000).
    const admin = await staffSocket(await listen(t), {
      session: two.officers.admin.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(admin, 'watchBranches', two.branch.id, true)).toEqual({ status: 1 });
    const heard = record<{ branch_id: number }>(admin, 'branchesChanged');
    // Plant one first (not the admin's), then plant two: the emits go out in order, so once
    // plant two's is heard, plant one's would have been too.
    const bossHeard = next<{ branch_id: number }>(socket, 'branchesChanged', 10_000);
    await issueTicket(t, one, 'general', '70-0009');
    expect(await bossHeard).toEqual({ branch_id: one.branch.id });
    const changed = next<{ branch_id: number }>(admin, 'branchesChanged', 10_000);
    await issueTicket(t, two, 'general', '80-0003');
    expect(await changed).toEqual({ branch_id: two.branch.id });
    expect(heard).toEqual([{ branch_id: two.branch.id }]);
    expect(branchOf(await overview(boss.session), two)).toMatchObject({
      inside: 2,
      stages: { waiting: 2, station: 0 },
    });
  });

  it('a truck called to a station in a held branch reaches the page, at its stage', async () => {
    const caller = await staffSocket(await listen(t), {
      session: one.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    const changed = next<{ branch_id: number }>(socket, 'branchesChanged', 10_000);
    expect(
      await emitAck(caller, 'doCalling', one.branch.id, firstStarch.id, one.stations.standardCall.id),
    ).toEqual({ status: 1 });
    expect(await changed).toEqual({ branch_id: one.branch.id });
    expect(branchOf(await overview(boss.session), one)!.stages).toMatchObject({
      lab: 1,
      station: 1,
      waiting: 2,
    });
  });

  it('stops when asked', async () => {
    expect(await emitAck(socket, 'watchBranches', one.branch.id, false)).toEqual({ status: 1 });
    const heard = record<{ branch_id: number }>(socket, 'branchesChanged');
    // Its own branch's room still hears the change: proof the change went out.
    const refreshed = next(socket, 'refreshUI');
    expect(await emitAck(socket, 'joinRoom', one.branch.id, 'System')).toMatchObject({ status: 1 });
    await issueTicket(t, one, 'general', '70-0003');
    await refreshed;
    expect(heard).toEqual([]);
  });
});

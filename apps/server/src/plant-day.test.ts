import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayContracts } from '@truck-queue/shared/contracts/controller.contract';
import { getCardInProcess, getQueueByFlow } from '@truck-queue/shared/contracts/queue.contract';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import {
  getAcceptToday,
  getExitToday,
  getWeighToday,
} from '@truck-queue/shared/contracts/station-work.contract';
import { saveYardSettings, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { queues, queueTransitions } from './db/schema.ts';
import { createTestContext, type TestContext } from './test/harness.ts';
import { newBrowser, registerDevice } from './test/devices.ts';
import { createPlant, issueTicket, type Plant } from './test/plant.ts';

/**
 * The plant day (shared/plant-day.ts) across its boundary: numbering, every "today" list, the
 * dashboard's in-progress figure and the TV board's "now calling", on a controlled clock.
 */

let t: TestContext;
let plant: Plant;
let nightShift: Plant;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Bangkok wall clock → instant (UTC+7, no daylight saving). */
const bkk = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`);

beforeAll(async () => {
  t = await createTestContext({
    session: { idleMs: 30 * 86_400_000, maxMs: 30 * 86_400_000, rememberMs: 30 * 86_400_000 },
  });
  plant = await createPlant(t, 'Midnight plant');
  nightShift = await createPlant(t, 'Six o’clock plant');
  await t.call(
    saveYardSettings,
    { no_show_after_recalls: 3, no_show_policy: 'requeue', day_start_minutes: 6 * 60 },
    nightShift.officers.admin.session,
  );
});
afterAll(() => t.close());

const rowOf = async (id: number) => (await t.db.select().from(queues).where(eq(queues.id, id)))[0]!;

describe('the day start setting', () => {
  it('keeps the branch’s day start, and refuses one outside the day', async () => {
    const rules = await t.call(yardSettings, {}, nightShift.officers.admin.session);
    expect(rules.settings.day_start_minutes).toBe(360);
    for (const bad of [-1, 1440, 6.5, '06:00']) {
      const response = await t.post(
        'admin/yard/saveSettings',
        { no_show_after_recalls: 3, no_show_policy: 'requeue', day_start_minutes: bad },
        { session: nightShift.officers.admin.session },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // Saving the no-show rule alone keeps the day start.
    await t.call(
      saveYardSettings,
      { no_show_after_recalls: 4, no_show_policy: 'requeue' },
      nightShift.officers.admin.session,
    );
    expect((await t.call(yardSettings, {}, nightShift.officers.admin.session)).settings).toEqual({
      no_show_after_recalls: 4,
      no_show_policy: 'requeue',
      day_start_minutes: 360,
      calendar: 'BE',
      calendar_all_languages: false,
      language: '',
      remember_default: false,
      mask_plates: true,
      prefer_browser_voice: false,
      season_start: '11-01',
      season_finish: '04-30',
      province: null,
    });
    expect(
      (await t.post('admin/yard/saveSettings', {}, { session: plant.officers.caller.session })).statusCode,
    ).toBe(403);
  });
});

describe('numbering by the plant day', () => {
  it('goes on with the night’s numbers until the day starts at 06:00, then starts again', async () => {
    t.clock.at = bkk('2026-11-20', '23:30');
    const late = await issueTicket(t, nightShift, 'standard', 'NIGHT 1');
    t.clock.at = bkk('2026-11-21', '05:50');
    const beforeDawn = await issueTicket(t, nightShift, 'standard', 'NIGHT 2');
    t.clock.at = bkk('2026-11-21', '06:00');
    const morning = await issueTicket(t, nightShift, 'standard', 'NIGHT 3');

    expect((await rowOf(late.id)).queueDate).toBe('2026-11-20');
    expect((await rowOf(beforeDawn.id)).queueDate).toBe('2026-11-20');
    expect(beforeDawn.queue_number).toBe(
      `B${String(Number(late.queue_number.slice(1)) + 1).padStart(3, '0')}`,
    );
    expect((await rowOf(morning.id)).queueDate).toBe('2026-11-21');
    expect(morning.queue_number).toBe('B001');

    // The report by flow and the dashboard count the 05:50 truck on the night's day.
    t.clock.at = bkk('2026-11-21', '05:55');
    const flowUuid = (await t.db.query.flowEngines.findFirst({ where: (f, { eq: is }) => is(f.id, 2) }))!
      .uuid;
    const report = await t.call(getQueueByFlow, { uuid: flowUuid }, nightShift.officers.caller.session);
    expect(report.find_date).toBe('2026-11-20');
    expect(report.queue.map((q) => q.uuid)).toEqual(expect.arrayContaining([late.uuid, beforeDawn.uuid]));
    const night = await t.call(
      reportContracts.periodDashboardByQueueType,
      { find_start: '2026-11-20', find_finish: '2026-11-20' },
      nightShift.officers.admin.session,
    );
    expect(night.dataOverall.total).toBe(2);
  });
});

describe('across midnight nothing inside is lost', () => {
  it('keeps yesterday’s trucks inside on Calling (today), the lab and weighing lists, and in progress', async () => {
    t.clock.at = bkk('2026-11-22', '23:00');
    const waiting = await issueTicket(t, plant, 'standard', 'EVE 1');
    const inLab = await issueTicket(t, plant, 'lab', 'EVE 2');
    const onScale = await issueTicket(t, plant, 'standard', 'EVE 3');
    const leaving = await issueTicket(t, plant, 'general', 'EVE 4');
    expect(
      (
        await t.post(
          'process/example/accept',
          { queue_number: inLab.queue_number },
          { session: plant.officers.lab.session },
        )
      ).statusCode,
    ).toBe(200);
    t.clock.advance(10 * MINUTE);
    const weighed = await t.post(
      'process/weighing/weighIn',
      { queue_number: onScale.queue_number, weight: 31_250, reason: 'ตาชั่งขัดข้อง' },
      { session: plant.officers.admin.session },
    );
    expect(weighed.statusCode).toBe(200);

    // 00:30: a new day, new tickets, and yesterday's trucks still inside.
    t.clock.at = bkk('2026-11-23', '00:30');
    const fresh = await issueTicket(t, plant, 'standard', 'DAWN 1');
    expect(fresh.queue_number).toBe('B001');

    const cards = await t.call(getCardInProcess, { find_total_day: 1 }, plant.officers.caller.session);
    const standard = cards.card.find((c) => c.prefix === 'B')!.queue_number;
    expect(standard.find((q) => q.uuid === waiting.uuid)?.queue_date).toBe('2026-11-22');
    expect(standard.find((q) => q.uuid === fresh.uuid)?.queue_date).toBe('2026-11-23');

    // The report by flow (where the general flow is called) lists today's and yesterday's inside.
    const generalFlow = (await t.db.query.flowEngines.findFirst({ where: (f, { eq: is }) => is(f.id, 1) }))!;
    const todayByFlow = await t.call(
      getQueueByFlow,
      { uuid: generalFlow.uuid },
      plant.officers.caller.session,
    );
    expect(todayByFlow.queue.find((q) => q.uuid === leaving.uuid)?.queue_date).toBe('2026-11-22');
    const yesterdayByFlow = await t.call(
      getQueueByFlow,
      { uuid: generalFlow.uuid, find_date: '2026-11-21' },
      plant.officers.caller.session,
    );
    expect(yesterdayByFlow.queue.map((q) => q.uuid)).not.toContain(leaving.uuid);

    const labList = await t.call(getAcceptToday, {}, plant.officers.lab.session);
    expect(labList.queue.find((q) => q.uuid === inLab.uuid)?.queue_date).toBe('2026-11-22');
    const scaleList = await t.call(getWeighToday, {}, plant.officers.caller.session);
    expect(scaleList.queue.find((q) => q.uuid === onScale.uuid)).toMatchObject({
      queue_date: '2026-11-22',
      weigh_in_kg: 31_250,
    });

    // The gate lets yesterday's general visitor out: today's exits list it, marked with its day.
    const out = await t.post(
      'process/security/exitFactory',
      { queue_number: leaving.queue_number, confirm_unfinished: true },
      { session: plant.officers.security.session },
    );
    expect(out.statusCode).toBe(200);
    const exits = await t.call(getExitToday, {}, plant.officers.security.session);
    expect(exits.queue.find((q) => q.uuid === leaving.uuid)?.queue_date).toBe('2026-11-22');

    // In progress: the trucks inside now (3 of yesterday's, 1 of today's), whatever the period.
    const dashboard = await t.call(
      reportContracts.periodDashboardByQueueType,
      { find_start: '2026-11-23', find_finish: '2026-11-23' },
      plant.officers.admin.session,
    );
    expect(dashboard.dataOverall).toMatchObject({ total: 1, waiting: 4 });

    // A sample that finished, and a truck weighed out, leave the lists the next day.
    await t.post(
      'process/example/completed',
      { uuid: inLab.uuid, queue_number: inLab.queue_number },
      { session: plant.officers.lab.session },
    );
    t.clock.at = bkk('2026-11-24', '08:00');
    const labLater = await t.call(getAcceptToday, {}, plant.officers.lab.session);
    expect(labLater.queue.map((q) => q.uuid)).not.toContain(inLab.uuid);
  });
});

describe('the TV board', () => {
  it('drops a call from "now calling" after the display’s time, and keeps it in the day’s calls', async () => {
    const browser = newBrowser();
    const device = await registerDevice(t, plant, 'display', browser);
    const board = async () => {
      const response = await t.post('device/displayBoard', {}, { headers: browser.headers });
      expect(response.statusCode).toBe(200);
      return response.json<{
        stations: { station_id: number; queue_number: string | null }[];
        recent: { queue_number: string }[];
        now_calling_seconds: number;
      }>();
    };
    t.clock.at = bkk('2026-11-25', '10:00');
    const ticket = await issueTicket(t, plant, 'standard', 'TV 1');
    const station = plant.stations.standardCall.id;
    await t.db
      .update(queues)
      .set({ state: 'C', stationId: station, calledAt: t.clock.now() })
      .where(eq(queues.id, ticket.id));
    await t.db.insert(queueTransitions).values({
      queueId: ticket.id,
      action: 'call',
      fromState: 'QS',
      toState: 'C',
      stationId: station,
      officerId: plant.officers.caller.id,
      created: t.clock.now(),
    });
    const nowCalling = async () =>
      (await board()).stations.find((s) => s.station_id === station)?.queue_number;

    expect((await board()).now_calling_seconds).toBe(600);
    expect(await nowCalling()).toBe(ticket.queue_number);
    t.clock.advance(11 * MINUTE);
    expect(await nowCalling()).toBeNull();
    expect((await board()).recent.map((c) => c.queue_number)).toContain(ticket.queue_number);

    // This display keeps a call for an hour.
    const saved = await t.call(
      displayContracts.save,
      { uuid: device.uuid, name: device.name, now_calling_seconds: 3600 },
      plant.officers.admin.session,
    );
    expect(saved.device.now_calling_seconds).toBe(3600);
    expect(await nowCalling()).toBe(ticket.queue_number);
    t.clock.advance(HOUR);
    expect(await nowCalling()).toBeNull();

    for (const bad of [0, 29, 86_401, 'ten']) {
      const response = await t.post(
        'display/doMainDisplay',
        { uuid: device.uuid, name: device.name, now_calling_seconds: bad },
        { session: plant.officers.admin.session },
      );
      expect(response.statusCode).toBe(400);
    }
    expect((await board()).now_calling_seconds).toBe(3600);
  });
});

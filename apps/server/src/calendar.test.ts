import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkAccess, getBranchSetID } from '@truck-queue/shared/contracts/auth.contract';
import { deviceContracts } from '@truck-queue/shared/contracts/device.contract';
import { queueInformation } from '@truck-queue/shared/contracts/public-queue.contract';
import { saveYardSettings, yardRules, yardSettings } from '@truck-queue/shared/contracts/yard.contract';
import { createTestContext, type TestContext } from './test/harness.ts';
import { newBrowser, registerDevice, type Browser } from './test/devices.ts';
import { createPlant, issueTicket, type Plant } from './test/plant.ts';
import {
  closeSockets,
  deviceSocket,
  emitAck,
  listen,
  next,
  publicSocket,
  record,
  staffSocket,
} from './test/sockets.ts';

/**
 * The branch's calendar (shared/calendar.ts): BE unless the admin chooses CE on the Yard rules
 * page; the officer's branch, the devices' info and the driver's page carry it, and every
 * screen of the branch hears at once that it changed.
 */

let t: TestContext;
let url: string;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  // A fixed clock: the driver's page shows when its ticket was taken.
  t.clock.at = new Date('2026-11-23T07:05:00Z');
  plant = await createPlant(t, 'Calendar plant');
  other = await createPlant(t, 'Other plant');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const admin = () => plant.officers.admin.session;
const rule = { no_show_after_recalls: 3, no_show_policy: 'requeue' } as const;

async function hello(browser: Browser, kind: 'display' | 'printer') {
  const response = await t.post(
    deviceContracts.hello.path,
    { device_id: browser.id, kind },
    { headers: browser.headers },
  );
  return response.json<{ device: { calendar: string } | null }>();
}

describe('the calendar setting', () => {
  it('is BE for a branch that has not chosen, wherever the branch is read', async () => {
    expect((await t.call(yardSettings, {}, admin())).settings.calendar).toBe('BE');
    expect((await t.call(yardRules, {}, plant.officers.caller.session)).settings.calendar).toBe('BE');
    expect((await t.call(checkAccess, {}, plant.officers.caller.session)).officer.branch.calendar).toBe('BE');
    expect((await t.call(getBranchSetID, {}, plant.officers.caller.session)).oBranch.calendar).toBe('BE');
  });

  it('is saved by an admin and kept when the other rules are saved without it', async () => {
    const saved = await t.call(saveYardSettings, { ...rule, calendar: 'CE' }, admin());
    expect(saved.settings).toMatchObject({ calendar: 'CE', day_start_minutes: 0 });
    expect((await t.call(checkAccess, {}, plant.officers.caller.session)).officer.branch.calendar).toBe('CE');
    // The no-show form leaves the calendar (and the day start) out: both stay.
    await t.call(saveYardSettings, { no_show_after_recalls: 5, no_show_policy: 'cancel' }, admin());
    expect((await t.call(yardSettings, {}, admin())).settings).toEqual({
      no_show_after_recalls: 5,
      no_show_policy: 'cancel',
      day_start_minutes: 0,
      calendar: 'CE',
      calendar_all_languages: false,
      language: '',
      remember_default: false,
      mask_plates: true,
      prefer_browser_voice: false,
      season_start: '11-01',
      season_finish: '04-30',
      province: null,
    });
    // Another branch keeps its own.
    expect((await t.call(yardSettings, {}, other.officers.admin.session)).settings.calendar).toBe('BE');
    await t.call(saveYardSettings, { ...rule, calendar: 'BE' }, admin());
    expect((await t.call(yardSettings, {}, admin())).settings.calendar).toBe('BE');
  });

  it('takes only BE or CE, with a stable code', async () => {
    for (const calendar of ['be', 'ce', 'AD', 'buddhist', '', ' BE', null, 2569]) {
      const response = await t.post(saveYardSettings.path, { ...rule, calendar }, { session: admin() });
      expect(response.statusCode, JSON.stringify(calendar)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.call(yardSettings, {}, admin())).settings.calendar).toBe('BE');
  });

  it('is set only by the roles that set the day start', async () => {
    for (const session of [
      plant.officers.caller.session,
      plant.officers.lab.session,
      plant.officers.security.session,
    ]) {
      const response = await t.post(saveYardSettings.path, { ...rule, calendar: 'CE' }, { session });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const anonymous = await t.post(saveYardSettings.path, { ...rule, calendar: 'CE' }, { session: null });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.call(yardSettings, {}, admin())).settings.calendar).toBe('BE');
  });
});

describe('the calendar in other languages (issue 36)', () => {
  it('is the Christian year outside Thai unless the admin says every language: the officers learn it at once', async () => {
    const caller = plant.officers.caller.session;
    expect((await t.call(checkAccess, {}, caller)).officer.branch.calendar_all_languages).toBe(false);
    await t.call(saveYardSettings, { ...rule, calendar_all_languages: true }, admin());
    expect((await t.call(checkAccess, {}, caller)).officer.branch.calendar_all_languages).toBe(true);
    expect(
      (await t.call(yardSettings, {}, other.officers.admin.session)).settings.calendar_all_languages,
    ).toBe(false);
    await t.call(saveYardSettings, { ...rule, calendar_all_languages: false }, admin());
    expect((await t.call(checkAccess, {}, caller)).officer.branch.calendar_all_languages).toBe(false);
  });
});

describe('the screens outside the back office', () => {
  it('tell displays, kiosks and the driver’s page the year in the branch’s calendar', async () => {
    const display = newBrowser();
    const kiosk = newBrowser();
    await registerDevice(t, plant, 'display', display);
    await registerDevice(t, plant, 'printer', kiosk);
    const ticket = await issueTicket(t, plant, 'standard', 'ปฏิทิน 1');
    const driver = async () =>
      (await t.call(queueInformation, { queue_number_id: ticket.uuid }, '')).queue.created_view;

    expect((await hello(display, 'display')).device?.calendar).toBe('BE');
    expect((await hello(kiosk, 'printer')).device?.calendar).toBe('BE');
    expect(await driver()).toBe('23/11/2569 14:05');

    await t.call(saveYardSettings, { ...rule, calendar: 'CE' }, admin());
    expect((await hello(display, 'display')).device?.calendar).toBe('CE');
    expect((await hello(kiosk, 'printer')).device?.calendar).toBe('CE');
    expect(await driver()).toBe('23/11/2026 14:05');
    await t.call(saveYardSettings, { ...rule, calendar: 'BE' }, admin());
  });

  it('reach every screen of the branch at once when the calendar changes, and no other branch’s', async () => {
    const display = newBrowser();
    await registerDevice(t, plant, 'display', display);
    const ticket = await issueTicket(t, plant, 'general', 'ปฏิทิน 2');
    const officer = await staffSocket(url, {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(officer, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const stranger = await staffSocket(url, {
      session: other.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(stranger, 'joinRoom', other.branch.id, 'System')).toEqual({ status: 1 });
    const screen = await deviceSocket(url, {
      apiKey: t.config.apiKey,
      kind: 'display',
      device_id: display.id,
      secret: display.secret,
    });
    const phone = await publicSocket(url, ticket.uuid);
    const strangerHeard = record(stranger, 'branchChanged');

    const heard = Promise.all([
      next(officer, 'branchChanged'),
      next(screen, 'branchChanged'),
      next(phone, 'queueChanged'),
    ]);
    await t.call(saveYardSettings, { ...rule, calendar: 'CE' }, admin());
    await heard;

    // Saving the same settings again changes nothing anyone shows: nobody is told.
    const officerAgain = record(officer, 'branchChanged');
    await t.call(saveYardSettings, { ...rule, calendar: 'CE' }, admin());
    await t.call(saveYardSettings, { ...rule, calendar: 'BE' }, admin());
    await next(officer, 'branchChanged');
    expect(officerAgain).toHaveLength(1);
    expect(strangerHeard).toEqual([]);
  });
});

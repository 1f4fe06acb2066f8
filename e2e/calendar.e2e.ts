import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarYear, type Calendar } from '@truck-queue/shared/calendar';
import { wallClock } from '@truck-queue/shared/plant-day';
import { DEMO_TIME_ZONE, shownDay, typeDate } from './support/dates.ts';
import { newIdentity, openRegisteredKiosk, registerDevice, useIdentity } from './support/devices.ts';
import { ENGLISH, fileBrowser, THAI } from './support/file-browser.ts';
import { chooseUpToConfirm } from './support/kiosk.ts';
import { freshLicence } from './support/demo-plant.ts';
import { setCalendar } from './support/yard-plant.ts';

/**
 * The branch's calendar (issue 16, item 3): the admin switches the demo branch between the
 * Buddhist and the Common era on the Yard rules page, and every screen follows at once, with no
 * reload: a back-office table and its date pickers, the kiosk's clock and ticket, the TV's date.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

beforeAll(async () => {
  // The English report follows the branch's calendar too: the branch writes it in every language.
  await setCalendar(baseUrl, 'BE', true);
});
afterAll(async () => {
  // Whatever happened, the demo branch writes the default again for the next files.
  await setCalendar(baseUrl, 'BE');
});

const officerPage = (language: 'th' | 'en', path: string): Promise<Page> =>
  files.officerPage('admin@example.com', 'admin1234', path, language === 'th' ? THAI : ENGLISH);

/** This year on the plant's clock, as `calendar` writes it. */
const yearIn = (calendar: Calendar) =>
  String(calendarYear(wallClock(new Date(), DEMO_TIME_ZONE).year, calendar));
const DATE_TIME = /\b\d\d\/\d\d\/(\d{4}) \d\d:\d\d\b/g;

/** The years of every date-and-time cell of the report's table. */
async function tableYears(page: Page): Promise<Set<string>> {
  const text = await page.locator('.ant-table-tbody').innerText();
  return new Set([...text.matchAll(DATE_TIME)].map((match) => match[1]!));
}

/** Issues a ticket at the kiosk and returns the time printed on it. */
async function kioskTicketTime(kiosk: Page): Promise<string> {
  await chooseUpToConfirm(kiosk, freshLicence());
  await kiosk.getByTestId('kiosk-issue').click();
  const time = await kiosk.getByTestId('ticket-time').innerText();
  await kiosk.getByTestId('kiosk-finish').click();
  return time;
}

/** Chooses the calendar on the Yard rules page and saves it. */
async function choose(yard: Page, calendar: Calendar): Promise<void> {
  await yard.getByTestId(`calendar-${calendar}`).click();
  await yard.getByTestId('calendar-save').click();
  await expect.poll(() => yard.getByTestId('calendar-save').isDisabled()).toBe(true);
}

describe('the branch calendar', () => {
  it('switches a back-office table, its pickers, the kiosk and the TV between BE and CE at once', async () => {
    const be = yearIn('BE');
    const ce = yearIn('CE');

    // The TV and the kiosk of the demo branch.
    const tv = await files.page({ ...THAI, viewport: { width: 1920, height: 1080 } });
    const display = newIdentity();
    await useIdentity(tv, 'display', display);
    await tv.goto('/DisplayManage');
    await registerDevice(baseUrl, 'display', display);
    const tvDate = tv.getByTestId('display-clock-date');
    await tvDate.waitFor({ timeout: 15_000 });

    const kiosk = await files.kioskPage();
    await openRegisteredKiosk(kiosk, baseUrl);
    const kioskHeader = kiosk.locator('header');

    // An officer's report, in English: a BE branch that writes its calendar in every language.
    const report = await officerPage('en', '/Report/inoutTransaction');
    await report.getByTestId('inout-count').waitFor();
    await expect.poll(() => report.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    const yard = await officerPage('th', '/System/yardRules');
    await yard.getByTestId('calendar-card').waitFor();

    // The default: the Buddhist era everywhere.
    expect(await yard.getByTestId('calendar-BE').innerText()).toContain(shownDay(0, 'BE'));
    expect(await tableYears(report)).toEqual(new Set([be]));
    expect(await report.locator('#inout-finish').inputValue()).toBe(shownDay(0, 'BE'));
    await expect.poll(() => tvDate.innerText()).toContain(be);
    await expect.poll(() => kioskHeader.innerText()).toContain(be);
    expect(await kioskTicketTime(kiosk)).toContain(be);

    // A BE date typed into a picker is sent as the Gregorian day.
    await typeDate(report, 'inout-start', shownDay(1, 'BE'));
    let sent = report.waitForRequest('**/api/report/inOutTransaction');
    await report.getByRole('button', { name: 'View report' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ find_start: isoDay(1), find_finish: isoDay(0) });
    await report
      .getByText(`Trucks in and out of the factory, ${shownDay(1, 'BE')} – ${shownDay(0, 'BE')}`)
      .waitFor();

    // The admin chooses the Common era: every screen follows, none reloaded.
    await choose(yard, 'CE');
    await expect.poll(() => tableYears(report)).toEqual(new Set([ce]));
    await expect.poll(() => report.locator('#inout-finish').inputValue()).toBe(shownDay(0, 'CE'));
    await report
      .getByText(`Trucks in and out of the factory, ${shownDay(1, 'CE')} – ${shownDay(0, 'CE')}`)
      .waitFor();
    await expect.poll(() => tvDate.innerText()).toContain(ce);
    expect(await tvDate.innerText()).not.toContain(be);
    await expect.poll(() => kioskHeader.innerText()).toContain(ce);
    expect(await kioskTicketTime(kiosk)).toContain(ce);

    // A CE date typed into a picker is the same day sent.
    await typeDate(report, 'inout-start', shownDay(2, 'CE'));
    sent = report.waitForRequest('**/api/report/inOutTransaction');
    await report.getByRole('button', { name: 'View report' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ find_start: isoDay(2) });

    // And back to the Buddhist era.
    await choose(yard, 'BE');
    await expect.poll(() => tableYears(report)).toEqual(new Set([be]));
    await expect.poll(() => report.locator('#inout-start').inputValue()).toBe(shownDay(2, 'BE'));
    await expect.poll(() => tvDate.innerText()).toContain(be);
    await expect.poll(() => kioskHeader.innerText()).toContain(be);
  });
});

/** The demo plant's day `daysAgo` days before today, as the API takes it (YYYY-MM-DD). */
function isoDay(daysAgo: number): string {
  const p = wallClock(new Date(Date.now() - daysAgo * 86_400_000), DEMO_TIME_ZONE);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Calendar } from '@truck-queue/shared/calendar';
import { signInDirect } from './support/browser.ts';
import { freshLicence } from './support/demo-plant.ts';
import { newIdentity, openRegisteredKiosk, registerDevice, useIdentity } from './support/devices.ts';
import { chooseUpToConfirm, kioskPage } from './support/kiosk.ts';
import { OUT, preparePage, shoot, type Language } from './support/screenshot-kit.ts';
import { setCalendar } from './support/yard-plant.ts';

/**
 * The branch's calendar (issue 16, item 3): the same screens in the Buddhist and the Common
 * era: a back-office table (the in/out report, with its pickers), its date picker open, the
 * kiosk's ticket and the TV's clock. The demo branch writes BE again afterwards.
 */
export async function shootCalendarScreens(browser: Browser, baseUrl: string): Promise<void> {
  const tv = await tvPage(browser, baseUrl);
  const kiosk = await kioskPage(browser, baseUrl);
  await openRegisteredKiosk(kiosk, baseUrl);
  try {
    for (const calendar of ['BE', 'CE'] as const satisfies Calendar[]) {
      await setCalendar(baseUrl, calendar);
      const suffix = calendar.toLowerCase();
      for (const language of ['th', 'en'] as const satisfies Language[]) {
        await shootReport(browser, baseUrl, language, `calendar-${suffix}-inout-${language}-light`, calendar);
      }
      await tv.waitForTimeout(1500);
      await shoot(tv, `calendar-${suffix}-display-th`);
      await chooseUpToConfirm(kiosk, freshLicence());
      await kiosk.getByTestId('kiosk-issue').click();
      const ticket = kiosk.getByTestId('ticket');
      await ticket.waitFor();
      await kiosk.waitForTimeout(500);
      await ticket.screenshot({ path: path.join(OUT, `calendar-${suffix}-kiosk-ticket-th.png`) });
      console.log(`  docs/screenshots/calendar-${suffix}-kiosk-ticket-th.png`);
      await kiosk.getByTestId('kiosk-finish').click();
    }
  } finally {
    await setCalendar(baseUrl, 'BE');
    await tv.context().close();
    await kiosk.context().close();
  }
}

async function tvPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1920, height: 1080 },
  });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'th'));
  const identity = newIdentity();
  await useIdentity(page, 'display', identity);
  await page.goto('/DisplayManage');
  await registerDevice(baseUrl, 'display', identity);
  await page.getByTestId('display-clock-date').waitFor({ timeout: 15_000 });
  return page;
}

/** Today's in/out report at 1366x768, and (Thai) its start date's picker open. */
async function shootReport(
  browser: Browser,
  baseUrl: string,
  language: Language,
  name: string,
  calendar: Calendar,
): Promise<void> {
  const page = await preparePage(browser, baseUrl, language, 'light', 1366, 768);
  await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
  await page.goto('/Report/inoutTransaction');
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await shoot(page, name);
  if (language === 'th') {
    await page.locator('#inout-start').click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await shoot(page, `calendar-${calendar.toLowerCase()}-picker-th-light`);
  }
  await page.context().close();
}

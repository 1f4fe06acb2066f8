/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { typeOnKeypad } from './plates.ts';

declare global {
  interface Window {
    /** How many times the page called window.print() (stubbed: headless Chromium cannot print). */
    __prints: number;
  }
}

/**
 * A Thai kiosk at 1080x1920, at twice the pixels so a QR code reads cleanly from a screenshot;
 * window.print() only counts. Close its context when done.
 */
export async function kioskPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1080, height: 1920 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('I18N_LANGUAGE', 'th');
    window.__prints = 0;
    window.print = () => {
      window.__prints += 1;
    };
  });
  return page;
}

/**
 * From the first step to the confirm step: queue type รับสินค้า, product กากมัน, the licence on
 * the keypad. Playwright's waits only (the screenshots use it too, outside vitest).
 */
export async function chooseUpToConfirm(page: Page, licence: string): Promise<void> {
  await page.locator('[data-testid="kiosk"][data-step="type"]').waitFor();
  await page.getByRole('button', { name: /รับสินค้า/ }).click();
  await page.getByRole('button', { name: /กากมัน/ }).click();
  // The keypad types the plate's number; these plates have no province picked.
  await typeOnKeypad(page, 'th', licence);
  const typed = await page.getByTestId('kiosk-plate-number-0').inputValue();
  if (typed !== licence) throw new Error(`The keypad typed "${typed}", not "${licence}"`);
  await page.getByTestId('kiosk-licence-next').click();
  await page.getByTestId('kiosk-summary-licence').filter({ hasText: licence }).waitFor();
}

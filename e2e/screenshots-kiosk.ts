/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { startFakePrinter } from '../apps/server/src/test/fake-escpos-printer.ts';
import { demoQueueTypes } from './support/demo-plant.ts';
import { newIdentity, registerDevice, useIdentity } from './support/devices.ts';
import { createKiosk, retireKiosk, setPrintTarget } from './support/printing-office.ts';
import { preparePage, shoot, type Language } from './support/screenshot-kit.ts';

/** 80 mm at 96 px per inch: the printed ticket's paper width. */
const PAPER_WIDTH_PX = 302;

const KEYPAD_WORDS: Record<Language, { space: string; dash: string }> = {
  th: { space: 'เว้นวรรค', dash: 'ขีด' },
  en: { space: 'Space', dash: 'Dash' },
};

/** Licences differ per run: a truck holding a ticket cannot get a second one. */
const LICENCES = ['70-4815 ขก', '70-1623 กท', '71-4208 ชม', '72-9164 นม'];

async function typeOnKeypad(page: Page, language: Language, text: string): Promise<void> {
  const keypad = page.getByTestId('kiosk-keypad');
  for (const char of text) {
    if (char === ' ') await keypad.getByRole('button', { name: KEYPAD_WORDS[language].space }).click();
    else if (char === '-')
      await keypad.getByRole('button', { name: KEYPAD_WORDS[language].dash, exact: true }).click();
    else await keypad.getByRole('button', { name: char, exact: true }).click();
  }
}

/** The ticket kiosk (/PrinterManage) at 1080x1920 and its printed ticket. */
export async function shootKioskScreens(browser: Browser, baseUrl: string): Promise<void> {
  let run = 0;
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode, 1080, 1920);
      // Headless Chromium has no printer: the kiosk's print call does nothing here.
      await page.addInitScript(() => {
        window.print = () => undefined;
      });
      const identity = newIdentity();
      await useIdentity(page, 'printer', identity);
      await page.goto('/PrinterManage');
      await page.getByTestId('device-id').waitFor();
      await shoot(page, `kiosk-unregistered-${suffix}`);

      await registerDevice(baseUrl, 'printer', identity);
      await page.getByTestId('kiosk').waitFor({ timeout: 15_000 });
      await shoot(page, `kiosk-type-${suffix}`);

      await page.getByRole('button', { name: /รับสินค้า/ }).click();
      if (mode === 'light') await shoot(page, `kiosk-product-${suffix}`);
      await page.getByRole('button', { name: /กากมัน/ }).click();
      await typeOnKeypad(page, language, LICENCES[run++]!);
      await shoot(page, `kiosk-licence-${suffix}`);

      await page.getByTestId('kiosk-licence-next').click();
      if (mode === 'light') {
        await shoot(page, `kiosk-confirm-${suffix}`);
        // The server out of reach: what the driver sees, with the retry.
        await page.route('**/api/**', (route) => route.abort('connectionrefused'));
        await page.getByTestId('kiosk-issue').click();
        await page.getByTestId('kiosk-unreachable').waitFor();
        await page.unroute('**/api/**');
        await shoot(page, `kiosk-unreachable-${suffix}`);
        await page.getByTestId('kiosk-retry').click();
      } else {
        await page.getByTestId('kiosk-issue').click();
      }
      await page.getByTestId('ticket').waitFor();
      await shoot(page, `kiosk-ticket-${suffix}`);

      if (language === 'th' && mode === 'light') {
        // The printed ticket: print media on a page as wide as the paper.
        await page.setViewportSize({ width: PAPER_WIDTH_PX, height: 400 });
        await page.emulateMedia({ media: 'print' });
        await shoot(page, 'kiosk-ticket-print-th', true);
      }
      await page.context().close();
    }
  }
  await shootPrinterTrouble(browser, baseUrl);
}

/** Licences of the tickets that did not print (one per language and mode). */
const UNPRINTED_LICENCES = ['73-5521 ขก', '73-6632 กท', '74-7743 ชม', '74-8854 นม'];

/**
 * The kiosk when its printer fails: a network printer out of paper (h2's fake printer), the
 * ticket on screen to photograph, then the start screen's notice; and a USB kiosk with no
 * printer permitted yet (the connect button for IT staff).
 */
async function shootPrinterTrouble(browser: Browser, baseUrl: string): Promise<void> {
  const printer = await startFakePrinter({ status: 'paper_end' });
  const kiosk = await createKiosk(baseUrl, 'ตู้ออกบัตร ประตู 2');
  const typeName = (await demoQueueTypes(baseUrl)).find((q) => q.id === kiosk.typeId)!.queue_type_name;
  try {
    await setPrintTarget(baseUrl, kiosk, { print_target: 'network', host: printer.host, port: printer.port });
    let run = 0;
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode, 1080, 1920);
        await useIdentity(page, 'printer', kiosk.identity);
        await page.goto('/PrinterManage');
        await page.locator('[data-testid="kiosk"][data-step="type"]').waitFor({ timeout: 15_000 });
        await page.getByRole('button', { name: new RegExp(typeName) }).click();
        await page.locator('[data-testid="kiosk"][data-step="product"] .tqk-choice').first().click();
        await typeOnKeypad(page, language, UNPRINTED_LICENCES[run++]!);
        await page.getByTestId('kiosk-licence-next').click();
        await page.getByTestId('kiosk-issue').click();
        await page.getByTestId('kiosk-print-failed').waitFor();
        await shoot(page, `kiosk-print-failed-${suffix}`);
        await page.getByTestId('kiosk-finish').click();
        await page.getByTestId('kiosk-printer-notice').waitFor();
        await shoot(page, `kiosk-printer-not-ready-${suffix}`);
        await page.context().close();
      }
    }

    // A USB kiosk whose browser has not been allowed a printer yet.
    await setPrintTarget(baseUrl, kiosk, { print_target: 'usb' });
    const page = await preparePage(browser, baseUrl, 'th', 'light', 1080, 1920);
    await page.addInitScript(() => {
      const usb = {
        getDevices: () => Promise.resolve([]),
        requestDevice: () => Promise.reject(new DOMException('No device selected.', 'NotFoundError')),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
      Object.defineProperty(Navigator.prototype, 'usb', { get: () => usb, configurable: true });
    });
    await useIdentity(page, 'printer', kiosk.identity);
    await page.goto('/PrinterManage');
    await page.getByTestId('kiosk-usb-connect').waitFor({ timeout: 15_000 });
    await shoot(page, 'kiosk-usb-connect-th-light');
    await page.context().close();
  } finally {
    await retireKiosk(baseUrl, kiosk);
    await printer.close();
  }
}

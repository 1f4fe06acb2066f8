/// <reference lib="dom" />
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { cardQueues, launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { freshLicence } from './support/demo-plant.ts';
import { issueFromDialog } from './support/new-ticket.ts';
import { OUT, preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

/** The words the shots click and type, as the screens say them. */
const TEXT = {
  th: { find: 'ค้นหาบัตรคิว' },
  en: { find: 'Find a ticket' },
} as const satisfies Record<Language, Record<string, string>>;

/** 80 mm at 96 px per inch: the printed ticket's paper width. */
const PAPER_WIDTH_PX = 302;

/**
 * The back office's printed ticket, the paper alone: print media on a page as wide as the 80 mm
 * roll, at twice the screen's density (192 dpi, near a thermal printer's 203), so the barcode's
 * bars come out as a printer draws them.
 */
async function shootTicketPrint(browser: Browser, baseUrl: string, language: Language): Promise<void> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: language === 'th' ? 'th-TH' : 'en-US',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: PAPER_WIDTH_PX, height: 700 },
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  await page.addInitScript((lng) => localStorage.setItem('I18N_LANGUAGE', lng), language);
  await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
  await page.goto('/System/manageCalling/1');
  await issueFromDialog(page, language, freshLicence());
  await page.emulateMedia({ media: 'print' });
  await page.waitForTimeout(300);
  await page.locator('.tq-ticket-print').screenshot({ path: path.join(OUT, `ticket-print-${language}.png`) });
  console.log(`  docs/screenshots/ticket-print-${language}.png`);
  await context.close();
}

/**
 * A ticket is scanned (issue 15, item 2): the back office's printed ticket with its QR code and
 * the Code 128 of its ticket code, the issued ticket's dialog, the driver's page with both codes
 * (on a phone, in the phone's own light or dark scheme), Manage Calling's scan box saying a
 * ticket is not on the cards, and the camera's view at the gate (Chromium's fake camera: its test
 * pattern holds no code, so the view stays open).
 */
export async function shootScanScreens(browser: Browser, baseUrl: string): Promise<void> {
  const camera = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ]);
  try {
    for (const language of ['th', 'en'] as const satisfies Language[]) {
      for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode);
        await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
        await page.goto('/System/manageCalling/1');
        await issueFromDialog(page, language, freshLicence());
        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(page, `new-ticket-issued-${suffix}`);
        if (mode === 'light') {
          await page.keyboard.press('Escape');
          await shootTicketPrint(browser, baseUrl, language);
          // A ticket code no truck on the cards holds.
          const box = page.getByLabel(TEXT[language].find, { exact: true });
          await box.fill(encodeTicketCode(999_999));
          await box.press('Enter');
          await page.locator('#calling-scan_help, .ant-form-item-explain-error').first().waitFor();
          await page.evaluate(() => window.scrollTo(0, 0));
          await shoot(page, `calling-scan-not-on-cards-${suffix}`);
        }
        await page.context().close();

        // The driver's page, on a phone in its own colour scheme.
        const phone = await newContext(browser, baseUrl, {
          language: language === 'th' ? 'th-TH' : 'en-US',
          viewport: { width: 390, height: 844 },
          colorScheme: mode,
        });
        const driver = await phone.newPage();
        await driver.addInitScript((lng) => localStorage.setItem('I18N_LANGUAGE', lng), language);
        await signInDirect(driver, baseUrl, 'admin@example.com', 'admin1234');
        const uuid = (await cardQueues(driver, 3))[0]?.uuid;
        if (uuid) {
          await driver.goto(`/Queue/data/${uuid}`);
          await driver.getByTestId('ticket-qr').waitFor();
          await shoot(driver, `driver-page-${suffix}`, true);
        }
        await phone.close();

        // The gate's camera view.
        const gate = await preparePage(camera, baseUrl, language, mode);
        await signInDirect(gate, baseUrl, 'security@example.com', 'demo1234');
        await gate.goto('/System/exitFactory');
        await gate.getByTestId('camera-scan').click();
        await gate.getByTestId('camera-video').waitFor();
        await gate.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
        await shoot(gate, `camera-scan-${suffix}`);
        await gate.context().close();
      }
    }
  } finally {
    await camera.close();
  }
}

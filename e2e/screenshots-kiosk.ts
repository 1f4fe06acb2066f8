/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { newIdentity, registerDevice, useIdentity } from './support/devices.ts';
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
}

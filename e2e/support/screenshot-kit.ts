import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser.ts';
import { ROOT } from './server.ts';

/** Where `npm run screenshots` writes: docs/screenshots/<name>.png. */
export const OUT = path.join(ROOT, 'docs/screenshots');
export type Mode = 'light' | 'dark';
export type Language = 'th' | 'en';

/** A page in its own context with the language and colour mode set before the app starts. */
export async function preparePage(
  browser: Browser,
  baseUrl: string,
  language: Language,
  mode: Mode,
  width = 1440,
  height = width > 800 ? 900 : 844,
) {
  const context = await newContext(browser, baseUrl, {
    language: language === 'th' ? 'th-TH' : 'en-US',
    viewport: { width, height },
  });
  const page = await context.newPage();
  await page.addInitScript(
    ([lng, colour]) => {
      localStorage.setItem('I18N_LANGUAGE', lng!);
      const settings = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, string>;
      localStorage.setItem('layoutSettings', JSON.stringify({ ...settings, mode: colour }));
    },
    [language, mode],
  );
  return page;
}

/** Waits for the page to settle, then writes docs/screenshots/<name>.png. */
export async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`  docs/screenshots/${name}.png`);
}

/** The summary report over the last 7 days, through the period picker's preset. */
export async function openSummaryLastWeek(page: Page): Promise<void> {
  await page.locator('#summary-range').click();
  await page.locator('.ant-picker-presets li').nth(2).click();
  await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: /^(ค้นหา|Search)$/ }).click();
  await page.getByText(/ – /).first().waitFor();
  await page.mouse.move(0, 0);
  // The picker's popup scrolled the page a little to fit: back to the top.
  await page.evaluate(() => window.scrollTo(0, 0));
}

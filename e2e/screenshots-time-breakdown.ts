import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;

/**
 * Where the time goes (issue 41): the demo's last week, Thai and English, light and dark, at a
 * desk's 1440 (the whole page: charts, heat map, stations, officers), and a phone's 390 in Thai.
 */
export async function shootTimeBreakdownScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      // Tall enough for the whole page beside the side menu (a full-page shot cuts the menu's column).
      const page = await preparePage(browser, baseUrl, language, mode, 1440, 2560);
      await signInDirect(page, baseUrl, ...MANAGER);
      await page.goto('/Report/timeBreakdown');
      await page.getByTestId('time-by-hour').locator('.recharts-bar-rectangle').first().waitFor();
      await page.getByTestId('time-stations').locator('tr.ant-table-row').first().waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `time-breakdown-${language}-${mode}`);
      await page.context().close();
    }
  }

  const phone = await preparePage(browser, baseUrl, 'th', 'light', 390, 844);
  await signInDirect(phone, baseUrl, ...MANAGER);
  await phone.goto('/Report/timeBreakdown');
  await phone.getByTestId('time-by-hour').locator('.recharts-bar-rectangle').first().waitFor();
  await phone.getByTestId('time-stations').locator('tr.ant-table-row').first().waitFor();
  await shoot(phone, 'time-breakdown-th-light-390', true);
  await phone.context().close();
}

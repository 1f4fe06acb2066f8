import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;

/**
 * Scorecards (issue 41): the demo's last 30 days, Thai and English, light and dark, at a desk's
 * 1440 (the rule, the table, the suppliers alone), a row's drawer, and a phone's 390 in Thai.
 */
export async function shootScorecardScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const page = await preparePage(browser, baseUrl, language, mode, 1440, 1100);
      await signInDirect(page, baseUrl, ...MANAGER);
      await page.goto('/Report/scorecards');
      await page.getByTestId('scorecards-table').locator('tr.ant-table-row').first().waitFor();
      await page.mouse.move(0, 0);
      await shoot(page, `scorecards-${language}-${mode}`);
      if (mode === 'light') {
        // The suppliers alone: which of them costs the plant most.
        await page
          .locator('.ant-segmented-item-label', { hasText: language === 'th' ? /^ผู้ส่ง$/ : /^Suppliers$/ })
          .click();
        await page.mouse.move(0, 0);
        await shoot(page, `scorecards-suppliers-${language}-${mode}`);
        await page.getByTestId('scorecards-table').locator('tr.ant-table-row').first().click();
        await page.getByTestId('scorecard-detail').waitFor();
        await shoot(page, `scorecards-drawer-${language}-${mode}`);
      }
      await page.context().close();
    }
  }

  const phone = await preparePage(browser, baseUrl, 'th', 'light', 390, 844);
  await signInDirect(phone, baseUrl, ...MANAGER);
  await phone.goto('/Report/scorecards');
  await phone.getByTestId('scorecards-table').locator('tr.ant-table-row').first().waitFor();
  await shoot(phone, 'scorecards-th-light-390', true);
  await phone.context().close();
}

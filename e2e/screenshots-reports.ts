/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInDirect } from './support/browser.ts';
import { shownDay as siteDay } from './support/dates.ts';
import { openFlowReport, openInOutReport, openSummaryReport } from './support/report-pages.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;
const ADMIN = ['admin@example.com', 'admin1234'] as const;

const REPORTS = [
  { name: 'inout', user: MANAGER, open: (page: Page) => openInOutReport(page) },
  { name: 'summary', user: MANAGER, open: openSummaryReport },
  { name: 'by-flow', user: ADMIN, open: openFlowReport },
] as const;

/** Scrolls the window so the table's top is just under the top bar, as an officer reading it does. */
async function scrollToTable(page: Page): Promise<void> {
  await page
    .locator('.ant-table-wrapper')
    .first()
    .evaluate((wrapper) => {
      const bar = document.querySelector<HTMLElement>('.ant-layout-header')!.offsetHeight;
      window.scrollBy(0, wrapper.getBoundingClientRect().top - bar - 8);
    });
}

/**
 * The reports on an ordinary office screen, 1366x768, with scrollbars as Windows shows them:
 * the in/out report, the summary and the report by flow in Thai and English, light and dark;
 * in Thai, the in/out report scrolled to its table and to its last columns, a duration
 * column's tooltip, and the message for an end date before the start (summary and dashboard).
 */
export async function shootReportScreens(_shared: Browser, baseUrl: string): Promise<void> {
  // Its own browser: headless Chromium hides scrollbars unless told, and these shots are about them.
  const browser = await launchBrowser([], { scrollbars: true });
  try {
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        for (const report of REPORTS) {
          const page = await reportPage(browser, baseUrl, language, mode, report.user);
          await report.open(page);
          await shoot(page, `reports-1366-${report.name}-${language}-${mode}`);
          // The summary's totals per day and product sit under its table: the whole page.
          if (report.name === 'summary') {
            await page.getByTestId('summary-totals').waitFor();
            await shoot(page, `reports-1366-summary-totals-${language}-${mode}`, true);
          }
          await page.context().close();
        }
      }
    }
    await shootThaiDetails(browser, baseUrl);
  } finally {
    await browser.close();
  }
}

async function reportPage(
  browser: Browser,
  baseUrl: string,
  language: Language,
  mode: Mode,
  user: readonly [string, string],
): Promise<Page> {
  const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
  await signInDirect(page, baseUrl, ...user);
  return page;
}

async function shootThaiDetails(browser: Browser, baseUrl: string): Promise<void> {
  const page = await reportPage(browser, baseUrl, 'th', 'light', MANAGER);
  await openInOutReport(page);
  await scrollToTable(page);
  await shoot(page, 'reports-1366-inout-table-th-light');
  // The rows moved to their last columns: number and queue stay pinned on the left.
  await page
    .locator('.ant-table-body')
    .first()
    .evaluate((body) => body.scrollTo({ left: body.scrollWidth }));
  await shoot(page, 'reports-1366-inout-table-end-th-light');
  await page
    .locator('.ant-table-body')
    .first()
    .evaluate((body) => body.scrollTo({ left: 0 }));
  await page.locator('thead [data-duration-rule="floor"]').hover();
  await page.locator('.ant-tooltip:visible').waitFor();
  await shoot(page, 'reports-1366-inout-duration-tooltip-th-light');
  await page.mouse.move(0, 0);

  // An end date before the start: said at once, neither date moved.
  await page.goto('/Report/summary');
  await page.getByTestId('summary-count').waitFor();
  const [start, finish] = [page.locator('#summary-range'), page.locator('.ant-picker-range input').nth(1)];
  await start.click();
  await start.fill(siteDay(2));
  await page.keyboard.press('Enter');
  await finish.click();
  await finish.fill(siteDay(4));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.locator('.ant-form-item-explain-error').waitFor();
  await page.mouse.move(0, 0);
  await shoot(page, 'reports-1366-summary-period-order-th-light');
  await page.context().close();

  const admin = await reportPage(browser, baseUrl, 'th', 'light', ADMIN);
  await admin.goto('/System/dashboard');
  const [from, to] = [admin.locator('#dashboard-range'), admin.locator('.ant-picker-range input').nth(1)];
  await from.click();
  await from.fill(siteDay(2));
  await admin.keyboard.press('Enter');
  await to.click();
  await to.fill(siteDay(5));
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Escape');
  await admin.locator('.ant-form-item-explain-error').waitFor();
  await admin.mouse.move(0, 0);
  await shoot(admin, 'reports-1366-dashboard-period-order-th-light');
  await admin.context().close();
}

/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { Calendar } from '@truck-queue/shared/calendar';
import { shownDay, typeDate } from './dates.ts';

/** The report pages of the demo plant, opened as an officer does, for browser tests and screenshots (no vitest here). */

/**
 * English durations back to minutes: "2 h 5 min" / "2 h" / "45 min" -> minutes, "< 1 min" -> 0;
 * anything else ('-') -> null.
 */
export function durationMinutes(text: string): number | null {
  if (text === '< 1 min') return 0;
  const match = /^(?:(\d+) h)? ?(?:(\d+) min)?$/.exec(text);
  return match && (match[1] || match[2]) ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : null;
}

/**
 * The calendar a page writes its dates in: the Buddhist year in Thai, the Christian year in any
 * other language (the demo branch does not ask for the Buddhist year in every language).
 */
async function calendarOf(page: Page): Promise<Calendar> {
  return (await page.evaluate(() => document.documentElement.lang)) === 'th' ? 'BE' : 'CE';
}

const VIEW = /^(ดูรายงาน|View report)$/;
const SEARCH = /^(ค้นหา|Search)$/;

/** The in/out report of the last `days` plant days, in Thai or English. */
export async function openInOutReport(page: Page, days = 7): Promise<void> {
  await page.goto('/Report/inoutTransaction');
  await page.getByTestId('inout-count').waitFor();
  const calendar = await calendarOf(page);
  const siteDay = (daysAgo: number) => shownDay(daysAgo, calendar);
  await typeDate(page, 'inout-start', siteDay(days - 1));
  await page.getByRole('button', { name: VIEW }).click();
  await page
    .getByText(`${siteDay(days - 1)} – ${siteDay(0)}`)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
}

/** The summary report of the last 7 days, through the period picker's preset. */
export async function openSummaryReport(page: Page): Promise<void> {
  await page.goto('/Report/summary');
  await page.getByTestId('summary-count').waitFor();
  const calendar = await calendarOf(page);
  const siteDay = (daysAgo: number) => shownDay(daysAgo, calendar);
  await page.locator('#summary-range').click();
  // A click while the popup still slides in can be lost: wait for it to be still.
  await page.locator('.ant-picker-presets li').nth(2).waitFor();
  await page.locator('.ant-picker-dropdown.ant-slide-up-appear').waitFor({ state: 'detached' });
  await page.locator('.ant-picker-presets li').nth(2).click();
  await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: SEARCH }).click();
  await page
    .getByText(`${siteDay(6)} – ${siteDay(0)}`)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
  // The picker's popup scrolled the page a little to fit: back to the top.
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The report by flow of the first flow Manage Calling links to (the admin sees every flow). */
export async function openFlowReport(page: Page): Promise<void> {
  await page.goto('/System/manageCalling/1');
  await page.locator('a[href^="/System/reportQueue/"]').first().click();
  await page.waitForURL('**/System/reportQueue/**');
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
}

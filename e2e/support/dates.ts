/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { DEFAULT_CALENDAR, numericDate, type Calendar } from '@truck-queue/shared/calendar';
import { wallClock } from '@truck-queue/shared/plant-day';

/** The demo plant's zone. */
export const DEMO_TIME_ZONE = 'Asia/Bangkok';

/**
 * A day of the demo plant's calendar, `daysAgo` days before today, as the date pickers and
 * headings show it: DD/MM/YYYY with the year in the branch's calendar (the demo branch writes
 * the Buddhist era, the default, unless a test switches it).
 */
export function shownDay(daysAgo: number, calendar: Calendar = DEFAULT_CALENDAR): string {
  return numericDate(wallClock(new Date(Date.now() - daysAgo * 86_400_000), DEMO_TIME_ZONE), calendar);
}

/** Types a day into an antd date picker (by its input's id), as an officer does (no vitest: screenshots use it too). */
export async function typeDate(page: Page, id: string, day: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(day);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    ([inputId, value]) => (document.getElementById(inputId!) as HTMLInputElement | null)?.value === value,
    [id, day],
  );
}

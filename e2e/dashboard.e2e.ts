import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { shownDay, typeDate } from './support/dates.ts';
import { employeeSession, issueStandardTicket, randomLicence } from './support/demo-plant.ts';
import { fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** The admin's dashboard for the demo branch, in English (or `language`). */
async function dashboard(viewport?: { width: number; height: number }, language = 'en'): Promise<Page> {
  const page = await files.officerPage('admin@example.com', 'admin1234', '/System/dashboard', {
    language: 'en-US',
    appLanguage: language,
    ...(viewport ? { viewport } : {}),
  });
  await page.getByTestId('counter-total').locator('.ant-statistic-content-value').waitFor();
  return page;
}

async function counter(page: Page, name: 'total' | 'waiting' | 'completed'): Promise<number> {
  const text = await page.getByTestId(`counter-${name}`).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/**
 * DD/MM/YYYY of the demo plant's day `back` days before today, as the English dashboard writes
 * it: the Christian year (a BE branch writes the Buddhist year only in Thai, issue 36).
 */
const plantDay = (back: number) => shownDay(back, 'CE');

const bars = (page: Page, chart: string) => page.getByTestId(chart).locator('.recharts-bar-rectangle');

describe('the dashboard', () => {
  it("shows today's figures and charts for the demo branch, then the last 14 days", async () => {
    const page = await dashboard();
    await expect.poll(() => counter(page, 'total')).toBeGreaterThan(0);
    const today = await counter(page, 'total');
    // In progress is the trucks inside now, whatever their day: at least the demo's four trucks
    // of yesterday evening still waiting (demo-history.ts, OVERNIGHT_TRUCKS).
    expect(await counter(page, 'waiting')).toBeGreaterThanOrEqual(4);
    expect(await counter(page, 'completed')).toBeLessThanOrEqual(today);
    await expect(page.getByTestId('dashboard-shown-period').innerText()).resolves.toBe(
      `Showing ${plantDay(0)}`,
    );

    // The donut has a sector per queue type with queues; the stage charts draw bars.
    await expect
      .poll(() => page.getByTestId('chart-queue-types').locator('.recharts-pie-sector').count())
      .toBeGreaterThan(0);
    await expect.poll(() => bars(page, 'chart-standard-flow').count()).toBeGreaterThan(0);
    await expect.poll(() => bars(page, 'chart-lab-flow').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    // A bar's tooltip gives its stage in hours and minutes. The longest bar is pointed at: early
    // in the plant day a stage may have a bar of no length. The chart follows the pointer over
    // its whole surface (the bar itself is under it), and may draw itself again as the plant
    // moves: the pointer moves over the bar's middle until the tooltip shows.
    const tooltip = page.getByTestId('chart-standard-flow').locator('.recharts-tooltip-wrapper');
    await expect
      .poll(async () => {
        const areas = await bars(page, 'chart-standard-flow').evaluateAll((all) =>
          all.map((bar) => bar.getBoundingClientRect().width * bar.getBoundingClientRect().height),
        );
        const bar = bars(page, 'chart-standard-flow').nth(areas.indexOf(Math.max(...areas)));
        await bar.scrollIntoViewIfNeeded();
        const box = await bar.boundingBox();
        if (!box) return '';
        await page.mouse.move(box.x + box.width / 2 - 1, box.y + box.height / 2);
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        return tooltip.innerText();
      })
      .toMatch(/Queue → call\s*(\d+ h( \d+ min)?|\d+ min|< 1 min|no data)/);

    // The last 14 days: a period that includes today has at least today's queues.
    const start = page.locator('#dashboard-start');
    await start.click();
    await start.fill(plantDay(13));
    await start.press('Enter');
    await page.getByRole('button', { name: 'View report' }).click();
    await expect
      .poll(() => page.getByTestId('dashboard-shown-period').innerText())
      .toBe(`Showing ${plantDay(13)} – ${plantDay(0)}`);
    await expect.poll(() => counter(page, 'total')).toBeGreaterThan(today);
    await expect.poll(() => bars(page, 'chart-in-factory').count()).toBeGreaterThan(0);
  });

  it('follows a new ticket live, without reload', async () => {
    const page = await dashboard();
    await expect.poll(() => counter(page, 'total')).toBeGreaterThan(0);
    const before = await counter(page, 'total');
    const { session } = await employeeSession(baseUrl);
    await issueStandardTicket(baseUrl, session, randomLicence());
    await expect.poll(() => counter(page, 'total'), { timeout: 15_000 }).toBe(before + 1);
  });

  it('says at once that the end date is before the start, moves neither, and shows nothing new', async () => {
    const page = await dashboard({ width: 1366, height: 768 });
    const shown = await page.getByTestId('dashboard-shown-period').innerText();
    await typeDate(page, 'dashboard-start', plantDay(2));
    await typeDate(page, 'dashboard-finish', plantDay(5));
    await page.getByRole('alert').getByText('The start date must not be after the end date.').waitFor();
    expect(await page.locator('#dashboard-start').inputValue()).toBe(plantDay(2));
    expect(await page.locator('#dashboard-finish').inputValue()).toBe(plantDay(5));
    expect(await page.getByRole('button', { name: 'View report' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('dashboard-shown-period').innerText()).toBe(shown);

    // Put right, the message goes and the period can be shown.
    await typeDate(page, 'dashboard-finish', plantDay(0));
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'View report' }).click();
    await expect
      .poll(() => page.getByTestId('dashboard-shown-period').innerText())
      .toBe(`Showing ${plantDay(2)} – ${plantDay(0)}`);
  });

  it.each([
    ['th', 1366],
    ['en', 1366],
    ['de', 1366],
    ['th', 390],
  ] as const)('keeps the last axis label inside each chart (%s, %i px)', async (language, width) => {
    const page = await dashboard({ width, height: width > 800 ? 768 : 844 }, language);
    await expect.poll(() => page.locator('.recharts-xAxis-tick-labels text').count()).toBeGreaterThan(3);
    const charts = await page.locator('svg.recharts-surface').evaluateAll((svgs) =>
      svgs
        .map((svg) => {
          const labels = [...svg.querySelectorAll('.recharts-xAxis-tick-labels text')];
          const last = labels[labels.length - 1]?.getBoundingClientRect();
          const box = svg.getBoundingClientRect();
          return last && { text: labels[labels.length - 1]!.textContent, over: last.right - box.right };
        })
        .filter((chart) => chart !== undefined),
    );
    expect(charts.length).toBeGreaterThanOrEqual(3);
    for (const chart of charts) expect(chart.over, chart.text ?? '').toBeLessThanOrEqual(0);
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = await dashboard({ width: 390, height: 844 });
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The counters and charts stack: each is as wide as the content column.
    const widths = await page
      .locator('[data-testid^="counter-"], [data-testid^="chart-"]')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBe(1);
  });
});

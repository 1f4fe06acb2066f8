import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { daysBetween } from '@truck-queue/shared/contracts/report.contract';
import { wallClock } from '@truck-queue/shared/plant-day';
import { DEFAULT_HARVEST_SEASON, thisSeason, type HarvestSeason } from '@truck-queue/shared/season';
import { DEMO_TIME_ZONE, shownDay } from './support/dates.ts';
import {
  demoQueueTypes,
  employeeSession,
  issueStandardTicket,
  post,
  freshLicence,
  signIn,
} from './support/demo-plant.ts';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
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

/** Types a period into the dashboard's range picker (the reports' one), as an officer does. */
async function typeRange(page: Page, start: string, finish: string): Promise<void> {
  const [from, to] = [page.locator('#dashboard-range'), page.locator('.ant-picker-range input').nth(1)];
  await from.click();
  await from.fill(start);
  await page.keyboard.press('Enter');
  await to.click();
  await to.fill(finish);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

/** The tooltip a chart shows with the pointer over the middle of its plot (or of `bar`). */
async function tooltipAt(page: Page, chart: string, at: 'middle' | number = 'middle'): Promise<string> {
  const target =
    at === 'middle' ? page.getByTestId(chart).locator('.recharts-cartesian-grid') : bars(page, chart).nth(at);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return '';
  await page.mouse.move(box.x + box.width / 2 - 1, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return page.getByTestId(chart).locator('.recharts-tooltip-wrapper').innerText();
}

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

    // The last 14 days, typed: shown as soon as both days are in. A period that includes today
    // has at least today's queues.
    await typeRange(page, plantDay(13), plantDay(0));
    await expect
      .poll(() => page.getByTestId('dashboard-shown-period').innerText())
      .toBe(`Showing ${plantDay(13)} – ${plantDay(0)}`);
    await expect.poll(() => counter(page, 'total')).toBeGreaterThan(today);
    await expect.poll(() => bars(page, 'chart-in-factory').count()).toBeGreaterThan(0);
  });

  it('shows arrivals per hour and trucks and net tonnage per day, following a new ticket live', async () => {
    const page = await dashboard({ width: 1366, height: 768 });
    await expect.poll(() => counter(page, 'total')).toBeGreaterThan(0);
    await expect.poll(() => bars(page, 'chart-arrivals').count()).toBeGreaterThan(0);

    // The busiest hour's bar says its hour and how many tickets were issued in it.
    const heights = await bars(page, 'chart-arrivals').evaluateAll((all) =>
      all.map((bar) => bar.getBoundingClientRect().height),
    );
    await expect
      .poll(() => tooltipAt(page, 'chart-arrivals', heights.indexOf(Math.max(...heights))))
      .toMatch(/^\d\d:00–\d\d:59\s*Tickets issued \(trucks\)\s*[1-9]\d*$/);

    // Today is one day of the tonnage chart: its trucks are the day's queues.
    const total = await counter(page, 'total');
    await expect.poll(() => tooltipAt(page, 'chart-tonnage')).toMatch(new RegExp(`Trucks\\s*${total}\\b`));
    expect(await tooltipAt(page, 'chart-tonnage')).toMatch(/Net weight \(t\)\s*[\d,.]+ t/);

    // A new ticket: the day's trucks follow without reload.
    const { session } = await employeeSession(baseUrl);
    await issueStandardTicket(baseUrl, session, freshLicence());
    await expect.poll(() => counter(page, 'total'), { timeout: 15_000 }).toBe(total + 1);
    await expect
      .poll(() => tooltipAt(page, 'chart-tonnage'), { timeout: 15_000 })
      .toMatch(new RegExp(`Trucks\\s*${total + 1}\\b`));

    // A quick range is shown at once: the last 7 days, one point of the trucks line a day.
    await page.mouse.move(0, 0);
    await page.locator('#dashboard-range').click();
    await page.locator('.ant-picker-presets').getByText('Last 7 days').click();
    await expect
      .poll(() => page.getByTestId('dashboard-shown-period').innerText())
      .toBe(`Showing ${plantDay(6)} – ${plantDay(0)}`);
    await expect.poll(() => page.getByTestId('chart-tonnage').locator('.recharts-line-dot').count()).toBe(7);
    await page.keyboard.press('Escape');
  });

  it("offers this season among the quick ranges, the branch's own once the admin sets it", async () => {
    const page = await dashboard({ width: 1366, height: 768 });
    const now = wallClock(new Date(), DEMO_TIME_ZONE);
    const today = [now.year, now.month, now.day].map((n) => String(n).padStart(2, '0')).join('-');
    /** "Showing …" for this season of `season`: from its opening day to today, or the last one whole. */
    const showing = (season: HarvestSeason) => {
      const period = thisSeason(today, season);
      const [start, finish] = [period.start, period.finish].map((day) => plantDay(daysBetween(day, today)));
      return start === finish ? `Showing ${start}` : `Showing ${start} – ${finish}`;
    };
    const pickSeason = async () => {
      await page.locator('#dashboard-range').click();
      await page.locator('.ant-picker-presets').getByText('This season').click();
      await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    };

    // The demo branch keeps the default season, 1 November to 30 April.
    await pickSeason();
    await expect
      .poll(() => page.getByTestId('dashboard-shown-period').innerText())
      .toBe(showing(DEFAULT_HARVEST_SEASON));

    // The admin sets the branch's own season (Yard rules): the open page follows without reload.
    const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
    const { settings } = await post<{ settings: Record<string, unknown> }>(
      baseUrl,
      'admin/yard/settings',
      {},
      admin.session,
    );
    const own = { start: '06-15', finish: '02-10' };
    try {
      await post(
        baseUrl,
        'admin/yard/saveSettings',
        { ...settings, season_start: own.start, season_finish: own.finish },
        admin.session,
      );
      await expect
        .poll(async () => {
          await pickSeason();
          return page.getByTestId('dashboard-shown-period').innerText();
        })
        .toBe(showing(own));
    } finally {
      await post(baseUrl, 'admin/yard/saveSettings', settings, admin.session);
    }
  });

  it('follows a new ticket live, without reload', async () => {
    const page = await dashboard();
    await expect.poll(() => counter(page, 'total')).toBeGreaterThan(0);
    const before = await counter(page, 'total');
    const { session } = await employeeSession(baseUrl);
    await issueStandardTicket(baseUrl, session, freshLicence());
    await expect.poll(() => counter(page, 'total'), { timeout: 15_000 }).toBe(before + 1);
  });

  it('says at once that the end date is before the start, moves neither, and shows nothing new', async () => {
    const page = await dashboard({ width: 1366, height: 768 });
    const shown = await page.getByTestId('dashboard-shown-period').innerText();
    await typeRange(page, plantDay(2), plantDay(5));
    await page.getByText('The start date must not be after the end date.').waitFor();
    expect(await page.locator('#dashboard-range').inputValue()).toBe(plantDay(2));
    expect(await page.locator('.ant-picker-range input').nth(1).inputValue()).toBe(plantDay(5));
    expect(await page.getByRole('button', { name: 'View report' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('dashboard-shown-period').innerText()).toBe(shown);

    // Put right, the message goes and the period is shown.
    await typeRange(page, plantDay(2), plantDay(0));
    await page.getByText('The start date must not be after the end date.').waitFor({ state: 'detached' });
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

  it("shows a line's daily cap with the trucks it holds, only while the line has one", async () => {
    const { session } = await employeeSession(baseUrl);
    const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
    const standard = (await demoQueueTypes(baseUrl)).find((q) => q.flow_engine_id === FLOW_ENGINE.standard)!;
    const setRule = (rule: unknown) =>
      post(baseUrl, 'admin/queueType/saveOrderRule', { id_branchQT: standard.id, rule }, admin.session);
    await setRule({
      classes: [{ key: 'rush', name: 'Rush order', share: 1, first: false, product_ids: [] }],
      ordinary_share: 1,
      max_wait_minutes: null,
      fresh_limit_minutes: null,
      stale_first: false,
      caps: [{ class_key: 'rush', max_percent: 1, of: 'loads', when_full: 'hold' }],
      ask_reason: false,
    });
    try {
      // A rush load would be more than 1 % of the day's loads (the demo calls far fewer than 99 a day): held.
      await post(
        baseUrl,
        'process/printer/issueQueue',
        {
          id_branchQT: standard.id,
          product: standard.product[0]!.id,
          truck_license: freshLicence(),
          order_class: 'rush',
        },
        session,
      );
      const page = await dashboard();
      const row = page.getByTestId('cap-row').filter({ hasText: 'Rush order' });
      await expect.poll(() => row.getByTestId('cap-share').innerText()).toMatch(/% of a 1 % cap$/);
      await expect.poll(() => row.getByTestId('cap-held').innerText()).toMatch(/^\d+ trucks? held$/);
      await setRule(null);
      await page.reload();
      await page.getByTestId('counter-total').locator('.ant-statistic-content-value').waitFor();
      await expect.poll(() => page.getByTestId('cap-use').count()).toBe(0);
    } finally {
      await setRule(null);
    }
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

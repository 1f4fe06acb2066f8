/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInDirect } from './support/browser.ts';
import { shownDay } from './support/dates.ts';
import { post, freshLicence, signIn, weighInAndOut } from './support/demo-plant.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';
import { issueTicket } from './support/yard-plant.ts';

const ADMIN = ['admin@example.com', 'admin1234'] as const;

/** A driver disputes his slip: the badge on the menu and the dashboard has something to count. */
async function fileDispute(baseUrl: string): Promise<void> {
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const ticket = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
  await weighInAndOut(baseUrl, employee.session, ticket.uuid, { in: 12_040, out: 41_250 });
  await post(baseUrl, 'process/user/dispute', {
    queue_number_id: ticket.uuid,
    note: 'น้ำหนักสุทธิน้อยกว่าที่ชั่งที่สวน',
  });
}

/** The dashboard over a quick range of the period picker (its presets' order: today, yesterday, 7, 30 days, month, season). */
async function dashboard(browser: Browser, baseUrl: string, language: Language, mode: Mode, preset: number) {
  const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
  await signInDirect(page, baseUrl, ...ADMIN);
  await page.goto('/System/dashboard');
  await page.getByTestId('counter-total').locator('.ant-statistic-content-value').waitFor();
  await page.locator('#dashboard-range').click();
  await page.locator('.ant-picker-presets li').nth(preset).click();
  await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
  await page.getByTestId('chart-tonnage').locator('.recharts-bar-rectangle').first().waitFor();
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page;
}

/** Points at the middle of a chart's plot (or at its `nth` bar) until its tooltip shows. */
async function pointAt(page: Page, chart: string, nth?: number): Promise<void> {
  const card = page.getByTestId(chart);
  const target =
    nth === undefined
      ? card.locator('.recharts-cartesian-grid')
      : card.locator('.recharts-bar-rectangle').nth(nth);
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 - 1, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await card.locator('.recharts-tooltip-wrapper').getByText(/\d/).first().waitFor();
}

/**
 * The dashboard at 1366x768 with the side menu open, in Thai and English, light and dark: the
 * window as an officer sees it and the whole page (this season's figures, arrivals per hour,
 * trucks and tonnage per day, a dispute waiting); in Thai, the quick ranges open and each new
 * chart's tooltip; the Yard rules page's harvest season.
 */
export async function shootDashboardScreens(_shared: Browser, baseUrl: string): Promise<void> {
  const browser = await launchBrowser([], { scrollbars: true });
  try {
    await fileDispute(baseUrl);
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const page = await dashboard(browser, baseUrl, language, mode, 5);
        await shoot(page, `dashboard-1366-season-${suffix}`);
        await shoot(page, `dashboard-1366-season-full-${suffix}`, true);
        await page.goto('/System/yardRules');
        await page.getByTestId('harvest-season').locator('#season-start').waitFor();
        await page.getByTestId('harvest-season').scrollIntoViewIfNeeded();
        await shoot(page, `yard-rules-season-${suffix}`);
        await page.context().close();
      }
    }

    const page = await dashboard(browser, baseUrl, 'th', 'light', 2);
    await page.locator('#dashboard-range').click();
    await page.locator('.ant-picker-presets li').nth(5).waitFor();
    await shoot(page, 'dashboard-1366-quick-ranges-th-light');
    await page.keyboard.press('Escape');
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    const heights = await page
      .getByTestId('chart-arrivals')
      .locator('.recharts-bar-rectangle')
      .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().height));
    await pointAt(page, 'chart-arrivals', heights.indexOf(Math.max(...heights)));
    await shoot(page, 'dashboard-1366-arrivals-tooltip-th-light');
    await pointAt(page, 'chart-tonnage');
    await shoot(page, 'dashboard-1366-tonnage-tooltip-th-light');

    // A period before the demo's history: each chart says there is nothing, not an empty frame.
    const [from, to] = [page.locator('#dashboard-range'), page.locator('.ant-picker-range input').nth(1)];
    await page.mouse.move(0, 0);
    await from.click();
    await from.fill(shownDay(60));
    await page.keyboard.press('Enter');
    await to.click();
    await to.fill(shownDay(50));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('chart-tonnage').locator('.ant-empty').waitFor();
    await page.mouse.move(0, 0);
    await shoot(page, 'dashboard-1366-empty-th-light');
    await page.context().close();

    await shootCaps(browser, baseUrl);
  } finally {
    await browser.close();
  }
}

/**
 * The day's caps card (issue 38): the standard line given a rule with a capped class, two of its
 * trucks held by the cap; today in Thai and English, light and dark. The line is put back to
 * first come, first served after.
 */
async function shootCaps(browser: Browser, baseUrl: string): Promise<void> {
  const admin = await signIn(baseUrl, ...ADMIN);
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const { queue_type } = await post<{
    queue_type: { id: number; prefix: string; product: { id: number }[] }[];
  }>(baseUrl, 'process/printer/ticketOptions', {}, employee.session);
  const line = queue_type.find((q) => q.prefix === 'B')!;
  const setRule = (rule: unknown) =>
    post(baseUrl, 'admin/queueType/saveOrderRule', { id_branchQT: line.id, rule }, admin.session);
  await setRule({
    classes: [{ key: 'urgent', name: 'ด่วนตามสัญญา', share: 1, first: false, product_ids: [] }],
    ordinary_share: 1,
    max_wait_minutes: null,
    fresh_limit_minutes: null,
    stale_first: false,
    caps: [{ class_key: 'urgent', max_percent: 1, of: 'loads', when_full: 'ask' }],
    ask_reason: false,
  });
  try {
    for (let i = 0; i < 2; i++)
      await post(
        baseUrl,
        'process/printer/issueQueue',
        {
          id_branchQT: line.id,
          product: line.product[0]!.id,
          truck_license: freshLicence(),
          order_class: 'urgent',
        },
        employee.session,
      );
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const page = await dashboard(browser, baseUrl, language, mode, 0);
        const card = page.getByTestId('cap-use');
        await card.getByTestId('cap-held').waitFor();
        await card.scrollIntoViewIfNeeded();
        await shoot(page, `dashboard-caps-${language}-${mode}`);
        await page.context().close();
      }
    }
  } finally {
    await setRule(null);
  }
}

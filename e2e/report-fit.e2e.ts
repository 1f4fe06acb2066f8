/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { goInApp } from './support/browser.ts';
import { demoQueueTypes } from './support/demo-plant.ts';
import {
  cancelDevice,
  newIdentity,
  registerNewDisplay,
  useIdentity,
  withoutThaiVoice,
} from './support/devices.ts';
import { ENGLISH, fileBrowser, THAI } from './support/file-browser.ts';
import {
  durationMinutes,
  openFlowReport,
  openInOutReport,
  openSummaryReport,
} from './support/report-pages.ts';
import { reachColumns } from './support/table-fit.ts';

const baseUrl = inject('baseUrl');
// Scrollbars take room and show, as on an office PC: what fits is measured with them.
const files = fileBrowser(baseUrl, [], { scrollbars: true });

const MANAGER = ['manager@example.com', 'demo1234'] as const;
const ADMIN = ['admin@example.com', 'admin1234'] as const;
type Language = 'th' | 'en';
type Viewport = { width: number; height: number };

const officerPage = (
  viewport: Viewport,
  [email, password]: readonly [string, string],
  language: Language = 'th',
): Promise<Page> =>
  files.officerPage(email, password, undefined, { ...(language === 'th' ? THAI : ENGLISH), viewport });

const REPORTS = [
  { name: 'in/out report', user: MANAGER, open: (page: Page) => openInOutReport(page) },
  { name: 'summary report', user: MANAGER, open: openSummaryReport },
  { name: 'report by flow', user: ADMIN, open: openFlowReport },
];

const firstTable = (page: Page) => page.locator('.ant-table-wrapper').first();

/** Every column of the report's first table in view or one scrollbar drag away, times whole, pager in the window. */
async function checkReportTable(page: Page, report: (typeof REPORTS)[number]): Promise<void> {
  const reach = await reachColumns(page, firstTable(page));

  expect(reach.columns.length).toBeGreaterThan(8);
  // A header not in view at first is reached with a scrollbar that is itself in view.
  const hidden = reach.columns.filter((column) => !column.atFirst);
  if (hidden.length > 0) {
    expect(reach.scrollbar, `${hidden.map((c) => c.title).join(', ')} off screen`).toMatch(
      /^(sticky|native)$/,
    );
    expect(reach.dragged).toBe(true);
  } else {
    expect(reach.scrollbar).toBe('none');
  }
  expect(reach.columns.filter((column) => !column.reached).map((column) => column.title)).toEqual([]);
  // "23/11/2026 14:05" shows whole: at most the time goes under the date.
  expect(reach.cutTimes).toEqual([]);
  // The summary's weights (in, out, net, paid) are in view at first, beside the pinned licence.
  if (report.name === 'summary report')
    expect(hidden.map((c) => c.title).filter((title) => /weight|Net|Paid|น้ำหนัก/.test(title))).toEqual([]);

  // Scrolled to the table, its header, rows, scrollbar and pager are all in the window.
  const box = await firstTable(page).evaluate((wrapper) => {
    const bar = document.querySelector<HTMLElement>('.ant-layout-header')!.offsetHeight;
    window.scrollBy(0, wrapper.getBoundingClientRect().top - bar);
    const body = wrapper.querySelector<HTMLElement>('.ant-table-body')!.getBoundingClientRect();
    // The table's own pager, or the summary's beside it.
    const pager = wrapper.parentElement!.querySelector<HTMLElement>('.ant-pagination, nav');
    return {
      top: wrapper.getBoundingClientRect().top - bar,
      bodyBottom: body.bottom,
      pagerBottom: pager?.getBoundingClientRect().bottom ?? body.bottom,
      windowHeight: innerHeight,
    };
  });
  expect(box.top).toBeGreaterThanOrEqual(-1);
  expect(box.bodyBottom).toBeLessThanOrEqual(box.windowHeight);
  expect(box.pagerBottom).toBeLessThanOrEqual(box.windowHeight);
}

/** The office PCs' screens, smallest first: a report opened on the first is then seen on each. */
const SCREENS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

describe.each(['th', 'en'] as const)('report tables in %s', (language) => {
  it.each(REPORTS)(
    `$name at ${SCREENS.map((s) => `${s.width} x ${s.height}`).join(', then ')}: every column in view or one scrollbar drag away, times whole`,
    async (report) => {
      // Opened once, then the window made larger (as an officer does): the table fits again.
      const page = await officerPage(SCREENS[0]!, report.user, language);
      await report.open(page);
      for (const screen of SCREENS) {
        await page.setViewportSize(screen);
        await page.evaluate(() => window.scrollTo(0, 0));
        await checkReportTable(page, report);
      }
    },
  );
});

describe('the report by flow at 1366 x 768', () => {
  it('keeps its sideways scrollbar in view when a display warning comes above the table after it shows', async () => {
    const page = await officerPage({ width: 1366, height: 768 }, ADMIN);
    await openFlowReport(page);
    const tableTop = () => firstTable(page).evaluate((table) => table.getBoundingClientRect().top);
    const before = await tableTop();

    // A new TV of every queue type is switched on, without a Thai voice: named above the table.
    const identity = newIdentity();
    const types = (await demoQueueTypes(baseUrl)).map((type) => type.id);
    const uuid = await registerNewDisplay(baseUrl, identity, types);
    const tv = await files.page({ viewport: { width: 1920, height: 1080 } });
    try {
      await withoutThaiVoice(tv);
      await useIdentity(tv, 'display', identity);
      await tv.goto('/DisplayManage');
      await page.locator(`[data-testid="display-warning"][data-display="ลานจอดรถ ${identity.id}"]`).waitFor();
      // The table moves down once the page has laid the warning out.
      await expect.poll(tableTop).toBeGreaterThan(before);

      const reach = await reachColumns(page, firstTable(page));
      if (reach.columns.some((column) => !column.atFirst))
        expect(reach.scrollbar).toMatch(/^(sticky|native)$/);
      expect(reach.columns.filter((column) => !column.reached).map((column) => column.title)).toEqual([]);
    } finally {
      await tv.close();
      await cancelDevice(baseUrl, 'display', uuid);
    }
  });
});

/** The back office's other tables, for the officer who uses each. */
const OTHER_TABLES = [
  { path: '/System/manageResultLab', user: ['lab@example.com', 'demo1234'] },
  { path: '/System/weighing', user: ['employee@example.com', 'demo1234'] },
  { path: '/System/exitFactory', user: ['security@example.com', 'demo1234'] },
  { path: '/System/manageUser', user: ADMIN },
  { path: '/System/station', user: ADMIN },
  { path: '/System/product', user: ADMIN },
  { path: '/System/defineQueue', user: ADMIN },
  { path: '/System/calling', user: ADMIN },
  { path: '/System/display', user: ADMIN },
  { path: '/System/printing', user: ADMIN },
] as const;

describe.each(['th', 'en'] as const)('the back office tables at 1366 x 768 in %s', (language) => {
  // One page per officer, going from table to table as the menu does: the app loads once each.
  const pages = new Map<string, Page>();
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  it.each(OTHER_TABLES)(
    '$path shows every column or scrolls with a scrollbar in view',
    async ({ path, user }) => {
      let page = pages.get(user[0]);
      if (page) await goInApp(page, path);
      else {
        page = files.keepForFile(await officerPage({ width: 1366, height: 768 }, user, language));
        pages.set(user[0], page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      expect(new URL(page.url()).pathname).toBe(path);
      await firstTable(page).locator('.ant-table-thead th').first().waitFor();
      const reach = await reachColumns(page, firstTable(page));
      expect(reach.scrollbar).not.toBe('missing');
      expect(reach.columns.filter((column) => !column.reached).map((column) => column.title)).toEqual([]);
      expect(reach.cutTimes).toEqual([]);
    },
  );
});

describe('durations', () => {
  /**
   * Column `n`'s text in every row of the first table, keyed by the row's queue number and
   * licence: numbers restart every plant day, so a truck of yesterday still inside (on the lab
   * page) may hold the number of one of today's (in the report).
   */
  const byTruck = (
    page: Page,
    [queueColumn, licenceColumn]: [number, number],
    column: number,
  ): Promise<[string, string][]> =>
    firstTable(page)
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll(
        (rows, [q, l, c]) => {
          const text = (row: Element, i: number) => (row.children[i] as HTMLElement).innerText.trim();
          return rows.map((row): [string, string] => [
            `${text(row, q!).split('\n')[0]} ${text(row, l!)}`,
            text(row, c!),
          ]);
        },
        [queueColumn, licenceColumn, column],
      );

  it('count by the rule each column names: the lab page one minute over the report, no "0 min" part', async () => {
    const lab = await officerPage({ width: 1366, height: 768 }, ['lab@example.com', 'demo1234'], 'en');
    await lab.goto('/System/manageResultLab');
    await firstTable(lab).locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const labPage = new Map(await byTruck(lab, [0, 1], 4));

    const manager = await officerPage({ width: 1366, height: 768 }, MANAGER, 'en');
    await manager.goto('/Report/inoutTransaction');
    await firstTable(manager).locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const report = await byTruck(manager, [1, 2], 8);

    const compared = report.filter(([truck, text]) => durationMinutes(text) !== null && labPage.has(truck));
    // Early in the plant day few trucks have been through the lab yet: at least one is
    // compared, at any hour.
    expect(compared.length).toBeGreaterThan(0);
    for (const [truck, text] of compared) {
      // The lab page counts the started minute ('plusOne'); the report whole minutes ('floor').
      expect(durationMinutes(labPage.get(truck)!), `${truck}: ${labPage.get(truck)} / ${text}`).toBe(
        durationMinutes(text)! + 1,
      );
    }
    const durations = [...labPage.values(), ...report.map(([, text]) => text)];
    for (const text of durations) expect(text).not.toMatch(/(^|\s)0 min/);
  });

  it('say in the column header how they count, in Thai', async () => {
    const page = await officerPage({ width: 1920, height: 1080 }, MANAGER, 'th');
    await page.goto('/Report/inoutTransaction');
    await firstTable(page).locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const tooltip = page.locator('.ant-tooltip:visible');

    await page.locator('thead [data-duration-rule="floor"]').hover();
    await expect
      .poll(() => tooltip.innerText())
      .toBe('นับเต็มนาที: 0–59 วินาที = ไม่ถึง 1 นาที, 1:00–1:59 นาที = 1 นาที');
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'hidden' });

    await page.locator('thead [data-duration-rule="plusOne"]').hover();
    await expect
      .poll(() => tooltip.innerText())
      .toBe('นับนาทีที่เริ่มแล้ว: 0–59 วินาที = 1 นาที, 1:00–1:59 นาที = 2 นาที');
  });
});

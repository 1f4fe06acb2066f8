/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTE_PERMISSIONS, type ProtectedRoute } from '@truck-queue/shared/roles';
import { goInApp } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

/**
 * Every back-office page on the office PC the plants have: 1366 × 768, Thai, the side menu open,
 * scrollbars shown. The page never scrolls sideways, and every button or link of a table row in
 * the window (its action: check out, delete, unpair, history, slip) is in view and uncovered at
 * first, without scrolling the table; a control a cell marks as a detail (`data-row-detail`) is
 * not the row's action.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl, [], { scrollbars: true });
const ADMIN = ['admin@example.com', 'admin1234'] as const;
const OFFICE_PC = { width: 1366, height: 768 };

/** The admin's page, kept from route to route: the app loads once, then goes as the menu does. */
let adminPage: Page | null = null;

/**
 * Shows a route's page: a parameter takes its first link in the menu (a flow), or today's
 * calling page. The window is scrolled back to its top, as a page opened anew is.
 */
async function openRoute(route: ProtectedRoute): Promise<Page> {
  const direct = !route.includes(':') ? route : '/System/manageCalling/1';
  if (!adminPage) {
    adminPage = files.keepForFile(
      await files.officerPage(ADMIN[0], ADMIN[1], direct, { ...THAI, viewport: OFFICE_PC }),
    );
    await adminPage.waitForLoadState('networkidle');
  } else await goInApp(adminPage, direct);
  const page = adminPage;
  let address = direct;
  if (direct !== route && !route.startsWith('/System/manageCalling/')) {
    // The report by flow: the link on a flow's card of the calling page.
    const prefix = route.slice(0, route.indexOf(':'));
    const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href');
    if (!href) throw new Error(`no link to ${route}`);
    await goInApp(page, href);
    address = href;
  }
  expect(new URL(page.url()).pathname).toBe(new URL(address, page.url()).pathname);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page;
}

interface Fit {
  /** How far the page itself scrolls sideways (0: it fits). */
  pageOverflow: number;
  /** Row buttons or links in the window but cut off or covered at first: their text and table column. */
  hidden: string[];
  /** How many row actions were looked at (the page has rows with actions). */
  actions: number;
}

function measure(page: Page): Promise<Fit> {
  return page.evaluate((): Fit => {
    const root = document.scrollingElement ?? document.documentElement;
    const hidden: string[] = [];
    let actions = 0;
    for (const control of document.querySelectorAll<HTMLElement>(
      '.ant-table-tbody tr.ant-table-row button, .ant-table-tbody tr.ant-table-row a',
    )) {
      // A control inside a cell's detail (the report by flow's re-announce beside the station)
      // is not the row's action.
      if (control.closest('[data-row-detail]')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const y = (box.top + box.bottom) / 2;
      // Rows below the window are a vertical scroll away, as every list's are.
      if (y < 0 || y > innerHeight) continue;
      actions++;
      const inWindow = box.left >= -0.5 && box.right <= innerWidth + 0.5;
      // Covered by the table's own cells (a column over another), not by what sits at the window's
      // foot (antd's sticky scrollbar, a pager): those are a vertical scroll away.
      const covered = [box.left + 2, (box.left + box.right) / 2, box.right - 2].some((x) => {
        const top = document.elementFromPoint(x, y);
        return !control.contains(top) && top?.closest('.ant-table-tbody') !== null;
      });
      const shown = inWindow && !covered;
      if (!shown) {
        const cell = control.closest('td');
        const column = cell ? [...cell.parentElement!.children].indexOf(cell) : -1;
        hidden.push(
          `${control.innerText.trim() || control.getAttribute('aria-label') || '?'} (column ${column})`,
        );
      }
    }
    return { pageOverflow: root.scrollWidth - root.clientWidth, hidden: [...new Set(hidden)], actions };
  });
}

describe('every page at 1366 × 768 in Thai, side menu open', () => {
  beforeAll(async () => {
    // A product no queue type offers yet: its row links to the queue types' page.
    const { session } = await signIn(baseUrl, ADMIN[0], ADMIN[1]);
    await post(
      baseUrl,
      'product/doMainProduct',
      { name: `มันเส้นสะอาดเกรดพิเศษ ${Date.now() % 100000}` },
      session,
    );
  });

  it.each(Object.keys(ROUTE_PERMISSIONS) as ProtectedRoute[])(
    '%s fits and shows each row action',
    async (route) => {
      const page = await openRoute(route);
      await page.locator('.ant-layout-sider:not(.ant-layout-sider-collapsed)').waitFor();
      await page.locator('main, .ant-layout-content').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Tables draw their rows once their data came: wait for rows or an empty table.
      await page
        .locator('.ant-table-tbody tr.ant-table-row, .ant-empty, .ant-card')
        .first()
        .waitFor({ timeout: 15_000 });
      const fit = await measure(page);
      expect(fit.pageOverflow, `${route} scrolls sideways`).toBeLessThanOrEqual(1);
      expect(fit.hidden, `${route}: row actions off screen or covered`).toEqual([]);
    },
    60_000,
  );
});

/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** The yard's pages, used on phones: who opens each, and its title in Thai. */
const PAGES = [
  { path: '/System/manageCalling/1', email: 'employee@example.com', title: 'เรียกคิว (วันนี้)' },
  { path: '/System/manageResultLab', email: 'lab@example.com', title: 'รับผลตรวจแล็บ' },
  { path: '/System/exitFactory', email: 'security@example.com', title: 'บันทึกรถออกโรงงาน' },
  { path: '/System/weighing', email: 'employee@example.com', title: 'ชั่งน้ำหนัก' },
] as const;

const PHONE = { width: 390, height: 844 };

const phonePage = (email: string): Promise<Page> =>
  files.officerPage(email, 'demo1234', undefined, { viewport: PHONE });

/** What a phone user notices: sideways scrolling, controls too small for a thumb, cut titles. */
function measure(page: Page) {
  return page.evaluate(() => {
    const visible = (node: Element) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden';
    };
    const content = document.querySelector('main')!;
    // The page's own buttons; those inside a table's rows belong to the table (h1 sizes them).
    const buttons = [...content.querySelectorAll('button, .ant-segmented-item')]
      .filter((node) => visible(node) && !node.closest('.ant-table-tbody, .ant-table-thead'))
      .map((node) => ({
        text: (node.textContent ?? node.getAttribute('aria-label') ?? '').trim().slice(0, 30),
        height: Math.round(node.getBoundingClientRect().height),
      }));
    // Labels cut short ("3 วัน…"): a switch's options, buttons' words, plates. A button's icon
    // has no words to cut (a spinning one's box overflows at some angles).
    const cut = [
      ...content.querySelectorAll(
        '.ant-segmented-item-label, .ant-btn > span, [data-testid="queue-licence"]',
      ),
    ]
      .filter(
        (node) =>
          visible(node) && (node.textContent ?? '').trim() !== '' && node.scrollWidth > node.clientWidth + 1,
      )
      .map((node) => node.textContent);
    const title = document.querySelector('[data-testid="page-title"]');
    const titleBox = title?.getBoundingClientRect();
    return {
      scrollWidth: document.documentElement.scrollWidth,
      rails: document.querySelectorAll('aside.ant-layout-sider').length,
      buttons,
      cut,
      title: title
        ? {
            text: title.textContent,
            clipped: title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight + 1,
            inside: titleBox!.left >= 0 && titleBox!.right <= window.innerWidth,
          }
        : null,
    };
  });
}

describe('the yard pages on a phone (390x844)', () => {
  it.each(PAGES)(
    '$path: no rail, nothing wider than the screen, 44 px buttons, the whole title',
    async (p) => {
      const page = await phonePage(p.email);
      await page.goto(p.path);
      await page.locator('main button:visible').first().waitFor();
      await page.waitForLoadState('networkidle');
      const seen = await measure(page);
      expect(seen.scrollWidth).toBeLessThanOrEqual(PHONE.width);
      expect(seen.rails).toBe(0);
      expect(seen.cut).toEqual([]);
      expect(seen.buttons.length).toBeGreaterThan(0);
      for (const button of seen.buttons) expect(button.height, button.text).toBeGreaterThanOrEqual(44);
      expect(seen.title).toEqual({ text: p.title, clipped: false, inside: true });
      // The top bar's menu button too, and the menu it opens (a drawer) takes the officer on.
      const open = page.getByTestId('open-menu');
      expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await open.click();
      const drawer = page.locator('.ant-drawer-body');
      await drawer.getByTestId('side-menu').waitFor();
      expect(await drawer.locator('.ant-menu-item-selected').innerText()).toBe(p.title);
      await drawer.locator('[data-menu-id$="/System/dashboard"]').click();
      await page.waitForURL('**/System/dashboard');
      await drawer.waitFor({ state: 'hidden' });
      await page.context().close();
    },
  );

  it('Manage Calling: the general-flow visitors have their cards here too, the queue buttons fill them', async () => {
    const page = await phonePage('employee@example.com');
    await page.goto('/System/manageCalling/1');
    // One place for every flow (issue 36): the general flow's section, no notice sending elsewhere.
    await page.locator('#flow-1').waitFor();
    expect(await page.getByTestId('general-flow').count()).toBe(0);
    // Two queue buttons a row, each at least 136 px and 44 px tall.
    const buttons = page.locator('[data-column] button');
    expect(await buttons.count()).toBeGreaterThan(0);
    const first = (await buttons.first().boundingBox())!;
    expect(first.width).toBeGreaterThanOrEqual(136);
    expect(first.height).toBeGreaterThanOrEqual(44);
    await page.context().close();
  });
});

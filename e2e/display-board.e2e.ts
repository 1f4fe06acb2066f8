/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { demoQueueTypes, issueAndCall } from './support/demo-plant.ts';
import {
  newIdentity,
  registerDevice,
  registerNewDisplay,
  useIdentity,
  withoutThaiVoice,
} from './support/devices.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** A plate no other active ticket holds, with Thai letters: "ฮก 4821". */
const thaiPlate = () => `ฮก ${1000 + Math.floor(Math.random() * 9000)}`;

/**
 * Text on the board that does not fit its box (wider or taller than shown), and text that
 * lies outside the window: both would be cut for someone reading the screen.
 */
function cutText(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.querySelector('[data-testid="display-board"]')!;
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      const text =
        el.matches('.tqd-recent-item > *') ||
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!text || el.closest('.tqd-visually-hidden, .tqd-stations')) continue;
      // A listed call that did not fit is not shown at all (it wraps out of its list's view).
      const list = el.closest('.tqd-recent-list');
      if (list && el.getBoundingClientRect().left >= list.getBoundingClientRect().right - 1) continue;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (style.display !== 'inline' && el.clientWidth > 0) {
        if (el.scrollWidth > el.clientWidth + 1) problems.push(`wide: ${el.className} "${el.textContent}"`);
        // Taller than its box matters where the box clips (numerals' glyphs may rise above a tight line).
        if (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1)
          problems.push(`tall: ${el.className} "${el.textContent}"`);
      }
      if (rect.bottom > window.innerHeight + 1 || rect.right > window.innerWidth + 1)
        problems.push(`outside: ${el.className} "${el.textContent}"`);
    }
    // Every listed call within its list, and every part of the board within the board.
    for (const item of root.querySelectorAll('.tqd-recent-item')) {
      const box = item.parentElement!.getBoundingClientRect();
      if (item.getBoundingClientRect().left >= box.right - 1) continue;
      if (item.getBoundingClientRect().bottom > box.bottom + 1)
        problems.push(`below its list: "${item.textContent}"`);
    }
    for (const part of root.querySelectorAll(
      '.tqd-column, .tqd-hero, .tqd-latest, .tqd-stations-panel, .tqd-next, .tqd-waits',
    )) {
      if (part.getBoundingClientRect().bottom > window.innerHeight + 1)
        problems.push(`below: ${part.className}`);
    }
    return problems;
  });
}

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

describe('the board of a display of two queue types', () => {
  it('has a column per type with its latest call large and N latest calls, plates masked, nothing cut, in 16:9 and 9:16', async () => {
    const types = await demoQueueTypes(baseUrl);
    const standard = types.find((q) => q.flow_engine_id === FLOW_ENGINE.standard && q.product.length)!;
    const general = types.find((q) => q.flow_engine_id === FLOW_ENGINE.general && q.product.length)!;
    const identity = newIdentity();
    await registerNewDisplay(baseUrl, identity, [standard.id, general.id], 4);

    const standardCalls: string[] = [];
    for (let i = 0; i < 5; i++)
      standardCalls.unshift((await issueAndCall(baseUrl, i, undefined, standard.id)).queueNumber);
    const plate = thaiPlate();
    const last = await issueAndCall(baseUrl, 0, plate, standard.id);
    standardCalls.unshift(last.queueNumber);
    const generalCalls: string[] = [];
    for (let i = 0; i < 5; i++)
      generalCalls.unshift((await issueAndCall(baseUrl, i, undefined, general.id)).queueNumber);

    const page = await files.page({ ...THAI, viewport: { width: 1920, height: 1080 } });
    await withoutThaiVoice(page);
    await useIdentity(page, 'display', identity);
    await page.goto('/DisplayManage');
    const columns = page.getByTestId('display-column');
    await columns.first().waitFor({ timeout: 15_000 });

    for (const [width, height, orientation] of [
      [1920, 1080, 'landscape'],
      [1080, 1920, 'portrait'],
    ] as const) {
      const at = `${width}x${height}`;
      await page.setViewportSize({ width, height });
      await expect
        .poll(() => page.getByTestId('display-board').getAttribute('data-orientation'))
        .toBe(orientation);

      // A column per queue type, headed by its name, in the display's order.
      expect(await columns.getByTestId('display-column-title').allInnerTexts(), at).toEqual([
        standard.queue_type_name,
        general.queue_type_name,
      ]);
      const [first, second] = [columns.nth(0), columns.nth(1)];
      // Each column's latest call, large.
      expect(await first.locator('[data-part="latest-number"]').innerText(), at).toBe(last.queueNumber);
      expect(await second.locator('[data-part="latest-number"]').innerText(), at).toBe(generalCalls[0]);
      expect(await fontSize(page, '[data-part="latest-number"]'), at).toBeGreaterThan(
        2 * (await fontSize(page, '.tqd-recent-number')),
      );
      // The display's 4 latest calls of each type, newest first, with their stations.
      const listed = (column: typeof first) =>
        column.getByTestId('display-recent-item').locator('.tqd-recent-number').allInnerTexts();
      expect(await listed(first), at).toEqual(standardCalls.slice(0, 4));
      expect(await listed(second), at).toEqual(generalCalls.slice(0, 4));
      expect(await first.getByTestId('display-recent-item').first().innerText(), at).toContain(
        last.stationName,
      );

      // The plate masked: letters and two digits, never the full number.
      const masked = `${plate.slice(0, 5)}••`;
      expect(await first.getByTestId('display-column-plate').innerText(), at).toBe(masked);
      expect(await first.getByTestId('display-recent-plate').first().innerText(), at).toBe(masked);
      expect(await page.locator('body').innerText(), at).not.toContain(plate);

      // The footer (issue 21): what a truck arriving now waits, for each type (both have called).
      const waits = page.getByTestId('display-wait');
      expect(await waits.evaluateAll((els) => els.map((el) => el.getAttribute('data-type'))), at).toEqual([
        standard.queue_type_name,
        general.queue_type_name,
      ]);
      for (const range of await waits.locator('.tqd-wait-range').allInnerTexts())
        expect(range, at).toMatch(/^\d+–\d+ (นาที|ชั่วโมง)$/);

      expect(await cutText(page), at).toEqual([]);
    }

    // The other two sizes a plant's TV or monitor may have: still nothing cut.
    for (const [width, height] of [
      [1366, 768],
      [768, 1366],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      expect(await cutText(page), `${width}x${height}`).toEqual([]);
    }
  });

  it('cuts nothing of the demo display of three queue types (its day so far: rechecks, long station names), in light and dark', async () => {
    const identity = newIdentity();
    await registerDevice(baseUrl, 'display', identity);
    for (const mode of ['light', 'dark'] as const) {
      const page = await files.page({ ...THAI, viewport: { width: 1920, height: 1080 } });
      await page.addInitScript(
        (colour) => localStorage.setItem('layoutSettings', JSON.stringify({ mode: colour })),
        mode,
      );
      await withoutThaiVoice(page);
      await useIdentity(page, 'display', identity);
      await page.goto('/DisplayManage');
      await page.getByTestId('display-column').first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('display-column').count()).toBe(3);
      for (const [width, height] of [
        [1920, 1080],
        [1080, 1920],
        [1366, 768],
        [768, 1366],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
        expect(await cutText(page), `${mode} ${width}x${height}`).toEqual([]);
      }
    }
  });
});

/**
 * Station chips a person cannot read: outside the window, cut by the strip or covered by
 * another part of the board (whatever is on top at the chip's centre is not the chip), or with
 * its name cut short.
 */
function hiddenStations(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const chip of document.querySelectorAll<HTMLElement>('[data-testid="display-station"]')) {
      const name = chip.dataset.station;
      const rect = chip.getBoundingClientRect();
      if (
        rect.top < 0 ||
        rect.left < 0 ||
        rect.bottom > window.innerHeight + 1 ||
        rect.right > window.innerWidth + 1
      ) {
        problems.push(`outside: ${name}`);
        continue;
      }
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (!top || !chip.contains(top)) problems.push(`not visible: ${name}`);
      const label = chip.querySelector<HTMLElement>('.tqd-station-name')!;
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`name cut: ${name}`);
    }
    return problems;
  });
}

describe('the station strip of a branch with many stations', () => {
  it('shows every station, whole, however many, at every size', async () => {
    const identity = newIdentity();
    await registerDevice(baseUrl, 'display', identity);
    const page = await files.page({ ...THAI, viewport: { width: 1920, height: 1080 } });
    await withoutThaiVoice(page);
    await useIdentity(page, 'display', identity);
    // The demo branch's own stations, and more the board is told of, as a bigger plant's would be.
    let extra: string[] = [];
    let own = 0;
    await page.route('**/api/device/displayBoard', async (route) => {
      const response = await route.fetch();
      const board = (await response.json()) as { stations: { station_id: number; station_name: string }[] };
      own = board.stations.length;
      board.stations.push(
        ...extra.map((station_name, i) => ({
          station_id: 900_000 + i,
          station_name,
          queue_number: null,
          queue_type_name: null,
          action: null,
          called_at: null,
        })),
      );
      await route.fulfill({ response, json: board });
    });
    const more = [
      'ลานเทมัน 3',
      'ตาชั่งรถบรรทุกขาออก',
      'จุดตรวจคุณภาพแป้ง',
      'ลานเทมัน 4',
      'ช่องขึ้นสินค้า 3',
      'โกดังแป้ง 2',
      'ลานจอดรอ',
      'ช่องขึ้นสินค้า 4',
    ];
    for (const count of [1, 3, 8]) {
      extra = more.slice(0, count);
      await page.goto('/DisplayManage');
      // Read again at each try: the branch's own count is known once the board was fetched.
      await expect
        .poll(async () => (own > 0 ? (await page.getByTestId('display-station').count()) - own : -1))
        .toBe(count);
      for (const [width, height] of [
        [1920, 1080],
        [1080, 1920],
        [1366, 768],
        [768, 1366],
      ] as const) {
        const at = `${6 + count} stations, ${width}x${height}`;
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
        expect(await hiddenStations(page), at).toEqual([]);
        // The calls above still fit (the strip takes the height it needs from them).
        expect(await cutText(page), at).toEqual([]);
      }
    }
  });
});

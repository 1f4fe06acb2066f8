import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { WaitType } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import { post, signIn } from './support/demo-plant.ts';
import { ENGLISH, fileBrowser, THAI } from './support/file-browser.ts';
import { withoutReadings } from './support/wait-figures.ts';

/**
 * The admins' expected wait accuracy page (issue 40, "Seen by the plant"): the demo's week of
 * readings (demo-eta-readings.ts) per queue type, as a chart of the share called inside the range
 * against the target and the median error, with the days' figures beside it; a plant with nothing
 * recorded yet, and a day without tickets, say so.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
const PATH = '/Report/waitAccuracy';

interface Answer {
  days: string[];
  target_inside_share: number;
  types: WaitType[];
}

async function answer(): Promise<Answer> {
  const { session } = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  return post<Answer>(baseUrl, 'admin/waitAccuracy', {}, session);
}

const card = (page: Page, type: WaitType) =>
  page.getByTestId(`wait-accuracy-type-${type.branch_queue_type_id}`);

/** The value beside a label of a type's summary. */
async function summaryValue(page: Page, type: WaitType, label: string): Promise<string> {
  const summary = card(page, type).getByTestId('wait-accuracy-summary');
  const row = summary.locator('.ant-descriptions-item').filter({ hasText: label });
  return row.locator('.ant-descriptions-item-content').innerText();
}

describe('the expected wait accuracy page', () => {
  it("charts the demo's week per queue type: a bar a day with figures, the target, the week's figures", async () => {
    const before = await answer();
    const page = await files.officerPage('admin@example.com', 'admin1234', PATH, ENGLISH);
    await page.getByTestId('wait-accuracy-summary').first().waitFor();
    const after = await answer();
    // Nothing happens on the demo plant meanwhile: the page read what the API answers.
    expect(after.types.map((t) => t.total)).toEqual(before.types.map((t) => t.total));
    expect(after.days).toHaveLength(7);
    expect(after.types.length).toBeGreaterThanOrEqual(3);

    const charted = after.types.filter((type) => type.days.some((d) => d.with_range > 0));
    // The demo's lines were shown ranges and called: at least the lab line has a chart.
    expect(charted.length).toBeGreaterThan(0);
    for (const type of after.types) {
      await expect.poll(() => card(page, type).count()).toBe(1);
      expect(await summaryValue(page, type, 'Tickets recorded')).toBe(
        type.total.readings.toLocaleString('en'),
      );
      if (!charted.includes(type)) continue;
      // A bar a day with a reading to judge (a day at 0 % too), labelled with its share.
      const shown = type.days.filter((d) => d.with_range > 0);
      const percent = (share: number | null) =>
        `${(Math.round((share ?? 0) * 1000) / 10).toLocaleString('en', { maximumFractionDigits: 0 })}\u00a0%`;
      const labels = card(page, type).locator('.recharts-label-list text');
      await expect
        .poll(async () => (await labels.allTextContents()).filter((text) => text !== ''))
        .toEqual(shown.map((d) => percent(d.inside_share)));
      expect(await card(page, type).locator('.recharts-bar-rectangle').count()).toBe(shown.length);
      // The target drawn across the chart, and the week's share called inside.
      expect(await card(page, type).locator('.recharts-reference-line').count()).toBe(1);
      const share = Math.round((type.total.inside_share ?? 0) * 1000) / 10;
      expect(await summaryValue(page, type, 'Called inside the range')).toBe(
        `${share.toLocaleString('en', { maximumFractionDigits: 0 })} % (${type.total.inside} of ${type.total.with_range})`,
      );
    }
    await expect(page.getByText('Target 85 %').first().isVisible()).resolves.toBe(true);
  });

  it('says in Thai when nothing is recorded yet, and which days had no tickets', async () => {
    const page = await files.officerPage('admin@example.com', 'admin1234', undefined, THAI);
    let empty = false;
    await page.route('**/api/admin/waitAccuracy', async (route) => {
      const response = await route.fetch();
      const real = (await response.json()) as Answer & { status: 1 };
      const json = empty
        ? // A plant's first day after installing: no reading yet.
          {
            ...real,
            types: real.types.map((t) => ({
              ...t,
              days: t.days.map(withoutReadings),
              total: withoutReadings(t.total),
            })),
          }
        : // The first day of the week without a ticket (a day the plant was closed).
          {
            ...real,
            types: real.types.map((t) => ({ ...t, days: [withoutReadings(t.days[0]!), ...t.days.slice(1)] })),
          };
      await route.fulfill({ response, json });
    });
    await page.goto(PATH);
    await page.getByTestId('wait-accuracy-summary').first().waitFor();
    const note = page.getByTestId('wait-accuracy-empty-days').first();
    await note.waitFor();
    expect(await note.innerText()).toMatch(/^ไม่มีบัตรคิวที่บันทึกไว้: \d+ /);
    expect(await page.getByText('ไม่มีข้อมูล', { exact: true }).count()).toBeGreaterThan(0);

    empty = true;
    await page.reload();
    const alert = page.getByTestId('wait-accuracy-nothing-yet');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('ยังไม่มีข้อมูล');
    expect(await page.getByText(/^ไม่มีบัตรคิวของประเภทนี้ที่บันทึกไว้ใน 7 วันล่าสุด$/).count()).toBeGreaterThanOrEqual(3);
    // No chart without words: no bars at all.
    expect(await page.locator('.recharts-bar-rectangle').count()).toBe(0);
    // A refetch still in the route when the test ends must not outlive its page.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

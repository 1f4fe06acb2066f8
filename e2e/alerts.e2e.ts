import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

/**
 * The manager's alerts (issue 41) in the browser: an admin's rule finds the demo's trucks that have
 * been inside past its threshold; the bell counts them live, an urgent one is a banner on every
 * page, acknowledging one takes it off the count and shows who did, and the rule turned off ends
 * them all. The rule is turned off after the file, whatever happened, so the other files' pages
 * show no banner.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

interface Rule {
  id: number;
}
let ruleId: number | null = null;

async function saveRule(active: boolean): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { rule } = await post<{ rule: Rule }>(
    baseUrl,
    'admin/saveAlertRule',
    {
      ...(ruleId !== null ? { id: ruleId } : {}),
      kind: 'inside_plant',
      branch_queue_type_id: null,
      threshold_minutes: 1,
      threshold_percent: null,
      repeat_minutes: 0,
      urgent: true,
      active,
    },
    admin.session,
  );
  ruleId = rule.id;
}

afterAll(async () => {
  if (ruleId !== null) await saveRule(false);
});

/** The number the bell's badge shows; 0 when there is none. */
async function bellCount(page: Page): Promise<number> {
  const titles = await page
    .getByTestId('alert-bell-count')
    .locator('.ant-scroll-number')
    .evaluateAll((counts) => counts.map((count) => count.getAttribute('title') ?? ''));
  return Number(/\d+/.exec(titles[0] ?? '')?.[0] ?? 0);
}

describe('the alert bell and banner', () => {
  it('count the trucks past an urgent rule live, take an acknowledged one off, and go when the rule is off', async () => {
    const page = await files.officerPage('admin@example.com', 'admin1234', '/System/dashboard', {
      ...THAI,
      viewport: { width: 1366, height: 768 },
    });
    await page.getByTestId('alert-bell').waitFor();
    expect(await bellCount(page)).toBe(0);
    await expect(page.getByTestId('alert-banner').count()).resolves.toBe(0);

    // The demo's trucks inside since before the server started are past a minute at once.
    await saveRule(true);
    await expect.poll(() => bellCount(page)).toBeGreaterThan(0);
    const raised = await bellCount(page);
    const banner = page.getByTestId('alert-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/ด่วน[\s\S]*อยู่ในโรงงานมาแล้ว/);

    // Acknowledged from the banner: one fewer on the bell, and the page lists who did.
    await banner.getByRole('button', { name: 'รับทราบ' }).click();
    await expect.poll(() => bellCount(page)).toBe(raised - 1);
    await page.getByTestId('alert-bell').click();
    await page.getByTestId('alert-bell-list').waitFor();
    await page.getByRole('button', { name: 'ดูการแจ้งเตือนทั้งหมดและการตั้งค่า' }).click();
    await page.waitForURL('**/System/alerts');
    await expect.poll(() => page.getByText(/รับทราบแล้ว/).count()).toBeGreaterThan(0);

    // Turned off, the rule's alerts end: the bell and the banner are clear again.
    await saveRule(false);
    await expect.poll(() => bellCount(page)).toBe(0);
    expect(await page.getByTestId('alert-banner').count()).toBe(0);
    ruleId = null;
  });
});

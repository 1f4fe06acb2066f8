import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { post, freshLicence, signIn, weighInAndOut } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { issueTicket } from './support/yard-plant.ts';

/**
 * A driver's dispute waiting for an answer shows as a badge on the side menu's Disputes entry and
 * on the dashboard, for the officers who answer disputes; it comes and goes live as disputes are
 * filed and answered. Other tests file disputes on the same demo plant: counts are compared with
 * what they were.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** A weighed-out truck whose driver disputes his slip from his phone (the public call); its uuid. */
async function disputedTruck(): Promise<string> {
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const ticket = await issueTicket(baseUrl, employee.session, 'B', freshLicence());
  await weighInAndOut(baseUrl, employee.session, ticket.uuid, { in: 12_040, out: 41_250 });
  await post(baseUrl, 'process/user/dispute', {
    queue_number_id: ticket.uuid,
    note: 'น้ำหนักสุทธิน้อยกว่าที่ชั่งที่สวน',
  });
  return ticket.uuid;
}

/** An admin answers the dispute of the truck `uuid`. */
async function answer(uuid: string): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { dispute } = await post<{
    dispute: { id: number; queue_uuid: string; resolved_at: string | null }[];
  }>(baseUrl, 'admin/disputes', {}, admin.session);
  const filed = dispute.find((d) => d.queue_uuid === uuid && d.resolved_at === null)!;
  await post(
    baseUrl,
    'admin/resolveDispute',
    { id: filed.id, resolution: 'ชั่งใหม่แล้ว น้ำหนักถูกต้อง' },
    admin.session,
  );
}

/** The number a badge shows (antd writes it in the count's title); 0 when there is no badge. */
async function badgeCount(page: Page, testId: string): Promise<number> {
  // Read in one go: a badge that goes while it is read is no badge, not a 45 s wait for it.
  const titles = await page
    .getByTestId(testId)
    .locator('.ant-scroll-number')
    .evaluateAll((counts) => counts.map((count) => count.getAttribute('title') ?? ''));
  return Number(/\d+/.exec(titles[0] ?? '')?.[0] ?? 0);
}

const MENU_BADGE = 'menu-badge-/System/disputes';
const DASHBOARD_BADGE = 'dashboard-disputes';

describe('the pending disputes badge', () => {
  it('appears on the menu and the dashboard when a driver files a dispute, and goes when it is answered', async () => {
    const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
    const page = await files.officerPage('admin@example.com', 'admin1234', '/System/dashboard', {
      ...THAI,
      viewport: { width: 1366, height: 768 },
    });
    await page.getByTestId('counter-total').locator('.ant-statistic-content-value').waitFor();
    const { dispute: before } = await post<{ dispute: { resolved_at: string | null }[] }>(
      baseUrl,
      'admin/disputes',
      {},
      admin.session,
    );
    const open = before.filter((d) => d.resolved_at === null).length;
    await expect.poll(() => badgeCount(page, MENU_BADGE)).toBe(open);

    const uuid = await disputedTruck();
    // Live, without reload: the menu's entry and the dashboard both count it.
    await expect.poll(() => badgeCount(page, MENU_BADGE)).toBe(open + 1);
    await expect.poll(() => badgeCount(page, DASHBOARD_BADGE)).toBe(open + 1);
    expect(await page.getByTestId(DASHBOARD_BADGE).innerText()).toContain('ข้อโต้แย้งรอตอบ');

    // The dashboard's badge opens the disputes page.
    await page.getByTestId(DASHBOARD_BADGE).click();
    await page.waitForURL('**/System/disputes');
    await answer(uuid);
    await expect.poll(() => badgeCount(page, MENU_BADGE)).toBe(open);
  });

  it('is not shown to officers who do not answer disputes', async () => {
    const uuid = await disputedTruck();
    const page = await files.officerPage('employee@example.com', 'demo1234', '/System/dashboard', THAI);
    await page.getByTestId('counter-total').locator('.ant-statistic-content-value').waitFor();
    await page.getByTestId('side-menu').waitFor();
    expect(await page.getByTestId(DASHBOARD_BADGE).count()).toBe(0);
    expect(await page.getByTestId(MENU_BADGE).count()).toBe(0);
    // The plant is left as found: no dispute of this file waits.
    await answer(uuid);
  });
});

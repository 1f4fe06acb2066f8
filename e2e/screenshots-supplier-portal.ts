import type { Browser } from 'playwright-core';
import { addDays, plantDayOf } from '@truck-queue/shared/plant-day';
import { signInDirect } from './support/browser.ts';
import { DEMO_TIME_ZONE } from './support/dates.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;
const LINE = 'ส่งมันสำปะหลัง';
/** A demo grower with a quota this season (demo-suppliers.ts). */
const GROWER = '2568/0148';

interface Line {
  id_branchQT: number;
  enabled: boolean;
  windows: unknown[];
  queue_type_name: string;
  products: { id: number; name: string }[];
}

/**
 * The cassava line takes bookings (three windows, unless the bookings section set it already);
 * the grower has two bookings coming, one with its plate, and one it cancelled.
 */
async function seed(baseUrl: string): Promise<void> {
  const { session } = await signIn(baseUrl, ...MANAGER);
  const today = plantDayOf(new Date(), DEMO_TIME_ZONE);
  const { lines } = await post<{ lines: Line[] }>(baseUrl, 'admin/booking/plan', {}, session);
  const line = lines.find((l) => l.queue_type_name === LINE)!;
  if (!line.enabled || line.windows.length === 0)
    await post(
      baseUrl,
      'admin/booking/saveLine',
      {
        id_branchQT: line.id_branchQT,
        enabled: true,
        day_capacity: 120,
        walk_in_percent: 20,
        windows: [
          { start: '06:00', end: '10:00', capacity: 40 },
          { start: '10:00', end: '14:00', capacity: 40 },
          { start: '14:00', end: '18:00', capacity: 30 },
        ],
        closed_days: [addDays(today, 5)],
      },
      session,
    );
  const { suppliers } = await post<{ suppliers: { id: number; code: string; vehicles: string[] }[] }>(
    baseUrl,
    'admin/supplier/list',
    { find: GROWER },
    session,
  );
  const grower = suppliers.find((s) => s.code === GROWER)!;
  const roots = line.products.find((p) => p.name === 'หัวมันสด') ?? line.products[0]!;
  const made: number[] = [];
  for (const [ahead, window, plate] of [
    [1, '06:00', true],
    [2, '10:00', false],
    [3, '06:00', false],
  ] as const) {
    const { booking } = await post<{ booking: { id: number } }>(
      baseUrl,
      'admin/booking/make',
      {
        supplier_id: grower.id,
        id_branchQT: line.id_branchQT,
        product: roots.id,
        day: addDays(today, ahead),
        window_start: window,
        truck_license: plate ? (grower.vehicles[0] ?? null) : null,
        reason: 'ผู้ส่งขอส่งเพิ่ม',
      },
      session,
    );
    made.push(booking.id);
  }
  await post(baseUrl, 'admin/booking/cancel', { booking_id: made[2], reason: 'ผู้ส่งขอเลื่อน' }, session);
}

/**
 * The supplier's booking page (issue 39) on a phone (390x844): sign-in, its page with quota and
 * bookings, booking a slot; and the office's PIN slip at 1366x768. Thai and English, light and dark.
 */
export async function shootSupplierPortalScreens(browser: Browser, baseUrl: string): Promise<void> {
  await seed(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const office = await preparePage(browser, baseUrl, language, mode, 1366, 768);
      await signInDirect(office, baseUrl, ...MANAGER);
      await office.goto('/System/suppliers');
      await office.getByRole('textbox', { name: /ค้นหา|Search/ }).fill(GROWER);
      const row = office.locator('tr.ant-table-row', { hasText: GROWER });
      await row.waitFor();
      await row.getByRole('button', { name: /^(ออก PIN สำหรับจองคิว|Give a booking PIN)$/ }).click();
      await office.getByRole('button', { name: /^(ออก PIN ใหม่|Give a new PIN)$/ }).click();
      const slip = office.getByTestId('pin-slip');
      await slip.waitFor();
      await office.mouse.move(0, 0);
      await shoot(office, `supplier-portal-pin-${suffix}`);
      const pin = (await slip.getByTestId('pin-value').innerText()).trim();
      const url = (await slip.getByTestId('pin-url').innerText()).trim();
      await office.context().close();

      const page = await preparePage(browser, baseUrl, language, mode, 390, 844);
      await page.goto(url.slice(url.indexOf('/supplier')));
      await page.locator('#portal-code').fill(GROWER);
      await page.locator('#portal-pin').fill(pin);
      await shoot(page, `supplier-portal-signin-${suffix}`);
      await page.locator('#portal-pin').press('Enter');
      await page.getByTestId('portal-supplier').waitFor();
      await page.getByTestId('portal-booking').first().waitFor();
      await shoot(page, `supplier-portal-home-${suffix}`, true);

      await page.getByRole('button', { name: /^(จองคิวส่ง|Book a delivery slot)$/ }).click();
      const lineChoice = page.getByRole('radio', { name: LINE });
      if ((await lineChoice.count()) > 0) await lineChoice.check();
      await page.locator('#portal-product').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'หัวมันสด' })
        .click();
      await page.getByTestId('portal-day').nth(1).click();
      await page.locator('[data-testid="portal-window"]:not([disabled])').first().click();
      await shoot(page, `supplier-portal-book-${suffix}`, true);
      await page.context().close();
    }
  }
}

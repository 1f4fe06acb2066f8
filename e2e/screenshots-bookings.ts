import type { Browser, Page } from 'playwright-core';
import { addDays, plantDayOf } from '@truck-queue/shared/plant-day';
import { signInDirect } from './support/browser.ts';
import { DEMO_TIME_ZONE, shownDay } from './support/dates.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const MANAGER = ['manager@example.com', 'demo1234'] as const;
const LINE = 'ส่งมันสำปะหลัง';

interface Line {
  id_branchQT: number;
  queue_type_name: string;
  products: { id: number; name: string }[];
}
interface Supplier {
  id: number;
  code: string;
  vehicles: string[];
}

/** Bookings of the demo's regulars over the coming days: [days ahead, window, supplier index, with a plate]. */
const BOOKINGS: [number, string, number, boolean][] = [
  [1, '06:00', 0, true],
  [1, '06:00', 1, false],
  [1, '06:00', 2, true],
  [1, '10:00', 3, false],
  [1, '10:00', 4, true],
  [1, '14:00', 5, false],
  [2, '06:00', 0, false],
  [2, '06:00', 6, true],
  [2, '10:00', 7, false],
  [3, '06:00', 1, true],
  [3, '14:00', 2, false],
  [4, '10:00', 3, true],
  [6, '06:00', 4, false],
];

/**
 * The demo's cassava line takes bookings: three windows, a fifth kept for walk-ins, a closed day;
 * a season of fresh roots with quotas; bookings of the regulars, one cancelled.
 */
/**
 * A season of fresh roots with quotas for the growers; false where the server has no seasons yet
 * (the seasons module lands apart from the bookings'): the hand-out shot is then left out.
 */
async function seedSeason(
  baseUrl: string,
  session: string,
  today: string,
  product: number,
  growers: Supplier[],
): Promise<boolean> {
  let season: { id: number };
  try {
    ({ season } = await post<{ season: { id: number } }>(
      baseUrl,
      'admin/season/save',
      {
        name: '2569/70',
        product,
        starts_on: addDays(today, -30),
        ends_on: addDays(today, 150),
        unit: 'tonnes',
        over_quota: 'reason',
        active: true,
      },
      session,
    ));
  } catch (error) {
    console.log(
      `  no seasons on this server, the hand-out shot is left out (${String(error).slice(0, 120)})`,
    );
    return false;
  }
  await post(
    baseUrl,
    'admin/season/saveQuotas',
    {
      season_id: season.id,
      quotas: growers.map((s, i) => ({ supplier_id: s.id, entitlement: 300 + i * 120 })),
    },
    session,
  );
  return true;
}

async function seed(baseUrl: string): Promise<boolean> {
  const { session } = await signIn(baseUrl, ...MANAGER);
  const today = plantDayOf(new Date(), DEMO_TIME_ZONE);
  const { lines } = await post<{ lines: Line[] }>(baseUrl, 'admin/booking/plan', {}, session);
  const line = lines.find((l) => l.queue_type_name === LINE)!;
  const roots = line.products.find((p) => p.name === 'หัวมันสด') ?? line.products[0]!;
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
  const { suppliers } = await post<{ suppliers: Supplier[] }>(
    baseUrl,
    'admin/supplier/list',
    { page_size: 50 },
    session,
  );
  const growers = suppliers.filter((s) => s.code.startsWith('2568/'));
  const seasonSeeded = await seedSeason(baseUrl, session, today, roots.id, growers);
  const made: number[] = [];
  for (const [ahead, window, index, withPlate] of BOOKINGS) {
    const supplier = growers[index % growers.length]!;
    const { booking } = await post<{ booking: { id: number } }>(
      baseUrl,
      'admin/booking/make',
      {
        supplier_id: supplier.id,
        id_branchQT: line.id_branchQT,
        product: roots.id,
        day: addDays(today, ahead),
        window_start: window,
        truck_license: withPlate && supplier.vehicles[0] ? supplier.vehicles[0] : null,
      },
      session,
    );
    made.push(booking.id);
  }
  await post(baseUrl, 'admin/booking/cancel', { booking_id: made[1], reason: 'ผู้ส่งขอเลื่อน' }, session);
  return seasonSeeded;
}

async function closeDialog(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
  await dialog.getByRole('button', { name: /^(ยกเลิก|Cancel)$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Bookings (issue 39): the booking plan, the bookings page with a week of them, the make-booking
 * dialog filled in, and the hand-out dialog's preview; Thai and English, light and dark, at an
 * office PC's 1366x768.
 */
export async function shootBookingScreens(browser: Browser, baseUrl: string): Promise<void> {
  const withSeason = await seed(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
      await signInDirect(page, baseUrl, ...MANAGER);

      await page.goto('/System/bookingPlan');
      await page.locator(`[data-testid="booking-line"][data-line="${LINE}"]`).waitFor();
      await shoot(page, `booking-plan-${suffix}`);
      await page.locator(`[data-testid="booking-line"][data-line="${LINE}"]`).scrollIntoViewIfNeeded();
      await shoot(page, `booking-plan-line-${suffix}`);

      await page.goto('/System/bookings');
      await page.getByTestId('booking-cell').first().waitFor();
      await page.locator('[data-testid="booking-list"] tbody tr.ant-table-row').first().waitFor();
      await shoot(page, `bookings-${suffix}`);
      await page.getByTestId('booking-list').scrollIntoViewIfNeeded();
      await shoot(page, `bookings-list-${suffix}`);

      await page.getByTestId('booking-code-link').first().click();
      await page.getByTestId('booking-slip').waitFor();
      await shoot(page, `booking-detail-${suffix}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('booking-detail').waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /^(จองคิว|Book a slot)$/ }).click();
      await page.locator('#booking-supplier').fill('2568/0141');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '2568/0141' })
        .click();
      await page.locator('#booking-product').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'หัวมันสด' })
        .click();
      // Typed and left by Tab: Enter would send the dialog, and the window's field say it is missing.
      await page.locator('#booking-day').click();
      await page.locator('#booking-day').fill(shownDay(-2, language === 'th' ? 'BE' : 'CE'));
      await page.keyboard.press('Tab');
      await page.locator('#booking-window').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
      await shoot(page, `booking-make-${suffix}`);
      await page.keyboard.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await closeDialog(page);

      if (!withSeason) {
        await page.context().close();
        continue;
      }
      await page.getByRole('button', { name: /^(แจกช่วงเวลาตามโควตา|Hand out slots)$/ }).click();
      await page.locator('#generate-season').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.getByRole('button', { name: /^(ดูตัวอย่าง|Preview)$/ }).click();
      await page.getByTestId('generate-preview').waitFor();
      await shoot(page, `booking-generate-${suffix}`);
      await closeDialog(page);
      await page.context().close();
    }
  }
}

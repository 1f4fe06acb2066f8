/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { addDays } from '@truck-queue/shared/plant-day';
import { signInDirect } from './support/browser.ts';
import { closeBookings, openBookings, saveRules, windowIn } from './support/bookings.ts';
import { newIdentity, registerDevice, useIdentity } from './support/devices.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * Issue 39's check-in: the kiosk's booking step, a booking found (at its slot, as a walk-in, and
 * refused) and New ticket's "Booking code" at the desk. The bookings are of a window opening in
 * half an hour (early: the slot) and the same window tomorrow (too early: a walk-in or refused,
 * as the rule says), so nothing waits on the clock.
 */
export async function shootKioskBookingScreens(browser: Browser, baseUrl: string): Promise<void> {
  const run = String(Date.now()).slice(-4);
  const plates = [`70-${run} ขอนแก่น`, `71-${run} ขอนแก่น`];
  const window = windowIn(30);
  const plant = await openBookings(baseUrl, `SHOT${run}`, plates, window, {
    days_ahead: 1,
    early_minutes: 60,
    outside_window: 'walk_in',
  });
  const soon = await plant.book(plates[0]!);
  const tomorrow = await plant.book(plates[1]!, addDays(window.day, 1));
  const anyVehicle = await plant.book(null);

  try {
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode, 1080, 1920);
        const identity = newIdentity();
        await useIdentity(page, 'printer', identity);
        await page.goto('/PrinterManage');
        await page.getByTestId('device-id').waitFor();
        await registerDevice(baseUrl, 'printer', identity);
        await page.getByTestId('kiosk').waitFor({ timeout: 15_000 });
        await shoot(page, `kiosk-booking-start-${suffix}`);

        await page.getByTestId('kiosk-booking-choice').click();
        await page.keyboard.type(soon.code.slice(0, 5));
        await shoot(page, `kiosk-booking-code-${suffix}`);
        await page.keyboard.type(soon.code.slice(5));
        await found(page);
        await shoot(page, `kiosk-booking-slot-${suffix}`);

        await scanAnother(page, tomorrow.code);
        await shoot(page, `kiosk-booking-walk-in-${suffix}`);

        await saveRules(baseUrl, { days_ahead: 1, cutoff_minutes: 0, outside_window: 'refuse' });
        await scanAnother(page, tomorrow.code);
        await shoot(page, `kiosk-booking-refused-${suffix}`);
        await saveRules(baseUrl, { days_ahead: 1, cutoff_minutes: 0, outside_window: 'walk_in' });

        await scanAnother(page, anyVehicle.code);
        await shoot(page, `kiosk-booking-any-vehicle-${suffix}`);

        if (mode === 'light') {
          // A code that names no booking.
          await page.getByTestId('kiosk-booking-back').click();
          await page.keyboard.type('ACDEFGHJ');
          await page.keyboard.press('Enter');
          await page.getByTestId('kiosk-booking-problem').waitFor();
          await shoot(page, `kiosk-booking-not-found-${suffix}`);
        }
        await page.context().close();

        // The desk: New ticket's "Booking code" with a booking for any vehicle found.
        const desk = await preparePage(browser, baseUrl, language, mode);
        await signInDirect(desk, baseUrl, 'employee@example.com', 'demo1234');
        await desk.goto('/System/manageCalling/1');
        await desk.getByRole('button', { name: language === 'th' ? /ออกบัตรคิว$/ : /New ticket$/ }).click();
        const dialog = desk.getByRole('dialog');
        await dialog
          .getByTestId('new-ticket-mode')
          .getByText(language === 'th' ? 'รหัสจอง' : 'Booking code')
          .click();
        await dialog.getByTestId('check-in-code').fill(anyVehicle.code);
        await dialog.getByTestId('check-in-code').press('Enter');
        await dialog.getByTestId('check-in-booking').waitFor();
        await shoot(desk, `new-ticket-booking-${suffix}`);
        await desk.context().close();
      }
    }
  } finally {
    await closeBookings(baseUrl, plant.line.id);
  }
}

/** Enter on the code step, and the booking it finds. */
async function found(page: Page): Promise<void> {
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="kiosk"][data-step="booking"]').waitFor();
  await page.mouse.move(0, 0);
}

/** From a booking shown, back to the code step and another code scanned. */
async function scanAnother(page: Page, code: string): Promise<void> {
  await page.getByTestId('kiosk-booking-back').click();
  await page.locator('[data-testid="kiosk"][data-step="code"]').waitFor();
  await page.keyboard.type(code);
  await found(page);
}

/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { queueButton } from './support/browser.ts';
import {
  closeBookings,
  findBooking,
  nearMidnight,
  nextWindow,
  openBookings,
  saveRules,
  type BookedPlant,
} from './support/bookings.ts';
import { employeeSession, post, freshLicence } from './support/demo-plant.ts';
import { openRegisteredKiosk } from './support/devices.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { fillDialogPlate, typeOnKeypad } from './support/plates.ts';
import { scanKeys, type ScannerLayout } from './support/scanner.ts';

/**
 * Issue 39, check-in: a booked truck scans its booking's QR at the kiosk inside its window and
 * is called before the walk-ins who came after the window opened; one too late, where the plant
 * refuses the late, is told why in Thai; the desk checks in a booking for any vehicle.
 *
 * The e2e server runs on the real clock and a window takes no booking once it has opened: the
 * bookings are made for a window opening at the next minute, and the tests wait (on the
 * server's own answer, findBooking's `time`) until it has opened, then until it has closed.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

// The e2e server is shared by every file: a supplier and plates of this run only.
const RUN = String(Date.now()).slice(-5);
const plate = (n: number) => `7${n}-${RUN.slice(-4)} ขอนแก่น`;
const BOOKED = plate(1);
const LATE = plate(2);
const DESK = plate(3);
/** Typed on the kiosk's keypad as one plate number, as a driver without a province does. */
const KIOSK_ANY = `74-${RUN.slice(-4)}`;

let plant: BookedPlant<ReturnType<typeof nextWindow>>;
let onTime: Booking;
let late: Booking;
let anyVehicle: Booking;
let kioskAnyVehicle: Booking;
let kiosk: Page;

/** Until the server says the booking stands `time` against its window (its clock, not ours). */
async function untilTime(code: string, time: string): Promise<void> {
  await expect
    .poll(async () => (await findBooking(baseUrl, code)).time, { timeout: 150_000, interval: 1_000 })
    .toBe(time);
}

/** The kiosk's first step → the booking's code typed (as a scanner does, then Enter) → the booking. */
async function scanAtKiosk(page: Page, code: string, layout: ScannerLayout = 'us'): Promise<void> {
  await page.locator('[data-testid="kiosk"][data-step="type"]').waitFor();
  await page.getByTestId('kiosk-booking-choice').click();
  const input = page.getByTestId('kiosk-booking-code');
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  await scanKeys(page, code, layout);
  await page.locator('[data-testid="kiosk"][data-step="booking"]').waitFor();
}

beforeAll(async () => {
  // A window of one minute may not cross midnight, the plant day's start.
  await vi.waitUntil(() => !nearMidnight(), { timeout: 240_000, interval: 5_000 });
  plant = await openBookings(baseUrl, `BK${RUN}`, [BOOKED, LATE, DESK, KIOSK_ANY], nextWindow(), {
    days_ahead: 0,
    early_minutes: 60,
    late_minutes: 30,
    outside_window: 'refuse',
  });
  onTime = await plant.book(BOOKED);
  late = await plant.book(LATE);
  anyVehicle = await plant.book(null);
  kioskAnyVehicle = await plant.book(null);
}, 300_000);

afterAll(async () => {
  if (plant) await closeBookings(baseUrl, plant.line.id);
});

describe('a booked truck checks in (issue 39)', () => {
  it('scans its QR at the kiosk inside its window, gets its ticket, and is called before the walk-in who came after the window opened', async () => {
    await untilTime(onTime.code, 'in_window');
    // A truck without a booking arrives after the window opened, before the booked one.
    const { session } = await employeeSession(baseUrl);
    const { queue: walkIn } = await post<{ queue: { uuid: string; queue_number: string } }>(
      baseUrl,
      'process/printer/issueQueue',
      { id_branchQT: plant.line.id, product: plant.line.product, truck_license: freshLicence() },
      session,
    );

    kiosk = files.keepForFile(await files.kioskPage());
    await openRegisteredKiosk(kiosk, baseUrl);
    // The kiosk PC types in the Thai layout: the scanner's keys arrive as Thai letters.
    await scanAtKiosk(kiosk, onTime.code, 'th');
    const booking = kiosk.getByTestId('kiosk-booking');
    expect(await booking.innerText()).toContain(plant.supplier.name);
    expect(await kiosk.getByTestId('kiosk-booking-plate').innerText()).toBe(BOOKED);
    expect(await kiosk.getByTestId('kiosk-booking-when').innerText()).toContain(
      `${plant.window.start}–${plant.window.end}`,
    );
    expect(await kiosk.getByTestId('kiosk-booking-now').innerText()).toContain('ได้คิวตามเวลาที่จองไว้');

    const answer = kiosk.waitForResponse('**/api/process/printer/checkIn');
    await kiosk.getByTestId('kiosk-issue').click();
    const checkedIn = (await (await answer).json()) as {
      queue: { uuid: string; queue_number: string; truck_license: string };
      joined: string;
      booking: Booking;
    };
    expect(checkedIn).toMatchObject({ joined: 'slot', queue: { truck_license: BOOKED } });
    expect(checkedIn.booking.status).toBe('checked_in');
    await kiosk.getByTestId('ticket').waitFor();
    expect(await kiosk.getByTestId('ticket-number').innerText()).toBe(checkedIn.queue.queue_number);

    // On the officer's calling card, the booked truck waits ahead of the walk-in.
    const officer = await files.officerPage(
      'employee@example.com',
      'demo1234',
      '/System/manageCalling/1',
      THAI,
    );
    await queueButton(officer, checkedIn.queue, 'waiting').waitFor({ timeout: 15_000 });
    await queueButton(officer, walkIn, 'waiting').waitFor();
    const order = await officer.evaluate(() =>
      [...document.querySelectorAll('[data-column="waiting"] button[data-queue]')].map((b) =>
        b.getAttribute('data-queue'),
      ),
    );
    expect(order.indexOf(checkedIn.queue.uuid)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(checkedIn.queue.uuid)).toBeLessThan(order.indexOf(walkIn.uuid));
    await kiosk.getByTestId('kiosk-finish').click();
  }, 240_000);

  it('asks at the kiosk the plate of a booking for any of the supplier’s vehicles before the ticket', async () => {
    await scanAtKiosk(kiosk, kioskAnyVehicle.code);
    expect(await kiosk.getByTestId('kiosk-booking-plate').innerText()).toBe('รถคันใดก็ได้ของผู้ส่ง');
    expect(await kiosk.getByTestId('kiosk-issue').count()).toBe(0);
    await kiosk.getByTestId('kiosk-booking-licence').click();
    await typeOnKeypad(kiosk, 'th', KIOSK_ANY);
    await kiosk.getByTestId('kiosk-licence-next').click();
    // Back on the booking, with the plate given, and now the ticket.
    await kiosk.getByTestId('kiosk-booking-plate').filter({ hasText: KIOSK_ANY }).waitFor();
    const answer = kiosk.waitForResponse('**/api/process/printer/checkIn');
    await kiosk.getByTestId('kiosk-issue').click();
    const checkedIn = (await (await answer).json()) as { queue: { truck_license: string }; joined: string };
    expect(checkedIn).toMatchObject({ joined: 'slot', queue: { truck_license: KIOSK_ANY } });
    await kiosk.getByTestId('ticket').waitFor();
    await kiosk.getByTestId('kiosk-finish').click();
  });

  it('checks in at the desk a booking for any of the supplier’s vehicles, with the truck’s plate', async () => {
    const officer = await files.officerPage(
      'employee@example.com',
      'demo1234',
      '/System/manageCalling/1',
      THAI,
    );
    await officer.getByRole('button', { name: /ออกบัตรคิว$/ }).click();
    const dialog = officer.getByRole('dialog');
    await dialog.getByText('รหัสจอง', { exact: true }).first().click();
    const code = dialog.getByTestId('check-in-code');
    await code.fill(anyVehicle.code.toLowerCase());
    await code.press('Enter');
    const found = dialog.getByTestId('check-in-booking');
    await found.waitFor();
    expect(await found.innerText()).toContain('รถคันใดก็ได้ของผู้ส่ง');
    expect(await dialog.getByTestId('check-in-now').innerText()).toContain('ได้คิวตามเวลาที่จองไว้');

    await fillDialogPlate(officer, dialog, 'th', DESK);
    const answer = officer.waitForResponse('**/api/process/printer/checkIn');
    await dialog.getByRole('button', { name: 'เช็คอินและออกบัตรคิว' }).click();
    const checkedIn = (await (await answer).json()) as {
      queue: { queue_number: string; truck_license: string };
      joined: string;
    };
    expect(checkedIn).toMatchObject({ joined: 'slot', queue: { truck_license: DESK } });
    expect(await officer.getByTestId('issued-number').innerText()).toBe(checkedIn.queue.queue_number);
    expect(await officer.getByTestId('issued-licence').innerText()).toBe(DESK);
  });

  it('refuses at the kiosk a truck too late for its window where the plant refuses the late, saying why in Thai', async () => {
    await saveRules(baseUrl, { days_ahead: 0, cutoff_minutes: 0, late_minutes: 0, outside_window: 'refuse' });
    await untilTime(late.code, 'too_late');
    await scanAtKiosk(kiosk, late.code);
    const now = kiosk.getByTestId('kiosk-booking-now');
    expect(await now.innerText()).toContain('เช็คอินไม่ได้: เลยเวลาที่จองแล้ว');
    expect(await now.innerText()).toContain(`สิ้นสุดเมื่อ ${plant.window.end}`);
    expect(await now.innerText()).toContain('กรุณาติดต่อสำนักงาน');
    // No ticket is offered; another code or the start are.
    expect(await kiosk.getByTestId('kiosk-issue').count()).toBe(0);
    await kiosk.getByRole('button', { name: 'เริ่มใหม่' }).click();
    await expect.poll(() => kiosk.getByTestId('kiosk').getAttribute('data-step')).toBe('type');
  }, 240_000);
});

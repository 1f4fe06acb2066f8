import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { closeBookings, nearMidnight, openBookings, windowIn, type BookedPlant } from './support/bookings.ts';
import { freshLicence } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { plateCamera, PLATE_JPEG, type PlateCamera } from './support/plate-camera.ts';

/**
 * Issue 42, the entrance camera: a read the camera is unsure of offers the ticket desk the
 * booking its plate holds today; the officer checks it in from Manage Calling and gets the
 * ticket as the desk's own check-in gives it. A plate no booking holds is set aside.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const BOOKED = freshLicence();
const STRANGER = freshLicence();

let plant: BookedPlant | undefined;
let booking: Booking;
let camera: PlateCamera;

beforeAll(async () => {
  await vi.waitUntil(() => !nearMidnight(), { timeout: 240_000, interval: 5_000 });
  // A window opening in 30 minutes: inside the early grace, the truck joins at its slot.
  plant = await openBookings(baseUrl, `EN${RUN}`, [BOOKED], windowIn(30), {
    days_ahead: 0,
    early_minutes: 60,
  });
  booking = await plant.book(BOOKED);
  camera = await plateCamera(baseUrl, 'check_in');
}, 300_000);

afterAll(async () => {
  if (plant) await closeBookings(baseUrl, plant.line.id);
});

describe('the entrance camera at the ticket desk (issue 42)', () => {
  it('offers an unsure read’s booking, which the officer checks in; a plate with no booking is set aside', async () => {
    const page = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1', THAI);
    const unsure = await camera.read({ plate: BOOKED, confidence: 62, snapshot: PLATE_JPEG });
    expect(unsure).toMatchObject({ outcome: 'needs_officer', reason: 'low_confidence' });
    const stranger = await camera.read({ plate: STRANGER, confidence: 99 });
    expect(stranger).toMatchObject({ outcome: 'needs_officer', reason: 'no_booking' });

    const panel = page.getByTestId('camera-reads-check_in');
    const card = panel.getByTestId('camera-open-read').filter({ hasText: BOOKED });
    await card.waitFor();
    expect(await card.innerText()).toContain('กล้องไม่แน่ใจ');
    await card.getByRole('button', { name: new RegExp(`เช็กอิน ${booking.code}`) }).click();
    const issued = page.getByRole('dialog').getByTestId('issued-number');
    await issued.waitFor();
    const number = (await issued.innerText()).trim();
    expect(number).toMatch(/^[A-Z]+\d{3}$/);
    await page.getByText(`เช็กอินแล้ว ได้คิว ${number}`).waitFor();
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    const none = panel.getByTestId('camera-open-read').filter({ hasText: STRANGER });
    expect(await none.innerText()).toContain('ไม่พบการจองวันนี้ของป้ายนี้');
    await none.getByRole('button', { name: 'ละไว้' }).click();
    await none.waitFor({ state: 'detached' });
    await page.close();
  });
});

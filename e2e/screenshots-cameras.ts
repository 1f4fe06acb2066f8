import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import {
  employeeSession,
  freshLicence,
  issueStandardTicket,
  signIn,
  weighInAndOut,
} from './support/demo-plant.ts';
import { closeBookings, openBookings, windowIn } from './support/bookings.ts';
import { finishedTruck, plateCamera, PLATE_JPEG } from './support/plate-camera.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * Plate cameras (issue 42, part 4), Thai and English, light and dark: the gate's page with a
 * truck the camera let out and the reads that wait for the officer (an unsure read of an
 * unfinished truck, a misread plate, a plate no truck inside holds), the weighing page with the
 * truck its deck camera read, and a slip with the camera's picture.
 */

const ADMIN = ['admin@example.com', 'admin1234'] as const;

const WORDS = {
  th: {
    readers: 'กล้องอ่านป้ายทะเบียนและเครื่องอ่าน RFID',
    add: 'เพิ่มกล้อง/เครื่องอ่าน',
    weighbridge: 'ตาชั่ง',
    entrance: 'ทางเข้า (เช็กอินตามการจอง)',
  },
  en: {
    readers: 'Plate cameras and RFID readers',
    add: 'Add camera/reader',
    weighbridge: 'Weighbridge',
    entrance: 'Entrance (check-in by booking)',
  },
} as const;

async function setUp(baseUrl: string) {
  const gate = await plateCamera(baseUrl, 'gate_exit', 'กล้องประตูทางออก 1');
  const deck = await plateCamera(baseUrl, 'weighbridge', 'กล้องตาชั่งรถบรรทุก');
  const { session } = await employeeSession(baseUrl);
  const admin = (await signIn(baseUrl, ...ADMIN)).session;

  const leaving = freshLicence();
  await finishedTruck(baseUrl, leaving);
  await gate.read({ plate: leaving, confidence: 98, snapshot: PLATE_JPEG });
  const unfinished = freshLicence();
  await issueStandardTicket(baseUrl, session, unfinished);
  await gate.read({ plate: unfinished, confidence: 64, snapshot: PLATE_JPEG });
  const misread = freshLicence();
  await finishedTruck(baseUrl, misread);
  // One digit misread: the plate's last digit read as another.
  const wrong = misread.replace(/(\d)( |$)/, (_, d: string, end: string) => `${(Number(d) + 1) % 10}${end}`);
  await gate.read({ plate: wrong, confidence: 91, snapshot: PLATE_JPEG });
  await gate.read({ plate: '99-0000 ขอนแก่น', confidence: 88 });

  // A truck weighed in and out, read on the deck: its slip shows the picture.
  const weighed = freshLicence();
  const slipTruck = await issueStandardTicket(baseUrl, session, weighed);
  await deck.read({ plate: weighed, confidence: 95, snapshot: PLATE_JPEG });
  await weighInAndOut(baseUrl, admin, slipTruck.uuid, { in: 28_450, out: 11_320 });
  /** A truck about to drive on the deck (one per shot: a plate read again within a minute is the same read). */
  const arriving = async () => {
    const licence = freshLicence();
    return { licence, ticket: await issueStandardTicket(baseUrl, session, licence) };
  };
  // The entrance: an unsure read of a booked truck, and a plate no booking holds.
  const booked = freshLicence();
  const bookings = await openBookings(
    baseUrl,
    `SHOT${Date.now().toString(36).slice(-4)}`,
    [booked],
    windowIn(30),
    {
      days_ahead: 0,
      early_minutes: 60,
    },
  );
  await bookings.book(booked);
  const entrance = await plateCamera(baseUrl, 'check_in', 'กล้องทางเข้า 1');
  await entrance.read({ plate: booked, confidence: 66, snapshot: PLATE_JPEG });
  await entrance.read({ plate: freshLicence(), confidence: 97, snapshot: PLATE_JPEG });
  return { deck, arriving, slipTruck, lineId: bookings.line.id };
}

export async function shootCameraScreens(browser: Browser, baseUrl: string): Promise<void> {
  const { deck, arriving, slipTruck, lineId } = await setUp(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const suffix = `${language}-${mode}`;
      const p = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(p, baseUrl, ...ADMIN);

      await p.goto('/System/exitFactory');
      const gatePanel = p.getByTestId('camera-reads-gate_exit');
      await gatePanel.getByTestId('read-snapshot').first().locator('img').waitFor();
      await shoot(p, `cameras-gate-${suffix}`);

      await p.goto('/System/manageCalling/1');
      await p
        .getByTestId('camera-reads-check_in')
        .getByTestId('read-snapshot')
        .first()
        .locator('img')
        .waitFor();
      await shoot(p, `cameras-entrance-${suffix}`);

      await p.goto('/System/weighing');
      const box = p.locator('#weighing-queue-number');
      await box.waitFor();
      await p.getByTestId('camera-reads-weighbridge').waitFor();
      // The deck camera reads the truck driving on: its number goes in the box.
      const onDeck = await arriving();
      await deck.read({ plate: onDeck.licence, confidence: 96 });
      await p.waitForFunction(
        (n) => document.querySelector<HTMLInputElement>('#weighing-queue-number')?.value === n,
        onDeck.ticket.queueNumber,
      );
      await shoot(p, `cameras-weighing-${suffix}`);

      await p.getByTestId(`slip-${slipTruck.uuid}`).click();
      await p.getByTestId('slip-snapshot').locator('img').waitFor();
      await shoot(p, `cameras-slip-${suffix}`);
      await p.keyboard.press('Escape');

      // The Weighbridge controller's cameras and readers, and a camera's place and confidence.
      await p.goto('/System/weighbridge');
      const readers = p.locator('.ant-card', { hasText: WORDS[language].readers });
      await readers.locator('.ant-table-row').first().waitFor();
      await readers.scrollIntoViewIfNeeded();
      await shoot(p, `cameras-readers-${suffix}`);
      await readers.getByRole('button', { name: WORDS[language].add }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByTestId('reader-action').getByText(WORDS[language].weighbridge).click();
      await dialog.getByTestId('reader-station').waitFor();
      await shoot(p, `cameras-reader-dialog-${suffix}`);
      await dialog.getByTestId('reader-action').getByText(WORDS[language].entrance).click();
      await dialog.getByTestId('reader-printer').waitFor();
      await shoot(p, `cameras-reader-entrance-${suffix}`);
      await p.context().close();
    }
  }
  await closeBookings(baseUrl, lineId);
}

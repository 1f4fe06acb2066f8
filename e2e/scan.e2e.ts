import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toThaiLayout } from '@truck-queue/shared/scan/keyboard-layout';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { post, freshLicence, signIn } from './support/demo-plant.ts';
import { fakeCameraArgs, pngToY4m } from './support/fake-camera.ts';
import { issueFromDialog } from './support/new-ticket.ts';
import { shareNumber } from './support/same-number.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { issueTicket, type IssuedTicket } from './support/yard-plant.ts';

/**
 * A ticket is scanned (issue 15, item 2). The counters and Manage Calling take what a scanner
 * reads off a ticket: the gate's camera reads a printed ticket's QR code (Chromium's fake camera
 * plays a screenshot of it; headless Chromium has no BarcodeDetector, so jsQR reads it) and the
 * right one of two trucks holding one number leaves; a wedge scanner types the Code 128's ticket
 * code at the gate and on Manage Calling (there in the Thai keyboard layout), and the driver's
 * page address at the weighbridge.
 *
 * Two trucks holding one number happens after midnight only: this file runs a server of its own,
 * issues the tickets (the one scanned by the camera printed from Manage Calling), stops it, gives
 * the older one yesterday's date and both one number (support/same-number.ts), and restarts it.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tq-scan-'));
const videoPath = path.join(dataDir, 'printed-ticket.y4m');
let server: RunningServer | null = null;
let baseUrl = '';
let browser: Browser | undefined;
/** Chromium whose camera films the printed ticket. */
let cameraBrowser: Browser | undefined;
const contexts: BrowserContext[] = [];
/** Yesterday's truck still inside and today's, holding one number (general flow, finished). */
let older: IssuedTicket & { licence: string };
let newer: IssuedTicket & { licence: string };
/** A standard-flow truck waiting on the cards. */
let waiting: IssuedTicket & { licence: string };

/** A page signed in as `email`, in English, at `at`. */
async function officerPage(email: string, password: string, at: string, on = browser!): Promise<Page> {
  const context = await newContext(on, baseUrl, { language: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
  await signInDirect(page, baseUrl, email, password);
  await page.goto(at);
  return page;
}

/** Issues a general-flow ticket from Manage Calling and returns it with a picture of its print. */
async function issueAndPrint(licence: string): Promise<{ ticket: IssuedTicket; print: Buffer }> {
  const page = await officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
  const queue = await issueFromDialog(page, 'en', licence);
  // The printed ticket: print media on a page as wide as the 80 mm paper.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 302, height: 600 });
  const print = await page.locator('.tq-ticket-print').screenshot();
  await page.context().close();
  return { ticket: queue, print };
}

beforeAll(async () => {
  server = await startServer({}, { dataDir });
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const licences = [freshLicence(), freshLicence(), freshLicence()] as const;
  const first = await issueTicket(baseUrl, employee.session, 'C', licences[0]);
  const { ticket: second, print } = await issueAndPrint(licences[1]);
  const third = await issueTicket(baseUrl, employee.session, 'B', licences[2]);
  pngToY4m(print, videoPath, { width: 640, height: 960 });
  await server.stop();
  server = null;
  // A number of the general flow's prefix no demo day reaches.
  const shared = `${first.queue_number.replace(/\d+$/, '')}8${String(Math.floor(Math.random() * 90) + 10)}`;
  await shareNumber(dataDir, first.uuid, second.uuid, shared, { finished: true });
  older = { ...first, queue_number: shared, licence: licences[0] };
  newer = { ...second, queue_number: shared, licence: licences[1] };
  waiting = { ...third, licence: licences[2] };
  server = await startServer({}, { dataDir });
  baseUrl = server.baseUrl;
  cameraBrowser = await launchBrowser(fakeCameraArgs(videoPath));
}, 300_000);

afterAll(async () => {
  try {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await cameraBrowser?.close();
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The licences of the trucks that left today, as the gate's API lists them. */
async function exitedToday(): Promise<string[]> {
  const security = await signIn(baseUrl, 'security@example.com', 'demo1234');
  const { queue } = await post<{ queue: { truck_license: string }[] }>(
    baseUrl,
    'process/security/getExitToday',
    {},
    security.session,
  );
  return queue.map((q) => q.truck_license);
}

/** What a wedge scanner does: types what it read into the focused box, then Enter. */
async function wedgeScan(page: Page, box: string, text: string): Promise<void> {
  const field = page.getByLabel(box, { exact: true });
  await field.click();
  await field.fill('');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Enter');
}

describe('the gate scans a printed ticket with the camera', () => {
  it('lets out the truck of that ticket only, and a second scan of it moments later is that same exit', async () => {
    const gate = await officerPage('security@example.com', 'demo1234', '/System/exitFactory', cameraBrowser);
    await gate.getByTestId('camera-scan').click();
    // The camera's view opens, reads the QR code off the video, closes and records the exit.
    await gate
      .getByText(`The exit of queue number ${newer.queue_number} from the factory has been recorded`)
      .waitFor({ timeout: 20_000 });
    expect(await gate.getByRole('status').innerText()).toContain(newer.licence);
    expect(await exitedToday()).toContain(newer.licence);
    expect(await exitedToday()).not.toContain(older.licence);

    // The same ticket again at once (a double scan): the officer's own exit of moments ago,
    // answered as recorded, no error; yesterday's truck holding the number stays inside. (Scanned
    // again later, it is refused as already recorded: station-work-scan.test.ts.)
    const answered = gate.waitForResponse((response) => response.url().endsWith('/security/exitFactory'), {
      timeout: 20_000,
    });
    await gate.getByTestId('camera-scan').click();
    expect((await answered).status()).toBe(200);
    await gate.getByTestId('camera-video').waitFor({ state: 'hidden' });
    expect(await gate.getByRole('status').innerText()).toContain(newer.licence);
    expect(await gate.locator('.ant-modal-confirm-error').count()).toBe(0);
    expect(await exitedToday()).not.toContain(older.licence);
  });

  it('says so when the camera is not allowed', async () => {
    const gate = await officerPage('security@example.com', 'demo1234', '/System/exitFactory', cameraBrowser);
    await gate.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await gate.getByTestId('camera-scan').click();
    const problem = gate.getByTestId('camera-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toContain('The camera is not allowed');
  });
});

describe('a wedge scanner types what it reads', () => {
  it("at the gate, the Code 128's ticket code lets out that truck", async () => {
    const gate = await officerPage('security@example.com', 'demo1234', '/System/exitFactory');
    await wedgeScan(gate, 'Queue number', older.ticket_code);
    await gate
      .getByText(`The exit of queue number ${older.queue_number} from the factory has been recorded`)
      .waitFor();
    expect(await exitedToday()).toContain(older.licence);

    // A misread code (its check symbol off) names no truck: the gate says so and sends nothing.
    const misread = older.ticket_code.slice(0, -1) + (older.ticket_code.endsWith('0') ? '1' : '0');
    await wedgeScan(gate, 'Queue number', misread);
    const refusal = gate.locator('.ant-modal-confirm-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('The ticket code was not read correctly');
  });

  it("at the weighbridge, the QR code's driver page address names the truck to weigh", async () => {
    const scale = await officerPage('employee@example.com', 'demo1234', '/System/weighing');
    await wedgeScan(scale, 'Queue number', `${baseUrl}/Queue/data/${waiting.uuid}`);
    // Enter moved on to the weight, as after a typed number.
    const weight = scale.getByLabel('Weight', { exact: true });
    await expect.poll(() => weight.evaluate((el) => el === document.activeElement)).toBe(true);
    await weight.fill('31250');
    // The demo plant has no scale: its clerk types the weight, with why, which Enter asks for next.
    await weight.press('Enter');
    const reason = scale.getByLabel('Why typed by hand');
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await scale.getByText('The scale is out of order', { exact: true }).click();
    await reason.press('Enter');
    await scale.getByRole('status').filter({ hasText: waiting.queue_number }).waitFor();
    expect(await scale.getByRole('status').innerText()).toContain(waiting.licence);
    // On today's list the weight is marked as typed.
    const row = scale.getByRole('row').filter({ hasText: waiting.licence });
    await expect.poll(() => row.getByTestId('typed-weight').count()).toBe(1);
  });

  it('on Manage Calling, a ticket code typed in the Thai keyboard layout opens that truck', async () => {
    const calling = await officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
    await calling.getByRole('button', { name: 'New ticket' }).waitFor();
    await wedgeScan(calling, 'Find a ticket', toThaiLayout(waiting.ticket_code));
    const dialog = calling.getByRole('dialog', { name: `Queue ${waiting.queue_number}` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(waiting.licence);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    // A truck that left is not on the cards: the box says so.
    await wedgeScan(calling, 'Find a ticket', older.ticket_code);
    await calling.getByText(`Ticket ${older.ticket_code} is not on your cards`).waitFor();

    // Its plate typed by hand (issue 36): the same truck, spaces and dashes aside.
    await wedgeScan(calling, 'Find a ticket', waiting.licence.replace(/[ -]/g, ''));
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    // A plate on no card is said back as typed, never read as if from the Thai keyboard layout.
    await wedgeScan(calling, 'Find a ticket', 'ฮฮ 9876');
    await calling.getByText('No queue or plate “ฮฮ 9876” on your cards', { exact: false }).waitFor();
  });
});

import { describe, expect, inject, it } from 'vitest';
import { freshLicence, issueStandardTicket, employeeSession } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { finishedTruck, plateCamera, PLATE_JPEG } from './support/plate-camera.ts';

/**
 * Issue 42, the camera-assisted gate: a plate camera (a test device posting reads and a JPEG, as a
 * camera's bridge does) lets a finished truck out by itself, and the gate's page shows it at once;
 * an unsure read of a truck whose work is not done waits on the page with its picture until the
 * officer lets the truck out, confirming it leaves unfinished. At the weighbridge, the deck's camera
 * puts the truck it read in the weighing page's box: nobody types its number.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** The plate's number alone, in Thai digits: what a camera reading the plate's top line sends. */
const thaiDigits = (licence: string) =>
  licence.split(' ')[0]!.replace(/[0-9]/g, (d) => '๐๑๒๓๔๕๖๗๘๙'[Number(d)]!);

describe('the camera-assisted gate (issue 42)', () => {
  it('lets out a finished truck by its plate, and leaves an unsure read to the officer', async () => {
    const camera = await plateCamera(baseUrl, 'gate_exit');
    const page = await files.officerPage('security@example.com', 'demo1234', '/System/exitFactory', THAI);
    await page.getByText('บันทึกรถออกจากโรงงาน').first().waitFor();

    // A finished truck, read surely: it leaves, and the gate's list shows it without a reload.
    const doneLicence = freshLicence();
    const done = await finishedTruck(baseUrl, doneLicence);
    const exited = await camera.read({
      plate: thaiDigits(doneLicence),
      confidence: 97.4,
      snapshot: PLATE_JPEG,
    });
    expect(exited).toMatchObject({ outcome: 'exited', queue_number: done.queueNumber });
    await page.locator('tr', { hasText: doneLicence }).getByText(done.queueNumber).waitFor();
    const panel = page.getByTestId('camera-reads-gate_exit');
    await expect.poll(() => panel.getByTestId('camera-latest-read').innerText()).toContain('ปล่อยออกแล้ว');

    // A truck not done, read unsure: nothing moves, the read waits with its picture.
    const { session } = await employeeSession(baseUrl);
    const openLicence = freshLicence();
    const open = await issueStandardTicket(baseUrl, session, openLicence);
    const unsure = await camera.read({ plate: openLicence, confidence: 61, snapshot: PLATE_JPEG });
    expect(unsure).toMatchObject({ outcome: 'needs_officer', reason: 'low_confidence' });
    const card = panel.getByTestId('camera-open-read').filter({ hasText: openLicence });
    await card.waitFor();
    expect(await card.innerText()).toContain('กล้องไม่แน่ใจ');
    expect(await card.innerText()).toContain('มั่นใจ 61%');
    const picture = card.getByTestId('read-snapshot').locator('img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    expect(await page.locator('tr', { hasText: openLicence }).count()).toBe(0);

    // The officer lets it out: the page asks first, as for a typed number of an unfinished truck.
    await card.getByRole('button', { name: `ปล่อยออก ${open.queueNumber} · ${openLicence}` }).click();
    const ask = page.getByRole('dialog').filter({ hasText: `คิว ${open.queueNumber} ยังทำงานไม่ครบ` });
    await ask.getByTestId('unfinished-exit').waitFor();
    await ask.getByRole('button', { name: 'ยืนยันให้ออก' }).click();
    await page.getByText(`บันทึกคิว ${open.queueNumber} ออกจากโรงงานแล้ว`).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: openLicence }).getByText(open.queueNumber).waitFor();
    expect(await panel.getByTestId('camera-open-read').filter({ hasText: openLicence }).count()).toBe(0);
  });

  it('puts the truck on the deck in the weighing page, read by the deck camera', async () => {
    const camera = await plateCamera(baseUrl, 'weighbridge');
    const page = await files.officerPage('employee@example.com', 'demo1234', '/System/weighing', THAI);
    const box = page.locator('#weighing-queue-number');
    await box.waitFor();
    const { session } = await employeeSession(baseUrl);
    const licence = freshLicence();
    const ticket = await issueStandardTicket(baseUrl, session, licence);
    const read = await camera.read({ plate: licence, confidence: 93, snapshot: PLATE_JPEG });
    expect(read).toMatchObject({ outcome: 'identified', queue_number: ticket.queueNumber });
    await expect.poll(() => box.inputValue()).toBe(ticket.queueNumber);
    const latest = page.getByTestId('camera-reads-weighbridge').getByTestId('camera-latest-read');
    await expect.poll(() => latest.innerText()).toContain('อยู่บนตาชั่ง');
    expect(await latest.innerText()).toContain(ticket.queueNumber);
  });
});

/// <reference lib="dom" />
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { calendarYear } from '@truck-queue/shared/calendar';
import { wallClock } from '@truck-queue/shared/plant-day';
import { DEMO_TIME_ZONE } from './support/dates.ts';
import { freshLicence } from './support/demo-plant.ts';
import { openRegisteredKiosk } from './support/devices.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { chooseUpToConfirm } from './support/kiosk.ts';
import { issueFromDialog } from './support/new-ticket.ts';

/**
 * The back office's ticket (issue 16, item 4): printed from the New ticket dialog it is the
 * kiosk's ticket, part for part: the company and branch, the number, the details with the time
 * in the branch's calendar, the QR code of the driver's page and the Code 128 of the ticket code.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** What a ticket is made of, part by part, with the words each part says (the QR and barcode as drawn). */
function partsOf(ticket: Locator) {
  return ticket.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement | SVGElement>('[class]')]
      .filter((el) => el.closest('[data-testid="ticket"]') === root)
      .map((el) => ({
        part: el.getAttribute('class'),
        tag: el.tagName.toLowerCase(),
        text: el instanceof SVGElement ? null : el.innerText.trim(),
      })),
  );
}

/** Reads the QR code in a PNG screenshot. */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** 80 mm at 96 px per inch: the paper's width. */
const PAPER_WIDTH_PX = 302;

describe('the ticket printed in the back office', () => {
  it('is the kiosk’s ticket: company, number, details, QR code and barcode, no bare address', async () => {
    // The kiosk's ticket.
    const kiosk = await files.kioskPage();
    await openRegisteredKiosk(kiosk, baseUrl);
    await chooseUpToConfirm(kiosk, freshLicence());
    await kiosk.getByTestId('kiosk-issue').click();
    const kioskTicket = kiosk.getByTestId('ticket');
    await kioskTicket.waitFor();
    const kioskParts = await partsOf(kioskTicket);

    // The same ticket from the New ticket dialog, in Thai, printed on 80 mm paper.
    const office = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1', {
      ...THAI,
      viewport: { width: 1366, height: 768 },
      deviceScaleFactor: 2,
    });
    const licence = freshLicence();
    const issued = await issueFromDialog(office, 'th', licence);
    const printout = office.getByTestId('ticket-printout');
    const ticket = printout.getByTestId('ticket');
    // Measured for its paper, as on the kiosk, though out of sight on screen.
    await expect.poll(() => ticket.getAttribute('data-page-mm')).toMatch(/^\d+$/);
    expect(await printout.isVisible()).toBe(true);
    expect(await ticket.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);

    // As a print does: print media first, then the paper's width (a screen that narrow is a phone's).
    await office.emulateMedia({ media: 'print' });
    await office.setViewportSize({ width: PAPER_WIDTH_PX, height: 900 });
    // Only the ticket prints: the dialog and the page are hidden.
    expect(await office.getByTestId('issued-number').isVisible()).toBe(false);
    expect(await ticket.isVisible()).toBe(true);

    // Part for part the kiosk's ticket: the same parts in the same order; the company and the
    // headings read the same (the demo branch's company, then its branch).
    const officeParts = await partsOf(ticket);
    expect(officeParts.map((p) => [p.part, p.tag])).toEqual(kioskParts.map((p) => [p.part, p.tag]));
    const text = (parts: typeof officeParts, part: string) => parts.find((p) => p.part === part)?.text;
    for (const part of ['tqk-ticket-company', 'tqk-ticket-branch', 'tqk-ticket-heading', 'tqk-ticket-scan']) {
      expect(text(officeParts, part), part).toBe(text(kioskParts, part));
    }
    expect(text(officeParts, 'tqk-ticket-company')).toBeTruthy();
    expect(await ticket.getByTestId('ticket-number').innerText()).toBe(issued.queue_number);
    expect(await ticket.getByTestId('ticket-licence').innerText()).toBe(licence);
    expect(await ticket.getByTestId('ticket-code').innerText()).toContain(issued.ticket_code);
    // The time in the branch's calendar (the demo writes the Buddhist era).
    const beYear = calendarYear(wallClock(new Date(), DEMO_TIME_ZONE).year, 'BE');
    expect(await ticket.getByTestId('ticket-time').innerText()).toContain(String(beYear));

    // The QR code and the barcode are drawn, and the QR code opens this ticket's driver's page.
    expect(await ticket.locator('svg[data-testid="ticket-qr"]').isVisible()).toBe(true);
    expect(await ticket.locator('svg[data-testid="ticket-barcode"]').isVisible()).toBe(true);
    expect(decodeQr(await ticket.getByTestId('ticket-qr').screenshot())).toBe(
      `${baseUrl}/Queue/data/${issued.uuid}`,
    );
    // No address written out: the QR code carries it.
    const printed = await printout.innerText();
    expect(printed).not.toMatch(/https?:\/\//);
    expect(printed).not.toContain(issued.uuid);
  });
});

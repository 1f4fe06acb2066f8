/// <reference lib="dom" />
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { employeeSession, post } from './support/demo-plant.ts';
import { newIdentity, openRegisteredKiosk, registerDevice, useIdentity } from './support/devices.ts';
import { fileBrowser } from './support/file-browser.ts';
import { chooseUpToConfirm } from './support/kiosk.ts';
import { typeOnKeypad } from './support/plates.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
/** The kiosk page, registered by the first test and used by the next ones. */
let kiosk: Page;

interface IssuedTicket {
  uuid: string;
  queue_number: string;
  truck_license: string;
}

/** Every ticket of today on the officers' Manage Calling cards with this licence, through the API. */
async function ticketsWithLicence(licence: string): Promise<{ queue_number: string; uuid: string }[]> {
  const { session } = await employeeSession(baseUrl);
  const cards = await post<{ card: unknown }>(
    baseUrl,
    'process/calling/getCardInProcess',
    { find_total_day: 1 },
    session,
  );
  return (cards.card as { queue_number: { queue_number: string; uuid: string; truck_license: string }[] }[])
    .flatMap((card) => card.queue_number)
    .filter((queue) => queue.truck_license === licence);
}

/** Reads the QR code in a PNG screenshot. */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('the ticket kiosk', () => {
  it('shows its id, becomes the kiosk when registered, issues a ticket, prints it once with a QR code of the driver’s page', async () => {
    const identity = newIdentity();
    kiosk = files.keepForFile(await files.kioskPage());
    await useIdentity(kiosk, 'printer', identity);
    await kiosk.goto('/PrinterManage');
    await expect
      .poll(() => kiosk.getByTestId('device-id').innerText())
      .toBe(`${identity.id.slice(0, 4)} ${identity.id.slice(4)}`);

    // An admin registers it: the page becomes the kiosk by itself.
    await registerDevice(baseUrl, 'printer', identity);
    await kiosk.getByTestId('kiosk').waitFor({ timeout: 15_000 });
    expect(await kiosk.getByTestId('device-id').count()).toBe(0);

    const licence = '71-2468 ขก';
    await chooseUpToConfirm(kiosk, licence);
    const answer = kiosk.waitForResponse('**/api/process/printer/issueQueue');
    await kiosk.getByTestId('kiosk-issue').click();
    const issued = ((await (await answer).json()) as { queue: IssuedTicket }).queue;
    expect(issued.truck_license).toBe(licence);

    // The ticket shows, and went to the printer exactly once.
    const ticket = kiosk.getByTestId('ticket');
    await ticket.waitFor();
    expect(await kiosk.getByTestId('ticket-number').innerText()).toBe(issued.queue_number);
    expect(await ticket.innerText()).toContain(licence);
    await expect.poll(() => kiosk.evaluate(() => window.__prints)).toBe(1);
    await kiosk.waitForTimeout(1000);
    expect(await kiosk.evaluate(() => window.__prints)).toBe(1);

    // As printed: only the ticket, and its QR code opens the driver's page of this ticket.
    await kiosk.emulateMedia({ media: 'print' });
    expect(await kiosk.getByTestId('kiosk-finish').isVisible()).toBe(false);
    expect(await kiosk.getByText('ออกบัตรคิวเรียบร้อยแล้ว').isVisible()).toBe(false);
    const qrUrl = decodeQr(await kiosk.getByTestId('ticket-qr').screenshot());
    expect(qrUrl).toBe(`${baseUrl}/Queue/data/${issued.uuid}`);
    await kiosk.emulateMedia({ media: 'screen' });

    const driver = await files.page({ viewport: { width: 390, height: 844 } });
    await driver.goto(qrUrl!);
    await expect.poll(() => driver.locator('.qp-number').innerText()).toBe(issued.queue_number);

    // "Finish" gives the next truck a fresh start.
    await kiosk.getByTestId('kiosk-finish').click();
    await expect.poll(() => kiosk.getByTestId('kiosk').getAttribute('data-step')).toBe('type');
  });

  it('sends the same idempotency key again after a lost answer, and the retry gets the one ticket', async () => {
    const licence = '72-1357 กท';
    await chooseUpToConfirm(kiosk, licence);

    // The server issues the ticket, but its answer never reaches the kiosk.
    const keys: string[] = [];
    await kiosk.route('**/api/process/printer/issueQueue', async (route) => {
      keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key);
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await kiosk.getByTestId('kiosk-issue').click();
    const unreachable = kiosk.getByTestId('kiosk-unreachable');
    await unreachable.waitFor();
    expect(await unreachable.innerText()).toContain('ติดต่อเซิร์ฟเวอร์ไม่ได้');
    expect(await ticketsWithLicence(licence)).toHaveLength(1);

    // The retry gets that ticket back rather than a second one (or an "already holds a ticket").
    await kiosk.getByTestId('kiosk-retry').click();
    await kiosk.getByTestId('ticket').waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    const tickets = await ticketsWithLicence(licence);
    expect(tickets).toHaveLength(1);
    expect(await kiosk.getByTestId('ticket-number').innerText()).toBe(tickets[0]!.queue_number);
    await expect.poll(() => kiosk.evaluate(() => window.__prints)).toBe(2);

    await kiosk.unroute('**/api/process/printer/issueQueue');
    await kiosk.getByTestId('kiosk-finish').click();
  });

  it('says in large Thai that the server cannot be reached, and issues once it is back', async () => {
    const licence = '73-9753 ชม';
    await chooseUpToConfirm(kiosk, licence);
    await kiosk.route('**/api/**', (route) => route.abort('connectionrefused'));
    await kiosk.getByTestId('kiosk-issue').click();
    const unreachable = kiosk.getByTestId('kiosk-unreachable');
    await unreachable.waitFor();
    expect(await unreachable.innerText()).toContain('ติดต่อเซิร์ฟเวอร์ไม่ได้');
    expect(await unreachable.getByText('ติดต่อเซิร์ฟเวอร์ไม่ได้', { exact: true }).isVisible()).toBe(true);
    const titleSize = await unreachable
      .getByText('ติดต่อเซิร์ฟเวอร์ไม่ได้', { exact: true })
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(titleSize).toBeGreaterThanOrEqual(32);
    expect(await ticketsWithLicence(licence)).toHaveLength(0);

    await kiosk.unroute('**/api/**');
    await kiosk.getByTestId('kiosk-retry').click();
    await kiosk.getByTestId('ticket').waitFor();
    expect(await ticketsWithLicence(licence)).toHaveLength(1);
  });

  it('goes back to the first step when a truck walks away mid-way, warning first', async () => {
    const idle = await files.kioskPage();
    await idle.clock.install();
    await openRegisteredKiosk(idle, baseUrl);

    await idle.getByRole('button', { name: /รับสินค้า/ }).click();
    await expect.poll(() => idle.getByTestId('kiosk').getAttribute('data-step')).toBe('product');
    await idle.clock.fastForward(50_000);
    await expect.poll(() => idle.getByTestId('kiosk-idle').innerText()).toContain('กลับไปหน้าแรก');
    await idle.clock.fastForward(11_000);
    await expect.poll(() => idle.getByTestId('kiosk').getAttribute('data-step')).toBe('type');
    expect(await idle.getByTestId('kiosk-idle').count()).toBe(0);
  });
});

/**
 * The step's action buttons (back, next, and the others along the bottom) that a driver cannot
 * tap without scrolling: outside the window with the page at its top, or covered there.
 */
function actionsOffScreen(page: Page) {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const problems: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>('.tqk-actions .ant-btn')) {
      const box = button.getBoundingClientRect();
      const name = button.innerText.trim();
      if (box.top < 0 || box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1) {
        problems.push(`off screen: ${name} (${Math.round(box.top)}–${Math.round(box.bottom)})`);
        continue;
      }
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!top || !button.contains(top)) problems.push(`covered: ${name}`);
    }
    if (problems.length === 0 && document.querySelectorAll('.tqk-actions .ant-btn').length === 0)
      problems.push('no action buttons');
    return problems;
  });
}

describe('the kiosk at 1080x1920 (issue 36)', () => {
  it('lists the plant’s province and the provinces bordering it first', async () => {
    const page = await files.kioskPage();
    await openRegisteredKiosk(page, baseUrl);
    await page.getByRole('button', { name: /รับสินค้า/ }).click();
    await page.getByRole('button', { name: /กากมัน/ }).click();
    await page.getByTestId('kiosk-plate-province-0').click();
    const choices = page.getByTestId('kiosk-province-picker').locator('.tqk-province-choice');
    await choices.first().waitFor();
    // The demo plant stands in Nakhon Ratchasima: it, then its eight neighbours, then the rest.
    const shown = await choices.allInnerTexts();
    expect(shown).toHaveLength(77);
    expect(shown[0]).toBe('นครราชสีมา');
    expect([...shown.slice(1, 9)].sort()).toEqual(
      ['ขอนแก่น', 'ชัยภูมิ', 'นครนายก', 'บุรีรัมย์', 'ปราจีนบุรี', 'ลพบุรี', 'สระแก้ว', 'สระบุรี'].sort(),
    );
    expect(shown[9]).toBe('กระบี่');
    // Typing narrows the list; the nearby matches still come first.
    await typeOnKeypad(page, 'th', 'นคร');
    await expect
      .poll(() => choices.allInnerTexts())
      .toEqual([
        'นครราชสีมา',
        'นครนายก',
        'นครปฐม',
        'นครพนม',
        'นครศรีธรรมราช',
        'นครสวรรค์',
        'กรุงเทพมหานคร',
        'พระนครศรีอยุธยา',
        'สกลนคร',
      ]);
  });

  it('keeps back and next on screen at every step, with nothing to scroll', async () => {
    const page = await files.kioskPage();
    await openRegisteredKiosk(page, baseUrl);
    await page.getByRole('button', { name: /รับสินค้า/ }).click();
    expect(await actionsOffScreen(page), 'product').toEqual([]);
    await page.getByRole('button', { name: /กากมัน/ }).click();
    expect(await actionsOffScreen(page), 'licence').toEqual([]);
    // The demo's plates starting with 70: the recent plates are offered above the keypad.
    await typeOnKeypad(page, 'th', '70');
    await page.getByTestId('kiosk-suggestions').waitFor();
    expect(await actionsOffScreen(page), 'licence with suggestions').toEqual([]);
    await page.getByTestId('kiosk-plate-province-0').click();
    await page.getByTestId('kiosk-province-picker').waitFor();
    expect(await actionsOffScreen(page), 'province').toEqual([]);
    await page.getByTestId('kiosk-province-picker').getByRole('button', { name: 'นครราชสีมา' }).click();
    await page.getByRole('button', { name: /เพิ่มทะเบียนหาง/ }).click();
    expect(await actionsOffScreen(page), 'tractor and trailer').toEqual([]);
    await page.getByTestId('kiosk-plate-province-1').click();
    await page.getByTestId('kiosk-province-picker').waitFor();
    expect(await actionsOffScreen(page), 'trailer province').toEqual([]);
    await page.getByTestId('kiosk-no-province').click();
    await page.getByTestId('kiosk-plate-number-1').click();
    await typeOnKeypad(page, 'th', '71-2');
    await page.getByTestId('kiosk-licence-next').click();
    await page.getByTestId('kiosk-summary').waitFor();
    expect(await actionsOffScreen(page), 'confirm').toEqual([]);
  });
});

/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { employeeSession, letOut, post } from './support/demo-plant.ts';
import { openRegisteredKiosk } from './support/devices.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { chooseProvince, typeOnKeypad } from './support/plates.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
/** The registered kiosk, and the office page of the employee who issues tickets. */
let kiosk: Page;
let office: Page;

/** A tractor and its trailer, both with the longest province's name: 45 characters as seen. */
const LONG_PAIR = '70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา';
const AYUTTHAYA = /^พระนครศรีอยุธยา/;

interface CardRow {
  _id: number;
  uuid: string;
  queue_number: string;
  truck_license: string;
}

/** The ticket on the employee's Manage Calling cards, with its flow's uuid. */
async function ticketOnCards(uuid: string): Promise<CardRow & { flowUuid: string }> {
  const { session } = await employeeSession(baseUrl);
  const { card } = await post<{ card: { flow_engine_uuid: string; queue_number: CardRow[] }[] }>(
    baseUrl,
    'process/calling/getCardInProcess',
    { find_total_day: 1 },
    session,
  );
  for (const c of card) {
    const row = c.queue_number.find((q) => q.uuid === uuid);
    if (row) return { ...row, flowUuid: c.flow_engine_uuid };
  }
  throw new Error(`Queue ${uuid} is not on the cards`);
}

/** Text that is shown whole: nothing of it is cut off or hidden behind an ellipsis. */
async function shownWhole(element: Locator): Promise<boolean> {
  return element.evaluate(
    (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
  );
}

/** The ticket in the report-by-flow list, as the officer reads it there. */
/** The ticket's licence in the flow report (found by uuid: numbers restart every plant day). */
async function licenceInList(page: Page, issued: { uuid: string; queue_number: string }): Promise<string> {
  const ticket = await ticketOnCards(issued.uuid);
  await page.goto(`/System/reportQueue/${ticket.flowUuid}`);
  await page.getByPlaceholder('Search queue number or licence plate').fill(issued.queue_number);
  const row = page.locator(`tr[data-row-key="${ticket._id}"]`);
  await row.waitFor();
  const headers = await page.locator('thead th').allInnerTexts();
  const cell = row.locator('td').nth(headers.findIndex((h) => h.trim() === 'Licence plate'));
  expect(await shownWhole(cell)).toBe(true);
  return (await cell.innerText()).trim();
}

describe('licence plates with a province', () => {
  it('at the kiosk: a tractor and trailer pair from the number keypad and the province picker, whole on the ticket and in the list', async () => {
    kiosk = files.keepForFile(await files.page({ ...THAI, viewport: { width: 1080, height: 1920 } }));
    await kiosk.addInitScript(() => {
      window.print = () => undefined;
    });
    await openRegisteredKiosk(kiosk, baseUrl);
    await kiosk.getByRole('button', { name: /รับสินค้า/ }).click();
    await kiosk.getByRole('button', { name: /กากมัน/ }).click();

    await typeOnKeypad(kiosk, 'th', '70-1234');
    expect(await kiosk.getByTestId('kiosk-plate-number-0').inputValue()).toBe('70-1234');
    // The picker narrows the 77 provinces by the letters typed.
    await kiosk.getByTestId('kiosk-plate-province-0').click();
    const picker = kiosk.getByTestId('kiosk-province-picker');
    expect(await picker.locator('.tqk-province-choice').count()).toBe(77);
    await typeOnKeypad(kiosk, 'th', 'อยุธ');
    expect(await picker.locator('.tqk-province-choice').allInnerTexts()).toEqual(['พระนครศรีอยุธยา']);
    await picker.getByRole('button', { name: AYUTTHAYA }).click();

    await kiosk.getByRole('button', { name: 'เพิ่มทะเบียนหาง' }).click();
    await typeOnKeypad(kiosk, 'th', '71-5678');
    expect(await kiosk.getByTestId('kiosk-plate-number-1').inputValue()).toBe('71-5678');
    await chooseProvince(kiosk, 'th', 1, 'พระนคร', AYUTTHAYA);
    expect(await kiosk.getByTestId('kiosk-licence-preview').innerText()).toBe(`จะบันทึกเป็น ${LONG_PAIR}`);

    await kiosk.getByTestId('kiosk-licence-next').click();
    expect(await kiosk.getByTestId('kiosk-summary-licence').innerText()).toBe(LONG_PAIR);
    const answer = kiosk.waitForResponse('**/api/process/printer/issueQueue');
    await kiosk.getByTestId('kiosk-issue').click();
    const issued = ((await (await answer).json()) as { queue: CardRow }).queue;
    expect(issued.truck_license).toBe(LONG_PAIR);

    // On the ticket, whole: wrapped between the plates, nothing cut.
    const licence = kiosk.getByTestId('ticket-licence');
    await licence.waitFor();
    expect(await licence.innerText()).toBe(LONG_PAIR);
    expect(await shownWhole(licence)).toBe(true);
    expect(await shownWhole(kiosk.getByTestId('ticket'))).toBe(true);

    // And in the officers' list.
    office = files.keepForFile(await files.officerPage('employee@example.com', 'demo1234'));
    expect(await licenceInList(office, issued)).toBe(LONG_PAIR);
    await letOut(baseUrl, issued.queue_number, issued.uuid);
  });

  it('in the New ticket dialog: the same pair from number fields and the searchable province list, whole when issued and in the list', async () => {
    await office.goto('/System/manageCalling/1');
    await office.getByRole('button', { name: 'New ticket' }).click();
    const dialog = office.getByRole('dialog');
    await dialog.getByLabel('Queue type').click();
    await office
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'รับสินค้า' })
      .click();
    await dialog.getByLabel('Product').click();
    await office
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'กากมัน' })
      .click();

    await dialog.getByLabel('Plate number', { exact: true }).fill('70-1234');
    await dialog.getByLabel('Province', { exact: true }).click();
    await office.keyboard.type('ayu');
    const options = office.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['Phra Nakhon Si Ayutthaya\nพระนครศรีอยุธยา']);
    await options.first().click();
    // The list closes (on a busy machine its closing takes a while: wait, as the eye does).
    await expect.poll(() => office.locator('.ant-select-dropdown:visible').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Add a trailer plate' }).click();
    await dialog.getByLabel('Trailer plate number', { exact: true }).fill('71-5678');
    const trailerProvince = dialog.getByLabel('Trailer plate province', { exact: true });
    await trailerProvince.click();
    // Typing goes to the trailer's province only once it has the focus.
    await expect.poll(() => trailerProvince.evaluate((node) => node === document.activeElement)).toBe(true);
    // Thai letters find it too, also from the middle of its name.
    await office.keyboard.type('อยุธยา');
    await expect.poll(() => options.count()).toBe(1);
    await options.first().click();
    expect(await dialog.getByTestId('plate-preview').innerText()).toBe(
      `Will be saved as ${LONG_PAIR} (45/60 characters)`,
    );

    const answer = office.waitForResponse('**/api/process/printer/issueQueue');
    await dialog.getByRole('button', { name: 'Issue ticket' }).click();
    const { queue: issuedQueue } = (await (await answer).json()) as {
      queue: { uuid: string; queue_number: string };
    };
    const issuedLicence = dialog.getByTestId('issued-licence');
    await issuedLicence.waitFor();
    expect(await issuedLicence.innerText()).toBe(LONG_PAIR);
    expect(await shownWhole(issuedLicence)).toBe(true);
    expect((await dialog.getByTestId('issued-number').innerText()).trim()).toBe(issuedQueue.queue_number);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    expect(await licenceInList(office, issuedQueue)).toBe(LONG_PAIR);
  });

  it('suggests the recent plates: in the dialog as you type, at the kiosk only from two characters', async () => {
    // The dialog: the plate typed in the last test comes back whole, trailer and provinces included.
    await office.goto('/System/manageCalling/1');
    await office.getByRole('button', { name: 'New ticket' }).click();
    const dialog = office.getByRole('dialog');
    await dialog.getByLabel('Plate number', { exact: true }).fill('70-12');
    const suggestion = office.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: LONG_PAIR,
    });
    await suggestion.click();
    expect(await dialog.getByLabel('Plate number', { exact: true }).inputValue()).toBe('70-1234');
    expect(await dialog.getByLabel('Trailer plate number', { exact: true }).inputValue()).toBe('71-5678');
    expect(await dialog.getByTestId('plate-preview').innerText()).toContain(LONG_PAIR);
    await office.keyboard.press('Escape');

    // The kiosk: nothing after one character, the plate after two; one tap fills in both plates.
    // The ticket screen has gone back to the start by itself, or goes now.
    const finish = kiosk.getByTestId('kiosk-finish');
    if (await finish.isVisible()) await finish.click();
    await expect.poll(() => kiosk.getByTestId('kiosk').getAttribute('data-step')).toBe('type');
    await kiosk.getByRole('button', { name: /รับสินค้า/ }).click();
    await kiosk.getByRole('button', { name: /กากมัน/ }).click();
    const searches: string[] = [];
    kiosk.on('request', (request) => {
      if (request.url().endsWith('/api/device/recentPlates')) searches.push(request.postData() ?? '');
    });
    await typeOnKeypad(kiosk, 'th', '7');
    await kiosk.waitForTimeout(800);
    expect(await kiosk.getByTestId('kiosk-suggestions').count()).toBe(0);
    expect(searches).toEqual([]);
    await typeOnKeypad(kiosk, 'th', '0-123');
    const tap = kiosk.getByTestId('kiosk-suggestions').getByRole('button', { name: LONG_PAIR });
    await tap.click();
    expect(await kiosk.getByTestId('kiosk-plate-number-1').inputValue()).toBe('71-5678');
    expect(await kiosk.getByTestId('kiosk-licence-preview').innerText()).toBe(`จะบันทึกเป็น ${LONG_PAIR}`);
    // Typed freely instead, it is the same text, counted as a person sees it.
    await kiosk.getByTestId('kiosk-plate-mode').click();
    expect(await kiosk.getByTestId('kiosk-licence-input').inputValue()).toBe(LONG_PAIR);
    expect(await kiosk.getByTestId('kiosk-licence-count').innerText()).toBe('45/60 ตัวอักษร');
    expect(
      searches.every((body) => (JSON.parse(body) as { find_license: string }).find_license.length >= 2),
    ).toBe(true);
  });
});

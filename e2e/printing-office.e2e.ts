import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakePrinter, type FakePrinter } from '../apps/server/src/test/fake-escpos-printer.ts';
import { openDialog, signInDirect } from './support/browser.ts';
import { freshLicence } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { issueFromDialog } from './support/new-ticket.ts';
import {
  branchPrintersNow,
  checkPrinterNow,
  createKiosk,
  issueAtKiosk,
  retireKiosk,
  setPrintTarget,
  type PrintingKiosk,
} from './support/printing-office.ts';

/**
 * The office's side of issue 18: an admin binds a kiosk to a network printer and sees its health;
 * a printer out of paper warns on the calling page and marks the tickets it did not print; an
 * officer prints such a ticket again on a healthy printer, and prints from New ticket too.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);
/** The kiosk whose roll runs out, and the one beside it that prints. */
let failing: { kiosk: PrintingKiosk; printer: FakePrinter };
let healthy: { kiosk: PrintingKiosk; printer: FakePrinter };
/** The ticket the failing kiosk issued without paper. */
let unprinted: { uuid: string; queue_number: string };

beforeAll(async () => {
  const tag = Date.now().toString(36).slice(-4).toUpperCase();
  failing = { kiosk: await createKiosk(baseUrl, `ตู้ประตู 1 ${tag}`), printer: await startFakePrinter() };
  healthy = { kiosk: await createKiosk(baseUrl, `ตู้สำนักงาน ${tag}`), printer: await startFakePrinter() };
  await setPrintTarget(baseUrl, healthy.kiosk, {
    print_target: 'network',
    host: healthy.printer.host,
    port: healthy.printer.port,
  });
});

afterAll(async () => {
  // The other browser tests share this server: neither kiosk warns on their pages.
  for (const { kiosk, printer } of [failing, healthy]) {
    await retireKiosk(baseUrl, kiosk);
    await printer.close();
  }
});

async function officerPage(email: string, password: string): Promise<Page> {
  const page = await files.page(THAI);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signInDirect(page, baseUrl, email, password);
  return page;
}

/** The Printing controller's row of a kiosk. */
const rowOf = (page: Page, kiosk: PrintingKiosk) =>
  page.locator('tr.ant-table-row').filter({ has: page.locator(`[data-printer="${kiosk.name}"]`) });

/** A queue's button on the calling page's cards. */
/** The ticket's button on the cards (by uuid: a truck of yesterday still inside may have the same number). */
const queueButton = (page: Page, ticket: { uuid: string }) =>
  page.locator(`[data-column] button[data-queue="${ticket.uuid}"]`);

describe('printing from the office', () => {
  it('binds a kiosk to a network printer in the Printing controller, reads its health and prints a test ticket', async () => {
    const page = await officerPage('admin@example.com', 'admin1234');
    await page.goto('/System/printing');
    const row = rowOf(page, failing.kiosk);
    await row.getByRole('button', { name: 'แก้ไข' }).click();
    const dialog = openDialog(page);
    await dialog.getByText('เครื่องพิมพ์ในเครือข่าย (LAN)').click();
    await dialog.getByText('เครื่องพิมพ์ความร้อนแบบ LAN พอร์ต 9100').waitFor();
    // A public address is refused on the field before anything is saved.
    await dialog.getByLabel('ที่อยู่เครื่องพิมพ์ (IP)').fill('8.8.8.8');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await dialog.getByText('ต้องเป็นเครื่องพิมพ์ในเครือข่ายของโรงงาน', { exact: false }).waitFor();
    await dialog.getByLabel('ที่อยู่เครื่องพิมพ์ (IP)').fill(failing.printer.host);
    await dialog.getByRole('spinbutton', { name: 'พอร์ต' }).fill(String(failing.printer.port));
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByText(`LAN ${failing.printer.host}:${failing.printer.port}`).waitFor();
    await row.getByRole('button', { name: 'ตรวจสถานะ' }).click();
    await row.locator('[data-testid="printer-health"][data-health="ok"]').waitFor();
    expect(await row.getByTestId('printer-health').innerText()).toContain('พร้อมพิมพ์');

    await row.getByRole('button', { name: 'พิมพ์ทดสอบ' }).click();
    const said = row.locator('[data-testid="printer-said"][data-state="printed"]');
    await said.waitFor();
    expect(await said.innerText()).toContain(`พิมพ์ที่ ${failing.kiosk.name} แล้ว`);
    expect(failing.printer.jobs).toHaveLength(1);

    // The roll runs out: the next check says so, in words and colour.
    failing.printer.setStatus('paper_end');
    await row.getByRole('button', { name: 'ตรวจสถานะ' }).click();
    await row.locator('[data-testid="printer-health"][data-health="paper_end"]').waitFor();
    expect(await row.getByTestId('printer-health').innerText()).toContain('กระดาษหมด');
  });

  it('warns on the calling page of a printer out of paper and marks the ticket it did not print', async () => {
    const page = await officerPage('employee@example.com', 'demo1234');
    await page.goto('/System/manageCalling/1');
    const warning = page.locator(`[data-testid="printer-warning"][data-printer="${failing.kiosk.name}"]`);
    await warning.waitFor();
    expect(await warning.innerText()).toContain('กระดาษหมด');
    expect(await warning.innerText()).toContain('เปลี่ยนม้วนกระดาษ');

    const issued = await issueAtKiosk(baseUrl, failing.kiosk, freshLicence());
    expect(issued.print).toMatchObject({ state: 'failed', reason: 'paper_end' });
    unprinted = issued.queue;
    // Live: the card shows the mark without a reload, before anyone calls the truck.
    const button = queueButton(page, unprinted);
    await button.getByTestId('not-printed').waitFor();
    expect(await button.getByTestId('not-printed').innerText()).toBe('ไม่ได้พิมพ์');
    expect(await button.getAttribute('aria-label')).toContain('กระดาษหมด');
  });

  it('prints the ticket again on a healthy printer of the branch: the same number, audited, the mark gone', async () => {
    // The healthy kiosk's printer reads ready now: a status answer lost earlier (the server
    // reads it every 30 s) would rightly keep it out of the first choice.
    await expect.poll(() => checkPrinterNow(baseUrl, healthy.kiosk)).toBe('ok');
    const page = await officerPage('employee@example.com', 'demo1234');
    await page.goto('/System/manageCalling/1');
    const button = queueButton(page, unprinted);
    await button.getByTestId('not-printed').waitFor();
    await button.click();
    const dialog = openDialog(page);
    const reprint = dialog.getByTestId('reprint');
    await reprint.waitFor();
    // The kiosk it came from is out of paper: a printer that can print now is offered first.
    const choice = reprint.getByTestId('printer-choice');
    await expect
      .poll(() => choice.innerText())
      .toContain(healthy.kiosk.name)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe branch's printers: ${await branchPrintersNow(baseUrl)}`);
      });
    const before = healthy.printer.jobs.length;
    await reprint.getByRole('button', { name: 'พิมพ์บัตรซ้ำ' }).click();
    const outcome = reprint.getByTestId('reprint-outcome');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-state')).toBe('printed');
    expect(await outcome.innerText()).toContain(`พิมพ์ที่ ${healthy.kiosk.name} แล้ว`);
    expect(healthy.printer.jobs).toHaveLength(before + 1);
    expect(healthy.printer.protocolErrors).toEqual([]);

    // The history keeps both prints: the kiosk's that failed, and this officer's reprint.
    await dialog.getByRole('button', { name: /ประวัติ/ }).click();
    const prints = page.getByTestId('history-print');
    await prints.nth(1).waitFor();
    expect(await prints.evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')))).toEqual([
      'issue',
      'reprint',
    ]);
    expect(await prints.nth(1).innerText()).toContain(healthy.kiosk.name);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await button.waitFor();
    await button.getByTestId('not-printed').waitFor({ state: 'detached' });
  });

  it('prints a New ticket on the chosen printer of the branch and says so', async () => {
    const page = await officerPage('employee@example.com', 'demo1234');
    await page.goto('/System/manageCalling/1');
    // The choice is made once and remembered by this browser.
    await page.getByRole('button', { name: /ออกบัตรคิว$/ }).click();
    const dialog = openDialog(page);
    await dialog.getByTestId('printer-choice').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: healthy.kiosk.name })
      .click();
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const before = healthy.printer.jobs.length;
    const ticket = await issueFromDialog(page, 'th', freshLicence(), healthy.kiosk.name);
    const said = page.getByTestId('issued-print');
    await said.waitFor();
    expect(await said.getAttribute('data-state')).toBe('printed');
    expect(await said.innerText()).toContain(`พิมพ์ที่ ${healthy.kiosk.name} แล้ว`);
    expect(healthy.printer.jobs).toHaveLength(before + 1);
    expect(ticket.queue_number).toBeTruthy();
  });
});

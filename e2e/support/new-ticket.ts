import type { Page } from 'playwright-core';
import { fillDialogPlate, type KioskLanguage } from './plates.ts';

/** The New ticket dialog's words, as the screens say them. */
const WORDS = {
  th: { newTicket: /ออกบัตรคิว$/, queueType: 'ประเภทคิว', product: 'สินค้า', issue: 'ออกบัตรคิว' },
  en: { newTicket: /New ticket$/, queueType: 'Queue type', product: 'Product', issue: 'Issue ticket' },
} as const;

/** What issueQueue answers: the ticket the dialog shows and prints. */
export interface DialogTicket {
  uuid: string;
  queue_number: string;
  ticket_code: string;
  truck_license: string;
}

/**
 * Issues a general-flow ticket (ติดต่อทั่วไป, product วัสดุซ่อมบำรุง) from Manage Calling's New
 * ticket dialog, as an officer does; the dialog then shows it and its print holds it.
 */
export async function issueFromDialog(
  page: Page,
  language: KioskLanguage,
  licence: string,
  /** The kiosk printer the dialog must offer before it issues (the browser remembered it). */
  printerName?: string,
): Promise<DialogTicket> {
  const words = WORDS[language];
  await page.getByRole('button', { name: words.newTicket }).click();
  const dialog = page.getByRole('dialog');
  // The branch's printers may still be on their way: the choice shows once they are in.
  if (printerName) await dialog.getByTestId('printer-choice').getByText(printerName).waitFor();
  const product = dialog.getByLabel(words.product, { exact: true });
  // A click while the list is still opening may close it: choose until the product unlocks.
  for (let attempt = 0; attempt < 5 && (await product.isDisabled()); attempt++) {
    await dialog.getByLabel(words.queueType, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ติดต่อทั่วไป' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForTimeout(200);
  }
  await product.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'วัสดุซ่อมบำรุง' })
    .click();
  await fillDialogPlate(page, dialog, language, licence);
  const issued = page.waitForResponse('**/api/process/printer/issueQueue');
  await dialog.getByRole('button', { name: words.issue, exact: true }).click();
  const { queue } = (await (await issued).json()) as { queue: DialogTicket };
  await page.getByTestId('issued-number').waitFor();
  return queue;
}

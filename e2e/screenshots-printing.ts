import type { Browser, Page } from 'playwright-core';
import { startFakePrinter, type FakePrinter } from '../apps/server/src/test/fake-escpos-printer.ts';
import { openDialog, signInDirect } from './support/browser.ts';
import { employeeSession, post, freshLicence } from './support/demo-plant.ts';
import {
  checkPrinterNow,
  createKiosk,
  issueAtKiosk,
  retireKiosk,
  setPrintTarget,
  type PrintingKiosk,
} from './support/printing-office.ts';
import { preparePage, shoot, type Language } from './support/screenshot-kit.ts';

/** The words the shots click, as the screens say them. */
const TEXT = {
  th: { edit: 'แก้ไข', newTicket: /ออกบัตรคิว$/, history: 'ประวัติ' },
  en: { edit: 'Edit', newTicket: /New ticket$/, history: 'History' },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

interface PrintingPlant {
  kiosks: PrintingKiosk[];
  printers: FakePrinter[];
  /** Its roll ran out before it printed this one: the card says "not printed". */
  unprinted: string;
  /** Not printed at the kiosk, then printed again at the office: two prints in its history. */
  reprinted: string;
}

/**
 * Three kiosks of the demo branch: one whose roll ran out (a ticket it did not print), one on a
 * healthy printer, and a USB kiosk whose screen is not connected.
 */
async function preparePlant(baseUrl: string): Promise<PrintingPlant> {
  const gate = await createKiosk(baseUrl, 'ตู้ประตู 1');
  const office = await createKiosk(baseUrl, 'ตู้สำนักงาน');
  const usb = await createKiosk(baseUrl, 'ตู้ประตู 2');
  const [gatePrinter, officePrinter] = [await startFakePrinter(), await startFakePrinter()];
  await setPrintTarget(baseUrl, gate, { print_target: 'network', host: '127.0.0.1', port: gatePrinter.port });
  await setPrintTarget(baseUrl, office, {
    print_target: 'network',
    host: '127.0.0.1',
    port: officePrinter.port,
  });
  await setPrintTarget(baseUrl, usb, { print_target: 'usb', paper_width: 58 });
  const { session } = await employeeSession(baseUrl);
  await checkPrinterNow(baseUrl, office);
  gatePrinter.setStatus('paper_end');
  const reprinted = (await issueAtKiosk(baseUrl, gate, freshLicence())).queue;
  await post(baseUrl, 'calling/reprintTicket', { uuid: reprinted.uuid, printer_uuid: office.uuid }, session);
  const unprinted = (await issueAtKiosk(baseUrl, gate, freshLicence())).queue;
  await checkPrinterNow(baseUrl, gate);
  return {
    kiosks: [gate, office, usb],
    printers: [gatePrinter, officePrinter],
    unprinted: unprinted.queue_number,
    reprinted: reprinted.queue_number,
  };
}

const queueButton = (page: Page, queueNumber: string) =>
  page.locator('[data-column] button').filter({ hasText: new RegExp(`^${queueNumber}`) });

/**
 * The office's printing (issue 18): the Printing controller with each kiosk's printer and health,
 * a kiosk's print settings, the calling page's printer banner and "not printed" mark, the
 * reprint dialog, the New ticket dialog's printer choice and a history with its prints; Thai and
 * English, light and dark.
 */
export async function shootPrintingScreens(browser: Browser, baseUrl: string): Promise<void> {
  const plant = await preparePlant(baseUrl);
  try {
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const words = TEXT[language];
        const page = await preparePage(browser, baseUrl, language, mode);
        await page.addInitScript(() => {
          window.print = () => undefined;
        });

        await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
        await page.goto('/System/printing');
        await page.getByTestId('printer-health').first().waitFor();
        await shoot(page, `printing-controller-printers-${suffix}`);
        const gateRow = page
          .locator('tr.ant-table-row')
          .filter({ has: page.locator('[data-printer="ตู้ประตู 1"]') });
        await gateRow.getByRole('button', { name: words.edit }).click();
        await page.getByRole('dialog').getByTestId('print-target').waitFor();
        await shoot(page, `printing-settings-${suffix}`);
        await page.keyboard.press('Escape');

        await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
        await page.goto('/System/manageCalling/1');
        await page.getByTestId('printer-warnings').waitFor();
        await queueButton(page, plant.unprinted).getByTestId('not-printed').waitFor();
        await shoot(page, `calling-printer-banner-${suffix}`);

        await queueButton(page, plant.unprinted).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('reprint').scrollIntoViewIfNeeded();
        await dialog.getByTestId('printer-choice').filter({ hasText: 'ตู้ประตู 1' }).waitFor();
        await shoot(page, `reprint-dialog-${suffix}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await queueButton(page, plant.reprinted).click();
        await page.getByRole('dialog').getByRole('button', { name: words.history }).click();
        await page.getByTestId('history-print').nth(1).waitFor();
        await page.getByTestId('history-prints').scrollIntoViewIfNeeded();
        await shoot(page, `history-prints-${suffix}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('queue-history').waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        await openDialog(page).waitFor({ state: 'hidden' });

        await page.getByRole('button', { name: words.newTicket }).click();
        const ticket = page.getByRole('dialog');
        await ticket.getByTestId('printer-choice').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(2).waitFor();
        await shoot(page, `new-ticket-printer-${suffix}`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await page.context().close();
      }
    }
  } finally {
    for (const kiosk of plant.kiosks) await retireKiosk(baseUrl, kiosk);
    for (const printer of plant.printers) await printer.close();
  }
}

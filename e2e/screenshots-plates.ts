/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { employeeSession, issueStandardTicket, letOut } from './support/demo-plant.ts';
import { openRegisteredKiosk } from './support/devices.ts';
import { typeOnKeypad } from './support/plates.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

/** 80 mm at 96 px per inch: the printed ticket's paper width. */
const PAPER_WIDTH_PX = 302;
/** A truck that came before: the kiosk suggests its plates as the same numbers are typed again. */
const EARLIER = '70-2580 พระนครศรีอยุธยา / 71-2580 พระนครศรีอยุธยา';
const WORDS: Record<
  Language,
  { search: string; province: RegExp; newTicket: RegExp; type: string; number: string; trailer: string }
> = {
  th: {
    search: 'อยุธ',
    province: /^พระนครศรีอยุธยา/,
    newTicket: /ออกบัตรคิว$/,
    type: 'ประเภทคิว',
    number: 'เลขทะเบียน',
    trailer: 'เพิ่มทะเบียนหาง',
  },
  en: {
    search: 'AYU',
    province: /^Phra Nakhon Si Ayutthaya/,
    newTicket: /New ticket$/,
    type: 'Queue type',
    number: 'Plate number',
    trailer: 'Add a trailer plate',
  },
};

/**
 * The licence with a province: the kiosk's plate step (the recent plates it suggests, two plates
 * filled in) and its province picker at 1080x1920, and the New ticket dialog with the province
 * list open and with a trailer's plate, in Thai and English, light and dark. In Thai and light,
 * the long pair also goes through to the ticket, on screen and as printed.
 */
export async function shootPlateScreens(browser: Browser, baseUrl: string): Promise<void> {
  const { session } = await employeeSession(baseUrl);
  const earlier = await issueStandardTicket(baseUrl, session, EARLIER);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const page = await preparePage(browser, baseUrl, language, mode, 1080, 1920);
      await shootKiosk(page, baseUrl, language, mode);
      if (language === 'th' && mode === 'light') {
        // The truck left since: the kiosk may issue its plates again.
        await letOut(baseUrl, earlier.queueNumber, earlier.uuid);
        await shootKioskTicket(page);
      }
      await page.context().close();
      await shootDialog(browser, baseUrl, language, mode);
    }
  }
}

async function shootKiosk(page: Page, baseUrl: string, language: Language, mode: Mode): Promise<void> {
  const suffix = `${language}-${mode}`;
  // Headless Chromium has no printer: the kiosk's print call does nothing here.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await openRegisteredKiosk(page, baseUrl);
  await page.getByRole('button', { name: /รับสินค้า/ }).click();
  await page.getByRole('button', { name: /กากมัน/ }).click();

  // The number typed so far: the kiosk suggests the recent plates that start with it.
  const suggestion = page.getByTestId('kiosk-suggestions').getByRole('button', { name: EARLIER });
  await typeOnKeypad(page, language, '70-25');
  await suggestion.waitFor();
  await shoot(page, `kiosk-plates-${suffix}`);

  // The suggestion fills in both plates, the trailer's too.
  await suggestion.click();
  await page.getByTestId('kiosk-plate-number-1').waitFor();
  await shoot(page, `kiosk-plates-trailer-${suffix}`);

  // The trailer's province from the picker, found by a few letters.
  const picker = page.getByTestId('kiosk-province-picker');
  await page.getByTestId('kiosk-plate-province-1').click();
  await typeOnKeypad(page, language, WORDS[language].search);
  await picker.getByRole('button', { name: WORDS[language].province }).waitFor();
  await shoot(page, `kiosk-province-picker-${suffix}`);
  await picker.getByRole('button', { name: WORDS[language].province }).click();
  await picker.waitFor({ state: 'detached' });
}

/** From the plates to the issued ticket, and the ticket as printed on 80 mm paper. */
async function shootKioskTicket(page: Page): Promise<void> {
  await page.getByTestId('kiosk-licence-next').click();
  await shoot(page, 'kiosk-confirm-long-plate-th-light');
  await page.getByTestId('kiosk-issue').click();
  await page.getByTestId('ticket').waitFor();
  await shoot(page, 'kiosk-ticket-long-plate-th-light');
  await page.setViewportSize({ width: PAPER_WIDTH_PX, height: 400 });
  await page.emulateMedia({ media: 'print' });
  await shoot(page, 'kiosk-ticket-long-plate-print-th', true);
}

async function shootDialog(browser: Browser, baseUrl: string, language: Language, mode: Mode): Promise<void> {
  const suffix = `${language}-${mode}`;
  const words = WORDS[language];
  const page = await preparePage(browser, baseUrl, language, mode);
  await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
  await page.goto('/System/manageCalling/1');
  await page.getByRole('button', { name: words.newTicket }).click();
  const dialog = page.getByRole('dialog');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await dialog.getByLabel(words.type).click();
  await option.filter({ hasText: 'รับสินค้า' }).click();
  await dialog.getByLabel(words.number, { exact: true }).fill('70-1234');
  await dialog.getByLabel(language === 'th' ? 'จังหวัด' : 'Province', { exact: true }).click();
  await page.keyboard.type(language === 'th' ? 'นคร' : 'nakhon');
  await option.first().waitFor();
  await shoot(page, `new-ticket-province-${suffix}`);

  // The province chosen, and a trailer's plate with its own.
  await option.filter({ hasText: words.province }).click();
  await dialog.getByRole('button', { name: words.trailer }).click();
  await dialog
    .getByLabel(language === 'th' ? 'เลขทะเบียนหาง' : 'Trailer plate number', { exact: true })
    .fill('71-5678');
  await dialog
    .getByLabel(language === 'th' ? 'จังหวัดของทะเบียนหาง' : 'Trailer plate province', { exact: true })
    .click();
  await page.keyboard.type(language === 'th' ? 'อยุธยา' : 'ayu');
  await option.filter({ hasText: words.province }).click();
  await dialog.getByTestId('plate-preview').waitFor();
  await page.mouse.move(0, 0);
  await shoot(page, `new-ticket-trailer-${suffix}`);
  await page.context().close();
}

/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';

export type KioskLanguage = 'th' | 'en';

const KEYPAD_WORDS: Record<KioskLanguage, { space: string; dash: string; vowels: string }> = {
  th: { space: 'เว้นวรรค', dash: 'ขีด', vowels: 'สระ วรรณยุกต์' },
  en: { space: 'Space', dash: 'Dash', vowels: 'Vowels, tones' },
};

/** Types on the kiosk's own keypad into its active field, switching the letter tabs as needed. */
export async function typeOnKeypad(page: Page, language: KioskLanguage, text: string): Promise<void> {
  const keypad = page.getByTestId('kiosk-keypad');
  const words = KEYPAD_WORDS[language];
  for (const char of text) {
    if (char === ' ') {
      await keypad.getByRole('button', { name: words.space }).click();
      continue;
    }
    if (char === '-') {
      await keypad.getByRole('button', { name: words.dash, exact: true }).click();
      continue;
    }
    if (/[ก-ฮ]/.test(char)) await keypad.getByText('ก–ฮ', { exact: true }).click();
    else if (/[\u0E30-\u0E4E]/.test(char)) await keypad.getByText(words.vowels, { exact: true }).click();
    else if (/[A-Z]/.test(char)) await keypad.getByText('A–Z', { exact: true }).click();
    await keypad.getByRole('button', { name: char, exact: true }).click();
  }
}

/** Opens the province picker of the kiosk's plate `index`, types `search` and taps the province. */
export async function chooseProvince(
  page: Page,
  language: KioskLanguage,
  index: number,
  search: string,
  province: RegExp,
): Promise<void> {
  await page.getByTestId(`kiosk-plate-province-${index}`).click();
  await typeOnKeypad(page, language, search);
  await page.getByTestId('kiosk-province-picker').getByRole('button', { name: province }).click();
  await page.getByTestId('kiosk-province-picker').waitFor({ state: 'detached' });
}

const DIALOG_WORDS: Record<KioskLanguage, { number: string; province: string }> = {
  th: { number: 'เลขทะเบียน', province: 'จังหวัด' },
  en: { number: 'Plate number', province: 'Province' },
};

/**
 * Enters "70-1234 ขอนแก่น" in the New ticket dialog as an officer does: the number, then the
 * province from the searchable list (typed in Thai, so it is found in either language).
 */
export async function fillDialogPlate(
  page: Page,
  dialog: Locator,
  language: KioskLanguage,
  licence: string,
): Promise<void> {
  const words = DIALOG_WORDS[language];
  const [number, ...province] = licence.split(' ');
  await dialog.getByLabel(words.number, { exact: true }).fill(number!);
  if (province.length === 0) return;
  await dialog.getByLabel(words.province, { exact: true }).click();
  await page.keyboard.type(province.join(' '));
  // Enter takes the list's first match, as an officer does (the number's suggestions may still show).
  await page.keyboard.press('Enter');
}

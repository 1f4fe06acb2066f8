/// <reference lib="dom" />
import type { Page } from 'playwright-core';

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

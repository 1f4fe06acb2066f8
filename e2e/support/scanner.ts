import type { Page } from 'playwright-core';
import { toThaiLayout } from '@truck-queue/shared/scan/keyboard-layout';

/** The layout of the PC the scanner is plugged into: US keys, or the same keys giving Thai. */
export type ScannerLayout = 'us' | 'th';

/**
 * What a keyboard-wedge scanner does: one key press per character of what it read, then Enter,
 * into whatever has the focus. `keyboard.type` sends a character that is not on a US keyboard
 * (every Thai one) as inserted text, not as a key press, and Chromium sometimes dropped such a
 * character in the kiosk's box; here each character is a real key down and up (CDP key events),
 * as the PC's keyboard driver delivers it.
 */
export async function scanKeys(page: Page, text: string, layout: ScannerLayout): Promise<void> {
  const typed = layout === 'th' ? toThaiLayout(text) : text;
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const char of typed) {
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key: char,
        text: char,
        unmodifiedText: char,
      });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: char });
    }
  } finally {
    await cdp.detach();
  }
  await page.keyboard.press('Enter');
}

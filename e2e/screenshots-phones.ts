/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { issueAndCall } from './support/demo-plant.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

/** The yard's pages used on phones (issue 16): who opens each, and the shot's name. */
const PAGES = [
  { name: 'manage-calling', path: '/System/manageCalling/1', email: 'employee@example.com' },
  { name: 'lab-result', path: '/System/manageResultLab', email: 'lab@example.com' },
  { name: 'exit', path: '/System/exitFactory', email: 'security@example.com' },
  { name: 'weighing', path: '/System/weighing', email: 'employee@example.com' },
] as const;

const COMBOS: [Language, Mode][] = [
  ['th', 'light'],
  ['th', 'dark'],
  ['en', 'light'],
];

/**
 * `SHOTS=phones`: the calling, lab, gate and weighing pages at 390x844 (the top of each, and
 * Manage Calling whole), the menu's drawer, and a queue's dialog on a phone.
 */
export async function shootPhoneScreens(browser: Browser, baseUrl: string): Promise<void> {
  // A truck in process with a long plate: its button shows the whole plate and its station.
  await issueAndCall(baseUrl, 0, 'ทดสอบ 2222 พระนครศรีอยุธยา');

  for (const [language, mode] of COMBOS) {
    const suffix = `${language}-${mode}`;
    for (const screen of PAGES) {
      const page = await preparePage(browser, baseUrl, language, mode, 390, 844);
      await signInDirect(page, baseUrl, screen.email, 'demo1234');
      await page.goto(screen.path);
      await page.locator('main button:visible').first().waitFor();
      await shoot(page, `${screen.name}-phone-${suffix}`);
      if (screen.name === 'manage-calling') {
        await shoot(page, `manage-calling-phone-full-${suffix}`, true);
        if (mode === 'light') {
          await page.getByTestId('open-menu').click();
          await page.locator('.ant-drawer-body [data-testid="side-menu"]').waitFor();
          await shoot(page, `phone-menu-${suffix}`);
          await page.keyboard.press('Escape');
          await page.locator('.ant-drawer-body').waitFor({ state: 'hidden' });
          await page.locator('[data-column="inProcess"] button').first().click();
          await page.getByRole('dialog').waitFor();
          await shoot(page, `manage-calling-phone-dialog-${suffix}`);
        }
      }
      await page.context().close();
    }
  }
}

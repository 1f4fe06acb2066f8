/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { prehashPassword } from '@truck-queue/shared/password';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

/**
 * Issue 36's sign-in, landing and language: the sign-in form warning of the Thai keyboard
 * layout, Manage Users with an officer who signs in with a username and the form that gives one,
 * the Yard rules page's sign-in and language settings (Thai and English, light and dark), and
 * the search boxes and filters at 1366 × 768 in German and Russian.
 */
export async function shootSigninScreens(browser: Browser, baseUrl: string): Promise<void> {
  await ensureUsernameOfficer(baseUrl);
  for (const language of ['th', 'en'] as const satisfies Language[]) {
    for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
      const suffix = `${language}-${mode}`;
      const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
      await page.goto('/authen/login');
      await page.locator('input[autocomplete="username"]').fill('somchai.k');
      // "admin1234" typed with the keyboard still in the Thai layout.
      await page.locator('input[type="password"]').fill('ฟกหรืๅ/-ภ');
      await page.getByTestId('thai-layout').waitFor();
      await shoot(page, `login-thai-layout-${suffix}`);

      await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
      await page.goto('/System/manageUser');
      await page.getByTestId('officer-username').first().waitFor();
      await shoot(page, `manage-users-username-${suffix}`);
      await page.getByRole('button', { name: language === 'th' ? 'เพิ่มผู้ใช้งาน' : 'Add user' }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(language === 'th' ? 'ชื่อผู้ใช้' : 'Username').fill('somchai@plant');
      await form.locator('.ant-form-item-explain-error').first().waitFor();
      await shoot(page, `officer-form-username-${suffix}`);
      await page.keyboard.press('Escape');

      await page.goto('/System/yardRules');
      await page.getByTestId('language-card').waitFor();
      // From the calendar down: the year in other languages, the language, remember me.
      await page.evaluate(() => {
        const card = document.querySelector('[data-testid="calendar-card"]');
        if (card) window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 80);
      });
      await shoot(page, `yard-rules-signin-language-${suffix}`);
      await page.context().close();
    }
  }
  for (const language of ['de', 'ru'] as const) await shootPlaceholders(browser, baseUrl, language);
}

/** An officer of the demo branch who signs in with a username only (made once). */
async function ensureUsernameOfficer(baseUrl: string): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { officer } = await post<{ officer: { username: string }[] }>(
    baseUrl,
    'officer/mainOfficer',
    {},
    admin.session,
  );
  if (officer.some((o) => o.username === 'somchai.k')) return;
  await post(
    baseUrl,
    'officer/doMainOfficer',
    {
      name: 'สมชาย',
      lastname: 'คงมั่น',
      email: '',
      username: 'somchai.k',
      roles: '71',
      password: prehashPassword('gate-pass-2569'),
    },
    admin.session,
  );
}

/** The sign-in page and the pages with search boxes and filters, at 1366 × 768 in German or Russian. */
async function shootPlaceholders(browser: Browser, baseUrl: string, language: 'de' | 'ru'): Promise<void> {
  const page = await preparePage(browser, baseUrl, 'en', 'light', 1366, 768);
  await page.addInitScript((lng) => localStorage.setItem('I18N_LANGUAGE', lng), language);
  await page.goto('/authen/login');
  await page.locator('input[autocomplete="username"]').waitFor();
  await shoot(page, `login-${language}-light`);
  await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
  for (const [name, path] of [
    ['calling-controller', '/System/calling'],
    ['manage-calling', '/System/manageCalling/1'],
    ['lab', '/System/manageResultLab'],
    ['define-queue', '/System/defineQueue'],
    ['disputes', '/System/disputes'],
    ['inout', '/Report/inoutTransaction'],
  ] as const) {
    await page.goto(path);
    await page.locator('main').waitFor();
    await shoot(page, `placeholders-${name}-${language}-light`);
  }
  await page.context().close();
}

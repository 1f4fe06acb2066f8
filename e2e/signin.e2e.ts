import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { calendarYear } from '@truck-queue/shared/calendar';
import { ROUTE_PERMISSIONS } from '@truck-queue/shared/roles';
import { chooseFromMenu, goInApp, signInThroughForm } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser } from './support/file-browser.ts';

/**
 * Issue 36: sign-in, landing and language. Each officer lands on their work screen; a username
 * signs in; "remember me" starts as the branch says; a password typed in the Thai layout is
 * warned about; the branch's language wins over an English browser until the officer chooses;
 * the Buddhist year only in Thai; the Admin role in the reader's language; German and Russian
 * placeholders fit their boxes at 1366 × 768.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** The demo branch's sign-in settings, changed through the admin's API and put back after the file. */
async function setBranch(change: { language?: string; remember_default?: boolean }): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { settings } = await post<{ settings: Record<string, unknown> }>(
    baseUrl,
    'admin/yard/settings',
    {},
    admin.session,
  );
  await post(baseUrl, 'admin/yard/saveSettings', { ...settings, ...change }, admin.session);
}
afterAll(() => setBranch({ language: '', remember_default: false }));

/** A new browser profile (nothing stored) in `locale`, at the sign-in page, as this PC's branch knows it. */
async function loginPage(locale = 'th-TH', viewport = { width: 1366, height: 768 }): Promise<Page> {
  const page = await (await files.context({ language: locale, viewport })).newPage();
  await page.goto('/authen/login');
  await page.locator('input[autocomplete="username"]').waitFor();
  return page;
}

const path = (page: Page) => new URL(page.url()).pathname;

/** Signs in on the sign-in page already open (its address may name the page to go back to). */
async function signInHere(page: Page, login: string, password: string): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(login);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/(System|Report)\//);
}

describe('landing after sign-in', () => {
  it.each([
    ['employee@example.com', '/System/manageCalling/1'],
    ['lab@example.com', '/System/manageResultLab'],
    ['security@example.com', '/System/exitFactory'],
    ['manager@example.com', '/System/dashboard'],
    ['officeradmin@example.com', '/System/dashboard'],
  ])('%s lands on %s', async (email, landing) => {
    const page = await loginPage();
    await signInThroughForm(page, email, 'demo1234');
    expect(path(page)).toBe(landing);
    await page.context().close();
  });

  it('brings an officer sent to sign in from a page back to it, and not to a page their role may not open', async () => {
    const page = await loginPage();
    await page.goto('/Report/summary');
    await page.waitForURL('**/authen/login?next=*');
    await signInHere(page, 'manager@example.com', 'demo1234');
    expect(path(page)).toBe('/Report/summary');

    // The next officer at this PC holds another role: their own work screen, not a 403.
    await page.goto('/authen/logout');
    await page.waitForURL('**/authen/login');
    await page.goto('/Report/summary');
    await page.waitForURL('**/authen/login?next=*');
    await signInHere(page, 'security@example.com', 'demo1234');
    expect(path(page)).toBe('/System/exitFactory');
    await page.context().close();
  });
});

describe('a username as the login', () => {
  it('an admin gives a gate officer without an e-mail a username, and the officer signs in with it', async () => {
    const admin = await loginPage();
    await signInThroughForm(admin, 'admin@example.com', 'admin1234');
    await admin.goto('/System/manageUser');
    await admin.getByRole('button', { name: 'เพิ่มผู้ใช้งาน' }).click();
    const form = admin.getByRole('dialog');
    const username = `gate${Date.now().toString(36)}`;
    await form.getByLabel('ชื่อ', { exact: true }).fill('ประยุทธ');
    await form.getByLabel('นามสกุล').fill('เฝ้าประตู');
    // Neither an e-mail nor a username: the form asks for one of them.
    await form.getByRole('button', { name: 'บันทึก' }).click();
    await form.getByText('กรอกอีเมลหรือชื่อผู้ใช้อย่างน้อยหนึ่งอย่าง').waitFor();
    // A username with an @ is refused in Thai.
    await form.getByLabel('ชื่อผู้ใช้').fill('gate@plant');
    await form.getByText('ใช้ a-z ตัวเลข . _ - ยาว 3–32 ตัว และห้ามมี @').waitFor();
    await form.getByLabel('ชื่อผู้ใช้').fill(username.toUpperCase());
    await form.getByLabel('สิทธิ์การใช้งาน').click();
    await admin.locator('.ant-select-item-option', { hasText: 'เจ้าหน้าที่รักษาความปลอดภัย' }).click();
    await form.getByLabel('รหัสผ่าน').fill('gate-pass-2569');
    await form.getByRole('button', { name: 'บันทึก' }).click();
    await form.waitFor({ state: 'hidden' });
    const row = admin.locator('tr', { hasText: 'ประยุทธ เฝ้าประตู' });
    await expect.poll(() => row.getByTestId('officer-username').innerText()).toContain(username);

    const officer = await loginPage();
    await signInThroughForm(officer, username, 'gate-pass-2569');
    expect(path(officer)).toBe('/System/exitFactory');
    await admin.context().close();
    await officer.context().close();
  });
});

describe('the sign-in form', () => {
  it('starts "remember me" as the branch says: unticked on shared PCs unless the admin ticks it', async () => {
    const remember = (page: Page) => page.getByRole('checkbox', { name: 'จดจำการเข้าสู่ระบบ' });
    const shared = await loginPage();
    await expect.poll(() => remember(shared).isChecked()).toBe(false);
    await shared.context().close();

    await setBranch({ remember_default: true });
    const personal = await loginPage();
    await expect.poll(() => remember(personal).isChecked()).toBe(true);
    await personal.context().close();
    await setBranch({ remember_default: false });
  });

  it('warns at once when the password comes out Thai, and stops when it does not', async () => {
    const page = await loginPage();
    const warning = page.getByTestId('thai-layout');
    // "admin" typed with the keyboard in the Thai layout.
    await page.locator('input[type="password"]').fill('ฟกหรื');
    await expect.poll(() => warning.innerText()).toContain('แป้นพิมพ์เป็นภาษาไทย');
    await page.locator('input[type="password"]').fill('admin1234');
    await expect.poll(() => warning.count()).toBe(0);
    await page.context().close();
  });
});

describe('language', () => {
  it("opens in the branch's language on an English browser until the officer chooses one", async () => {
    const page = await loginPage('en-US');
    const title = page.locator('h3');
    await expect.poll(() => title.innerText()).toBe('เข้าสู่ระบบ');
    await signInThroughForm(page, 'admin@example.com', 'admin1234');
    const dashboardItem = page.locator('aside [data-menu-id$="/System/dashboard"]');
    await expect.poll(() => dashboardItem.innerText()).toBe('แดชบอร์ด');

    // The branch's language changes: this officer, who never chose, follows it.
    await setBranch({ language: 'de' });
    await page.reload();
    await expect.poll(() => dashboardItem.innerText()).toBe('Übersicht');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    // The officer chooses English: the choice wins from now on, after sign-out too.
    await chooseFromMenu(page, page.getByRole('button', { name: /Sprache/ }), 'English');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto('/authen/logout');
    await page.waitForURL('**/authen/login');
    await expect.poll(() => title.innerText()).toBe('Sign in');
    await page.context().close();
    await setBranch({ language: '' });
  });

  it('writes the Buddhist year only in Thai: English shows the Christian year', async () => {
    const year = new Date().getUTCFullYear();
    const thai = await loginPage();
    await signInThroughForm(thai, 'admin@example.com', 'admin1234');
    const footer = (page: Page) => page.locator('footer').last().innerText();
    await expect.poll(() => footer(thai)).toContain(`© ${calendarYear(year, 'BE')}`);
    const english = await loginPage('en-US');
    await english.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
    await signInThroughForm(english, 'admin@example.com', 'admin1234');
    await expect.poll(() => footer(english)).toContain(`© ${year}`);
    expect(await footer(english)).not.toContain(String(calendarYear(year, 'BE')));
    await thai.context().close();
    await english.context().close();
  });

  it('names the Admin role in the reader’s language', async () => {
    for (const [language, name] of [
      ['th', 'ผู้ดูแลระบบ'],
      ['de', 'Administrator'],
      ['ru', 'Администратор'],
    ] as const) {
      const page = await loginPage();
      await page.evaluate((lng) => localStorage.setItem('I18N_LANGUAGE', lng), language);
      await signInThroughForm(page, 'admin@example.com', 'admin1234');
      await page.goto('/System/manageUser');
      const row = page.locator('tr', { hasText: 'officeradmin@example.com' });
      await expect.poll(() => row.locator('.ant-tag').first().innerText()).toBe(name);
      await page.context().close();
    }
  });
});

/** Inputs on screen whose placeholder is wider than the room inside them: what they show, cut. */
function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      const box = input.getBoundingClientRect();
      if (box.width === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) cut.push(input.placeholder);
    }
    return cut;
  });
}

describe('German and Russian placeholders', () => {
  const pages = Object.keys(ROUTE_PERMISSIONS)
    .map((route) => route.replace(':findDayKey', '1'))
    .filter((route) => !route.includes(':'));

  it.each(['de', 'ru'])(
    'fit their boxes at 1366 × 768 in %s: sign-in, search boxes, filters',
    async (language) => {
      const page = await loginPage();
      await page.evaluate((lng) => localStorage.setItem('I18N_LANGUAGE', lng), language);
      await page.reload();
      await page.locator('input[autocomplete="username"]').waitFor();
      const cut: string[] = (await cutPlaceholders(page)).map((text) => `/authen/login: ${text}`);
      await signInThroughForm(page, 'admin@example.com', 'admin1234');
      for (const route of pages) {
        await goInApp(page, route);
        expect(path(page)).toBe(route);
        await page.locator('main').waitFor();
        cut.push(...(await cutPlaceholders(page)).map((text) => `${route}: ${text}`));
      }
      expect(cut).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});

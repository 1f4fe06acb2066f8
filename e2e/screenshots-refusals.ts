import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { openDialog, signInDirect } from './support/browser.ts';
import { createOfficer } from './support/demo-plant.ts';
import { adminSession } from './support/devices.ts';
import { openSummaryLastWeek, preparePage, shoot, type Language } from './support/screenshot-kit.ts';

/** The words the shots click and type, as the screens say them. */
const TEXT = {
  th: {
    addUser: 'เพิ่มผู้ใช้งาน',
    name: 'ชื่อ',
    lastname: 'นามสกุล',
    email: 'อีเมล',
    role: 'พนักงาน',
    password: 'รหัสผ่าน',
    save: 'บันทึก',
    newTicket: 'ออกบัตรคิว',
    changePassword: 'เปลี่ยนรหัสผ่าน',
    current: 'รหัสผ่านปัจจุบัน',
    newPassword: 'รหัสผ่านใหม่',
    confirm: 'ยืนยันรหัสผ่านใหม่',
  },
  en: {
    addUser: 'Add user',
    name: 'First name',
    lastname: 'Last name',
    email: 'Email',
    role: 'Employee',
    password: 'Password',
    save: 'Save',
    newTicket: 'New ticket',
    changePassword: 'Change my password',
    current: 'Current password',
    newPassword: 'New password',
    confirm: 'Confirm new password',
  },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * Refusals that say why (issue 16): the add-user form refusing a common password, the login
 * page's lock-out with its wait, New ticket for an officer with nothing to issue; and the
 * summary report's weights in whole kilograms.
 */
export async function shootRefusalScreens(browser: Browser, baseUrl: string): Promise<void> {
  for (const language of ['th', 'en'] as const) {
    const text = TEXT[language];
    const suffix = `${language}-light`;
    const page = await preparePage(browser, baseUrl, language, 'light');

    await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
    await page.goto('/System/manageUser');
    await page.getByRole('button', { name: text.addUser }).click();
    const form = openDialog(page);
    await form.getByLabel(text.name, { exact: true }).fill('ลัดดา');
    await form.getByLabel(text.lastname).fill('ตั้งรหัส');
    await form.getByLabel(text.email).fill('ladda@example.com');
    await form.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: text.role }).first().click();
    await form.getByLabel(text.password, { exact: true }).fill('12345678');
    await form.getByRole('button', { name: text.save }).click();
    await form.locator('.ant-form-item-explain-error').last().waitFor();
    await shoot(page, `password-rule-${suffix}`);
    // A name pasted with a direction override in it (it would show reversed): said in the form.
    await form.getByLabel(text.name, { exact: true }).fill('ลัดดา\u202E');
    await form.getByLabel(text.password, { exact: true }).fill('ladda-sets-1-good');
    await form.getByRole('button', { name: text.save }).click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await shoot(page, `hidden-characters-${suffix}`);
    await page.keyboard.press('Escape');

    // An officer whom no queue type is given yet.
    const email = `no.types.${randomBytes(3).toString('hex')}@example.com`;
    await createOfficer(baseUrl, await adminSession(baseUrl), {
      name: 'มานะ',
      lastname: 'ยังไม่มีคิว',
      email,
      roles: '55',
      password: 'mana-no-types-1',
    });
    await signInDirect(page, baseUrl, email, 'mana-no-types-1');
    await page.goto('/System/manageCalling/1');
    const newTicket = page.getByRole('button', { name: text.newTicket });
    await newTicket.hover({ force: true });
    await page.getByRole('tooltip').waitFor();
    await shoot(page, `new-ticket-unavailable-${suffix}`);

    await signInDirect(page, baseUrl, 'manager@example.com', 'demo1234');
    await page.goto('/Report/summary');
    await openSummaryLastWeek(page);
    await shoot(page, `summary-weights-${suffix}`);

    // Six failed sign-ins of one account from here: the sixth has to wait.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/authen/login');
    await page
      .locator('input[autocomplete="username"]')
      .fill(`locked.${randomBytes(3).toString('hex')}@example.com`);
    await page.locator('input[type="password"]').fill('not-the-password');
    for (let attempt = 0; attempt < 6; attempt++) {
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/authen/signin')),
        page.locator('button[type="submit"]').click(),
      ]);
    }
    await shoot(page, `login-locked-${suffix}`);

    // Six wrong current passwords in "Change my password": the sixth has to wait (issue 37).
    const guesser = `guesser.${randomBytes(3).toString('hex')}@example.com`;
    await createOfficer(baseUrl, await adminSession(baseUrl), {
      name: 'สมหมาย',
      lastname: 'ลองรหัส',
      email: guesser,
      roles: '55',
      password: 'guesser-password-1',
    });
    await signInDirect(page, baseUrl, guesser, 'guesser-password-1');
    await page.goto('/System/dashboard');
    await page.getByRole('button', { name: 'สมหมาย ลองรหัส' }).click();
    await page.getByRole('menuitem', { name: text.changePassword }).click();
    const dialog = openDialog(page);
    await dialog.getByLabel(text.newPassword, { exact: true }).fill('another-password-2');
    await dialog.getByLabel(text.confirm).fill('another-password-2');
    for (let attempt = 0; attempt < 6; attempt++) {
      await dialog.getByLabel(text.current).fill(`wrong-guess-${attempt}`);
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/authen/changeOwnPassword')),
        dialog.getByRole('button', { name: text.save }).click(),
      ]);
    }
    await dialog
      .getByText(language === 'th' ? 'ผิดหลายครั้งเกินไป' : 'Too many wrong current passwords')
      .waitFor();
    await shoot(page, `own-password-locked-${suffix}`);
    await page.context().close();
  }
}

import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chooseFromMenu, openDialog } from './support/browser.ts';
import { createOfficer, post } from './support/demo-plant.ts';
import { adminSession, newIdentity, useIdentity, type DeviceKind } from './support/devices.ts';
import { fileBrowser } from './support/file-browser.ts';

/**
 * Screens that refuse say why, in Thai (issue 16): a password the rule turns away, a sign-in
 * locked out for a while, "New ticket" for an officer with nothing to issue, and a Device ID
 * no screen is showing.
 */
const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** A page of a Thai browser (the app's language left to it). */
const thaiPage = () => files.page();
/** The same, signed in as `email`, at `path` when given. */
const thaiOfficerPage = (email: string, password: string, path?: string) =>
  files.officerPage(email, password, path, {});

const unique = () => randomBytes(4).toString('hex');

/** The error antd shows under a form field, once it is there. */
async function fieldError(page: Page): Promise<string> {
  const error = openDialog(page).locator('.ant-form-item-explain-error').first();
  await error.waitFor();
  return error.innerText();
}

const TOO_SHORT = 'รหัสผ่านสั้นเกินไป ต้องมีอย่างน้อย 8 ตัวอักษร';
const IS_EMAIL = 'รหัสผ่านต้องไม่ใช่อีเมล ชื่อหน้า @ ของอีเมล หรือชื่อผู้ใช้ กรุณาตั้งรหัสผ่านอื่น';
const TOO_COMMON = 'รหัสผ่านนี้ใช้กันทั่วไปและเดาได้ง่าย';

describe('a password the rule refuses', () => {
  it('is refused with the reason in the add-user form, the admin reset and the own change', async () => {
    const admin = await thaiOfficerPage('admin@example.com', 'admin1234', '/System/manageUser');
    await admin.getByRole('button', { name: 'เพิ่มผู้ใช้งาน' }).click();
    const form = openDialog(admin);
    const email = `pw.${unique()}@example.com`;
    await form.getByLabel('ชื่อ', { exact: true }).fill('ลัดดา');
    await form.getByLabel('นามสกุล').fill('ตั้งรหัส');
    await form.getByLabel('อีเมล').fill(email);
    await form.locator('.ant-select').first().click();
    await admin.locator('.ant-select-item-option', { hasText: 'พนักงาน' }).click();
    // The rule is said before anything is typed.
    await form.getByText('อย่างน้อย 8 ตัวอักษร ห้ามเป็นอีเมลหรือชื่อผู้ใช้ และห้ามเป็นรหัสผ่านที่เดาง่าย').waitFor();
    const password = form.getByLabel('รหัสผ่าน', { exact: true });
    const save = form.getByRole('button', { name: 'บันทึก' });

    for (const [typed, says] of [
      ['1', TOO_SHORT],
      [email.split('@')[0]!.toUpperCase(), IS_EMAIL],
      ['Password123', TOO_COMMON],
    ] as const) {
      await password.fill(typed);
      await save.click();
      // fill() empties the field before it types: the "required" error of that moment may show
      // first on a slow machine, then the rule's reason.
      await expect.poll(() => fieldError(admin), { timeout: 10_000 }).toContain(says);
    }
    expect(await admin.getByText('บันทึกข้อมูลเรียบร้อยแล้ว').count()).toBe(0);
    await password.fill('ladda-scale-77');
    await save.click();
    await admin.getByText('บันทึกข้อมูลเรียบร้อยแล้ว').first().waitFor();

    // The admin's reset of that officer's password.
    const row = admin.locator('tr', { hasText: email });
    await row.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    const reset = openDialog(admin);
    await reset.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('12345678');
    await reset.getByLabel('ยืนยันรหัสผ่านใหม่').fill('12345678');
    await reset.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(() => fieldError(admin), { timeout: 10_000 }).toContain(TOO_COMMON);
    await admin.keyboard.press('Escape');

    // The officer's own change, from the menu under their name.
    const officer = await thaiOfficerPage(email, 'ladda-scale-77', '/System/dashboard');
    const own = openDialog(officer);
    await chooseFromMenu(officer, officer.getByRole('button', { name: 'ลัดดา ตั้งรหัส' }), 'เปลี่ยนรหัสผ่าน');
    await own.waitFor();
    await own.getByLabel('รหัสผ่านปัจจุบัน').fill('ladda-scale-77');
    await own.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(email.toUpperCase());
    await own.getByLabel('ยืนยันรหัสผ่านใหม่').fill(email.toUpperCase());
    await own.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(() => fieldError(officer), { timeout: 10_000 }).toContain(IS_EMAIL);
  });
});

describe('a sign-in locked out after failures', () => {
  it('says how long to wait, from the server’s Retry-After', async () => {
    const page = await thaiPage();
    await page.goto('/authen/login');
    await page.locator('input[autocomplete="username"]').fill(`locked.${unique()}@example.com`);
    await page.locator('input[type="password"]').fill('not-the-password');
    const alert = page.locator('.ant-alert-message, .ant-alert-title').first();
    // Five failures of one account from one address are allowed; the sixth attempt waits.
    for (let attempt = 1; attempt <= 6; attempt++) {
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/authen/signin')),
        page.locator('button[type="submit"]').click(),
      ]);
      await alert.waitFor();
    }
    const text = await alert.innerText();
    expect(text).toMatch(/^เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป ลองใหม่ได้ในอีก \d+ วินาที$/);
    const seconds = Number(/(\d+) วินาที/.exec(text)![1]);
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(text).not.toContain('สักครู่');
  });
});

describe('New ticket', () => {
  it('is disabled, with the reason, for an officer with no queue types to issue', async () => {
    const email = `no.types.${unique()}@example.com`;
    await createOfficer(baseUrl, await adminSession(baseUrl), {
      name: 'มานะ',
      lastname: 'ยังไม่มีคิว',
      email,
      roles: '55',
      password: 'mana-no-types-1',
    });
    const page = await thaiOfficerPage(email, 'mana-no-types-1', '/System/manageCalling/1');
    const button = page.getByRole('button', { name: 'ออกบัตรคิว' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    await button.hover({ force: true });
    await page.getByRole('tooltip').getByText('ออกบัตรคิวไม่ได้: คุณยังไม่ได้รับมอบหมายประเภทคิว').waitFor();

    // An officer who calls queue types still issues tickets.
    const employee = await thaiOfficerPage('employee@example.com', 'demo1234');
    await Promise.all([
      employee.waitForResponse((r) => r.url().endsWith('/api/process/printer/ticketOptions')),
      employee.goto('/System/manageCalling/1'),
    ]);
    await employee.locator('.ant-card').first().waitFor();
    expect(await employee.getByRole('button', { name: 'ออกบัตรคิว' }).isEnabled()).toBe(true);
  });
});

describe('Register on the Display and Printing controllers', () => {
  const controllers: [DeviceKind, string, string][] = [
    ['display', '/System/display', '/DisplayManage'],
    ['printer', '/System/printing', '/PrinterManage'],
  ];

  it.each(controllers)(
    '%s: a mistyped Device ID is refused with the reason and saves nothing; the shown one registers',
    async (kind, controllerPath, screenPath) => {
      const name = `จอทดสอบ ${unique()}`;
      const session = await adminSession(baseUrl);
      await post(
        baseUrl,
        `${kind}/${kind === 'display' ? 'doMainDisplay' : 'doMainPrinter'}`,
        {
          name,
          ...(kind === 'printer' ? { printer: 1 } : {}),
        },
        session,
      );

      // The screen, not registered yet, shows its id and waits.
      const identity = newIdentity();
      const screen = await thaiPage();
      await useIdentity(screen, kind, identity);
      await screen.goto(screenPath);
      expect((await screen.getByTestId('device-id').innerText()).replace(/\s/g, '')).toBe(identity.id);

      const admin = await thaiOfficerPage('admin@example.com', 'admin1234', controllerPath);
      const row = admin.locator('tr', { hasText: name });
      await row.getByRole('button', { name: 'ลงทะเบียน' }).click();
      const dialog = openDialog(admin);
      // One character off: no screen shows it.
      const typo = `${identity.id.slice(0, -1)}${identity.id.endsWith('3') ? '4' : '3'}`;
      await dialog.getByLabel('Device ID').fill(typo);
      await dialog.getByRole('button', { name: 'ลงทะเบียน' }).click();
      expect(await fieldError(admin)).toBe(
        'ไม่พบหน้าจอที่ยังไม่ได้ลงทะเบียนซึ่งแสดง Device ID นี้ กรุณาตรวจสอบรหัสบนหน้าจอแล้วลองใหม่',
      );
      expect(await admin.getByText('บันทึกข้อมูลเรียบร้อยแล้ว').count()).toBe(0);
      await admin.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Nothing was bound: the row still offers Register.
      expect(await row.getByRole('button', { name: 'ลงทะเบียน' }).count()).toBe(1);

      // The id the screen shows registers, and the screen is verified by itself.
      await row.getByRole('button', { name: 'ลงทะเบียน' }).click();
      await openDialog(admin).getByLabel('Device ID').fill(identity.id);
      await openDialog(admin).getByRole('button', { name: 'ลงทะเบียน' }).click();
      await admin.getByText('บันทึกข้อมูลเรียบร้อยแล้ว').first().waitFor();
      await row.getByText('ยืนยันแล้ว').waitFor({ timeout: 15_000 });
    },
  );
});

import { describe, expect, inject, it } from 'vitest';
import { openDialog as dialog } from './support/browser.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

describe('an admin names, renames and retires a queue type (issue 36)', () => {
  it('adds "ส่งมันเส้น" on the lab flow, refuses the same name twice, renames it and retires it', async () => {
    const admin = await files.officerPage('admin@example.com', 'admin1234', '/System/defineQueue', THAI);
    await admin.getByRole('button', { name: 'เพิ่มประเภทคิว' }).first().click();
    await dialog(admin).getByText('ตั้งชื่อประเภทคิวใหม่').click();
    await dialog(admin).getByRole('textbox', { name: 'ชื่อประเภทคิว' }).fill('ส่งมันเส้น E2E');
    await dialog(admin).locator('label.ant-radio-button-wrapper', { hasText: 'ขั้นตอนตรวจแล็บ' }).click();
    await dialog(admin).getByLabel('อักษรนำหน้าคิว').fill('ms');
    await dialog(admin).getByRole('button', { name: /บันทึก/ }).click();
    const row = admin.locator('tr', { hasText: 'ส่งมันเส้น E2E' });
    await expect.poll(() => row.innerText()).toContain('ชื่อของสาขา');
    expect(await row.innerText()).toContain('MS');
    expect(await row.innerText()).toContain('ขั้นตอนตรวจแล็บ');

    // The same name again is refused in the dialog, before any call.
    await admin.getByRole('button', { name: 'เพิ่มประเภทคิว' }).first().click();
    await dialog(admin).getByText('ตั้งชื่อประเภทคิวใหม่').click();
    await dialog(admin).getByRole('textbox', { name: 'ชื่อประเภทคิว' }).fill('ส่งมันเส้น  e2e');
    await dialog(admin).getByRole('button', { name: /บันทึก/ }).click();
    await dialog(admin).getByText('ชื่อนี้มีอยู่แล้วในสาขานี้').waitFor();
    await dialog(admin).locator('.ant-modal-footer').getByRole('button').first().click();

    // Renamed: the list shows the new name.
    await row.getByRole('button', { name: /แก้ไข/ }).click();
    await dialog(admin).getByRole('textbox', { name: 'ชื่อประเภทคิว' }).fill('ส่งมันเส้นแห้ง E2E');
    await dialog(admin).getByRole('button', { name: /บันทึก/ }).click();
    const renamed = admin.locator('tr', { hasText: 'ส่งมันเส้นแห้ง E2E' });
    await renamed.waitFor();

    // Retired: gone from the list.
    await renamed.getByRole('button', { name: /ลบ/ }).click();
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'ลบ' }).click();
    await expect.poll(() => admin.locator('tr', { hasText: 'ส่งมันเส้นแห้ง E2E' }).count()).toBe(0);
  });
});

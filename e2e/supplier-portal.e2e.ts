/// <reference lib="dom" />
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDialog as dialog } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

const PHONE = { width: 390, height: 844 };
const LINE = 'ส่งมันสำปะหลัง';
/** A demo grower (demo-suppliers.ts). */
const GROWER = { code: '2568/0148', name: 'นางสาวมาลี รักไร่' };

interface Line {
  id_branchQT: number;
  enabled: boolean;
  day_capacity: number;
  walk_in_percent: number;
  windows: unknown[];
  closed_days: string[];
  queue_type_name: string;
}

/** The line's plan as this file found it, put back after it (the server is shared by every file). */
let restorePlan: (() => Promise<void>) | undefined;
afterAll(async () => {
  await restorePlan?.();
});

/** The cassava line takes bookings (as the booking plan sets it), unless another file set it already. */
async function openLine(): Promise<void> {
  const { session } = await signIn(baseUrl, 'manager@example.com', 'demo1234');
  const { lines } = await post<{ lines: Line[] }>(baseUrl, 'admin/booking/plan', {}, session);
  const line = lines.find((l) => l.queue_type_name === LINE)!;
  if (line.enabled && line.windows.length > 0) return;
  const { id_branchQT, enabled, day_capacity, walk_in_percent, windows, closed_days } = line;
  restorePlan = async () => {
    await post(
      baseUrl,
      'admin/booking/saveLine',
      { id_branchQT, enabled, day_capacity, walk_in_percent, windows, closed_days },
      session,
    );
  };
  await post(
    baseUrl,
    'admin/booking/saveLine',
    {
      id_branchQT: line.id_branchQT,
      enabled: true,
      day_capacity: 100,
      walk_in_percent: 20,
      windows: [
        { start: '06:00', end: '10:00', capacity: 10 },
        { start: '10:00', end: '14:00', capacity: 10 },
      ],
      closed_days: [],
    },
    session,
  );
}

/** The office gives the grower a PIN from the suppliers list: the slip shows it once, with the page's link. */
async function givePin(): Promise<{ pin: string; url: string }> {
  const page = await files.officerPage('manager@example.com', 'demo1234', '/System/suppliers', THAI);
  await page.getByRole('textbox', { name: 'ค้นหารหัส ชื่อ หรือทะเบียนรถ' }).fill(GROWER.code);
  const row = page.locator('tr.ant-table-row', { hasText: GROWER.code });
  await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
  await row.getByRole('button', { name: 'ออก PIN สำหรับจองคิว' }).click();
  const confirm = dialog(page);
  await confirm.getByText('PIN เดิม (ถ้ามี) จะใช้ไม่ได้ทันที', { exact: false }).first().waitFor();
  await confirm.getByRole('button', { name: 'ออก PIN ใหม่' }).click();
  const slip = page.getByTestId('pin-slip');
  await slip.waitFor();
  const pin = (await slip.getByTestId('pin-value').innerText()).trim();
  const url = (await slip.getByTestId('pin-url').innerText()).trim();
  expect(pin).toMatch(/^\d{6}$/);
  expect(url).toMatch(new RegExp(`^${baseUrl}/supplier\\?b=[0-9a-f-]{36}$`));
  expect(await slip.getByTestId('ticket-qr').getAttribute('data-url')).toBe(url);
  expect(await slip.innerText()).toContain(GROWER.name);
  await page.context().close();
  return { pin, url };
}

async function phone(): Promise<Page> {
  return files.page({ ...THAI, viewport: PHONE, mobile: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("the supplier's booking page on a phone (issue 39)", () => {
  it('a link without its branch says to open the one the office gave', async () => {
    const page = await phone();
    await page.goto('/supplier');
    await page.getByText('กรุณาเปิดลิงก์ที่สำนักงานให้มา', { exact: false }).waitFor();
  });

  it('the office gives a PIN; the grower signs in, books a free slot, sees its QR, cancels it; a new PIN ends its sign-in', async () => {
    await openLine();
    const { pin, url } = await givePin();
    const page = await phone();
    await page.goto(url.slice(baseUrl.length));

    // A wrong PIN is said in Thai; the PIN field takes digits only.
    await page.locator('#portal-code').fill(GROWER.code);
    const wrong = pin === '000000' ? '111111' : '000000';
    await page.locator('#portal-pin').fill(wrong);
    expect(await page.locator('#portal-pin').getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByText('รหัสผู้ส่งหรือรหัส PIN ไม่ถูกต้อง', { exact: false }).waitFor();

    await page.locator('#portal-pin').fill(pin);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByTestId('portal-supplier').getByText(GROWER.name).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);

    // Still signed in after the page is opened again.
    await page.reload();
    await page.getByTestId('portal-supplier').getByText(GROWER.name).waitFor();

    await page.getByRole('button', { name: 'จองคิวส่ง' }).click();
    const lineChoice = page.getByRole('radio', { name: LINE });
    if ((await lineChoice.count()) > 0) await lineChoice.check();
    await page.locator('#portal-product').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'หัวมันสด' }).click();
    // The day after tomorrow (the strip's third day), its last window with free loads: not a
    // slot bookings.e2e counts (tomorrow's first window), whichever file runs first.
    const later = page.getByTestId('portal-day').nth(2);
    const day = (await later.getAttribute('data-day'))!;
    await later.click();
    const slot = page.locator('[data-testid="portal-window"]:not([disabled])').last();
    const start = (await slot.getAttribute('data-window'))!;
    await slot.click();
    expect(await sideways(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('portal-book-submit').click();

    // Booked: its QR and its code in large letters, for the driver at the kiosk.
    const booked = page.getByTestId('portal-booked');
    await booked.waitFor();
    const code = (await booked.getByTestId('booking-code').innerText()).trim();
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY3469]{8}$/);
    expect(await booked.getByTestId('ticket-qr').getAttribute('data-url')).toBe(code);
    expect(await booked.getByTestId('portal-booking-window').innerText()).toContain(start);
    expect(await booked.innerText()).toContain('รถคันใดก็ได้');

    // The office sees it, made by the supplier.
    const { session } = await signIn(baseUrl, 'manager@example.com', 'demo1234');
    const { bookings } = await post<{ bookings: { code: string; source: string }[] }>(
      baseUrl,
      'admin/booking/list',
      { from: day, to: day, find: code },
      session,
    );
    expect(bookings).toEqual([expect.objectContaining({ code, source: 'supplier' })]);

    // Home: the booking with its QR; cancelled after a confirm, it moves to the past week's list.
    await page.getByRole('button', { name: 'กลับหน้าหลัก' }).click();
    const card = page.locator(`[data-testid="portal-booking"][data-code="${code}"]`);
    await card.getByTestId('ticket-qr').waitFor();
    await card.getByRole('button', { name: 'ยกเลิกการจองนี้' }).click();
    await dialog(page).getByRole('button', { name: 'ยกเลิกการจอง' }).click();
    await page.getByText(`ยกเลิกการจอง ${code} แล้ว`).waitFor();
    await card.waitFor({ state: 'detached' });
    const past = page.getByTestId('portal-past-booking').filter({ hasText: code });
    await expect.poll(() => past.getByTestId('booking-status').innerText()).toBe('ยกเลิก');

    // A new PIN from the office ends the phone's sign-in: back to the sign-in, said in Thai.
    const { suppliers } = await post<{ suppliers: { id: number; code: string }[] }>(
      baseUrl,
      'admin/supplier/list',
      { find: GROWER.code },
      session,
    );
    const grower = suppliers.find((s) => s.code === GROWER.code)!;
    const again = await post<{ pin: string }>(
      baseUrl,
      'admin/supplier/pin',
      { supplier_id: grower.id },
      session,
    );
    await page.reload();
    await page.getByText('การเข้าระบบหมดอายุแล้ว กรุณาเข้าสู่ระบบอีกครั้ง').waitFor();
    await page.locator('#portal-code').fill(GROWER.code);
    await page.locator('#portal-pin').fill(again.pin);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByTestId('portal-supplier').getByText(GROWER.name).waitFor();

    // Signed out: the sign-in again, and the phone forgot the sign-in.
    await page.getByTestId('portal-sign-out').click();
    await page.getByText('ออกจากระบบแล้ว').waitFor();
    await page.reload();
    await page.locator('#portal-code').waitFor();
  });
});

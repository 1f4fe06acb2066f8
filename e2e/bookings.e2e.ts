import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openDialog as dialog } from './support/browser.ts';
import { shownDay, typeDate } from './support/dates.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

const LINE = 'ส่งมันสำปะหลัง';
const SUPPLIER = 'L-001';
const SAVED = 'บันทึกข้อมูลเรียบร้อยแล้ว';

interface Line {
  id_branchQT: number;
  enabled: boolean;
  day_capacity: number;
  walk_in_percent: number;
  windows: unknown[];
  closed_days: string[];
  queue_type_name: string;
}

/** The line's plan as this file found it (the demo's, or another file's), put back after it: the server is shared. */
let restorePlan: (() => Promise<void>) | undefined;
afterAll(async () => {
  await restorePlan?.();
});

async function keepPlan(): Promise<void> {
  const { session } = await signIn(baseUrl, 'manager@example.com', 'demo1234');
  const { lines } = await post<{ lines: Line[] }>(baseUrl, 'admin/booking/plan', {}, session);
  const { id_branchQT, enabled, day_capacity, walk_in_percent, windows, closed_days } = lines.find(
    (l) => l.queue_type_name === LINE,
  )!;
  restorePlan = async () => {
    await post(
      baseUrl,
      'admin/booking/saveLine',
      { id_branchQT, enabled, day_capacity, walk_in_percent, windows, closed_days },
      session,
    );
  };
}

/** What a window's cell counts: booked (and checked in) of bookable, and cancelled. */
async function cellCounts(cell: Locator) {
  const text = await cell.innerText();
  return {
    booked: Number(/(\d+) \/ \d+/.exec(text)?.[1] ?? 0),
    cancelled: Number(/ยกเลิก (\d+)/.exec(text)?.[1] ?? 0),
  };
}

async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

/** Types a time into a window's picker (by the end of its id) and leaves it. */
async function typeTime(card: Locator, idEnd: string, time: string) {
  const input = card.locator(`input[id$="${idEnd}"]`);
  await input.click();
  await input.fill(time);
  await input.press('Enter');
}

describe('bookings (issue 39): the office plans a line, books a slot, sees it, cancels it', () => {
  it('sets a plan, books a slot of tomorrow, sees it in the week, then cancels it', async () => {
    await keepPlan();
    const page = await files.officerPage('manager@example.com', 'demo1234', '/System/bookingPlan', THAI);
    const card = page.locator(`[data-testid="booking-line"][data-line="${LINE}"]`);
    await card.waitFor();
    // The demo's line has windows already (and another file may have set others): start from none.
    const remove = card.getByRole('button', { name: /^ลบช่วงที่/ });
    while ((await remove.count()) > 0) await remove.first().click();

    // The line takes bookings: 100 loads a day, 20% kept for walk-ins, one window of 10 loads.
    const enabled = card.getByRole('switch');
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await card.locator('input[id$="_day_capacity"]').fill('100');
    await card.locator('input[id$="_walk_in_percent"]').fill('20');
    await card.getByRole('button', { name: 'เพิ่มช่วงเวลา' }).click();
    await typeTime(card, '-window-0-start', '06:00');
    await typeTime(card, '-window-0-end', '10:00');
    await card.locator('input[id$="-window-0-capacity"]').fill('10');
    await expect.poll(() => card.getByTestId('window-bookable').first().innerText()).toBe('จองได้ 8 เที่ยว');

    // A second window that overlaps the first is said on its field; nothing is sent.
    await card.getByRole('button', { name: 'เพิ่มช่วงเวลา' }).click();
    await typeTime(card, '-window-1-start', '09:00');
    await typeTime(card, '-window-1-end', '12:00');
    await card.locator('input[id$="-window-1-capacity"]').fill('5');
    await card.getByRole('button', { name: 'บันทึก' }).click();
    await card.getByText('ช่วงนี้ทับกับช่วงอื่น').waitFor();
    await card.getByRole('button', { name: 'ลบช่วงที่ 2' }).click();
    await card.getByRole('button', { name: 'บันทึก' }).click();
    await page.getByText(SAVED).first().waitFor();
    await card.getByText('เปิดรับจอง', { exact: true }).first().waitFor();

    await page.goto('/System/bookings');
    await choose(page, page.getByTestId('booking-line-picker'), LINE);
    await page.getByRole('button', { name: 'จองคิว' }).first().click();
    const form = dialog(page);
    await form.getByText('จองคิวให้ผู้ส่ง').waitFor();
    // Sent empty: the form asks for the supplier, the product, the day and the window.
    await form.getByRole('button', { name: 'จองคิว' }).click();
    await form.getByText('กรุณาเลือกผู้ส่ง').waitFor();
    await form.getByText('กรุณาเลือกวัน').waitFor();

    await page.locator('#booking-supplier').fill(SUPPLIER);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: SUPPLIER }).click();
    await choose(page, page.locator('#booking-line'), LINE);
    await choose(page, page.locator('#booking-product'), 'หัวมันสด');
    const tomorrow = shownDay(-1);
    // The demo holds bookings of its own in the week: the counts are read before.
    const [d, m, y] = tomorrow.split('/').map(Number);
    const day = `${y! - 543}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const cell = page.locator(`[data-testid="booking-cell"][data-day="${day}"][data-window="06:00–10:00"]`);
    await expect.poll(() => cell.innerText()).toContain('/ 8');
    const before = await cellCounts(cell);
    await typeDate(page, 'booking-day', tomorrow);
    await choose(page, page.locator('#booking-window'), `06:00–10:00 · ว่าง ${8 - before.booked}`);
    expect(await form.locator('.ant-select-content', { hasText: 'รถคันใดก็ได้ของผู้ส่ง' }).count()).toBe(1);
    await form.getByRole('button', { name: 'จองคิว' }).click();

    // Booked: its slip opens with its code in large letters and its QR.
    const drawer = page.getByTestId('booking-detail');
    const code = (await drawer.getByTestId('booking-code').innerText()).trim();
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY3469]{8}$/);
    expect(await drawer.getByTestId('ticket-qr').getAttribute('data-url')).toBe(code);
    expect(await drawer.innerText()).toContain('รถคันใดก็ได้ของผู้ส่ง');
    await page.keyboard.press('Escape');

    // The week shows it against the window's bookable loads; the list has its row.
    await expect.poll(() => cell.innerText()).toContain(`${before.booked + 1} / 8`);
    const row = page.locator('[data-testid="booking-list"] tr', { hasText: code });
    await expect.poll(() => row.innerText()).toContain('จองแล้ว');
    expect(await row.innerText()).toContain('นายสมศักดิ์ ใจกว้าง');

    // Cancelled with a reason: the row says so, the window has its load back.
    await row.getByRole('button', { name: 'ยกเลิก' }).click();
    const cancel = dialog(page);
    await cancel.getByText('ยกเลิกการจอง').first().waitFor();
    await cancel.getByRole('button', { name: 'ยกเลิกการจอง' }).click();
    await cancel.getByText('กรุณาระบุเหตุผลที่ยกเลิก').waitFor();
    await page.locator('#booking-cancel-reason').fill('ผู้ส่งขอเลื่อนไปสัปดาห์หน้า');
    await cancel.getByRole('button', { name: 'ยกเลิกการจอง' }).click();
    await page.getByText(`ยกเลิกการจอง ${code} แล้ว`).waitFor();
    await expect.poll(() => row.getByTestId('booking-status').innerText()).toBe('ยกเลิก');
    await expect.poll(() => cell.innerText()).toContain(`${before.booked} / 8`);
    expect(await cell.innerText()).toContain(`ยกเลิก ${before.cancelled + 1}`);
  });
});

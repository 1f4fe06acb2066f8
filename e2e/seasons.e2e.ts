import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { quotaRemaining, tonnesOfKg } from '@truck-queue/shared/quota';
import { formatKg } from '@truck-queue/shared/weight-format';
import { openDialog as dialog } from './support/browser.ts';
import { shownDay } from './support/dates.ts';
import { letOut, post, signIn, weighInAndOut } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { labResultOut } from './support/yard-plant.ts';

/**
 * Seasons and quotas (issue 39 step 2): the office makes a season of a product, sets two
 * suppliers' quotas in its table, and sees a weighed load of one of them counted as delivered,
 * by its paid weight, with what is left.
 */

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

// The e2e server is shared by every file: codes and plates of this run only.
const RUN = String(Date.now()).slice(-5);
const CODE = `SE${RUN}`;
const PLATE = `7${RUN.slice(-1)}-${RUN.slice(-4)} ขอนแก่น`;
const SEASON = `มันเส้น ${RUN}`;
const PRODUCT = 'มันเส้น';

/** Picks the option named exactly `option` (other files add products whose names start alike). */
async function choose(page: Page, field: ReturnType<Page['locator']>, option: string) {
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(option, { exact: true })
    .click();
}

/** Fills the season dialog: a name, the product, and the days from `start` to `end` as shown. */
async function fillSeason(page: Page, name: string, start: string, end: string) {
  const form = dialog(page);
  await form.getByRole('textbox', { name: 'ฤดูกาล' }).fill(name);
  await choose(page, form.getByRole('combobox', { name: 'วัตถุดิบ' }), PRODUCT);
  const days = form.locator('.ant-picker-range input');
  await days.nth(0).click();
  await days.nth(0).fill(start);
  await days.nth(1).click();
  await days.nth(1).fill(end);
  // Leaving the field takes the typed day and closes the calendar (Enter would send the form).
  await form
    .getByText(/เพิ่มฤดูกาล|แก้ไขฤดูกาล/)
    .first()
    .click();
  await expect.poll(() => days.nth(1).inputValue()).toBe(end);
  expect(await days.nth(0).inputValue()).toBe(start);
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached' });
}

/** A load of the product weighed in and out for the supplier's plate; its paid kilograms. */
async function deliver(licence: string): Promise<number> {
  const employee = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const options = await post<{
    queue_type: { id: number; prefix: string; product: { id: number; name: string }[] }[];
  }>(baseUrl, 'process/printer/ticketOptions', {}, employee.session);
  const type = options.queue_type.find((q) => q.prefix === 'A')!;
  const product = type.product.find((p) => p.name === PRODUCT)!;
  const { queue } = await post<{ queue: { queue_number: string; uuid: string } }>(
    baseUrl,
    'process/printer/issueQueue',
    { id_branchQT: type.id, product: product.id, truck_license: licence },
    employee.session,
  );
  await labResultOut(baseUrl, queue);
  await weighInAndOut(baseUrl, employee.session, queue.uuid, { in: 31_250, out: 12_040 });
  await letOut(baseUrl, queue.queue_number, queue.uuid);
  const { queue: page } = await post<{ queue: { slip: { paid_kg: number } | null } }>(
    baseUrl,
    'process/user/queueInformation',
    { queue_number_id: queue.uuid },
  );
  return page.slip!.paid_kg;
}

describe('seasons and quotas (issue 39)', () => {
  it('makes a season, sets two quotas together, and counts a weighed load as delivered', async () => {
    const manager = await signIn(baseUrl, 'manager@example.com', 'demo1234');
    for (const [suffix, name, vehicles] of [
      ['A', 'นายสมหมาย ส่งดี', [PLATE]],
      ['B', 'นางสายใจ ไร่งาม', []],
    ] as const)
      await post(
        baseUrl,
        'admin/supplier/save',
        {
          code: `${CODE}${suffix}`,
          name,
          kind: 'grower',
          phone: null,
          tax_id: null,
          leader_id: null,
          active: true,
          vehicles,
        },
        manager.session,
      );

    const page = await files.officerPage('manager@example.com', 'demo1234', '/System/seasons', THAI);
    await page.getByRole('heading', { name: 'ฤดูกาล', level: 5 }).waitFor();
    // The demo's season of cassava is there, with its growers' quotas.
    await page.locator('tr', { hasText: 'หัวมันสด' }).first().waitFor();

    await page.getByRole('button', { name: 'เพิ่มฤดูกาล' }).click();
    const form = dialog(page);
    await form.getByText('เพิ่มฤดูกาล').first().waitFor();
    await fillSeason(page, SEASON, shownDay(10), shownDay(-60));
    await form.getByRole('button', { name: /บันทึก/ }).click();
    // Made, it is the season whose quotas show.
    await page.getByRole('heading', { name: `โควตา · ${SEASON}` }).waitFor();
    const seasonRow = page.locator('tr', { hasText: SEASON });
    expect(await seasonRow.innerText()).toContain(`${shownDay(10)} – ${shownDay(-60)}`);
    expect(await seasonRow.innerText()).toContain('ยังไม่กำหนดโควตา');

    // Another active season of the product on the same days: refused on the days, in Thai.
    await page.getByRole('button', { name: 'เพิ่มฤดูกาล' }).click();
    await form.getByText('เพิ่มฤดูกาล').first().waitFor();
    await fillSeason(page, `ซ้อน ${RUN}`, shownDay(5), shownDay(-5));
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await form.getByText('มีฤดูกาลที่ใช้งานอยู่ของวัตถุดิบนี้ในช่วงวันเหล่านี้แล้ว').waitFor();
    await form.getByRole('button', { name: 'ยกเลิก' }).click();

    // Two quotas typed in the table, saved together.
    const quotas = page.getByTestId('quota-card');
    await quotas.getByRole('textbox', { name: 'ค้นหารหัสหรือชื่อผู้ส่ง' }).fill(CODE);
    const rowA = quotas.locator('tr', { hasText: `${CODE}A` });
    const rowB = quotas.locator('tr', { hasText: `${CODE}B` });
    await rowB.waitFor();
    await expect.poll(() => quotas.getByTestId('quota-count').innerText()).toBe('ทั้งหมด 2 รายการ');
    await rowA.getByRole('spinbutton', { name: `โควตาของ ${CODE}A` }).fill('30');
    await rowB.getByRole('spinbutton', { name: `โควตาของ ${CODE}B` }).fill('12.5');
    await quotas.getByTestId('quota-unsaved').getByText('แก้ไขแล้วยังไม่บันทึก 2 ราย').waitFor();
    await quotas.getByRole('button', { name: 'บันทึกโควตา' }).click();
    await page.getByText('บันทึกโควตา 2 รายแล้ว').waitFor();
    await expect.poll(() => seasonRow.innerText()).toContain('ส่งแล้ว 0 จาก 42.5 ตัน');
    await quotas.getByRole('checkbox', { name: 'เฉพาะที่มีโควตา' }).check();
    await expect.poll(() => quotas.getByTestId('quota-count').innerText()).toBe('ทั้งหมด 2 รายการ');

    // A load of supplier A weighed in and out: delivered by its paid weight, the rest left.
    const tonnes = tonnesOfKg(await deliver(PLATE));
    expect(tonnes).toBeGreaterThan(15);
    await quotas.getByRole('button', { name: 'โหลดข้อมูลใหม่' }).click();
    const shown = (value: number) => formatKg(value, 'th-TH');
    await expect.poll(() => rowA.innerText()).toContain(shown(tonnes));
    const cells = await rowA.locator('td').allInnerTexts();
    // Code, name, quota (an input), delivered, remaining, loads, tonnes, booked.
    expect(cells.slice(3)).toEqual([
      shown(tonnes),
      shown(quotaRemaining(30, tonnes)),
      '1',
      shown(tonnes),
      '–',
    ]);
    expect(await rowA.getByRole('spinbutton').inputValue()).toBe('30.0');
    await page.getByRole('button', { name: 'โหลดข้อมูลใหม่' }).first().click();
    await expect.poll(() => seasonRow.innerText()).toContain(`ส่งแล้ว ${shown(tonnes)} จาก 42.5 ตัน`);
  });
});

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDialog as dialog } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { fileBrowser, THAI } from './support/file-browser.ts';
import { fillDialogPlate } from './support/plates.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

// The e2e server is shared by every file: codes and plates of this run only.
const RUN = String(Date.now()).slice(-5);
const CODE = `E2E${RUN}`;
const NUMBER = `8${RUN.slice(-1)}-${RUN.slice(-4)}`;
const PLATE = `${NUMBER} ขอนแก่น`;
const IMPORTED = `IMP${RUN}`;

const HEADER = 'รหัส,ชื่อ,ประเภท,โทรศัพท์,เลขผู้เสียภาษี,รหัสหัวหน้ากลุ่ม,ทะเบียนรถ,ใช้งาน';

function csv(...rows: string[]) {
  return {
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...rows].join('\n'), 'utf8'),
  };
}

async function listed(find: string): Promise<{ code: string; name: string; vehicles: string[] }[]> {
  const { session } = await signIn(baseUrl, 'manager@example.com', 'demo1234');
  const { suppliers } = await post<{ suppliers: { code: string; name: string; vehicles: string[] }[] }>(
    baseUrl,
    'admin/supplier/list',
    { find, include_inactive: true },
    session,
  );
  return suppliers;
}

async function choose(page: Page, field: ReturnType<Page['locator']>, option: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

describe('suppliers (issue 39): the office keeps them, the ticket desk finds them by plate', () => {
  it('adds a supplier with a plate, finds it by the plate, edits it', async () => {
    const page = await files.officerPage('manager@example.com', 'demo1234', '/System/suppliers', THAI);
    await page.getByRole('heading', { name: 'ผู้ส่งวัตถุดิบ', level: 5 }).waitFor();

    await page.getByRole('button', { name: 'เพิ่มผู้ส่ง' }).first().click();
    const form = dialog(page);
    await form.getByText('เพิ่มผู้ส่ง').first().waitFor();
    // Saved empty: the form asks for the code, the name and the kind; nothing is sent.
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await form.getByText('กรุณากรอกรหัส').waitFor();
    await form.getByText('กรุณาเลือกประเภท').waitFor();

    await form.getByRole('textbox', { name: 'รหัส', exact: true }).fill(CODE);
    await form.getByRole('textbox', { name: 'ชื่อ' }).fill('สมชาย ไร่ดี');
    await choose(page, form.getByRole('combobox', { name: 'ประเภท' }), 'ชาวไร่');
    await form.getByRole('textbox', { name: 'เลขผู้เสียภาษี' }).fill('1101700230709');
    const plates = form.getByRole('combobox', { name: 'ทะเบียนรถ' });
    await plates.fill(PLATE);
    await plates.press('Enter');
    await form.getByRole('button', { name: /บันทึก/ }).click();
    // A wrong check digit is said on the field before anything is sent.
    await form.getByText(/หลักตรวจสอบไม่ตรง/).waitFor();
    await form.getByRole('textbox', { name: 'เลขผู้เสียภาษี' }).fill('1-1017-00230-70-8');
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await page.getByText('บันทึกข้อมูลเรียบร้อยแล้ว').waitFor();

    // Found by its plate, typed as the plate's number alone.
    await page.getByRole('textbox', { name: 'ค้นหารหัส ชื่อ หรือทะเบียนรถ' }).fill(NUMBER);
    const row = page.locator('tr', { hasText: CODE });
    await expect.poll(() => row.innerText()).toContain('สมชาย ไร่ดี');
    expect(await row.getByTestId('supplier-plate').allInnerTexts()).toEqual([PLATE]);
    expect(await row.innerText()).toContain('ชาวไร่');

    await row.getByRole('button', { name: 'แก้ไข' }).click();
    await form.getByText('แก้ไขผู้ส่ง').waitFor();
    await expect.poll(() => form.getByRole('textbox', { name: 'รหัส', exact: true }).inputValue()).toBe(CODE);
    await form.getByRole('textbox', { name: 'ชื่อ' }).fill('สมชาย ไร่ดีมาก');
    await form.getByRole('textbox', { name: 'โทรศัพท์' }).fill('081-234 5678');
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await expect.poll(() => row.innerText()).toContain('สมชาย ไร่ดีมาก');
    expect(await row.innerText()).toContain('081-234-5678');

    // The vehicle's RFID tag (issue 42): a box per plate behind a link, checked before it is sent,
    // and marked on the plate in the list.
    await row.getByRole('button', { name: 'แก้ไข' }).click();
    await form.getByText('แก้ไขผู้ส่ง').waitFor();
    await form.getByRole('button', { name: 'ใส่แท็ก RFID ของรถ' }).click();
    const tagBox = form.getByRole('textbox', { name: `แท็ก RFID ของรถ ${PLATE}` });
    await tagBox.fill('zz12');
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await form.getByText('รหัสแท็กต้องเป็นเลขฐานสิบหก (0–9, A–F) 8–32 หลัก').waitFor();
    await tagBox.fill('e280 1160 6000 0209');
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await expect.poll(() => row.getByRole('img', { name: 'แท็ก RFID' }).count()).toBe(1);

    // Another supplier with the same code, then the same plate: each refusal on its field, in Thai,
    // the plate's naming its owner.
    await page.getByRole('button', { name: 'เพิ่มผู้ส่ง' }).first().click();
    await form.getByText('เพิ่มผู้ส่ง').first().waitFor();
    await form.getByRole('textbox', { name: 'รหัส', exact: true }).fill(CODE);
    await form.getByRole('textbox', { name: 'ชื่อ' }).fill('นายซ้ำ ทะเบียนเดิม');
    await choose(page, form.getByRole('combobox', { name: 'ประเภท' }), 'พ่อค้าคนกลาง');
    await plates.fill(PLATE);
    await plates.press('Enter');
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await form.getByText('รหัสนี้มีผู้ส่งรายอื่นใช้แล้ว').waitFor();
    await form.getByRole('textbox', { name: 'รหัส', exact: true }).fill(`${CODE}B`);
    await form.getByRole('button', { name: /บันทึก/ }).click();
    await form.getByText(`ทะเบียน ${PLATE} เป็นของผู้ส่ง ${CODE} สมชาย ไร่ดีมาก แล้ว`).waitFor();
    await form.getByRole('button', { name: 'ยกเลิก' }).click();
    expect(await listed(`${CODE}B`)).toEqual([]);
  });

  it('refuses a spreadsheet with a problem (nothing written), then imports a good one', async () => {
    const page = await files.officerPage('manager@example.com', 'demo1234', '/System/suppliers', THAI);
    await page.getByRole('button', { name: 'นำเข้าจากไฟล์' }).first().click();
    const importer = dialog(page);
    await importer.getByText(/ไม่บันทึกข้อมูลใดเลย/).waitFor();
    const apply = importer.getByRole('button', { name: 'นำเข้า', exact: true });
    expect(await apply.isDisabled()).toBe(true);

    // Row 3 holds a plate row 2 holds too: listed by row and column, in Thai; nothing written.
    await importer
      .getByTestId('supplier-import-file')
      .setInputFiles(
        csv(
          `${IMPORTED}A,นายดี มีสุข,grower,,,,91-${RUN.slice(-4)} ขอนแก่น,ใช่`,
          `${IMPORTED}B,นางงาม ใจดี,grower,,,,91-${RUN.slice(-4)} ขอนแก่น,ใช่`,
        ),
      );
    const problems = importer.getByTestId('supplier-import-problems');
    await problems.waitFor();
    const problem = problems.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => problem.innerText()).toMatch(/3\s+ทะเบียนรถ\s+ทะเบียนนี้เป็นของผู้ส่งรายอื่นแล้ว/);
    await importer.getByText(/ยังไม่ได้บันทึกข้อมูลใด ๆ/).waitFor();
    expect(await apply.isDisabled()).toBe(true);
    expect(await listed(IMPORTED)).toEqual([]);

    await importer
      .getByTestId('supplier-import-file')
      .setInputFiles(
        csv(
          `${IMPORTED}A,นายดี มีสุข,grower,,,,91-${RUN.slice(-4)} ขอนแก่น,ใช่`,
          `${IMPORTED}B,นางงาม ใจดี,grower,,,,92-${RUN.slice(-4)} ขอนแก่น,ใช่`,
        ),
      );
    await importer.getByText('ไม่พบปัญหา กด “นำเข้า” เพื่อบันทึก').waitFor();
    await apply.click();
    await page.getByText(/นำเข้าเรียบร้อย: เพิ่มใหม่ 2 ราย/).waitFor();
    expect((await listed(IMPORTED)).map((s) => s.code).sort()).toEqual([`${IMPORTED}A`, `${IMPORTED}B`]);
    await page.getByRole('textbox', { name: 'ค้นหารหัส ชื่อ หรือทะเบียนรถ' }).fill(IMPORTED);
    await page
      .locator('tr', { hasText: `${IMPORTED}B` })
      .getByText('นางงาม ใจดี')
      .waitFor();

    // The export: the branch's suppliers in the import's own columns, the imported ones among them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'ส่งออก Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'tq-suppliers-')),
      download.suggestedFilename(),
    );
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const texts: string[][] = [];
    sheet.eachRow((row) => texts.push(Array.from({ length: 9 }, (_, i) => row.getCell(i + 1).text)));
    // Under the sheet's title: the import's header row (the RFID tags beside the plates), then a
    // supplier a row.
    const header = texts.findIndex((row) => row[0] === 'รหัส');
    expect(texts[header]).toEqual(HEADER.replace('ทะเบียนรถ', 'ทะเบียนรถ,แท็ก RFID').split(','));
    expect(texts.find((row) => row[0] === `${IMPORTED}B`)?.slice(0, 2)).toEqual([
      `${IMPORTED}B`,
      'นางงาม ใจดี',
    ]);
  });

  it('picks the supplier by itself in New ticket from the plate, and sends it', async () => {
    const page = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1', THAI);
    await page.getByRole('button', { name: /ออกบัตรคิว$/ }).click();
    const ticket = page.getByRole('dialog');
    const product = ticket.getByLabel('สินค้า', { exact: true });
    for (let attempt = 0; attempt < 5 && (await product.isDisabled()); attempt++) {
      await ticket.getByLabel('ประเภทคิว', { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ติดต่อทั่วไป' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await product.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'วัสดุซ่อมบำรุง' })
      .click();
    await fillDialogPlate(page, ticket, 'th', PLATE);
    await expect
      .poll(() => ticket.getByTestId('ticket-supplier-by-plate').innerText())
      .toBe(`เลือกให้จากทะเบียนรถ: ${CODE} สมชาย ไร่ดีมาก`);

    const sent = page.waitForRequest('**/api/process/printer/issueQueue');
    await ticket.getByRole('button', { name: 'ออกบัตรคิว', exact: true }).click();
    const body = (await sent).postDataJSON() as { supplier_id?: number };
    expect(body.supplier_id).toEqual(expect.any(Number));
    await page.getByTestId('issued-number').waitFor();
  });
});

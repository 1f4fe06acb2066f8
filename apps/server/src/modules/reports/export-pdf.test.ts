import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { queues } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { officeToolsMissing, pdfPages, pdfText, xlsxToPdf } from '../../test/office-pdf.ts';
import { createPlant, type Plant } from '../../test/plant.ts';

/**
 * The exports as a reader sees them: LibreOffice prints each to PDF, and the text and pages of
 * the PDF are what is checked (the title block, the Thai headers, durations and BE dates as they
 * read, "-" for what is missing, landscape A4 one page wide with the header on every page).
 */

let t: TestContext;
let plant: Plant;
const dir = mkdtempSync(path.join(os.tmpdir(), 'tq-export-pdf-'));

/** Bangkok wall clock → instant (UTC+7). */
const bkk = (time: string, seconds = 0) =>
  new Date(new Date(`2026-11-20T${time}:00+07:00`).getTime() + seconds * 1000);

/** Visitors that only took a ticket: enough rows for a few printed pages, each all "-". */
const VISITORS = 150;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'โรงงานนครราชสีมา');
  const base = { branchId: plant.branch.id, queueDate: '2026-11-20', updated: bkk('08:00') };
  // A lab truck: lab 10:05 → 11:46:30 (1:41 in whole minutes), in at 10:00 and out at 12:00:30.
  await t.db.insert(queues).values({
    ...base,
    branchQueueTypeId: plant.types.lab.id,
    productId: plant.products.cassava.id,
    seq: 1,
    queueNumber: 'A001',
    truckLicense: 'กข 1234 กรุงเทพมหานคร',
    state: 'F',
    created: bkk('10:00'),
    labStart: bkk('10:05'),
    labFinish: bkk('11:46', 30),
    calledAt: bkk('11:50'),
    finishedAt: bkk('11:55'),
    exitAt: bkk('12:00', 30),
    weighInKg: '31250.5',
    weighInAt: bkk('10:02'),
    weighOutKg: '12040.0',
    weighOutAt: bkk('11:58'),
    weighInSource: 'manual' as const,
    weighOutSource: 'manual' as const,
    weighInReason: 'ตาชั่งขัดข้อง',
  });
  await t.db.insert(queues).values(
    Array.from({ length: VISITORS }, (_, i) => ({
      ...base,
      branchQueueTypeId: plant.types.general.id,
      productId: plant.products.parts.id,
      seq: i + 1,
      queueNumber: `C${String(i + 1).padStart(3, '0')}`,
      truckLicense: `70-${2000 + i}`,
      state: 'QS',
      created: bkk('12:30', i * 60),
    })),
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Makes the export, downloads it, prints it to PDF: the PDF's path. */
async function exportPdf(
  contract: typeof reportContracts.inOutTransactionExport | typeof reportContracts.summaryReportExport,
  name: string,
): Promise<string> {
  const session = plant.officers.admin.session;
  const made = await t.call(contract, { find_start: '2026-11-20', find_finish: '2026-11-20' }, session);
  const file = await t.app.inject({
    method: 'GET',
    url: made.excel_url,
    headers: { authorization: t.config.apiKey, session },
  });
  expect(file.statusCode).toBe(200);
  const xlsx = path.join(dir, `${name}.xlsx`);
  writeFileSync(xlsx, file.rawPayload);
  return xlsxToPdf(xlsx, dir);
}

/** Every page's text. */
async function pages(pdf: string): Promise<string[]> {
  const { pages: count } = await pdfPages(pdf);
  return Promise.all(Array.from({ length: count }, (_, i) => pdfText(pdf, i + 1)));
}

/** Landscape A4 in points, as pdfinfo reports it. */
const A4_LANDSCAPE = { width: 841.9, height: 595.3 };

describe.skipIf(officeToolsMissing.length > 0)(
  `the Excel exports opened in LibreOffice${officeToolsMissing.length ? ` (skipped: ${officeToolsMissing.join(', ')} not installed)` : ''}`,
  () => {
    it(
      'the in/out report reads right: title, branch and BE period, Thai headers, 1:41, BE dates, "-", one page wide',
      { timeout: 180_000 },
      async () => {
        const pdf = await exportPdf(reportContracts.inOutTransactionExport, 'in-out');
        const size = await pdfPages(pdf);
        expect(size.width).toBeCloseTo(A4_LANDSCAPE.width, 0);
        expect(size.height).toBeCloseTo(A4_LANDSCAPE.height, 0);
        // 151 rows: a few pages down, never a second page across.
        expect(size.pages).toBeGreaterThanOrEqual(2);
        expect(size.pages).toBeLessThanOrEqual(5);

        const text = await pages(pdf);
        const first = text[0]!;
        expect(first).toContain('รายงานรถเข้า-ออกโรงงาน');
        expect(first).toContain('สาขา: โรงงานนครราชสีมา');
        // pdftotext may put the tone mark of วันที่ after the colon at this size: the BE date is what counts.
        expect(first).toMatch(/วันที(่:|:่) 20\/11\/2569/);
        expect(first).toContain('ตัวกรอง: ไม่มี (ทุกรายการ)');
        // The lab truck's line: BE dates, lab 1:41 (whole minutes), in factory 2:01 (plus one).
        const lab = first.split('\n').find((line) => line.includes('A001'))!;
        expect(lab).toMatch(
          /กข 1234 กรุงเทพมหานคร\s+ส่งมันสำปะหลัง\s+หัวมันสด\s+20\/11\/2569 10:00\s+20\/11\/2569 10:05\s+20\/11\/2569 11:46\s+1:41\s+20\/11\/2569 12:00\s+2:01/,
        );
        // A visitor that only took a ticket: "-" in each of lab in, lab out, lab time, out, time in
        // factory; its state as the screen names it; "-" for the previous number, reason, lab and supplier.
        const visitor = first.split('\n').find((line) => line.includes('C001'))!;
        expect(visitor).toMatch(/20\/11\/2569 12:30\s+-\s+-\s+-\s+-\s+-\s+รอคิว\s+-\s+-\s+-\s+-\s*$/);

        // Every page carries the header row, first column to last: one page wide, the header repeated.
        for (const [index, page] of text.entries()) {
          for (const header of ['ลำดับ', 'ทะเบียนรถ', 'ประเภทสินค้า', 'เวลาในโรงงาน', 'สถานะ', 'เหตุผล'])
            expect(page, `page ${index + 1}`).toContain(header);
          expect(page).toContain(`หน้า ${index + 1} / ${text.length}`);
        }
        // Every row is there, once.
        const numbers = text.join('\n').match(/\b[AC]\d{3}\b/g) ?? [];
        expect(new Set(numbers).size).toBe(VISITORS + 1);
      },
    );

    it('the summary reads right: weights, BE times, 2:01 and "-"', { timeout: 180_000 }, async () => {
      const pdf = await exportPdf(reportContracts.summaryReportExport, 'summary');
      const size = await pdfPages(pdf);
      expect(size.width).toBeCloseTo(A4_LANDSCAPE.width, 0);
      const text = await pages(pdf);
      const first = text[0]!;
      expect(first).toContain('รายงานสรุป');
      expect(first).toContain('เรียงตาม: เวลารับบัตร (น้อยไปมาก)');
      for (const header of ['น้ำหนักเข้า', 'น้ำหนักสุทธิ', 'น้ำหนักจ่ายเงิน', 'เวลาชั่งออก', 'เวลารอคิว'])
        expect(first).toContain(header);
      const lab = first.split('\n').find((line) => line.includes('A001'))!;
      // Net, deductions and paid after the weights; ticket 10:00 → first call 11:50 is a wait of
      // 1:50; ticket to exit 2:00:30 counts 2:01.
      expect(lab).toMatch(
        /31,250\.5\s+12,040\s+19,210\.5\s+[\d,.]+\s+[\d,.]+\s+พิมพ์เอง: ตาชั่งขัดข้อง\s+พิมพ์เอง\s+20\/11\/2569 10:05\s+20\/11\/2569 11:46\s+20\/11\/2569 10:02\s+20\/11\/2569 11:58\s+2:01\s+1:50/,
      );
      const visitor = first.split('\n').find((line) => line.includes('C001'))!;
      expect(visitor).toMatch(/70-2000\s+.+?(\s+-){13}\s*$/);
      // The rows' pages carry the header row; the totals sheet prints after them.
      const totalsAt = text.findIndex((page) => page.includes('ยอดรับเข้ารายวันตามสินค้า'));
      expect(totalsAt).toBeGreaterThan(0);
      for (const page of text.slice(0, totalsAt)) expect(page).toContain('เวลาชั่งเข้า');
      // The day's total and the period's: 151 trucks, one weighed, its net and paid weight.
      expect(text[totalsAt]!.match(/151\s+1\s+19,210\.5\s+0\s+19,210\.5/g)).toHaveLength(2);
    });
  },
);

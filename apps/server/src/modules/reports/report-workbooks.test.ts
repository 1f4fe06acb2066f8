import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { InOutRow, SummaryRow } from '@truck-queue/shared/contracts/report.contract';
import { DATE_TIME_FORMATS, DURATION_FORMAT, textWidth } from '../../lib/sheet-layout.mjs';
import { eraDay } from './export-heading.ts';
import { receiptTotals } from './receipt-totals.ts';
import { QUEUE_STATES, STATE_TONE } from '@truck-queue/shared/queue/queue-machine';
import {
  inOutWorkbook,
  LEFT_UNFINISHED_TH,
  STATE_NAMES_TH,
  summaryWorkbook,
  type WorkbookOptions,
} from './report-workbooks.ts';

/** Bangkok wall clock → instant (UTC+7). */
const bkk = (day: string, time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();

const OPTIONS: WorkbookOptions = {
  branchName: 'โรงงานนครราชสีมา',
  companyName: 'บริษัท แป้งมันไทย จำกัด',
  timeZone: 'Asia/Bangkok',
  madeAt: new Date(bkk('2026-11-22', '16:05')),
};

function inOutRow(patch: Partial<InOutRow>): InOutRow {
  return {
    uuid: 'u',
    queue_number: 'A001',
    previous_number: null,
    queue_state: 'F',
    truck_license: 'กข 1234 กรุงเทพมหานคร',
    queue_type_name: 'ส่งมันสำปะหลัง',
    product_name: 'หัวมันสด',
    supplier_code: null,
    supplier_name: null,
    created: bkk('2026-11-20', '10:00'),
    stamp_lab_start: null,
    stamp_lab_finish: null,
    stamp_second_ls_to_lf: null,
    exit: null,
    time_in_factory: null,
    reason_name: null,
    reason_note: null,
    left_unfinished: false,
    lab_values: [],
    ...patch,
  };
}

const IN_OUT_ROWS = [
  // Lab 1 h 40 min 59 s (whole minutes: 1:40); in factory 1 h 40 min 5 s (plus one: 1:41).
  inOutRow({
    stamp_lab_start: bkk('2026-11-20', '10:05'),
    stamp_lab_finish: bkk('2026-11-20', '11:46'),
    stamp_second_ls_to_lf: 100 * 60 + 59,
    exit: bkk('2026-11-20', '11:40'),
    time_in_factory: 100 * 60 + 5,
    lab_values: [
      {
        measure_id: 1,
        name: 'แป้ง',
        unit: '%',
        decimals: 1,
        value: 16.5,
        passed: false,
        pass_range: '≥ 18.0',
        deduct_above: null,
      },
      {
        measure_id: 2,
        name: 'ดิน',
        unit: '%',
        decimals: 2,
        value: 3,
        passed: true,
        pass_range: null,
        deduct_above: 0,
      },
    ],
  }),
  // Still inside: no lab, no exit; a licence-less visitor with a long reason.
  inOutRow({
    queue_number: 'C002',
    truck_license: '',
    queue_state: 'QS',
    reason_name: 'ตรวจซ้ำ',
    reason_note: 'ความชื้นสูงกว่าที่ตกลงไว้ในสัญญา ให้ตรวจตัวอย่างใหม่อีกครั้งตอนบ่ายพร้อมผู้ควบคุมคุณภาพ',
  }),
];

async function read(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0]!;
}

/**
 * The minutes a duration cell holds. The cell is a number (a fraction of a day); ExcelJS reads a
 * number under a time format back as a date from Excel's epoch, 30 Dec 1899.
 */
function minutesIn(cell: ExcelJS.Cell): number {
  const value = cell.value;
  if (value instanceof Date) return Math.round((value.getTime() - Date.UTC(1899, 11, 30)) / 60_000);
  if (typeof value === 'number') return Math.round(value * 1440);
  throw new Error(`not a duration: ${JSON.stringify(value)}`);
}

/** The row whose first cell is the first header. */
function headerRowOf(sheet: ExcelJS.Worksheet, first = 'ลำดับ'): number {
  for (let n = 1; n <= 20; n++) if (sheet.getRow(n).getCell(1).value === first) return n;
  throw new Error('no header row');
}

describe('the in/out workbook', () => {
  const filter = {
    start: '2026-11-20',
    finish: '2026-11-21',
    license: '1234',
    productName: 'หัวมันสด',
    voided: 0,
  };

  it('opens with a title block: the report, branch and company, period, filters, rows and when it was made', async () => {
    const sheet = await read(await inOutWorkbook(IN_OUT_ROWS, filter, OPTIONS));
    const lines = [1, 2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(1).value);
    expect(lines).toEqual([
      'รายงานรถเข้า-ออกโรงงาน',
      'สาขา: โรงงานนครราชสีมา   บริษัท: บริษัท แป้งมันไทย จำกัด',
      'ช่วงวันที่: 20/11/2569 ถึง 21/11/2569',
      'ตัวกรอง: ทะเบียนรถ: มีคำว่า “1234”   ประเภทสินค้า: หัวมันสด',
      'จำนวน 2 รายการ   ออกรายงานเมื่อ 22/11/2569 16:05 น.',
    ]);
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true, size: 14 });
    // No filter: the block says so; CE when the branch writes CE; a single day reads as one.
    const plain = await read(
      await inOutWorkbook(
        IN_OUT_ROWS,
        { start: '2026-11-20', finish: '2026-11-20', license: '', productName: null, voided: 0 },
        { ...OPTIONS, calendar: 'CE', companyName: '' },
      ),
    );
    expect([2, 3, 4].map((n) => plain.getRow(n).getCell(1).value)).toEqual([
      'สาขา: โรงงานนครราชสีมา',
      'วันที่: 20/11/2026',
      'ตัวกรอง: ไม่มี (ทุกรายการ)',
    ]);
  });

  it('writes dates as real dates in the era, durations as summable [h]:mm, and "-" where the screen shows "-"', async () => {
    const sheet = await read(await inOutWorkbook(IN_OUT_ROWS, filter, OPTIONS));
    const header = headerRowOf(sheet);
    expect(header).toBe(7);
    expect((sheet.getRow(header).values as unknown[]).slice(1)).toEqual([
      'ลำดับ',
      'หมายเลขคิว',
      'ทะเบียนรถ',
      'ประเภทคิว',
      'ประเภทสินค้า',
      'เวลาเข้า\n(รับบัตร)',
      'เวลาเข้าแล็บ',
      'เวลาออกแล็บ',
      'ระยะเวลาแล็บ\n(ชม.:นาที)',
      'เวลาออก',
      'เวลาในโรงงาน\n(ชม.:นาที)',
      'สถานะ',
      'หมายเลขคิวเดิม',
      'เหตุผล',
      'ผลแล็บ',
      'ผู้ส่งวัตถุดิบ',
    ]);

    const done = sheet.getRow(header + 1);
    expect(done.getCell(1)).toMatchObject({ value: 1, type: ExcelJS.ValueType.Number });
    // 10:00 Bangkok as the cell shows it (a spreadsheet has no time zone), in BE.
    const created = done.getCell(6);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect((created.value as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(created.numFmt).toBe(DATE_TIME_FORMATS.BE);
    expect(DATE_TIME_FORMATS.BE).toBe('[$-107041E]dd/mm/yyyy hh:mm');
    // The lab: whole minutes (100 → 1:40); time in factory: plus one (100 → 1:41); real numbers.
    for (const [column, minutes] of [
      [9, 100],
      [11, 101],
    ] as const) {
      const cell = done.getCell(column);
      expect(cell.numFmt).toBe(DURATION_FORMAT);
      expect(minutesIn(cell)).toBe(minutes);
      expect(cell.alignment).toMatchObject({ horizontal: 'right' });
    }
    expect(created.alignment).toMatchObject({ horizontal: 'center' });
    expect(done.getCell(3).alignment).toMatchObject({ horizontal: 'left' });
    // The lab's values, each to its decimals, one outside its pass range marked.
    expect(done.getCell(15).value).toBe('แป้ง 16.5 % (ไม่ผ่าน) · ดิน 3.00 %');
    // The state, as the screen names it.
    expect(done.getCell(12).value).toBe('เสร็จสิ้น');

    // Still inside: "-" for the lab, exit, durations and the previous number; the licence too.
    const inside = sheet.getRow(header + 2);
    expect([3, 7, 8, 9, 10, 11, 13].map((column) => inside.getCell(column).value)).toEqual([
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
    ]);
    expect(inside.getCell(12).value).toBe('รอคิว');
    expect(inside.getCell(14).value).toBe(
      'ตรวจซ้ำ — ความชื้นสูงกว่าที่ตกลงไว้ในสัญญา ให้ตรวจตัวอย่างใหม่อีกครั้งตอนบ่ายพร้อมผู้ควบคุมคุณภาพ',
    );
    expect(inside.getCell(15).value).toBe('-');
    expect(sheet.rowCount).toBe(header + 2);
  });

  it('keeps every mark the screen shows: a truck let out unfinished, and the voided tickets counted beside the rows', async () => {
    const rows = [inOutRow({ queue_state: 'C', left_unfinished: true, exit: bkk('2026-11-20', '12:00') })];
    const sheet = await read(await inOutWorkbook(rows, { ...filter, voided: 3 }, OPTIONS));
    expect(sheet.getRow(6).getCell(1).value).toBe('ยกเลิกบัตร (โมฆะ): 3 รายการ (ไม่อยู่ในตาราง)');
    const header = headerRowOf(sheet);
    expect(sheet.getRow(header).getCell(12).value).toBe('สถานะ');
    expect(sheet.getRow(header + 1).getCell(12).value).toBe('เรียกแล้ว · ออกก่อนงานเสร็จ');
  });

  it("names states and marks in the screen's Thai words (th.json)", async () => {
    const th = JSON.parse(
      await readFile(new URL('../../../../web/src/locales/th.json', import.meta.url), 'utf8'),
    ) as { queueState: Record<string, string>; reports: { inOut: { leftUnfinished: string } } };
    for (const state of QUEUE_STATES)
      expect(STATE_NAMES_TH[STATE_TONE[state]], state).toBe(th.queueState[state]);
    expect(LEFT_UNFINISHED_TH).toBe(th.reports.inOut.leftUnfinished);
  });

  it('sizes each column to its longest value, Thai measured by what the eye sees', async () => {
    const sheet = await read(await inOutWorkbook(IN_OUT_ROWS, filter, OPTIONS));
    const width = (column: number) => sheet.getColumn(column).width!;
    // "กข 1234 กรุงเทพมหานคร" is 21 code points and 20 letters wide (the SARA UU under พ takes none).
    expect(textWidth('กข 1234 กรุงเทพมหานคร')).toBe(20);
    expect(width(3)).toBe(20 + 3);
    // Dates: 16 characters, whatever the era's code in front of the pattern.
    expect(width(6)).toBe(18);
    // A short value under a long header: the header's longest line sets the width.
    expect(width(9)).toBe(Math.ceil(textWidth('ระยะเวลาแล็บ') * 1.1) + 3);
    // A long reason wraps inside a column that stops at 40.
    expect(width(14)).toBe(40);
    expect(sheet.getRow(headerRowOf(sheet) + 2).getCell(14).alignment).toMatchObject({ wrapText: true });
  });

  it('prints on landscape A4, one page wide, the header row on every page, and keeps it in view on screen', async () => {
    const sheet = await read(await inOutWorkbook(IN_OUT_ROWS, filter, OPTIONS));
    const header = headerRowOf(sheet);
    expect(sheet.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${header}:${header}`,
    });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
    expect(sheet.autoFilter).toBe(`A${header}:P${header}`);
    expect(sheet.headerFooter.oddFooter).toBe('&Lรายงานรถเข้า-ออกโรงงาน&Rหน้า &P / &N');
    expect(sheet.getRow(header).getCell(1).font).toMatchObject({ bold: true });
  });
});

describe('the summary workbook', () => {
  const row = (patch: Partial<SummaryRow>): SummaryRow => ({
    uuid: 'u',
    queue_number: 'B001',
    created: bkk('2026-11-20', '08:00'),
    license_no: '70-1001',
    product_name: 'หัวมันสด',
    supplier_code: 'Q-001',
    supplier_name: 'นายสมชาย ใจดี',
    incoming_weight: null,
    output_weight: null,
    net_weight: null,
    deducted_weight: null,
    paid_weight: null,
    document_pick_up: null,
    time_works: null,
    weigh_in: null,
    weigh_out: null,
    weigh_in_source: null,
    weigh_out_source: null,
    weigh_in_reason: null,
    weigh_out_reason: null,
    weigh_in_scale: null,
    weigh_out_scale: null,
    total_time: null,
    time_wait: null,
    ...patch,
  });
  const rows = [
    row({
      incoming_weight: 31250.5,
      output_weight: 12040,
      net_weight: 19210.5,
      deducted_weight: 384.2,
      paid_weight: 18826.3,
      weigh_in: bkk('2026-11-20', '08:05'),
      weigh_out: bkk('2026-11-20', '09:15'),
      weigh_in_source: 'indicator',
      weigh_in_scale: 'ตาชั่ง 1',
      weigh_out_source: 'manual',
      weigh_out_reason: 'ตาชั่งขัดข้อง',
      total_time: 85 * 60,
      time_wait: 30 * 60 + 59,
    }),
    row({ queue_number: 'B002', license_no: 'กข 5678' }),
    row({
      queue_number: 'B003',
      product_name: '',
      incoming_weight: 11000,
      output_weight: 30000,
      net_weight: 19000,
      deducted_weight: 0,
      paid_weight: 19000,
    }),
  ];
  const totals = receiptTotals([
    { day: '2026-11-20', productName: 'หัวมันสด', slip: { net: 19210.5, deducted: 384.2, paid: 18826.3 } },
    { day: '2026-11-20', productName: 'หัวมันสด', slip: null },
    { day: '2026-11-20', productName: '', slip: { net: 19000, deducted: 0, paid: 19000 } },
  ]);
  const filter = {
    start: '2026-11-20',
    finish: '2026-11-20',
    license: '',
    sortField: 'total_time' as const,
    sortOrder: 'descend' as const,
  };

  it('names the order the rows are in, and writes weights as numbers with a decimal only when there is one', async () => {
    const sheet = await read(await summaryWorkbook(rows, totals, filter, OPTIONS));
    expect(sheet.getRow(1).getCell(1).value).toBe('รายงานสรุป');
    expect(sheet.getRow(5).getCell(1).value).toBe('เรียงตาม: เวลารวม (มากไปน้อย)');
    const header = headerRowOf(sheet);
    expect(header).toBe(8);
    expect((sheet.getRow(header).values as unknown[]).slice(1)).toEqual([
      'ลำดับ',
      'หมายเลขคิว',
      'ทะเบียนรถ',
      'ประเภทสินค้า',
      'น้ำหนักเข้า\n(กก.)',
      'น้ำหนักออก\n(กก.)',
      'น้ำหนักสุทธิ\n(กก.)',
      'หักตามผลแล็บ\n(กก.)',
      'น้ำหนักจ่ายเงิน\n(กก.)',
      'ที่มาน้ำหนักเข้า',
      'ที่มาน้ำหนักออก',
      'เวลาเข้าแล็บ',
      'เวลาออกแล็บ',
      'เวลาชั่งเข้า',
      'เวลาชั่งออก',
      'เวลารวม\n(ชม.:นาที)',
      'เวลารอคิว\n(ชม.:นาที)',
      'ผู้ส่งวัตถุดิบ',
    ]);
    const first = sheet.getRow(header + 1);
    expect(first.getCell(4).value).toBe('หัวมันสด');
    expect(first.getCell(18).value).toBe('Q-001 นายสมชาย ใจดี');
    expect(first.getCell(5)).toMatchObject({ value: 31250.5, numFmt: '#,##0.0' });
    expect(first.getCell(6)).toMatchObject({ value: 12040, numFmt: '#,##0_._0' });
    expect(first.getCell(5).alignment).toMatchObject({ horizontal: 'right' });
    // The slip's net, deductions and paid weight: numbers, as the driver's slip says.
    expect([7, 8, 9].map((column) => first.getCell(column).value)).toEqual([19210.5, 384.2, 18826.3]);
    // Where each weight came from: the scale, or typed by hand with the officer's reason.
    expect(first.getCell(10).value).toBe('เครื่องชั่ง: ตาชั่ง 1');
    expect(first.getCell(11).value).toBe('พิมพ์เอง: ตาชั่งขัดข้อง');
    expect(first.getCell(14).numFmt).toBe(DATE_TIME_FORMATS.BE);
    // Total: 85 min plus one, as the screen counts time in factory; the wait: whole minutes.
    expect(minutesIn(first.getCell(16))).toBe(86);
    expect(minutesIn(first.getCell(17))).toBe(30);
    const empty = sheet.getRow(header + 2);
    expect(
      [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((column) => empty.getCell(column).value),
    ).toEqual(Array(13).fill('-'));
  });

  it('ends the rows with a total of net, deductions and paid weight that follows the filter (SUBTOTAL)', async () => {
    const sheet = await read(await summaryWorkbook(rows, totals, filter, OPTIONS));
    const header = headerRowOf(sheet);
    const total = sheet.getRow(header + rows.length + 1);
    expect(total.getCell(1).value).toBe('รวม');
    expect(total.getCell(7).value).toEqual({
      formula: `SUBTOTAL(9,G${header + 1}:G${header + rows.length})`,
      result: 38210.5,
    });
    expect((total.getCell(8).value as { result: number }).result).toBe(384.2);
    expect((total.getCell(9).value as { result: number }).result).toBe(37826.3);
    expect(total.getCell(7).font).toMatchObject({ bold: true });
    expect(sheet.rowCount).toBe(header + rows.length + 1);
  });

  it('an empty period closes its table with zeros, not a formula over its own cell', async () => {
    const sheet = await read(await summaryWorkbook([], receiptTotals([]), filter, OPTIONS));
    const total = sheet.getRow(headerRowOf(sheet) + 1);
    expect(total.getCell(1).value).toBe('รวม');
    expect([7, 8, 9].map((column) => total.getCell(column).value)).toEqual([0, 0, 0]);
  });

  it('totals each day by product and the period on a second sheet, as plain numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await summaryWorkbook(rows, totals, filter, OPTIONS)) as unknown as ExcelJS.Buffer,
    );
    const sheet = workbook.worksheets[1]!;
    expect(sheet.name).toBe('ยอดรวมรายวัน');
    expect(sheet.getRow(1).getCell(1).value).toBe('ยอดรับเข้ารายวันตามสินค้า');
    const header = headerRowOf(sheet, 'วันที่');
    const lines = [1, 2, 3, 4, 5, 6].map((n) => (sheet.getRow(header + n).values as unknown[]).slice(1));
    expect(lines).toEqual([
      ['20/11/2569', 'ไม่ระบุสินค้า', 1, 1, 19000, 0, 19000],
      ['20/11/2569', 'หัวมันสด', 2, 1, 19210.5, 384.2, 18826.3],
      ['20/11/2569', 'รวมทั้งวัน', 3, 2, 38210.5, 384.2, 37826.3],
      ['ทั้งช่วง', 'ไม่ระบุสินค้า', 1, 1, 19000, 0, 19000],
      ['ทั้งช่วง', 'หัวมันสด', 2, 1, 19210.5, 384.2, 18826.3],
      ['ทั้งช่วง', 'รวมทั้งหมด', 3, 2, 38210.5, 384.2, 37826.3],
    ]);
    expect(sheet.getRow(header + 3).getCell(5).font).toMatchObject({ bold: true });
    expect(sheet.getRow(header + 1).getCell(5).font?.bold).toBeFalsy();
  });

  it('writes CE dates when the branch uses CE', async () => {
    const sheet = await read(await summaryWorkbook(rows, totals, filter, { ...OPTIONS, calendar: 'CE' }));
    const first = sheet.getRow(headerRowOf(sheet) + 1);
    expect(first.getCell(14).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getRow(3).getCell(1).value).toBe('วันที่: 20/11/2026');
  });
});

describe('text width', () => {
  it('counts what the eye sees: Thai marks above and below take no room, SARA AM and leading vowels do', () => {
    expect(textWidth('ที่นี่')).toBe(2);
    expect(textWidth('กำลัง')).toBe(4);
    expect(textWidth('เปลี่ยน')).toBe(5);
    expect(textWidth('พระนครศรีอยุธยา')).toBe(13);
    expect(textWidth('70-1001')).toBe(7);
    // The longest line of a wrapped header; wide characters take two.
    expect(textWidth('เวลาในโรงงาน\n(ชม.:นาที)')).toBe(12);
    expect(textWidth('漢字')).toBe(4);
    expect(textWidth('👍🏽')).toBe(2);
  });

  it('writes a site day in the era', () => {
    expect(eraDay('2026-11-20', 'BE')).toBe('20/11/2569');
    expect(eraDay('2026-01-05', 'CE')).toBe('05/01/2026');
  });
});

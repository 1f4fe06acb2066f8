import type {
  InOutRow,
  ReceiptTotals,
  SummaryRow,
  SummarySortField,
} from '@truck-queue/shared/contracts/report.contract';
import { isEndedState, STATE_TONE, type StateTone } from '@truck-queue/shared/queue/queue-machine';
import { siteWallClock } from '../../lib/site-time.ts';
import {
  durationCell,
  textCell,
  writeXlsx,
  type Calendar,
  type ColumnKind,
  type XlsxCell,
  type XlsxColumn,
  type XlsxSheet,
} from '../../lib/xlsx.ts';
import { eraDay, exportHeading, type AppliedFilter, type ExportContext } from './export-heading.ts';
import type { receiptTotals } from './receipt-totals.ts';

/** The summary's totals, as receipt-totals.ts makes them. */
type SummaryTotals = ReturnType<typeof receiptTotals>;

/** Where, when and for whom a workbook is made; dates in the branch's era, BE unless it says CE. */
export type WorkbookOptions = Omit<ExportContext, 'calendar'> & { calendar?: Calendar };

/** A column of an export: its Thai header (a line break wraps it), its kind and its cell. */
interface Column<Row> {
  header: string;
  kind: ColumnKind;
  cell: (row: Row, index: number) => XlsxCell;
}

/** Database text as a cell; empty text shows "-", as on the screen. */
const text = (value: string | null) => (value ? textCell(value) : null);

/** Who brought the load (issue 39): "Q-001 นายสมชาย ใจดี"; "-" for none. */
const supplierCell = (row: { supplier_code: string | null; supplier_name: string | null }) =>
  row.supplier_code === null ? null : textCell(`${row.supplier_code} ${row.supplier_name ?? ''}`.trim());

/**
 * The sheet of a report: its title block, its columns' headers and every row's cells. Dates are
 * real dates on the site's wall clock; durations real durations ([h]:mm, so they sum), their unit
 * in the header; the Thai words of the screen ("1 ชม. 41 นาที") are not repeated in a column of
 * their own, since the cell already reads "1:41" under a header that says ชม.:นาที.
 */
function reportSheet<Row>(
  sheetName: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  context: ExportContext,
  heading: (context: ExportContext) => string[],
): XlsxSheet {
  return {
    sheetName,
    heading: heading(context),
    calendar: context.calendar,
    columns: columns.map(({ header, kind }) => ({ header, kind })),
    rows: rows.map((row, index) => columns.map((column) => column.cell(row, index))),
  };
}

/** A workbook of one report sheet. */
function reportWorkbook<Row>(
  sheetName: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  heading: (context: ExportContext) => string[],
  options: WorkbookOptions,
): Promise<Buffer> {
  const context: ExportContext = { ...options, calendar: options.calendar ?? 'BE' };
  return writeXlsx(reportSheet(sheetName, columns, rows, context, heading));
}

/** An instant from the report as a date cell on the site's wall clock (a cell has no time zone). */
function timeCell(timeZone: string) {
  return (iso: string | null) => (iso ? siteWallClock(new Date(iso), timeZone) : null);
}

/** The reason cell: the branch's reason and the officer's note, or why a ticket ended without one. */
export function reasonText(
  row: Pick<InOutRow, 'queue_state' | 'reason_name' | 'reason_note'>,
): string | null {
  const parts = [row.reason_name, row.reason_note].filter((p): p is string => Boolean(p));
  if (isEndedState(row.queue_state) && parts.length === 0) return 'ไม่มาตามเรียก (ยกเลิกบัตร)';
  return parts.length ? parts.join(' — ') : null;
}

/**
 * Where a weight came from, as auditors read it in the export: the scale it was captured from,
 * or "typed by hand" with the officer's reason (weights from before scales have none).
 */
export function weightSourceText(
  source: SummaryRow['weigh_in_source'],
  scale: string | null,
  reason: string | null,
): string | null {
  if (source === 'indicator') return scale ? `เครื่องชั่ง: ${scale}` : 'เครื่องชั่ง';
  if (source === 'manual') return reason ? `พิมพ์เอง: ${reason}` : 'พิมพ์เอง';
  // Not weighed out: the vehicle's stored tare (issue 42).
  if (source === 'stored_tare') return 'น้ำหนักรถเปล่าที่บันทึกไว้';
  return null;
}

/**
 * Each state as the screens name it in Thai (the web's th.json `queueState`, which a test
 * keeps equal), by what it means (STATE_TONE): the export writes what the officer saw.
 */
export const STATE_NAMES_TH: Record<StateTone, string> = {
  waiting: 'รอคิว',
  labReceived: 'รับตัวอย่างแล้ว',
  labTesting: 'กำลังตรวจแล็บ',
  resultReady: 'ผลแล็บออกแล้ว',
  resultHandedOut: 'ส่งผลแล็บแล้ว',
  called: 'เรียกแล้ว',
  recheck: 'ตรวจซ้ำ',
  rejected: 'ตีกลับ',
  finished: 'เสร็จสิ้น',
  noShow: 'ไม่มาตามเรียก (ยกเลิก)',
  voided: 'ยกเลิกบัตร (โมฆะ)',
};

/** The screen's mark beside the state of a truck the gate let out before its work was done. */
export const LEFT_UNFINISHED_TH = 'ออกก่อนงานเสร็จ';

/** The state cell: its name and, as on the screen, the mark of a truck let out unfinished. */
export function stateText(row: Pick<InOutRow, 'queue_state' | 'left_unfinished'>): string {
  const name = STATE_NAMES_TH[STATE_TONE[row.queue_state]];
  return row.left_unfinished ? `${name} · ${LEFT_UNFINISHED_TH}` : name;
}

/**
 * The lab's values as one cell: "แป้ง 24.50 % · ความชื้น 31.0 % (ไม่ผ่าน)", each to its decimals,
 * a value outside its pass range marked; null when the lab recorded none.
 */
export function labValuesText(values: InOutRow['lab_values']): string | null {
  if (values.length === 0) return null;
  return values
    .map((v) => {
      const reading = `${v.name} ${v.value.toFixed(v.decimals)}${v.unit ? ` ${v.unit}` : ''}`;
      return v.passed ? reading : `${reading} (ไม่ผ่าน)`;
    })
    .join(' · ');
}

/** The in/out report's columns: the screen's (SPEC.md section 2), with its Thai headers. */
function inOutColumns(timeZone: string): Column<InOutRow>[] {
  const at = timeCell(timeZone);
  return [
    { header: 'ลำดับ', kind: 'integer', cell: (_row, index) => index + 1 },
    { header: 'หมายเลขคิว', kind: 'text', cell: (row) => text(row.queue_number) },
    { header: 'ทะเบียนรถ', kind: 'text', cell: (row) => text(row.truck_license) },
    { header: 'ประเภทคิว', kind: 'text', cell: (row) => text(row.queue_type_name) },
    { header: 'ประเภทสินค้า', kind: 'text', cell: (row) => text(row.product_name) },
    { header: 'เวลาเข้า\n(รับบัตร)', kind: 'date', cell: (row) => at(row.created) },
    { header: 'เวลาเข้าแล็บ', kind: 'date', cell: (row) => at(row.stamp_lab_start) },
    { header: 'เวลาออกแล็บ', kind: 'date', cell: (row) => at(row.stamp_lab_finish) },
    // The screen's rules: the lab counts whole minutes, time in factory whole minutes plus one.
    {
      header: 'ระยะเวลาแล็บ\n(ชม.:นาที)',
      kind: 'duration',
      cell: (row) => durationCell(row.stamp_second_ls_to_lf, 'floor'),
    },
    { header: 'เวลาออก', kind: 'date', cell: (row) => at(row.exit) },
    {
      header: 'เวลาในโรงงาน\n(ชม.:นาที)',
      kind: 'duration',
      cell: (row) => durationCell(row.time_in_factory, 'plusOne'),
    },
    { header: 'สถานะ', kind: 'text', cell: (row) => text(stateText(row)) },
    { header: 'หมายเลขคิวเดิม', kind: 'text', cell: (row) => text(row.previous_number) },
    { header: 'เหตุผล', kind: 'text', cell: (row) => text(reasonText(row)) },
    { header: 'ผลแล็บ', kind: 'text', cell: (row) => text(labValuesText(row.lab_values)) },
    // Last, so the columns before it keep their letters in the plant's own sheets (issue 39).
    { header: 'ผู้ส่งวัตถุดิบ', kind: 'text', cell: (row) => supplierCell(row) },
  ];
}

/** The in/out report's filters as the officer set them. */
export interface InOutExportFilter {
  start: string;
  finish: string;
  license: string;
  /** The product chosen, or null for every product. */
  productName: string | null;
  /** Tickets of the period voided by an admin: not rows, but counted as the screen counts them. */
  voided: number;
}

/** The in/out report as an .xlsx: the title block, then every matching row. */
export function inOutWorkbook(
  rows: readonly InOutRow[],
  filter: InOutExportFilter,
  options: WorkbookOptions,
): Promise<Buffer> {
  const filters: AppliedFilter[] = [];
  if (filter.license) filters.push(['ทะเบียนรถ', `มีคำว่า “${filter.license}”`]);
  if (filter.productName !== null) filters.push(['ประเภทสินค้า', filter.productName]);
  return reportWorkbook(
    'รถเข้า-ออก',
    inOutColumns(options.timeZone),
    rows,
    (context) => {
      const heading = exportHeading('รายงานรถเข้า-ออกโรงงาน', context, filter, filters, rows.length);
      if (filter.voided > 0)
        heading.push(`ยกเลิกบัตร (โมฆะ): ${filter.voided.toLocaleString('en-US')} รายการ (ไม่อยู่ในตาราง)`);
      return heading;
    },
    options,
  );
}

/** The summary's columns: the screen's, with the queue number in a column of its own. */
function summaryColumns(timeZone: string): Column<SummaryRow>[] {
  const at = timeCell(timeZone);
  return [
    { header: 'ลำดับ', kind: 'integer', cell: (_row, index) => index + 1 },
    { header: 'หมายเลขคิว', kind: 'text', cell: (row) => text(row.queue_number) },
    { header: 'ทะเบียนรถ', kind: 'text', cell: (row) => text(row.license_no) },
    { header: 'ประเภทสินค้า', kind: 'text', cell: (row) => text(row.product_name) },
    { header: 'น้ำหนักเข้า\n(กก.)', kind: 'kg', cell: (row) => row.incoming_weight },
    { header: 'น้ำหนักออก\n(กก.)', kind: 'kg', cell: (row) => row.output_weight },
    { header: 'น้ำหนักสุทธิ\n(กก.)', kind: 'kg', cell: (row) => row.net_weight },
    { header: 'หักตามผลแล็บ\n(กก.)', kind: 'kg', cell: (row) => row.deducted_weight },
    { header: 'น้ำหนักจ่ายเงิน\n(กก.)', kind: 'kg', cell: (row) => row.paid_weight },
    {
      header: 'ที่มาน้ำหนักเข้า',
      kind: 'text',
      cell: (row) => text(weightSourceText(row.weigh_in_source, row.weigh_in_scale, row.weigh_in_reason)),
    },
    {
      header: 'ที่มาน้ำหนักออก',
      kind: 'text',
      cell: (row) => text(weightSourceText(row.weigh_out_source, row.weigh_out_scale, row.weigh_out_reason)),
    },
    { header: 'เวลาเข้าแล็บ', kind: 'date', cell: (row) => at(row.document_pick_up) },
    { header: 'เวลาออกแล็บ', kind: 'date', cell: (row) => at(row.time_works) },
    { header: 'เวลาชั่งเข้า', kind: 'date', cell: (row) => at(row.weigh_in) },
    { header: 'เวลาชั่งออก', kind: 'date', cell: (row) => at(row.weigh_out) },
    // Ticket to exit counts as time in factory does (plus one); the wait, whole minutes.
    {
      header: 'เวลารวม\n(ชม.:นาที)',
      kind: 'duration',
      cell: (row) => durationCell(row.total_time, 'plusOne'),
    },
    {
      header: 'เวลารอคิว\n(ชม.:นาที)',
      kind: 'duration',
      cell: (row) => durationCell(row.time_wait, 'floor'),
    },
    // Last, so the columns before it keep their letters in the plant's own sheets (issue 39).
    { header: 'ผู้ส่งวัตถุดิบ', kind: 'text', cell: (row) => supplierCell(row) },
  ];
}

/** What each sort of the summary is called in the title block. */
const SUMMARY_SORT_NAMES: Record<SummarySortField, string> = {
  created: 'เวลารับบัตร',
  license_no: 'ทะเบียนรถ',
  incoming_weight: 'น้ำหนักเข้า',
  output_weight: 'น้ำหนักออก',
  document_pick_up: 'เวลาเข้าแล็บ',
  time_works: 'เวลาออกแล็บ',
  weigh_in: 'เวลาชั่งเข้า',
  weigh_out: 'เวลาชั่งออก',
  total_time: 'เวลารวม',
  time_wait: 'เวลารอคิว',
};

/** The summary's filter and order as the officer set them. */
export interface SummaryExportFilter {
  start: string;
  finish: string;
  license: string;
  sortField: SummarySortField;
  sortOrder: 'ascend' | 'descend';
}

/** The weight columns of the summary sheet a total row sums (net, deducted, paid). */
const SUMMARY_SUMMED = ['น้ำหนักสุทธิ\n(กก.)', 'หักตามผลแล็บ\n(กก.)', 'น้ำหนักจ่ายเงิน\n(กก.)'];

/** The totals sheet's columns: a day (or the period), a product, trucks and weights. */
const TOTALS_COLUMNS: XlsxColumn[] = [
  { header: 'วันที่', kind: 'text' },
  { header: 'ประเภทสินค้า', kind: 'text' },
  { header: 'จำนวนรถ\n(คัน)', kind: 'integer' },
  { header: 'ชั่งครบ\n(คัน)', kind: 'integer' },
  { header: 'น้ำหนักสุทธิ\n(กก.)', kind: 'kg' },
  { header: 'หักตามผลแล็บ\n(กก.)', kind: 'kg' },
  { header: 'น้ำหนักจ่ายเงิน\n(กก.)', kind: 'kg' },
];

const totalsCells = (day: string, product: string, t: ReceiptTotals): XlsxCell[] => [
  day,
  product,
  t.trucks,
  t.weighed,
  t.net_kg,
  t.deducted_kg,
  t.paid_kg,
];

/**
 * The totals sheet: each day's products, then the day's total in bold; the period's products
 * and its total at the foot. Plain numbers, so the reader's own SUM agrees.
 */
function totalsSheet(totals: SummaryTotals, calendar: Calendar): Pick<XlsxSheet, 'rows' | 'strongRows'> {
  const rows: XlsxCell[][] = [];
  const strongRows: number[] = [];
  const product = (name: string) => textCell(name || 'ไม่ระบุสินค้า');
  for (const day of totals.days) {
    const date = eraDay(day.day, calendar);
    for (const p of day.products) rows.push(totalsCells(date, product(p.product_name), p));
    strongRows.push(rows.length);
    rows.push(totalsCells(date, 'รวมทั้งวัน', day));
  }
  for (const p of totals.period.products) rows.push(totalsCells('ทั้งช่วง', product(p.product_name), p));
  strongRows.push(rows.length);
  rows.push(totalsCells('ทั้งช่วง', 'รวมทั้งหมด', totals.period));
  return { rows, strongRows };
}

/**
 * The summary report as an .xlsx: the title block, then every matching row in the screen's
 * order with a total row under it; a second sheet totals each day by product and the period.
 */
export function summaryWorkbook(
  rows: readonly SummaryRow[],
  totals: SummaryTotals,
  filter: SummaryExportFilter,
  options: WorkbookOptions,
): Promise<Buffer> {
  const filters: AppliedFilter[] = filter.license ? [['ทะเบียนรถ', `มีคำว่า “${filter.license}”`]] : [];
  const order = filter.sortOrder === 'ascend' ? 'น้อยไปมาก' : 'มากไปน้อย';
  const context: ExportContext = { ...options, calendar: options.calendar ?? 'BE' };
  const columns = summaryColumns(options.timeZone);
  const details = reportSheet('รายงานสรุป', columns, rows, context, () => {
    const heading = exportHeading('รายงานสรุป', context, filter, filters, rows.length);
    // After the filters: the order the rows are in, as the screen sorted them.
    heading.splice(4, 0, `เรียงตาม: ${SUMMARY_SORT_NAMES[filter.sortField]} (${order})`);
    return heading;
  });
  const byDay = totalsSheet(totals, context.calendar);
  return writeXlsx([
    {
      ...details,
      totalRow: {
        label: 'รวม',
        columns: SUMMARY_SUMMED.map((header) => columns.findIndex((c) => c.header === header)),
      },
    },
    {
      sheetName: 'ยอดรวมรายวัน',
      heading: exportHeading('ยอดรับเข้ารายวันตามสินค้า', context, filter, filters, totals.period.trucks),
      calendar: context.calendar,
      columns: TOTALS_COLUMNS,
      ...byDay,
    },
  ]);
}

import ExcelJS from 'exceljs';
import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import { durationParts, type MinuteRule } from '@truck-queue/shared/durations';
import { siteWallClock } from '../../lib/site-time.ts';

/** The export's columns: the screen's, with its Thai headers (SPEC.md section 2). */
export const IN_OUT_HEADERS = [
  'ลำดับ',
  'หมายเลขคิว',
  'ทะเบียนรถ',
  'ประเภทคิว',
  'ประเภทสินค้า',
  'เวลาเข้า (รับบัตร)',
  'เวลาเข้าแล็บ',
  'เวลาออกแล็บ',
  'ระยะเวลาแล็บ',
  'เวลาออก',
  'เวลาในโรงงาน',
] as const;

/** "2 ชม. 15 นาที" / "15 นาที", by the screen's minute rule; an empty cell when unknown. */
export function thaiDuration(seconds: number | null, rule: MinuteRule): string | null {
  if (seconds === null) return null;
  const { hours, minutes } = durationParts(seconds, rule);
  return hours > 0 ? `${hours} ชม. ${minutes} นาที` : `${minutes} นาที`;
}

/**
 * The in/out report as an .xlsx: one sheet, a frozen Thai header row, times as real dates on
 * the site's clock (dd/mm/yyyy hh:mm, sortable in Excel), durations as the screen shows them.
 */
export async function inOutWorkbook(
  rows: InOutRow[],
  options: { title: string; timeZone: string },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Truck queue';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('รถเข้า-ออก', { views: [{ state: 'frozen', ySplit: 1 }] });
  const time = { numFmt: 'dd/mm/yyyy hh:mm' };
  sheet.columns = [
    { key: 'n', width: 8 },
    { key: 'queue', width: 12 },
    { key: 'license', width: 18 },
    { key: 'type', width: 22 },
    { key: 'product', width: 22 },
    { key: 'created', width: 18, style: time },
    { key: 'labStart', width: 18, style: time },
    { key: 'labFinish', width: 18, style: time },
    { key: 'lab', width: 16 },
    { key: 'exit', width: 18, style: time },
    { key: 'inFactory', width: 16 },
  ].map((column, index) => ({ ...column, header: IN_OUT_HEADERS[index] }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: IN_OUT_HEADERS.length } };

  const at = (iso: string | null) => (iso ? siteWallClock(new Date(iso), options.timeZone) : null);
  rows.forEach((row, index) => {
    sheet.addRow({
      n: index + 1,
      queue: row.queue_number,
      license: row.truck_license,
      type: row.queue_type_name,
      product: row.product_name,
      created: at(row.created),
      labStart: at(row.stamp_lab_start),
      labFinish: at(row.stamp_lab_finish),
      lab: thaiDuration(row.stamp_second_ls_to_lf, 'floor'),
      exit: at(row.exit),
      inFactory: thaiDuration(row.time_in_factory, 'plusOne'),
    });
  });
  workbook.title = options.title;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

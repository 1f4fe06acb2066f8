import type { ScorecardRow } from '@truck-queue/shared/contracts/scorecard.contract';
import { describeScorecardGrade } from '@truck-queue/shared/suppliers/scorecard-grade';
import { durationCell, textCell, writeXlsx, type XlsxSheet } from '../../lib/xlsx.ts';
import { exportHeading, type ExportContext } from './export-heading.ts';
import type { WorkbookOptions } from './report-workbooks.ts';

/** "18.4 (2/10 นอกเกณฑ์)": a lab average with its share out of the pass range. */
function labText(l: ScorecardRow['lab'][number]): string {
  const average = l.average === null ? '-' : l.average.toFixed(l.decimals);
  return `${average}${l.unit ? ` ${l.unit}` : ''} (${l.out_of_range}/${l.samples} นอกเกณฑ์)`;
}

/**
 * The scorecards as an .xlsx: a row per supplier or plate with the screen's figures, each lab
 * measure's average in a column of its own, and the grade's rule under the title.
 */
export function scorecardsWorkbook(
  rows: ScorecardRow[],
  filter: { start: string; finish: string },
  options: WorkbookOptions,
): Promise<Buffer> {
  const context: ExportContext = { ...options, calendar: options.calendar ?? 'BE' };
  const measures = new Map<number, string>();
  for (const r of rows) for (const l of r.lab) measures.set(l.measure_id, l.name);
  const sheet: XlsxSheet = {
    sheetName: 'ผลงานผู้ส่ง',
    heading: exportHeading(
      'ผลงานผู้ส่งและรถ',
      context,
      filter,
      [['เกรด', describeScorecardGrade('th')]],
      rows.length,
    ),
    calendar: context.calendar,
    columns: [
      { header: 'เกรด', kind: 'text' },
      { header: 'คะแนน', kind: 'text' },
      { header: 'รหัสผู้ส่ง', kind: 'text' },
      { header: 'ผู้ส่ง / ทะเบียนรถ', kind: 'text' },
      { header: 'จำนวนรถ\n(คัน)', kind: 'integer' },
      { header: 'น้ำหนักสุทธิ\n(กก.)', kind: 'kg' },
      { header: 'หักสิ่งเจือปน\n(กก.)', kind: 'kg' },
      { header: 'น้ำหนักจ่ายเงิน\n(กก.)', kind: 'kg' },
      { header: 'จอง', kind: 'integer' },
      { header: 'ตรงเวลา', kind: 'integer' },
      { header: 'มาสาย', kind: 'integer' },
      { header: 'ไม่มาตามจอง', kind: 'integer' },
      { header: 'ยกเลิก', kind: 'integer' },
      { header: 'ถูกตีกลับ', kind: 'integer' },
      { header: 'ตรวจซ้ำ', kind: 'integer' },
      { header: 'เวลาในโรงงาน (มัธยฐาน)\n(ชม.:นาที)', kind: 'duration' },
      ...[...measures.values()].map((name) => ({ header: `${name}\n(เฉลี่ย)`, kind: 'text' as const })),
    ],
    rows: rows.map((r) => [
      r.grade ?? 'ยังไม่ให้เกรด',
      r.points === null ? '' : r.points.toFixed(1),
      textCell(r.supplier_code ?? ''),
      textCell(r.name),
      r.trucks,
      r.net_kg,
      r.deducted_kg,
      r.paid_kg,
      r.bookings,
      r.on_time,
      r.late,
      r.no_shows,
      r.cancelled,
      r.rejected,
      r.rechecked,
      durationCell(r.dwell_median_seconds, 'floor'),
      ...[...measures.keys()].map((id) => {
        const l = r.lab.find((x) => x.measure_id === id);
        return l ? labText(l) : '';
      }),
    ]),
  };
  return writeXlsx(sheet);
}

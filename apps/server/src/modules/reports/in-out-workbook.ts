import type { InOutRow } from '@truck-queue/shared/contracts/report.contract';
import { durationParts, type MinuteRule } from '@truck-queue/shared/durations';
import { isEndedState } from '@truck-queue/shared/queue/queue-machine';
import { siteWallClock } from '../../lib/site-time.ts';
import { textCell, writeXlsx } from '../../lib/xlsx.ts';

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
  'หมายเลขคิวเดิม',
  'เหตุผล',
] as const;

/** The reason cell: the branch's reason and the officer's note, or why a ticket ended without one. */
export function reasonText(
  row: Pick<InOutRow, 'queue_state' | 'reason_name' | 'reason_note'>,
): string | null {
  const parts = [row.reason_name, row.reason_note].filter((p): p is string => Boolean(p));
  if (isEndedState(row.queue_state) && parts.length === 0) return 'ไม่มาตามเรียก (ยกเลิกบัตร)';
  return parts.length ? parts.join(' — ') : null;
}

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
export function inOutWorkbook(
  rows: InOutRow[],
  options: { title: string; timeZone: string },
): Promise<Buffer> {
  const at = (iso: string | null) => (iso ? siteWallClock(new Date(iso), options.timeZone) : null);
  const time = 'dd/mm/yyyy hh:mm';
  const widths = [8, 12, 18, 22, 22, 18, 18, 18, 16, 18, 16, 14, 32];
  return writeXlsx({
    sheetName: 'รถเข้า-ออก',
    title: options.title,
    columns: IN_OUT_HEADERS.map((header, index) => ({
      header,
      width: widths[index]!,
      ...([5, 6, 7, 9].includes(index) ? { numFmt: time } : {}),
    })),
    rows: rows.map((row, index) => {
      const reason = reasonText(row);
      return [
        index + 1,
        textCell(row.queue_number),
        textCell(row.truck_license),
        textCell(row.queue_type_name),
        textCell(row.product_name),
        at(row.created),
        at(row.stamp_lab_start),
        at(row.stamp_lab_finish),
        thaiDuration(row.stamp_second_ls_to_lf, 'floor'),
        at(row.exit),
        thaiDuration(row.time_in_factory, 'plusOne'),
        row.previous_number === null ? null : textCell(row.previous_number),
        reason === null ? null : textCell(reason),
      ];
    }),
  });
}

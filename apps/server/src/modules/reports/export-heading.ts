import { numericDate, numericDateTime } from '@truck-queue/shared/calendar';
import { wallClock } from '@truck-queue/shared/plant-day';
import type { Calendar } from '../../lib/xlsx.ts';

/** Where and when an export was made, and for whom it is written. */
export interface ExportContext {
  branchName: string;
  /** The branch's company, or the installation's; empty when neither is set. */
  companyName: string;
  timeZone: string;
  /** The branch's era: dates read 20/11/2569 (BE) or 20/11/2026 (CE). */
  calendar: Calendar;
  /** When the file was made. */
  madeAt: Date;
}

/** A site day ('YYYY-MM-DD') as day/month/year in the era: '2026-11-20' → '20/11/2569' (BE). */
export function eraDay(day: string, calendar: Calendar): string {
  const [year, month, date] = day.split('-').map(Number);
  return numericDate({ year: year!, month: month!, day: date! }, calendar);
}

/** An instant as day/month/year hh:mm on the site's clock, in the era. */
export function eraDateTime(at: Date, timeZone: string, calendar: Calendar): string {
  return numericDateTime(wallClock(at, timeZone), calendar);
}

/** A filter the officer set, as the title block names it: ['ประเภทสินค้า', 'หัวมันสด']. */
export type AppliedFilter = readonly [label: string, value: string];

/**
 * The title block above an export's table, in Thai: the report, the branch, the period, the
 * filters applied (or that there were none), how many rows and when the file was made.
 */
export function exportHeading(
  title: string,
  context: ExportContext,
  period: { start: string; finish: string },
  filters: readonly AppliedFilter[],
  rows: number,
): string[] {
  const { calendar } = context;
  const branch = context.companyName
    ? `สาขา: ${context.branchName}   บริษัท: ${context.companyName}`
    : `สาขา: ${context.branchName}`;
  const days =
    period.start === period.finish
      ? `วันที่: ${eraDay(period.start, calendar)}`
      : `ช่วงวันที่: ${eraDay(period.start, calendar)} ถึง ${eraDay(period.finish, calendar)}`;
  const filtered = filters.length
    ? `ตัวกรอง: ${filters.map(([label, value]) => `${label}: ${value}`).join('   ')}`
    : 'ตัวกรอง: ไม่มี (ทุกรายการ)';
  const made = `จำนวน ${rows.toLocaleString('en-US')} รายการ   ออกรายงานเมื่อ ${eraDateTime(context.madeAt, context.timeZone, calendar)} น.`;
  return [title, branch, days, filtered, made];
}

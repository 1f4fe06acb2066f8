import type { StageFigures, TimeBreakdown } from '@truck-queue/shared/contracts/time-breakdown.contract';
import { TIME_STAGES, type TimeStage } from '@truck-queue/shared/queue/time-stages';
import {
  durationCell,
  textCell,
  writeXlsx,
  type XlsxCell,
  type XlsxColumn,
  type XlsxSheet,
} from '../../lib/xlsx.ts';
import { eraDay, exportHeading, type AppliedFilter, type ExportContext } from './export-heading.ts';
import type { WorkbookOptions } from './report-workbooks.ts';

/** Each stage as the screen names it in Thai (th.json `reports.timeBreakdown.stage`). */
export const STAGE_NAMES_TH: Record<TimeStage, string> = {
  wait_lab: 'รอแล็บรับตัวอย่าง',
  in_lab: 'ตรวจแล็บ',
  wait_call: 'รอเรียกคิว',
  walk: 'เดินทางหลังเรียก',
  at_station: 'ที่จุดบริการ',
  recheck: 'ตรวจซ้ำ',
  wait_weigh_out: 'รอชั่งออก',
  to_gate: 'ไปประตูออก',
};

const HOURS_PER_DAY = 24;

/** "06:00–06:59". */
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00–${String(hour).padStart(2, '0')}:59`;

/** Averages are waits and stays: whole minutes, as the screen shows them. */
const minutes = (seconds: number | null) => durationCell(seconds, 'floor');

const stageColumns = (): XlsxColumn[] =>
  TIME_STAGES.map((stage) => ({ header: `${STAGE_NAMES_TH[stage]}\n(เฉลี่ย ชม.:นาที)`, kind: 'duration' }));
const stageCells = (stages: StageFigures[]): XlsxCell[] => stages.map((s) => minutes(s.average_seconds));

/**
 * The time report as an .xlsx, the screen's figures: the average of each stage per hour of
 * issue and per plant day, the stages over the period (sum and average), the stations (service,
 * idle) with their idle time per hour, and the officers.
 */
export function timeBreakdownWorkbook(
  report: TimeBreakdown,
  filter: { start: string; finish: string; lineName: string | null },
  options: WorkbookOptions,
): Promise<Buffer> {
  const context: ExportContext = { ...options, calendar: options.calendar ?? 'BE' };
  const filters: AppliedFilter[] = filter.lineName === null ? [] : [['ประเภทคิว', filter.lineName]];
  const heading = (title: string, rows: number) => exportHeading(title, context, filter, filters, rows);
  const sheet = (
    sheetName: string,
    title: string,
    columns: XlsxColumn[],
    rows: XlsxCell[][],
    extra: Partial<XlsxSheet> = {},
  ): XlsxSheet => ({
    sheetName,
    heading: heading(title, rows.length),
    calendar: context.calendar,
    columns,
    rows,
    ...extra,
  });

  const hours = Array.from({ length: HOURS_PER_DAY }, (_, i) => (report.first_hour + i) % HOURS_PER_DAY).map(
    (hour) => report.hours[hour]!,
  );
  const byHour = sheet(
    'ตามชั่วโมง',
    'เวลาแต่ละช่วงของรถ ตามชั่วโมงที่รับบัตร',
    [
      { header: 'ชั่วโมงที่รับบัตร', kind: 'text' },
      { header: 'จำนวนรถ\n(คัน)', kind: 'integer' },
      ...stageColumns(),
    ],
    hours.map((h) => [hourText(h.hour), h.trucks, ...stageCells(h.stages)]),
  );
  const byDay = sheet(
    'ตามวัน',
    'เวลาแต่ละช่วงของรถ ตามวัน',
    [{ header: 'วันที่', kind: 'text' }, { header: 'จำนวนรถ\n(คัน)', kind: 'integer' }, ...stageColumns()],
    report.days.map((d) => [eraDay(d.day, context.calendar), d.trucks, ...stageCells(d.stages)]),
  );
  const stages = sheet(
    'รวมทั้งช่วง',
    'เวลาแต่ละช่วงของรถ รวมทั้งช่วง',
    [
      { header: 'ช่วง', kind: 'text' },
      { header: 'จำนวนรถ\n(คัน)', kind: 'integer' },
      { header: 'เวลารวม\n(ชม.:นาที)', kind: 'duration' },
      { header: 'เฉลี่ยต่อคัน\n(ชม.:นาที)', kind: 'duration' },
    ],
    report.totals.map((s) => [
      STAGE_NAMES_TH[s.stage],
      s.trucks,
      minutes(s.seconds),
      minutes(s.average_seconds),
    ]),
  );
  const stations = sheet(
    'จุดบริการ',
    'เวลาให้บริการและเวลาว่างของแต่ละจุดบริการ',
    [
      { header: 'จุดบริการ', kind: 'text' },
      { header: 'จำนวนรถ\n(คัน)', kind: 'integer' },
      { header: 'เวลาให้บริการ\n(ชม.:นาที)', kind: 'duration' },
      { header: 'เฉลี่ยต่อคัน\n(ชม.:นาที)', kind: 'duration' },
      { header: 'ว่างขณะมีรถรอ\n(ชม.:นาที)', kind: 'duration' },
    ],
    report.stations.map((s) => [
      textCell(s.station_name),
      s.trucks,
      minutes(s.service_seconds),
      minutes(s.average_seconds),
      minutes(s.idle_seconds),
    ]),
  );
  const idle = sheet(
    'ว่างรายชั่วโมง',
    'เวลาว่างของจุดบริการขณะมีรถรอ ตามชั่วโมง (ทุกวันรวมกัน)',
    [
      { header: 'ชั่วโมง', kind: 'text' },
      ...report.stations.map((s): XlsxColumn => ({
        header: `${s.station_name}\n(ชม.:นาที)`,
        kind: 'duration',
      })),
    ],
    hours.map((h) => [hourText(h.hour), ...report.stations.map((s) => minutes(s.idle_by_hour[h.hour]!))]),
  );
  const officers = sheet(
    'เจ้าหน้าที่',
    'เวลาให้บริการของรถที่เจ้าหน้าที่แต่ละคนเรียก',
    [
      { header: 'เจ้าหน้าที่', kind: 'text' },
      { header: 'จำนวนรถ\n(คัน)', kind: 'integer' },
      { header: 'เวลาให้บริการ\n(ชม.:นาที)', kind: 'duration' },
      { header: 'เฉลี่ยต่อคัน\n(ชม.:นาที)', kind: 'duration' },
    ],
    report.officers.map((o) => [
      textCell(o.officer_name || 'ไม่ระบุเจ้าหน้าที่'),
      o.trucks,
      minutes(o.service_seconds),
      minutes(o.average_seconds),
    ]),
  );
  return writeXlsx([byHour, byDay, stages, stations, idle, officers]);
}

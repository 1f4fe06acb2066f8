import type {
  StageCell,
  StageFigures,
  TimeBreakdown,
} from '@truck-queue/shared/contracts/time-breakdown.contract';
import { TIME_STAGES, type TimeStage } from '@truck-queue/shared/queue/time-stages';

const HOURS_PER_DAY = 24;

/** The 24 hours of the clock from the plant day's first hour, so a night shift reads together. */
export function hoursFrom(firstHour: number): number[] {
  return Array.from({ length: HOURS_PER_DAY }, (_, i) => (firstHour + i) % HOURS_PER_DAY);
}

/** One bar of the stacked chart: minutes per truck of each stage, and the trucks behind it. */
export type StageBar = { key: string; trucks: number } & Record<TimeStage, number>;

/**
 * A group's stages as minutes per truck of the group (its hour or day): stacked, the bar is the
 * average truck's whole time, cut by stage. A group without trucks is all zeros.
 */
export function stageBar(key: string, trucks: number, stages: readonly StageFigures[]): StageBar {
  const bar = { key, trucks } as StageBar;
  for (const stage of TIME_STAGES) {
    const seconds = stages.find((s) => s.stage === stage)?.seconds ?? 0;
    bar[stage] = trucks > 0 ? Math.round((seconds / trucks / 60) * 10) / 10 : 0;
  }
  return bar;
}

export function hourBars(report: Pick<TimeBreakdown, 'hours' | 'first_hour'>): StageBar[] {
  return hoursFrom(report.first_hour).map((hour) => {
    const h = report.hours[hour]!;
    return stageBar(String(hour), h.trucks, h.stages);
  });
}

export function dayBars(report: Pick<TimeBreakdown, 'days'>): StageBar[] {
  return report.days.map((d) => stageBar(d.day, d.trucks, d.stages));
}

/** The stages any truck of the period went through: the charts leave the others out. */
export function stagesUsed(totals: readonly StageFigures[]): TimeStage[] {
  return TIME_STAGES.filter((stage) => (totals.find((s) => s.stage === stage)?.trucks ?? 0) > 0);
}

/**
 * The heat map's rows: per plant day, the average minutes of `stage` per hour (null: no truck),
 * and the top of its scale: the 95th percentile of the cells, so a night of trucks held overnight
 * does not turn every other hour pale (cells above it take the strongest shade).
 */
export interface HeatRow {
  day: string;
  minutes: (number | null)[];
}

export function heatRows(
  days: readonly string[],
  cells: readonly StageCell[],
  stage: TimeStage,
): { rows: HeatRow[]; max: number } {
  const byDay = new Map<string, (number | null)[]>(
    days.map((day) => [day, new Array<number | null>(HOURS_PER_DAY).fill(null)]),
  );
  const values: number[] = [];
  for (const c of cells) {
    if (c.stage !== stage || c.trucks === 0) continue;
    const row = byDay.get(c.day);
    if (!row) continue;
    const minutes = c.seconds / c.trucks / 60;
    row[c.hour] = minutes;
    values.push(minutes);
  }
  values.sort((a, b) => a - b);
  const max =
    values.length === 0 ? 0 : values[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
  return { rows: days.map((day) => ({ day, minutes: byDay.get(day)! })), max };
}

/** Which of `steps` shades a value takes, 1..steps (0 for none): a share of the period's largest. */
export function shadeOf(value: number | null, max: number, steps: number): number {
  if (value === null || max <= 0) return 0;
  return Math.max(1, Math.min(steps, Math.ceil((value / max) * steps)));
}

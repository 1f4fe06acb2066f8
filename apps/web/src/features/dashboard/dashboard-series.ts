import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { periodDashboardByQueueType } from '@truck-queue/shared/contracts/report.contract';

export type DashboardReport = ResponseOf<typeof periodDashboardByQueueType>;
export type QueueTypeReport = DashboardReport['dataReport'][number];

/** The stage fields of a queue type's report, each an average in seconds or null. */
export type StageKey =
  | 'average_qs_to_c'
  | 'second_c_to_f'
  | 'average_f_to_qf'
  | 'average_qs_to_ls'
  | 'average_ls_to_lf'
  | 'average_lf_to_c'
  | 'average_c_to_f';

export type Flow = 'standard' | 'lab';

/** SPEC.md section 4, "Dashboard stage times", in the order a truck goes through them. */
export const FLOW_STAGES = {
  standard: ['average_qs_to_c', 'second_c_to_f', 'average_f_to_qf'],
  lab: ['average_qs_to_ls', 'average_ls_to_lf', 'average_lf_to_c', 'average_c_to_f', 'average_f_to_qf'],
} as const satisfies Record<Flow, readonly StageKey[]>;

/** Flow engines 1 and 2 are the standard flow, 3 the lab flow (SPEC.md section 9). */
export function flowOf(engine: number): Flow {
  return engine === 3 ? 'lab' : 'standard';
}

export const IN_FACTORY_KEY = 'in_factory_time_average';
export type DurationKey = StageKey | typeof IN_FACTORY_KEY;

/** One bar group: a queue type with one average (seconds or null) per series. */
export interface DurationRow {
  name: string;
  /** The queue type's place in the report: the same colour in every chart. */
  colorIndex: number;
  values: Partial<Record<DurationKey, number | null>>;
}

export interface DurationSeries {
  keys: readonly DurationKey[];
  rows: DurationRow[];
  /** The longest average shown, in seconds (0 when there is none). */
  max: number;
}

function series(keys: readonly DurationKey[], rows: DurationRow[]): DurationSeries {
  const values = rows.flatMap((row) => keys.map((key) => row.values[key] ?? null));
  return { keys, rows, max: Math.max(0, ...values.filter((v): v is number => v !== null)) };
}

/** Whether any bar of the series has a value: if not, the chart shows an empty state. */
export function hasData(s: DurationSeries): boolean {
  return s.rows.some((row) => s.keys.some((key) => (row.values[key] ?? null) !== null));
}

/** Average time in factory (ticket to exit), one bar per queue type. */
export function inFactorySeries(report: readonly QueueTypeReport[]): DurationSeries {
  return series(
    [IN_FACTORY_KEY],
    report.map((r, colorIndex) => ({
      name: r.queue_type_name,
      colorIndex,
      values: { [IN_FACTORY_KEY]: r.in_factory_time_average },
    })),
  );
}

/** Stage times of one flow: a bar group per queue type of that flow, a bar per stage. */
export function stageSeries(report: readonly QueueTypeReport[], flow: Flow): DurationSeries {
  const keys = FLOW_STAGES[flow];
  const rows = report.flatMap((r, colorIndex) =>
    flowOf(r.flow_engine) === flow
      ? [{ name: r.queue_type_name, colorIndex, values: Object.fromEntries(keys.map((k) => [k, r[k]])) }]
      : [],
  );
  return series(keys, rows);
}

export interface Slice {
  name: string;
  value: number;
  colorIndex: number;
  /** Share of the period's queues, 0..1. */
  share: number;
}

/** The donut: queues per queue type, types without queues left out. */
export function queueTypeSlices(report: readonly QueueTypeReport[]): Slice[] {
  const total = report.reduce((n, r) => n + r.queue_total, 0);
  return report.flatMap((r, colorIndex) =>
    r.queue_total > 0
      ? [{ name: r.queue_type_name, value: r.queue_total, colorIndex, share: r.queue_total / total }]
      : [],
  );
}

/** What recharts draws: a null average is drawn as a zero-length bar that says "no data". */
export interface ChartDatum {
  name: string;
  colorIndex: number;
  plot: Partial<Record<DurationKey, number>>;
  raw: Partial<Record<DurationKey, number | null>>;
}

export function chartData(s: DurationSeries): ChartDatum[] {
  return s.rows.map((row) => ({
    name: row.name,
    colorIndex: row.colorIndex,
    plot: Object.fromEntries(s.keys.map((k) => [k, row.values[k] ?? 0])),
    raw: Object.fromEntries(s.keys.map((k) => [k, row.values[k] ?? null])),
  }));
}

/** The recharts data key of a series ("plot.<key>") and back. */
export const plotKey = (key: DurationKey) => `plot.${key}`;
export function keyOfPlot(dataKey: unknown): DurationKey | null {
  return typeof dataKey === 'string' && dataKey.startsWith('plot.')
    ? (dataKey.slice(5) as DurationKey)
    : null;
}

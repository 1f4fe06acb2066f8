/**
 * How right the expected wait was (issue 40, "Measured honestly"): readings of a driver's page
 * (the range it showed at some moment) set against the time the truck really waited from that
 * moment to its first call. Pure: the simulator (simulator/eta-watch.ts) and the backtest of a
 * branch's stored days (apps/server/src/modules/queue/eta-backtest.ts) both hand their readings
 * here and print the same table, so their figures mean the same thing.
 */

/** One reading of a truck's expected wait, and what came of it. */
export interface EtaReading {
  /** The truck's flow ('lab', 'standard', 'general'): each is reported on its own. */
  flow: string;
  /** Read when its ticket was issued (one per truck), not at a later move of its line. */
  atIssue: boolean;
  /** The range shown, in minutes from the reading; null when none was shown. */
  range: { low: number; high: number } | null;
  /** Minutes from the reading to the truck's first call. */
  waitedMin: number;
}

// The targets of issue 40 ("Done when").
/** At least this share of the readings with a range are called inside it. */
export const INSIDE_TARGET = 0.85;
/** The median range is no wider than the larger of this many minutes ... */
export const WIDTH_FLOOR_MIN = 20;
/** ... and this share of the median real wait. */
export const WIDTH_SHARE_OF_WAIT = 0.4;
/** The median absolute error is at most this share of the median real wait. */
export const ERROR_SHARE_OF_WAIT = 0.2;

/** The widest median range the target allows at this median real wait (minutes). */
export const widthLimitMin = (medianWaitMin: number) =>
  Math.max(WIDTH_FLOOR_MIN, WIDTH_SHARE_OF_WAIT * medianWaitMin);

/** The targets in words, for the line under a table. */
export const ETA_TARGETS_TEXT =
  `Targets (issue 40): at least ${INSIDE_TARGET * 100} % of the readings with a range called inside it; ` +
  `median range width at most the larger of ${WIDTH_FLOOR_MIN} min and ${WIDTH_SHARE_OF_WAIT * 100} % of the ` +
  `median real wait; median |error| (real wait against the range's middle) at most ` +
  `${ERROR_SHARE_OF_WAIT * 100} % of the median real wait.`;

/** Met, missed, or nothing to judge (no reading with a range). */
export type Verdict = 'pass' | 'FAIL' | null;

/** The figures of one set of readings; minutes, null where there is nothing to take them of. */
export interface EtaAccuracyFigures {
  readings: number;
  withRange: number;
  noRange: number;
  /** Readings with a range whose truck was called inside it (low ≤ waited ≤ high), and their share. */
  insideCount: number;
  inside: number | null;
  /** Of the readings with a range, the shares called before it and after it: which way it errs. */
  early: number | null;
  late: number | null;
  /** |waited − the range's middle|, over the readings with a range. */
  medianErrorMin: number | null;
  p90ErrorMin: number | null;
  /** high − low, over the readings with a range. */
  medianWidthMin: number | null;
  /** The real wait, over every reading (with a range or not). */
  medianWaitMin: number | null;
  verdicts: { inside: Verdict; width: Verdict; error: Verdict };
}

/** A group's figures at issue (one reading a truck) and over every reading. */
export interface EtaAccuracyGroup {
  /** null: all flows together. */
  flow: string | null;
  atIssue: EtaAccuracyFigures;
  every: EtaAccuracyFigures;
}

export interface EtaAccuracy {
  /** All flows first, then each flow by name. */
  groups: EtaAccuracyGroup[];
}

/**
 * The p-quantile of ascending `sorted` values, interpolated between the two nearest ranks (the
 * median of an even count is the mean of its middle two); null without values.
 */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = p * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** Shares and limits are compared with a hair of slack: 17 of 20 is 85 %, whatever the floats say. */
const EPSILON = 1e-9;

/** The figures and verdicts of a set of readings. */
export function accuracyOf(readings: readonly EtaReading[]): EtaAccuracyFigures {
  const errors: number[] = [];
  const widths: number[] = [];
  const waits: number[] = [];
  let insideCount = 0;
  let earlyCount = 0;
  for (const { range, waitedMin } of readings) {
    waits.push(waitedMin);
    if (!range) continue;
    errors.push(Math.abs(waitedMin - (range.low + range.high) / 2));
    widths.push(range.high - range.low);
    if (waitedMin >= range.low && waitedMin <= range.high) insideCount++;
    else if (waitedMin < range.low) earlyCount++;
  }
  const withRange = errors.length;
  for (const values of [errors, widths, waits]) values.sort((a, b) => a - b);
  const medianErrorMin = quantile(errors, 0.5);
  const medianWidthMin = quantile(widths, 0.5);
  const medianWaitMin = quantile(waits, 0.5);
  const verdict = (met: boolean): Verdict => (withRange === 0 ? null : met ? 'pass' : 'FAIL');
  const wait = medianWaitMin ?? 0;
  return {
    readings: readings.length,
    withRange,
    noRange: readings.length - withRange,
    insideCount,
    inside: withRange > 0 ? insideCount / withRange : null,
    early: withRange > 0 ? earlyCount / withRange : null,
    late: withRange > 0 ? (withRange - insideCount - earlyCount) / withRange : null,
    medianErrorMin,
    p90ErrorMin: quantile(errors, 0.9),
    medianWidthMin,
    medianWaitMin,
    verdicts: {
      inside: verdict(insideCount >= INSIDE_TARGET * withRange - EPSILON),
      width: verdict((medianWidthMin ?? 0) <= widthLimitMin(wait) + EPSILON),
      error: verdict((medianErrorMin ?? 0) <= ERROR_SHARE_OF_WAIT * wait + EPSILON),
    },
  };
}

/** Every group: all flows, then each flow by name; each at issue and over every reading. */
export function etaAccuracy(readings: readonly EtaReading[]): EtaAccuracy {
  const group = (flow: string | null, of: readonly EtaReading[]): EtaAccuracyGroup => ({
    flow,
    atIssue: accuracyOf(of.filter((r) => r.atIssue)),
    every: accuracyOf(of),
  });
  const flows = [...new Set(readings.map((r) => r.flow))].sort();
  return {
    groups: [
      group(null, readings),
      ...flows.map((flow) =>
        group(
          flow,
          readings.filter((r) => r.flow === flow),
        ),
      ),
    ],
  };
}

const thousands = (n: number) => n.toLocaleString('en-US');
const counted = (n: number, what: string) => `${thousands(n)} ${what}${n === 1 ? '' : 's'}`;
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const minutes = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} min`);
const words = (v: EtaAccuracyFigures['verdicts']) =>
  [v.inside, v.width, v.error].map((one) => one ?? '–').join(' · ');

/** The table's head: the group, then the figures in EtaAccuracyFigures' order, then the verdicts. */
export const ETA_ACCURACY_HEAD = [
  'flow, readings',
  'trucks / readings',
  'with a range (none)',
  'called inside (before · after)',
  'median error',
  'p90 error',
  'median width',
  'median real wait',
  'inside ≥ 85 % · width · error',
] as const;

/** One row of the table per group and kind of reading ("lab flow, at issue"). */
export function accuracyRows(accuracy: EtaAccuracy): string[][] {
  return accuracy.groups.flatMap((g) => {
    const label = g.flow === null ? 'all flows' : `${g.flow} flow`;
    const row = (kind: string, f: EtaAccuracyFigures, counted: string) => [
      `${label}, ${kind}`,
      counted,
      `${thousands(f.withRange)} (${thousands(f.noRange)})`,
      f.inside === null ? '–' : `${percent(f.inside)} (${percent(f.early ?? 0)} · ${percent(f.late ?? 0)})`,
      minutes(f.medianErrorMin),
      minutes(f.p90ErrorMin),
      minutes(f.medianWidthMin),
      minutes(f.medianWaitMin),
      words(f.verdicts),
    ];
    return [
      row('at issue', g.atIssue, counted(g.atIssue.readings, 'truck')),
      row('every reading', g.every, counted(g.every.readings, 'reading')),
    ];
  });
}

/** The figures as a Markdown table, with the targets in words under it. */
export function accuracyTable(accuracy: EtaAccuracy): string {
  const rows = [[...ETA_ACCURACY_HEAD], ...accuracyRows(accuracy)];
  const widths = ETA_ACCURACY_HEAD.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(rows[0]!), rule, ...rows.slice(1).map(line), '', ETA_TARGETS_TEXT].join('\n');
}

/**
 * Durations as people read them: hours and minutes, by one of two minute rules (SPEC.md
 * section 9), written by one function for every screen, and for the export.
 *
 * - 'plusOne' counts the minute that has started: the whole minutes plus one, so a truck
 *   inside for 0 s to 59 s counts 1 minute, and 1:00 to 1:59 counts 2. The spec's rule for the
 *   lab and exit screens and for the in/out report's time in factory.
 * - 'floor' counts whole minutes only: 0 s to 59 s is under a minute. The spec's rule for the
 *   in/out report's lab duration.
 *
 * So one truck's lab stay of 1 min 20 s shows "2 นาที" on the lab page and "1 นาที" in the
 * report: each screen keeps the spec's rule, and each duration column's tooltip says which.
 */
export type MinuteRule = 'plusOne' | 'floor';

/**
 * Which rule each duration on screen (and in the export) follows, in one table. The spec's
 * own (section 9) first; the others are this product's choices (docs/reports.md, "Durations"): a figure
 * that repeats one the spec rules keeps that rule, a waiting time or an average does not count
 * a started minute as a whole one.
 */
export const DURATION_RULES = {
  /** Lab page: lab start to lab finish (spec: one minute added). */
  labPage: 'plusOne',
  /** Gate page: ticket to exit (spec: one minute added). */
  exitPage: 'plusOne',
  /** In/out report: lab start to lab finish (spec: floors). */
  inOutLabDuration: 'floor',
  /** In/out report: ticket to exit (spec: rounds minutes up by one). */
  inOutTimeInFactory: 'plusOne',
  /** Summary report: ticket to exit, the in/out report's time in factory again. */
  summaryTotalTime: 'plusOne',
  /** Summary report: ticket to first call. */
  summaryWaitingTime: 'floor',
  /** Dashboard: averages over many trucks (spec: seconds as hours and minutes). */
  dashboardAverage: 'floor',
  /** Manage Calling: how long a ticket has waited so far. */
  callingWaited: 'floor',
} as const satisfies Record<string, MinuteRule>;

export function durationParts(seconds: number, rule: MinuteRule): { hours: number; minutes: number } {
  const whole = Math.floor(Math.max(0, seconds) / 60);
  const total = rule === 'plusOne' ? whole + 1 : whole;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

export type DurationUnit = 'day' | 'hour' | 'minute';

export interface DurationPiece {
  unit: DurationUnit;
  count: number;
}

/**
 * What a duration shows, largest unit first, never a zero piece: 3600 s is [1 hour], not
 * 1 hour 0 minutes; an empty list is under a minute (only 'floor' gives one). With `days`, a
 * duration of a day or more shows days and hours, without the minutes (a ticket waiting since
 * yesterday).
 */
export function durationPieces(
  seconds: number,
  rule: MinuteRule,
  options: { days?: boolean } = {},
): DurationPiece[] {
  const { hours, minutes } = durationParts(seconds, rule);
  const pieces: DurationPiece[] =
    options.days && hours >= 24
      ? [
          { unit: 'day', count: Math.floor(hours / 24) },
          { unit: 'hour', count: hours % 24 },
        ]
      : [
          { unit: 'hour', count: hours },
          { unit: 'minute', count: minutes },
        ];
  return pieces.filter((piece) => piece.count > 0);
}

/** How a language writes each piece ("5 นาที", "1 ชม.") and a duration under a minute. */
export interface DurationWords {
  day: (count: number) => string;
  hour: (count: number) => string;
  minute: (count: number) => string;
  lessThanMinute: string;
}

/**
 * A duration as text by its minute rule: "1 ชม. 5 นาที", "1 ชม.", "5 นาที", "ไม่ถึง 1 นาที";
 * `empty` ('-') when there is none yet (null) or it is not a number.
 */
export function durationText(
  seconds: number | null | undefined,
  rule: MinuteRule,
  words: DurationWords,
  options: { days?: boolean; empty?: string } = {},
): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return options.empty ?? '-';
  const pieces = durationPieces(seconds, rule, options);
  if (pieces.length === 0) return words.lessThanMinute;
  return pieces.map((piece) => words[piece.unit](piece.count)).join(' ');
}

/** The Thai words, for what the server writes itself (the Excel export): "1 ชม. 5 นาที". */
export const THAI_DURATION_WORDS: DurationWords = {
  day: (count) => `${count} วัน`,
  hour: (count) => `${count} ชม.`,
  minute: (count) => `${count} นาที`,
  lessThanMinute: 'ไม่ถึง 1 นาที',
};

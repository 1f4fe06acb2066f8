/** The era a date is written in: Buddhist (2569) or Common (2026). */
export type Calendar = 'BE' | 'CE';

/** How a column's values read: its number format and alignment. */
export type ColumnKind = 'text' | 'integer' | 'kg' | 'date' | 'duration';

/** Dates and times on the site's wall clock, in the branch's era; real dates either way. */
export const DATE_TIME_FORMATS: Readonly<Record<Calendar, string>>;

/** Hours past 24 and minutes: 1:41, 27:05. */
export const DURATION_FORMAT: string;

export const INTEGER_FORMAT: string;

/** '#,##0' for whole kilograms, '#,##0.0' for a weight with a decimal. */
export function kgFormat(value: number): string;

export const COLUMN_KINDS: Readonly<
  Record<ColumnKind, { align: 'left' | 'center' | 'right'; numFmt?: string }>
>;

/** Character cells `text` takes on screen (its longest line): combining marks take none, wide characters two. */
export function textWidth(text: string): number;

/** How wide a cell of this kind reads once formatted. */
export function shownWidth(
  value: string | number | Date | null | undefined,
  kind: ColumnKind,
  calendar: Calendar,
): number;

/** The widest a text column grows; longer values wrap inside it. */
export const MAX_COLUMN_WIDTH: number;

/** A column's width in Excel's units from its widest value and header (in character cells) and its kind. */
export function columnWidth(widestValue: number, widestHeader: number, kind: ColumnKind): number;

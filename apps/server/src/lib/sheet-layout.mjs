// How a report's cells read in a spreadsheet: the number formats, and how wide a value is once
// shown. Plain JavaScript, shared by the writer's thread (xlsx-worker.mjs, which cannot load
// TypeScript) and the server (xlsx.ts); types in sheet-layout.d.mts.

/**
 * Dates and times on the site's wall clock, in the branch's era. BE: Thai locale (041E), Thai
 * Buddhist calendar (07), Western digits (01): Excel and LibreOffice both show 20/11/2569 for a
 * date of 2026, and the cell stays a real date (it sorts, filters and subtracts).
 */
export const DATE_TIME_FORMATS = {
  BE: '[$-107041E]dd/mm/yyyy hh:mm',
  CE: 'dd/mm/yyyy hh:mm',
};

/** A duration as hours past 24 and minutes: 1:41, 27:05. The cell is a fraction of a day, so it sums. */
export const DURATION_FORMAT = '[h]:mm';

/** A running number. */
export const INTEGER_FORMAT = '0';

/**
 * Kilograms: thousands grouped, a decimal only when the weight has one (12,340 and 31,250.5). A
 * whole weight keeps the room of ".0" empty (`_._0`), so the units line up down the column.
 */
export function kgFormat(value) {
  return Number.isInteger(value) ? '#,##0_._0' : '#,##0.0';
}

/** How each kind of column reads: its format, and where its values sit in the cell. */
export const COLUMN_KINDS = {
  text: { align: 'left' },
  integer: { align: 'right', numFmt: INTEGER_FORMAT },
  kg: { align: 'right' },
  date: { align: 'center' },
  duration: { align: 'right', numFmt: DURATION_FORMAT },
};

// Characters that take no room of their own: combining marks (Thai vowels above and below the
// consonant, tone marks, THANTHAKHAT), zero-width spaces and joiners, variation selectors, the
// skin tones that modify the emoji before them.
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Emoji_Modifier}\u200b-\u200f\u2060\ufeff]/u;
// Thai: MAI HAN-AKAT, the vowels above and below (SARA I … PHINTHU), MAITAIKHU to YAMAKKAN.
const THAI_MARKS = new Set([0x0e31, 0x0e34, 0x0e35, 0x0e36, 0x0e37, 0x0e38, 0x0e39, 0x0e3a]);
for (let code = 0x0e47; code <= 0x0e4e; code++) THAI_MARKS.add(code);
// East Asian wide and emoji: two columns.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/**
 * How many character cells `text` takes on screen: its longest line, counting what is seen, not
 * code units. "ที่นี่" is six code points but two letters wide; a Thai mark stacked
 * on its consonant adds nothing, SARA AM and the leading vowels each take a place.
 */
export function textWidth(text) {
  let widest = 0;
  let width = 0;
  const value = String(text);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 10) {
      widest = Math.max(widest, width);
      width = 0;
    } else if (code < 0x300) {
      // Latin, digits, punctuation: the common case, without a regular expression.
      width += 1;
    } else if (code >= 0x0e00 && code <= 0x0e7f) {
      width += THAI_MARKS.has(code) ? 0 : 1;
    } else {
      const point = value.codePointAt(i);
      const char = String.fromCodePoint(point);
      if (point > 0xffff) i++;
      if (!ZERO_WIDTH.test(char)) width += WIDE.test(char) ? 2 : 1;
    }
  }
  return Math.max(widest, width);
}

/** The characters a date format shows: its pattern without locale codes, quotes and escapes. */
function formatWidth(numFmt) {
  return numFmt
    .replace(/\[[^\]]*\]/g, '')
    .replace(/["\\]/g, '')
    .replace(/AM\/PM/i, 'AM').length;
}

const DATE_WIDTHS = {
  BE: formatWidth(DATE_TIME_FORMATS.BE),
  CE: formatWidth(DATE_TIME_FORMATS.CE),
};

/** How wide a cell of this kind reads once formatted (a text cell, such as "-", as it is). */
export function shownWidth(value, kind, calendar) {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return textWidth(value);
  if (value instanceof Date) return DATE_WIDTHS[calendar];
  if (kind === 'duration') return String(Math.floor(value * 24 + 1e-9)).length + 3;
  if (kind === 'kg') {
    // A whole weight is as wide as one with a decimal: its ".0" is left blank, not left out.
    return value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).length;
  }
  return String(value).length;
}

/** The widest a text column grows; longer values wrap inside it. */
export const MAX_COLUMN_WIDTH = 40;

/**
 * A column's width in Excel's units (about a digit of the sheet's font, plus a little) from the
 * widest value it shows: a Thai letter is about a digit wide, bold header text a tenth wider; a
 * cell keeps a digit's padding on each side, and one more where its values are indented from
 * the edge (left and right aligned kinds).
 */
export function columnWidth(widestValue, widestHeader, kind) {
  const padding = COLUMN_KINDS[kind].align === 'center' ? 2 : 3;
  const width = Math.ceil(Math.max(widestValue, widestHeader * 1.1)) + padding;
  return Math.min(width, MAX_COLUMN_WIDTH);
}

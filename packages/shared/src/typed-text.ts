/**
 * Rules for text a person types that others read (names, notes, reasons), shared by the
 * contracts (contracts/api.ts: noFormula, noHidden, text) and the forms that say them first,
 * the driver's page included: no zod here, so that page's small bundle stays small.
 */

/**
 * How a cell starts when a spreadsheet would run it as a formula (OWASP's CSV injection list):
 * a licence typed as `=cmd|' /C calc'!A0` would run in Excel once the export is saved as CSV.
 */
export function startsLikeFormula(value: string): boolean {
  // A lone "-" is how Thai records write "none" (a lastname, say), and no spreadsheet runs it.
  return value !== '-' && /^[=+\-@\t\r]/.test(value);
}

/**
 * Characters nobody sees that change what is seen: bidi controls (U+202E shows "ABC" as "CBA"),
 * zero-width spaces and joiners, the soft hyphen, the BOM and every other format character;
 * every character Unicode says to draw as nothing (Default_Ignorable_Code_Point: variation
 * selectors, the Hangul fillers, the Mongolian variation selectors, the grapheme joiner, tag
 * characters), the blank Braille pattern, half a surrogate pair, and control characters (a line
 * break, a tab and a carriage return only where text may have lines). An emoji keeps what draws
 * it: its variation selector (❤️) and the joiners between its parts (👨‍👩‍👧).
 */
const HIDDEN = /[\p{Cf}\p{Cc}\p{Cs}\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/gu;
const EMOJI_PARTS =
  /(?<=\p{Extended_Pictographic})\uFE0F|(?<=[0-9#*])\uFE0F(?=\u20E3)|(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether `value` holds a character HIDDEN names (line breaks and tabs allowed when `lines`). */
export function hasHiddenCharacter(value: string, lines = false): boolean {
  const seen = value.replace(EMOJI_PARTS, '');
  const hidden = seen.match(HIDDEN) ?? [];
  return hidden.some((char) => !(lines && (char === '\n' || char === '\r' || char === '\t')));
}

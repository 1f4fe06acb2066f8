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
 * zero-width spaces and joiners, the soft hyphen, the BOM and every other format character, and
 * control characters (a line break, a tab and a carriage return only where text may have lines).
 * A joiner inside an emoji (👨‍👩‍👧) draws the emoji and is not one of them.
 */
const HIDDEN = /[\p{Cf}\p{Cc}\u2028\u2029]/gu;
const EMOJI_JOINER = /(?<=[\p{Extended_Pictographic}\uFE0F])\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether `value` holds a character HIDDEN names (line breaks and tabs allowed when `lines`). */
export function hasHiddenCharacter(value: string, lines = false): boolean {
  const seen = value.replace(EMOJI_JOINER, '');
  const hidden = seen.match(HIDDEN) ?? [];
  return hidden.some((char) => !(lines && (char === '\n' || char === '\r' || char === '\t')));
}

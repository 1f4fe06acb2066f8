import { normaliseLicence } from './licence.ts';
import { PLATE_SEPARATOR } from './plates.ts';

/** What stands for each hidden character of a masked plate. */
export const MASK_CHAR = '•';

/** Digits of a plate's number a public screen still shows (the rest is masked). */
const SHOWN_DIGITS = 2;

const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });

/** At most `keep` visible characters, at least one hidden: "AB" → "A•", "ทดสอบ" → "ทด•••". */
function maskText(text: string, keep: number): string {
  const chars = [...graphemes.segment(text)].map((s) => s.segment);
  const shown = Math.max(0, Math.min(keep, chars.length - 1));
  return chars.map((c, i) => (i < shown || c === ' ' ? c : MASK_CHAR)).join('');
}

/**
 * One plate: the letters before its number and the number's first two digits stay, the rest of
 * the number is masked and whatever follows the number (the province) is dropped.
 */
function maskOne(plate: string): string {
  const runs = [...plate.matchAll(/\d+/g)];
  const last = runs.at(-1);
  // No number at all: not a plate we know; only its first characters stay.
  if (!last) return maskText(plate, SHOWN_DIGITS);
  const digits = last[0];
  const shown = Math.max(0, Math.min(SHOWN_DIGITS, digits.length - 1));
  return (
    plate.slice(0, last.index) +
    digits.slice(0, shown) +
    MASK_CHAR.repeat(digits.length - shown)
  ).trimEnd();
}

/**
 * A licence as a public screen shows it (a TV board, another truck on a driver's page), so a
 * passer-by cannot read who came: "1กข 1234" → "1กข 12••", "กข 1234 กรุงเทพมหานคร" → "กข 12••",
 * "70-1234 / 71-5678" → "70-12•• / 71-56••". The province is dropped: a plate's letters and first
 * digits are enough for a driver to know their truck, and a province would only say more about
 * whose it is. At least one character is always hidden ("กข 5" → "กข •"). The server masks
 * before anything leaves it, so a masked screen never receives the full plate.
 */
export function maskPlate(licence: string): string {
  const text = normaliseLicence(licence);
  if (text === '') return '';
  return text.split(PLATE_SEPARATOR).map(maskOne).join(PLATE_SEPARATOR);
}

/** The licence a public screen of a branch gets: masked unless the branch turned masking off. */
export function publicPlate(licence: string, mask: boolean): string {
  return mask ? maskPlate(licence) : normaliseLicence(licence);
}

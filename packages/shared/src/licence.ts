/**
 * A truck licence as the plant keeps it, whoever typed it (kiosk, officer, API client):
 * trimmed, runs of spaces made one, Latin letters upper case, Unicode NFC (so a tone mark typed
 * before its vowel below, "กุ่", is the same plate as "กุ่"). Nothing else: an abbreviated
 * province ("กท") and the full one ("กรุงเทพมหานคร") stay as typed, two different strings.
 * TruckLicenseSchema applies it, so the server only ever sees the normalised form and the kiosk
 * shows what will be kept.
 */
export function normaliseLicence(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toUpperCase().normalize('NFC');
}

/**
 * How long a licence may be, in characters as a person sees them (grapheme clusters: a Thai
 * consonant with its vowel and tone marks is one). A tractor and trailer pair with the longest
 * province twice, "70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา", is 45; a plate
 * number like "1กข 1234" makes a pair 47. 60 leaves room for longer special plates.
 */
export const LICENCE_MAX = 60;

/**
 * The hard cap in code points, checked before anything is counted, so nobody can send megabytes.
 * A Thai cluster needs at most three (consonant, vowel above or below, tone mark: "ที่", "น้ำ"),
 * so 3 × LICENCE_MAX holds any licence that passes LICENCE_MAX.
 */
export const LICENCE_MAX_CODE_POINTS = 3 * LICENCE_MAX;

const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });

/** Characters as a person sees them (grapheme clusters): "พระนครศรีอยุธยา" is 13, not 15. */
export function visibleLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** The first `max` visible characters: a cut never leaves a vowel or tone mark without its letter. */
export function cutToVisible(text: string, max: number): string {
  let end = 0;
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (count === max) break;
    end += segment.length;
    count++;
  }
  return text.slice(0, end);
}

/**
 * Characters a person may type for another on a plate: Thai digits for Arabic ones (๗๐ for 70),
 * and the two obsolete letters for the ones they look like (ฃ for ข, ฅ for ค).
 */
const CONFUSABLE: Record<string, string> = {
  ...Object.fromEntries([...'๐๑๒๓๔๕๖๗๘๙'].map((digit, index) => [digit, String(index)])),
  ฃ: 'ข',
  ฅ: 'ค',
};

/**
 * What a search for plates compares: the normalised licence without spaces, dashes and dots,
 * and with confusable characters made one (CONFUSABLE), so "701234", "70 1234", "๗๐-๑๒๓๔" and
 * "70-1234" all find "70-1234 ขอนแก่น".
 */
export function plateSearchKey(text: string): string {
  return [...normaliseLicence(text).replace(/[ .-]/g, '')].map((char) => CONFUSABLE[char] ?? char).join('');
}

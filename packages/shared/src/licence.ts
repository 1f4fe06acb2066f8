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
 * Characters that look like another on a plate, made that one. Digits of the region's scripts
 * (Thai ๗๐, Lao, Khmer, Myanmar) are the Arabic digits the plate carries; the two obsolete Thai
 * letters are the ones they look like (ฃ for ข, ฅ for ค); Cyrillic and Greek capitals drawn like
 * Latin ones are the Latin letter. Full-width forms, circled and superscript digits and letters
 * with accents are handled before this, by NFKD (plateSearchKey).
 */
const CONFUSABLE: Record<string, string> = {
  ...digitsOf('๐๑๒๓๔๕๖๗๘๙'),
  ...digitsOf('໐໑໒໓໔໕໖໗໘໙'),
  ...digitsOf('០១២៣៤៥៦៧៨៩'),
  ...digitsOf('၀၁၂၃၄၅၆၇၈၉'),
  ฃ: 'ข',
  ฅ: 'ค',
  ...lookAlikes('АВЕКМНОРСТУХІЈЅԚԜ', 'ABEKMHOPCTYXIJSQW'),
  ...lookAlikes('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABEZHIKMNOPTYX'),
};

function digitsOf(zeroToNine: string): Record<string, string> {
  return Object.fromEntries([...zeroToNine].map((digit, value) => [digit, String(value)]));
}

function lookAlikes(from: string, to: string): Record<string, string> {
  const latin = [...to];
  return Object.fromEntries([...from].map((char, index) => [char, latin[index] ?? char]));
}

/**
 * Combining marks no plate needs: those of the Latin, Greek and Cyrillic letters and the generic
 * blocks (an acute put on a digit). The marks of Thai and the other scripts of the region stay:
 * they are part of their letters.
 */
// The ranges hold marks only (no base letters), so the class is not misleading.
// eslint-disable-next-line no-misleading-character-class
const FOREIGN_MARKS = /[\u0300-\u036F\u0483-\u0489\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]/g;

/**
 * One plate, however it was typed: what the one-active-ticket rule and every plate search
 * compare (queues.plate_key holds it). The normalised licence, decomposed by NFKD (full-width
 * "７０" is "70", "①" is "1", "É" is "E" with an accent and "ำ" is "ํา", the same as typed
 * either way), without foreign combining marks, spaces, dashes and dots, and with confusable
 * characters made one (CONFUSABLE): "701234", "70 1234", "๗๐-๑๒๓๔", "７０-１２３４" and a
 * Cyrillic "А" for a Latin one all find, and are, the same truck.
 */
export function plateSearchKey(text: string): string {
  const decomposed = normaliseLicence(text).normalize('NFKD').toUpperCase().replace(FOREIGN_MARKS, '');
  return [...decomposed.replace(/[\s.-]/g, '')].map((char) => CONFUSABLE[char] ?? char).join('');
}

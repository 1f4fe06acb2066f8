import { describe, expect, it } from 'vitest';
import { TruckLicenseSchema } from './contracts/queue.contract.ts';
import {
  cutToVisible,
  LICENCE_MAX,
  LICENCE_MAX_CODE_POINTS,
  normaliseLicence,
  plateSearchKey,
  visibleLength,
} from './licence.ts';

const LONG_PAIR = '70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา';

describe('visible length', () => {
  it('counts what a person sees: a Thai letter with its vowel and tone marks is one', () => {
    expect(visibleLength('พระนครศรีอยุธยา')).toBe(13);
    expect([...'พระนครศรีอยุธยา']).toHaveLength(15);
    expect(visibleLength('ที่')).toBe(1);
    expect(visibleLength('น้ำ')).toBe(1);
    expect(visibleLength('70-1234')).toBe(7);
    expect(visibleLength('')).toBe(0);
    expect(visibleLength(LONG_PAIR)).toBe(45);
  });

  it('cuts at whole characters, never between a letter and its marks', () => {
    expect(cutToVisible('ที่นี่', 1)).toBe('ที่');
    expect(cutToVisible('กรุงเทพมหานคร', 3)).toBe('กรุง');
    expect(cutToVisible('ABC', 5)).toBe('ABC');
    expect(cutToVisible('ABC', 0)).toBe('');
  });
});

describe('the licence limit', () => {
  it('takes a tractor and trailer pair with the longest province twice, whole', () => {
    expect(TruckLicenseSchema.parse(LONG_PAIR)).toBe(LONG_PAIR);
    expect(TruckLicenseSchema.parse('1กข 1234 พระนครศรีอยุธยา / 1กข 5678 พระนครศรีอยุธยา')).toHaveLength(51);
  });

  it('counts visible characters, not code points: 60 Thai letters with marks pass, 61 do not', () => {
    const sixty = 'กี้'.repeat(LICENCE_MAX);
    expect([...sixty]).toHaveLength(3 * LICENCE_MAX);
    expect(TruckLicenseSchema.safeParse(sixty).success).toBe(true);
    expect(TruckLicenseSchema.safeParse(`${sixty}ก`).success).toBe(false);
    expect(TruckLicenseSchema.safeParse('1'.repeat(LICENCE_MAX)).success).toBe(true);
    expect(TruckLicenseSchema.safeParse('1'.repeat(LICENCE_MAX + 1)).success).toBe(false);
  });

  it('refuses more code points than the hard cap before counting anything', () => {
    // Marks piled on one letter: one visible character, far too many code points.
    const piled = `ก${'\u0E48'.repeat(LICENCE_MAX_CODE_POINTS)}`;
    expect(visibleLength(piled)).toBe(1);
    const result = TruckLicenseSchema.safeParse(piled);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.code).toBe('too_big');
    expect(TruckLicenseSchema.safeParse('1'.repeat(1_000_000)).success).toBe(false);
  });

  it('keeps the character rules: letters, digits, spaces, dots, dashes and slashes, no formula start', () => {
    expect(TruckLicenseSchema.safeParse('70-1234!').success).toBe(false);
    expect(TruckLicenseSchema.safeParse('=1+1').success).toBe(false);
    expect(TruckLicenseSchema.safeParse('-70 1234').success).toBe(false);
    expect(TruckLicenseSchema.safeParse('70\u00001234').success).toBe(false);
    expect(TruckLicenseSchema.safeParse('   ').success).toBe(false);
  });
});

describe('normalisation', () => {
  it('keeps an abbreviated province and the full name apart, exactly as typed', () => {
    expect(normaliseLicence('70-1234 กท')).toBe('70-1234 กท');
    expect(normaliseLicence('70-1234 กรุงเทพมหานคร')).toBe('70-1234 กรุงเทพมหานคร');
    expect(normaliseLicence('70-1234 กท')).not.toBe(normaliseLicence('70-1234 กรุงเทพมหานคร'));
  });

  it('trims, makes runs of spaces one and Latin letters upper case', () => {
    expect(normaliseLicence('  ab   12 \t ขก ')).toBe('AB 12 ขก');
  });

  it('applies NFC: a tone mark typed before the vowel below its letter is the same plate', () => {
    const toneFirst = 'ก\u0E48\u0E38 1234';
    const vowelFirst = 'ก\u0E38\u0E48 1234';
    expect(toneFirst).not.toBe(vowelFirst);
    expect(normaliseLicence(toneFirst)).toBe(vowelFirst);
    // Latin with a combining accent becomes the one precomposed letter.
    expect(normaliseLicence('e\u0301')).toBe('\u00C9');
  });

  it('searches without spaces, dashes and dots', () => {
    expect(plateSearchKey(' 70-1234 ขก ')).toBe('701234ขก');
    expect(plateSearchKey('ab.12')).toBe('AB12');
    expect(plateSearchKey('70 / 71')).toBe('70/71');
    // Thai digits and the obsolete letters a person may type for the ones they look like.
    expect(plateSearchKey('๗๐-๑๒๓๔ ฃก')).toBe(plateSearchKey('70-1234 ขก'));
    expect(plateSearchKey('ฅ 9')).toBe('ค9');
  });

  it('makes look-alike spellings of one plate one key (issue 37)', () => {
    const key = plateSearchKey('AB 5555');
    for (const spelling of [
      '\u0410\u0412 5555', // Cyrillic А В
      '\u03B1\u03B2 5555', // Greek α β, upper-cased
      'AB \uFF15\uFF15\uFF15\uFF15', // full-width digits
      'AB ๕๕๕๕',
      'AB 5555\u0301', // an acute on a digit
      '\u00C1B 5555', // Á: a Latin letter with an accent
      'A B-55.55',
    ]) {
      expect(plateSearchKey(spelling), spelling).toBe(key);
    }
    // Thai keeps its marks: different vowels are different plates; ำ and ํา look the same and are one.
    expect(plateSearchKey('กุ 1')).not.toBe(plateSearchKey('กู 1'));
    expect(plateSearchKey('น้ำ 1')).toBe(plateSearchKey('น้\u0E4D\u0E32 1'));
    // Digits of Laos, Cambodia and Myanmar are the plate's digits too.
    expect(plateSearchKey('໗໐ ០១ ၉')).toBe('7001' + '9');
  });
});

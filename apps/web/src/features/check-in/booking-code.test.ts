import { describe, expect, it } from 'vitest';
import { toThaiLayout } from '@truck-queue/shared/scan/keyboard-layout';
import {
  CODE_DIGITS,
  CODE_LETTERS,
  EMPTY_CODE,
  readBookingCode,
  spacedCode,
  typeCode,
  type CodeEntry,
} from './booking-code.ts';

/** Types `keys` one at a time into the input, as a scanner or a person does. */
function typeKeys(keys: string, start: CodeEntry = EMPTY_CODE): CodeEntry {
  return [...keys].reduce((entry, key) => typeCode(entry, entry.text + key), start);
}

describe('a booking code typed or scanned', () => {
  it('reads a code in any case, with spaces or dashes', () => {
    expect(readBookingCode(typeKeys('acde-fgh3'))).toBe('ACDEFGH3');
    expect(readBookingCode(typeKeys('ACDE FGH3'))).toBe('ACDEFGH3');
    expect(typeKeys('acde').text).toBe('ACDE');
  });

  it('reads what a scanner typed on a Thai-layout keyboard, a trailing 3 (the - key) too', () => {
    const scanned = toThaiLayout('ACDEFGH3');
    expect(scanned).not.toContain('A');
    const entry = typeKeys(scanned);
    expect(entry).toEqual({ text: 'ACDEFGH3', thaiLayout: true });
    expect(readBookingCode(entry)).toBe('ACDEFGH3');
    // A code that starts with 3 (typed as '-') is put back once the first Thai letter arrives.
    expect(typeKeys(toThaiLayout('3ACDEFGH')).text).toBe('3ACDEFGH');
    // The whole scan pasted at once reads the same.
    expect(readBookingCode(typeCode(EMPTY_CODE, toThaiLayout('9KMN4PQR')))).toBe('9KMN4PQR');
  });

  it('starts afresh once the input is emptied, and refuses what is no code', () => {
    const thai = typeKeys(toThaiLayout('AC'));
    expect(typeCode(thai, '')).toEqual(EMPTY_CODE);
    expect(readBookingCode(typeKeys('ACDEFGH'))).toBeNull();
    expect(readBookingCode(typeKeys('ACDEFGH33'))).toBeNull();
    // O, I, S, Z, B, 0, 1, 5... are not in the alphabet: never read as another code.
    expect(readBookingCode(typeKeys('ACDEFGHO'))).toBeNull();
    expect(readBookingCode(typeKeys('ACDEFGH1'))).toBeNull();
  });

  it('writes a code in two groups, and offers the alphabet on the keypad', () => {
    expect(spacedCode('ACDEFGH3')).toBe('ACDE FGH3');
    expect(CODE_DIGITS).toEqual(['3', '4', '6', '9']);
    expect(CODE_LETTERS.join('')).toBe('ACDEFGHJKMNPQRTUVWXY');
  });
});

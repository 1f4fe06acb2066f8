import { LICENCE_MAX, normaliseLicence } from '@truck-queue/shared/licence';
import { describe, expect, it } from 'vitest';
import {
  applyKey,
  EMPTY_EDIT,
  keyLabel,
  THAI_CONSONANTS,
  THAI_VOWELS,
  type KeypadKey,
  type LicenceEdit,
} from './keypad.ts';

const char = (c: string): KeypadKey => ({ kind: 'char', char: c });
const type = (text: string, from: LicenceEdit = EMPTY_EDIT) =>
  [...text].reduce((edit, c) => applyKey(edit, char(c)), from);

describe('the licence keypad', () => {
  it('offers the 44 consonants ก to ฮ and shows marks on a dotted circle', () => {
    expect(THAI_CONSONANTS).toHaveLength(44);
    expect(THAI_CONSONANTS[0]).toBe('ก');
    expect(THAI_CONSONANTS.at(-1)).toBe('ฮ');
    expect(keyLabel('่')).toBe('◌่');
    expect(keyLabel('า')).toBe('า');
    expect(THAI_VOWELS.every((v) => v.length === 1)).toBe(true);
  });

  it('types at the caret and replaces a selection', () => {
    const typed = type('70-1234');
    expect(typed).toEqual({ value: '70-1234', start: 7, end: 7 });
    // Caret after "70": a Thai letter goes there.
    expect(applyKey({ ...typed, start: 2, end: 2 }, char('ก'))).toEqual({
      value: '70ก-1234',
      start: 3,
      end: 3,
    });
    // "1234" selected: replaced.
    expect(applyKey({ ...typed, start: 3, end: 7 }, char('9'))).toEqual({ value: '70-9', start: 4, end: 4 });
  });

  it('backspace deletes the selection or the character before the caret; clear empties', () => {
    const typed = type('ขอนแก่น');
    expect(applyKey(typed, { kind: 'backspace' }).value).toBe('ขอนแก่');
    expect(applyKey({ ...typed, start: 0, end: 0 }, { kind: 'backspace' })).toEqual({
      ...typed,
      start: 0,
      end: 0,
    });
    expect(applyKey({ ...typed, start: 1, end: 3 }, { kind: 'backspace' })).toEqual({
      value: 'ขแก่น',
      start: 1,
      end: 1,
    });
    expect(applyKey(typed, { kind: 'clear' })).toEqual(EMPTY_EDIT);
  });

  it('refuses a leading space, two spaces in a row, and more than the limit', () => {
    expect(applyKey(EMPTY_EDIT, char(' '))).toEqual(EMPTY_EDIT);
    expect(type('70  12').value).toBe('70 12');
    const full = type('1'.repeat(LICENCE_MAX));
    expect(applyKey(full, char('2'))).toEqual(full);
  });

  it('counts the limit as a person sees it: a vowel or tone mark still fits on a full licence', () => {
    const full = type('ก'.repeat(LICENCE_MAX));
    expect(applyKey(full, char('ข'))).toEqual(full);
    const marked = type('ี้', full);
    expect(marked.value).toBe(`${'ก'.repeat(LICENCE_MAX)}ี้`);
    // A smaller limit, as a plate's number has.
    expect(type('70-12345', EMPTY_EDIT).value).toBe('70-12345');
    expect(applyKey(type('1234'), char('5'), 4).value).toBe('1234');
  });

  it('survives a selection outside the text (an input changed under it)', () => {
    expect(applyKey({ value: 'AB', start: 9, end: 12 }, char('C'))).toEqual({
      value: 'ABC',
      start: 3,
      end: 3,
    });
  });
});

describe('normalisation', () => {
  it('trims, makes single spaces and upper-cases Latin letters', () => {
    expect(normaliseLicence('  70-1234   ขอนแก่น ')).toBe('70-1234 ขอนแก่น');
    expect(normaliseLicence('ab 12')).toBe('AB 12');
  });
});

import { LICENCE_MAX, visibleLength } from '@truck-queue/shared/licence';

/** The 44 Thai consonants, ก to ฮ, in dictionary order. */
export const THAI_CONSONANTS = [...'กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ'];
/** Vowels and tone marks, for the province on a plate (ขอนแก่น, นครราชสีมา). */
export const THAI_VOWELS = [...'ะัาำิีึืุูเแโใไ็่้๊๋์'];
export const DIGITS = [...'1234567890'];
export const LATIN = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

export type KeypadKey = { kind: 'char'; char: string } | { kind: 'backspace' } | { kind: 'clear' };

/** The licence being typed and the input's selection (start = end: the caret). */
export interface LicenceEdit {
  value: string;
  start: number;
  end: number;
}

export const EMPTY_EDIT: LicenceEdit = { value: '', start: 0, end: 0 };

/** A mark that sits on the letter before it (ิ ่ ์ ...): its key shows it on a dotted circle. */
export function isCombiningMark(char: string): boolean {
  return /^\p{M}$/u.test(char);
}

export function keyLabel(char: string): string {
  return isCombiningMark(char) ? `\u25CC${char}` : char;
}

function clampSelection(edit: LicenceEdit): LicenceEdit {
  const length = edit.value.length;
  const start = Math.max(0, Math.min(edit.start, length));
  const end = Math.max(start, Math.min(edit.end, length));
  return { value: edit.value, start, end };
}

/**
 * What one tap of the on-screen keypad does to the licence: a character replaces the selection
 * (or goes in at the caret), backspace deletes the selection or the character before the caret,
 * clear empties it. Taps that would make it longer than `max` characters as a person sees them
 * (a vowel or tone mark joins its letter and adds none), start it with a space or put two spaces
 * side by side change nothing.
 */
export function applyKey(current: LicenceEdit, key: KeypadKey, max = LICENCE_MAX): LicenceEdit {
  const edit = clampSelection(current);
  const before = edit.value.slice(0, edit.start);
  const after = edit.value.slice(edit.end);
  switch (key.kind) {
    case 'clear':
      return EMPTY_EDIT;
    case 'backspace': {
      if (edit.start !== edit.end) return { value: before + after, start: edit.start, end: edit.start };
      if (edit.start === 0) return edit;
      const caret = edit.start - 1;
      return { value: edit.value.slice(0, caret) + after, start: caret, end: caret };
    }
    case 'char': {
      const char = key.char;
      if (visibleLength(before + char + after) > max) return edit;
      if (char === ' ' && (before === '' || before.endsWith(' ') || after.startsWith(' '))) return edit;
      const caret = edit.start + char.length;
      return { value: before + char + after, start: caret, end: caret };
    }
  }
}

import { BOOKING_CODE_ALPHABET, BookingCodeSchema } from '@truck-queue/shared/contracts/booking.contract';
import { fromThaiKeys, hasThai } from '@truck-queue/shared/scan/keyboard-layout';

/**
 * A booking code as it is typed or scanned: by the kiosk's keypad, a keyboard, or a wedge
 * scanner reading the booking's QR (which carries the code). A scanner on a PC in the Thai
 * layout types Thai letters; from the first Thai character the entry is read as Thai-layout
 * keys (its '-' was the key 3), and shown as the code it means.
 */
export interface CodeEntry {
  text: string;
  /** Typed on a Thai-layout keyboard: every character is put back to its US key. */
  thaiLayout: boolean;
}

export const EMPTY_CODE: CodeEntry = { text: '', thaiLayout: false };

/** The entry once the input holds `typed` (what it showed, with the new keys in it). */
export function typeCode(previous: CodeEntry, typed: string): CodeEntry {
  if (typed === '') return EMPTY_CODE;
  const thaiLayout = previous.thaiLayout || hasThai(typed);
  return { text: (thaiLayout ? fromThaiKeys(typed) : typed).toUpperCase(), thaiLayout };
}

/** The code the entry names (upper case, without spaces and dashes), or null when it is no booking code. */
export function readBookingCode(entry: CodeEntry): string | null {
  const parsed = BookingCodeSchema.safeParse(entry.text);
  return parsed.success ? parsed.data : null;
}

/** A code written in two groups of four for reading aloud and checking by eye: "ACDE FGHJ". */
export function spacedCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}

/** The keys of the code's alphabet: letters, then digits (the kiosk's keypad offers only these). */
export const CODE_LETTERS = [...BOOKING_CODE_ALPHABET].filter((c) => /[A-Z]/.test(c));
export const CODE_DIGITS = [...BOOKING_CODE_ALPHABET].filter((c) => /\d/.test(c));

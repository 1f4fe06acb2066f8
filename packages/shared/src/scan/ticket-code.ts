/**
 * The short ticket code: the ticket's row id written in Crockford's base32 with his check
 * symbol, behind a fixed prefix ("T-016JD" for the ticket with id 1234). Printed as a Code 128 barcode on every ticket and
 * on the driver's page, read by a counter's wedge scanner (or typed from the slip), it names one
 * ticket of the whole installation without a new column: the id is the queues table's primary
 * key, and the server looks it up within the officer's branch only.
 *
 * The prefix holds a dash, which no queue number has (numbers are 1 to 3 letters and a running
 * number, A001), so a code is never taken for a number nor a number for a code. The check symbol
 * is the id modulo 37, a prime: any one symbol misread, and any two neighbours swapped, give
 * another remainder, so a misread is refused and never names another truck.
 */

export const TICKET_CODE_PREFIX = 'T-';

/** Crockford's base32 digits: no I, L, O or U (read as 1, 1, 0; U is a check symbol only). */
const DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The check symbols for the remainders 0 to 36: the digits, then Crockford's five extra ones. */
const CHECK_SYMBOLS = `${DIGITS}*~$=U`;
const CHECK_MODULUS = 37;
/** Digits at least (ids below 32^4 = 1,048,576 all give codes of one length) and at most (2^31). */
const MIN_DIGITS = 4;
const MAX_DIGITS = 7;
/** The largest row id: the queues table's id is a PostgreSQL integer. */
const MAX_ID = 2_147_483_647;

/** The longest code: the prefix, seven digits and the check symbol. */
export const TICKET_CODE_MAX_LENGTH = TICKET_CODE_PREFIX.length + MAX_DIGITS + 1;

/** The code of the ticket with this row id, e.g. 1234 -> "T-016JD". */
export function encodeTicketCode(id: number): string {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
    throw new RangeError(`A ticket id is a positive 32-bit integer, not ${id}`);
  }
  let digits = '';
  for (let rest = id; rest > 0; rest = Math.floor(rest / 32)) digits = DIGITS[rest % 32]! + digits;
  return `${TICKET_CODE_PREFIX}${digits.padStart(MIN_DIGITS, '0')}${CHECK_SYMBOLS[id % CHECK_MODULUS]!}`;
}

export type TicketCodeReading =
  | { ok: true; id: number; code: string }
  /** `shape`: not a ticket code at all; `check`: its check symbol does not match (a misread). */
  | { ok: false; problem: 'shape' | 'check' };

/** Upper case, without spaces: how a code is compared, whoever typed or scanned it. */
function normalise(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Whether the text is meant as a ticket code (its prefix), valid or not. */
export function looksLikeTicketCode(text: string): boolean {
  return normalise(text).startsWith(TICKET_CODE_PREFIX);
}

/**
 * Reads a code as printed, typed or scanned: case and spaces do not matter, further dashes are
 * only for reading (Crockford), and O, I and L typed for 0 and 1 are taken for them. Answers the
 * ticket's id and the code as printed, or why it is no code.
 */
export function readTicketCode(text: string): TicketCodeReading {
  const upper = normalise(text);
  if (!upper.startsWith(TICKET_CODE_PREFIX)) return { ok: false, problem: 'shape' };
  const symbols = upper
    .slice(TICKET_CODE_PREFIX.length)
    .replaceAll('-', '')
    .replaceAll('O', '0')
    .replace(/[IL]/g, '1');
  if (symbols.length < MIN_DIGITS + 1 || symbols.length > MAX_DIGITS + 1) {
    return { ok: false, problem: 'shape' };
  }
  let id = 0;
  for (const symbol of symbols.slice(0, -1)) {
    const value = DIGITS.indexOf(symbol);
    if (value < 0) return { ok: false, problem: 'shape' };
    id = id * 32 + value;
  }
  const check = CHECK_SYMBOLS.indexOf(symbols.at(-1)!);
  if (id < 1 || id > MAX_ID || check < 0) return { ok: false, problem: 'shape' };
  if (id % CHECK_MODULUS !== check) return { ok: false, problem: 'check' };
  return { ok: true, id, code: encodeTicketCode(id) };
}

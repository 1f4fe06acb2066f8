import { describe, expect, it } from 'vitest';
import { encodeTicketCode, readTicketCode, TICKET_CODE_MAX_LENGTH } from './ticket-code.ts';

/** The symbols a scanner or a person may put in a code's place. */
const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U';

describe('ticket code', () => {
  it('writes the id in base32 behind "T-", with its check symbol', () => {
    expect(encodeTicketCode(1)).toBe('T-00011');
    expect(encodeTicketCode(1234)).toBe('T-016JD');
    expect(encodeTicketCode(36)).toBe('T-0014U');
    expect(encodeTicketCode(2_147_483_647)).toBe('T-1ZZZZZZN');
    expect(encodeTicketCode(2_147_483_647)).toHaveLength(TICKET_CODE_MAX_LENGTH);
    for (const bad of [0, -1, 1.5, 2_147_483_648, Number.NaN]) expect(() => encodeTicketCode(bad)).toThrow();
  });

  it('reads back every id it writes, in 7 to 10 characters', () => {
    const ids = [1, 2, 31, 32, 36, 37, 1023, 1024, 99_999, 1_048_575, 1_048_576, 123_456_789, 2_147_483_647];
    for (let id = 1; id < 3000; id += 7) ids.push(id);
    for (const id of ids) {
      const code = encodeTicketCode(id);
      expect(code.length).toBeGreaterThanOrEqual(7);
      expect(code.length).toBeLessThanOrEqual(10);
      expect(readTicketCode(code)).toEqual({ ok: true, id, code });
    }
  });

  it('forgives case, spaces, reading dashes, and O, I, L typed for 0 and 1', () => {
    expect(readTicketCode(' t-016jd ')).toEqual({ ok: true, id: 1234, code: 'T-016JD' });
    expect(readTicketCode('T-01-6JD')).toMatchObject({ ok: true, id: 1234 });
    expect(readTicketCode('T-O16JD')).toMatchObject({ ok: true, id: 1234 });
    expect(readTicketCode('T-0OO1L')).toMatchObject({ ok: true, id: 1 });
    expect(readTicketCode('T-000016JD')).toMatchObject({ ok: true, id: 1234, code: 'T-016JD' });
  });

  it('refuses any one symbol misread, never reading another ticket', () => {
    for (const id of [1, 1234, 777_777, 2_000_000_000]) {
      const code = encodeTicketCode(id);
      for (let at = 2; at < code.length; at++) {
        for (const symbol of SYMBOLS) {
          if (symbol === code[at]) continue;
          const misread = code.slice(0, at) + symbol + code.slice(at + 1);
          const reading = readTicketCode(misread);
          expect(reading.ok, `${code} read as ${misread}`).toBe(false);
        }
      }
    }
    expect(readTicketCode('T-016JE')).toEqual({ ok: false, problem: 'check' });
  });

  it('refuses two neighbours swapped', () => {
    const code = encodeTicketCode(1_234_567);
    for (let at = 2; at < code.length - 1; at++) {
      if (code[at] === code[at + 1]) continue;
      const swapped = code.slice(0, at) + code[at + 1] + code[at] + code.slice(at + 2);
      expect(readTicketCode(swapped).ok, swapped).toBe(false);
    }
  });

  it('says what is no code at all', () => {
    for (const text of [
      '',
      'D001',
      'T001',
      'T-',
      'T-001',
      'T-12345678Z9',
      'T-01#JD',
      'T-2ZZZZZZ0',
      'T-0000U',
    ]) {
      expect(readTicketCode(text), text).toEqual({ ok: false, problem: 'shape' });
    }
  });
});

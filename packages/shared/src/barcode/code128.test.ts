import { describe, expect, it } from 'vitest';
import { encodeTicketCode } from '../scan/ticket-code.ts';
import { code128Path, CODE128_PATTERNS, encodeCode128B, QUIET_ZONE, START_B, STOP } from './code128.ts';

/** Bars as 1 and spaces as 0, module by module. */
function bits(widths: readonly number[]): string {
  return widths.map((width, index) => (index % 2 === 0 ? '1' : '0').repeat(width)).join('');
}

/**
 * A scanner's reading of a row of modules: finds start B, reads each symbol's six widths, checks
 * the check value and the stop, and gives the text. Throws where a scanner would refuse.
 */
function decode(row: string): string {
  const widths: number[] = [];
  const trimmed = row.replace(/^0+|0+$/g, '');
  for (const run of trimmed.match(/1+|0+/g) ?? []) widths.push(run.length);
  const lookup = new Map(CODE128_PATTERNS.map((pattern, value) => [pattern, value]));
  const symbols: number[] = [];
  let at = 0;
  while (at < widths.length - 7) {
    const value = lookup.get(widths.slice(at, at + 6).join(''));
    if (value === undefined) throw new Error(`no symbol at element ${at}`);
    symbols.push(value);
    at += 6;
  }
  if (widths.slice(at).join('') !== CODE128_PATTERNS[STOP]) throw new Error('no stop symbol');
  const [start, ...rest] = symbols;
  if (start !== START_B) throw new Error('not a set B start');
  const check = rest.pop()!;
  const expected = rest.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  if (check !== expected) throw new Error('check value does not match');
  return String.fromCharCode(...rest.map((value) => value + 32));
}

describe('Code 128 (set B)', () => {
  it('has 107 distinct symbols of 11 modules, an even number of them dark (the stop: 13)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      expect(
        widths.reduce((a, b) => a + b),
        `value ${value}`,
      ).toBe(value === STOP ? 13 : 11);
      const dark = widths.filter((_, index) => index % 2 === 0).reduce((a, b) => a + b);
      expect(dark % 2, `value ${value}`).toBe(0);
      expect(Math.max(...widths)).toBeLessThanOrEqual(4);
    });
  });

  it('starts with start B, ends with the stop, and carries the check value', () => {
    const symbol = encodeCode128B('Wikipedia');
    // The standard's textbook example: start B, the nine letters, check value 88, stop.
    expect(symbol.values).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88, 106]);
    const row = bits(symbol.widths);
    expect(row.startsWith('11010010000')).toBe(true);
    expect(row.endsWith('1100011101011')).toBe(true);
    expect(row).toHaveLength(symbol.modules);
    expect(symbol.modules).toBe(11 * 11 + 13);
  });

  it('reads back what it writes: ticket codes and any printable text', () => {
    for (const text of [
      encodeTicketCode(1),
      encodeTicketCode(1234),
      encodeTicketCode(2_147_483_647),
      'T-0014U',
      ' ~*$=',
      'A001',
    ]) {
      const row = '0'.repeat(QUIET_ZONE) + bits(encodeCode128B(text).widths) + '0'.repeat(QUIET_ZONE);
      expect(decode(row)).toBe(text);
    }
  });

  it('a scanner refuses a bar read wrong rather than read another code', () => {
    const row = bits(encodeCode128B('T-016JD').widths);
    // Widen one bar of the third symbol into its space: the symbol or the check no longer holds.
    const at = 11 * 3 + 2;
    const damaged = row.slice(0, at) + (row[at] === '1' ? '0' : '1') + row.slice(at + 1);
    expect(() => decode(damaged)).toThrow();
  });

  it('draws the bars as one path, quiet zones included', () => {
    const { path, width } = code128Path('T-016JD', 40);
    expect(width).toBe(encodeCode128B('T-016JD').modules + 2 * QUIET_ZONE);
    expect(path.startsWith(`M${QUIET_ZONE} 0h2v40h-2z`)).toBe(true);
    expect(path.match(/M/g)).toHaveLength(3 * (7 + 3) + 1);
    expect(() => encodeCode128B('ก')).toThrow();
    expect(() => encodeCode128B('')).toThrow();
  });
});

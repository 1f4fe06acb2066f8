import { describe, expect, it } from 'vitest';
import { fitText, textWidth } from './fit-text.ts';

/** 8 px per grapheme, as a canvas would measure a monospaced font. */
const perGrapheme = (text: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)).length * 8;

describe('fitText', () => {
  it('leaves a name that fits alone', () => {
    expect(fitText('รับสินค้า', 100, perGrapheme)).toBe('รับสินค้า');
  });

  it('cuts between graphemes, never between a Thai consonant and its marks, and adds an ellipsis', () => {
    // "ส่งมันสำปะหลัง": 14 code points but 10 graphemes.
    expect(fitText('ส่งมันสำปะหลัง', 80, perGrapheme)).toBe('ส่งมันสำปะหลัง');
    expect(fitText('ส่งมันสำปะหลัง', 72, perGrapheme)).toBe('ส่งมันสำปะห…');
    expect(fitText('Long queue type name', 80, perGrapheme)).toBe('Long queu…');
  });

  it('gives at least an ellipsis', () => {
    expect(fitText('รับสินค้า', 4, perGrapheme)).toBe('…');
  });
});

describe('textWidth', () => {
  it('guesses from graphemes where there is no canvas (tests, server)', () => {
    expect(textWidth('ส่งมัน', '13px sans-serif')).toBe(32);
  });
});

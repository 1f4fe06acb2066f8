import type { SKRSContext2D } from '@napi-rs/canvas';
import { ticketFont, type TicketWeight } from './ticket-fonts.ts';

/**
 * Text laid out for the ticket raster: lines broken by measured width, so a long company name
 * or licence wraps inside the paper and is never cut. Thai writes no spaces between words, so
 * lines break at word boundaries as ICU finds them (Intl.Segmenter), and a word wider than the
 * line breaks between characters (grapheme clusters: a consonant keeps its vowels and marks).
 */

export interface TextStyle {
  size: number;
  weight: TicketWeight;
}

export interface TextLines {
  lines: string[];
  style: TextStyle;
  /** From a line's top to its baseline: room for Thai marks stacked above the letters. */
  ascent: number;
  /** From the baseline to the line's bottom: room for vowels written below. */
  descent: number;
  lineHeight: number;
  height: number;
}

const words = new Intl.Segmenter('th', { granularity: 'word' });
const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });

function segments(segmenter: Intl.Segmenter, text: string): string[] {
  return [...segmenter.segment(text)].map((part) => part.segment);
}

/**
 * The pieces a line may break between: ICU's words, with punctuation glued to the words either
 * side, so "14:05", "70-1234" and "พ.ย." never break inside.
 */
function breakableWords(text: string): string[] {
  const pieces: string[] = [];
  let glueNext = false;
  for (const { segment, isWordLike } of words.segment(text)) {
    const space = segment.trim() === '';
    const punctuation = !isWordLike && !space;
    if (pieces.length > 0 && !space && (punctuation || glueNext)) pieces[pieces.length - 1] += segment;
    else pieces.push(segment);
    glueNext = punctuation;
  }
  return pieces;
}

/** `text` in lines no wider than `maxWidth` (measured in the context's current font). */
function breakLines(context: SKRSContext2D, text: string, maxWidth: number): string[] {
  const fits = (line: string) => context.measureText(line).width <= maxWidth;
  const lines: string[] = [];
  let line = '';
  const place = (piece: string) => {
    if (fits(line + piece)) {
      line += piece;
      return;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = piece.trimStart();
  };
  for (const word of breakableWords(text.replace(/\s+/g, ' ').trim())) {
    if (fits(word.trim())) place(word);
    else for (const grapheme of segments(graphemes, word)) place(grapheme);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length > 0 ? lines : [''];
}

/** Breaks `text` into lines and measures how tall they stand. */
export function layoutText(
  context: SKRSContext2D,
  text: string,
  style: TextStyle,
  maxWidth: number,
): TextLines {
  context.font = ticketFont(style.size, style.weight);
  const lines = breakLines(context, text, maxWidth);
  let ascent = 0;
  let descent = 0;
  for (const line of lines) {
    const metrics = context.measureText(line);
    ascent = Math.max(ascent, metrics.fontBoundingBoxAscent, metrics.actualBoundingBoxAscent);
    descent = Math.max(descent, metrics.fontBoundingBoxDescent, metrics.actualBoundingBoxDescent);
  }
  ascent = Math.ceil(ascent);
  descent = Math.ceil(descent);
  const lineHeight = ascent + descent;
  return { lines, style, ascent, descent, lineHeight, height: lineHeight * lines.length };
}

export type Align = 'left' | 'center' | 'right';

/** Draws laid-out lines from `top`, each at `left`, centred in `width` or against its right end. */
export function drawText(
  context: SKRSContext2D,
  text: TextLines,
  top: number,
  left: number,
  width: number,
  align: Align,
): void {
  context.font = ticketFont(text.style.size, text.style.weight);
  context.textBaseline = 'alphabetic';
  text.lines.forEach((line, index) => {
    const lineWidth = context.measureText(line).width;
    const x =
      align === 'center'
        ? left + (width - lineWidth) / 2
        : align === 'right'
          ? left + width - lineWidth
          : left;
    context.fillText(line, Math.round(x), top + index * text.lineHeight + text.ascent);
  });
}

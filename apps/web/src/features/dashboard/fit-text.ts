const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` cut with an ellipsis so that `measure` says it is at most `maxWidth` px wide. Cuts fall
 * between graphemes, so a Thai vowel or tone mark never loses its consonant.
 */
export function fitText(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const parts = Array.from(graphemes.segment(text), (s) => s.segment);
  for (let keep = parts.length - 1; keep > 0; keep--) {
    const cut = `${parts.slice(0, keep).join('')}…`;
    if (measure(cut) <= maxWidth) return cut;
  }
  return '…';
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** The width in px of `text` in the CSS `font` (a rough guess where there is no canvas). */
export function textWidth(text: string, font: string): number {
  if (canvas === undefined) {
    canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  if (!canvas) return Array.from(graphemes.segment(text)).length * 8;
  canvas.font = font;
  return canvas.measureText(text).width;
}

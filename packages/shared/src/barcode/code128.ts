/**
 * Code 128, code set B (every printable ASCII character): the ticket code's barcode, which a
 * counter's wedge scanner reads and types. Small on purpose: a ticket code is a few letters and
 * digits, so neither set C's digit pairs nor set A's control characters are worth their code.
 */

/**
 * The bar and space widths (in modules) of symbol values 0 to 105, bar first, and of the stop
 * symbol (106), from ISO/IEC 15417. Each symbol is 11 modules wide; the stop is 13.
 */
export const CODE128_PATTERNS: readonly string[] = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213',
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132',
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211',
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313',
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331',
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111',
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214',
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111',
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141',
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141',
  '114131 311141 411131 211412 211214 211232 2331112',
]
  .join(' ')
  .split(' ');

export const START_B = 104;
export const STOP = 106;
/** Light modules either side, as the standard asks (ten times the narrowest bar). */
export const QUIET_ZONE = 10;

export interface Code128Symbol {
  /** The symbol values: start B, the text's, the check value, the stop. */
  values: number[];
  /** Alternating bar and space widths in modules, bar first, quiet zones excluded. */
  widths: number[];
  /** Modules from the first bar to the last, quiet zones excluded. */
  modules: number;
}

/** Whether code set B can write the text: printable ASCII only, one character at least. */
export function fitsCode128B(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7e]+$/.test(text);
}

export function encodeCode128B(text: string): Code128Symbol {
  if (!fitsCode128B(text)) throw new RangeError('Code 128 set B writes printable ASCII only');
  const data = [...text].map((char) => char.charCodeAt(0) - 32);
  // The check value: the start's value plus each value times its position, modulo 103.
  const check = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  const values = [START_B, ...data, check, STOP];
  const widths = values.flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
  return { values, widths, modules: widths.reduce((sum, width) => sum + width, 0) };
}

/**
 * The bars as one SVG path, one unit per module, `height` units tall, the quiet zones included
 * in the width: `viewBox="0 0 {width} {height}"`.
 */
export function code128Path(text: string, height: number): { path: string; width: number } {
  const { widths, modules } = encodeCode128B(text);
  let x = QUIET_ZONE;
  let path = '';
  widths.forEach((width, index) => {
    if (index % 2 === 0) path += `M${x} 0h${width}v${height}h-${width}z`;
    x += width;
  });
  return { path, width: modules + 2 * QUIET_ZONE };
}

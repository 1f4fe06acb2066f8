import { createMettlerParser } from './mettler.ts';
import { createRegexParser } from './regex.ts';
import { createStGsParser } from './st-gs.ts';
import { createXk3190Parser } from './xk3190.ts';
import type { ScaleParser } from './reading.ts';

/**
 * The serial formats the scale bridge reads, as its --format option names them:
 *  - mettler: METTLER TOLEDO standard continuous output (STX, status bytes, 6 digits);
 *  - st-gs: A&D and its copies, "ST,GS,+0012340kg";
 *  - xk3190: Yaohua XK3190 continuous output ("=04321000" or the STX frame);
 *  - regex:<pattern>: any line format, read by a regular expression with a (?<weight>…) group.
 */
export type ScaleFormat = 'mettler' | 'st-gs' | 'xk3190' | `regex:${string}`;

export const SCALE_FORMAT_NAMES = ['mettler', 'st-gs', 'xk3190', 'regex:<pattern>'] as const;

const REGEX_PREFIX = 'regex:';

/**
 * The format an option names, or an Error saying which names there are. A regex pattern is
 * checked here too, so a wrong one stops the bridge at start-up.
 */
export function parseFormatOption(text: string): ScaleFormat {
  // Spaces inside a pattern count, so only those before "regex:" are dropped.
  const option = text.trimStart();
  if (option.startsWith(REGEX_PREFIX)) {
    const format: ScaleFormat = `regex:${option.slice(REGEX_PREFIX.length)}`;
    createParser(format);
    return format;
  }
  const name = text.trim().toLowerCase();
  if (name === 'mettler' || name === 'st-gs' || name === 'xk3190') return name;
  throw new Error(
    `Unknown scale format ${JSON.stringify(text)}: use one of ${SCALE_FORMAT_NAMES.join(', ')}.`,
  );
}

/** A new stream parser for the format: one per connection, as it keeps the unfinished frame. */
export function createParser(format: ScaleFormat): ScaleParser {
  switch (format) {
    case 'mettler':
      return createMettlerParser();
    case 'st-gs':
      return createStGsParser();
    case 'xk3190':
      return createXk3190Parser();
    default:
      return createRegexParser(format.slice(REGEX_PREFIX.length));
  }
}

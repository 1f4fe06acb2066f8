import type { PluginFunc } from 'dayjs';
import { gregorianYear } from '@truck-queue/shared/calendar';

/** What dayjs hands its (internal) parse: the constructor's arguments. */
interface ParseConfig {
  date?: unknown;
  args?: unknown[];
  [key: string]: unknown;
}
interface Parsing {
  parse: (this: Parsing, cfg: ParseConfig) => void;
}

const BE_TOKEN = 'BBBB';

/**
 * Reads the Buddhist-era year. dayjs's buddhistEra plugin writes it ('BBBB') but
 * customParseFormat cannot read it back, so a DatePicker whose format says BBBB could not take
 * a typed date. Here the BE year in the text becomes the Gregorian one under the token YYYY,
 * and customParseFormat does the rest, strictness included ("31/02/2569" stays invalid, and a
 * leap day is judged by the Gregorian year: 29/02/2567 is 29 Feb 2024). The tokens before BBBB
 * must be of fixed width (DD, MM, HH, mm), as lib/format.ts's patterns are.
 *
 * It must be installed after customParseFormat, whose parse it wraps (lib/format.ts does both).
 */
export const buddhistEraParse: PluginFunc = (_option, dayjsClass) => {
  const proto = dayjsClass.prototype as unknown as Parsing;
  const parse = proto.parse;
  proto.parse = function parseBuddhistEra(this: Parsing, cfg: ParseConfig) {
    const [text, format, ...rest] = cfg.args ?? [];
    if (typeof text !== 'string' || typeof format !== 'string' || !format.includes(BE_TOKEN)) {
      parse.call(this, cfg);
      return;
    }
    const at = format.indexOf(BE_TOKEN);
    const year = text.slice(at, at + BE_TOKEN.length);
    // Anything but four digits where the year stands cannot be read: an invalid date.
    const gregorian = /^\d{4}$/.test(year) ? String(gregorianYear(Number(year), 'BE')).padStart(4, '0') : '';
    const date = text.slice(0, at) + gregorian + text.slice(at + BE_TOKEN.length);
    const gregorianFormat = format.slice(0, at) + 'YYYY' + format.slice(at + BE_TOKEN.length);
    parse.call(this, { ...cfg, date, args: [date, gregorianFormat, ...rest] });
  };
};

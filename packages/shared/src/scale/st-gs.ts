import { createLineSplitter } from './lines.ts';
import { chunkText, showControls, toKg, unitOf } from './reading.ts';
import type { ParseResult, ScaleParser, ScaleReading } from './reading.ts';

/**
 * The "ST,GS,+0012340kg" stream of A&D indicators, which many Chinese and Taiwanese weighbridge
 * indicators copy. Followed: A&D AD-4329A Weighing Indicator manual, "Data Format" (format 1 of
 * the RS-232C interface), A&D AD-4402 manual 8.2.5 "A&D Data Format" and A&D AD-4406 manual
 * 13.2 "Data Format"; the overload frames as in the KERN KXS/KXG-TM user guide, 14 "Data output
 * format":
 *
 *   ST,GS,+0012340kg<CR><LF>     header 1, header 2, data, unit, terminator
 *
 *  - header 1: ST stable, US unstable, OL overload (out of range); AD-4402 writes out of range
 *    as LO, read the same way. Out of range with a "-" sign is under zero (underload).
 *  - header 2: GS gross, NT net, TR tare (PT preset tare; G, N, T followed by a space on some
 *    models).
 *  - data: a sign, then 7 characters with the decimal point (a dot, or a comma on A&D's
 *    European setting); the width varies on other makes and leading zeros may be spaces
 *    ("+  1234.5"). Out of range, the digits are spaces (or 9s), so an OL frame's weight is
 *    never read.
 *  - unit: kg, t, g or lb, two or three characters padded with spaces; an OL frame may have
 *    none. A unit we do not convert (oz, ct) makes the frame garbled, so no weight is ever
 *    shown in a unit nobody expects.
 *  - terminator: CR LF, or CR, or LF alone.
 *
 * A line with noise before the frame still gives the frame (the noise is reported as garbled);
 * any other line is garbled.
 */
const FRAME = /(ST|US|OL|LO),(GS|NT|TR|PT|G |N |T ),([+-]?)([\d .,]*?) *([A-Za-z]*) *$/;
const NUMBER = /^(\d+[.,]?\d*|[.,]\d+)$/;

function grossNetOf(header: string): 'gross' | 'net' | 'tare' {
  if (header.startsWith('G')) return 'gross';
  if (header.startsWith('N')) return 'net';
  return 'tare';
}

/** One frame's reading, or null when the frame does not hold together. */
function readFrame(match: RegExpExecArray): ScaleReading | null {
  const [frame, status, kind = '', sign, data = '', unitText = ''] = match;
  const raw = showControls(frame);
  const grossNet = grossNetOf(kind);
  const unit = unitText === '' ? null : unitOf(unitText);
  if (status === 'OL' || status === 'LO') {
    if (unitText !== '' && !unit) return null;
    const under = sign === '-';
    return {
      kg: null,
      status: under ? 'underload' : 'overload',
      stableFlag: false,
      grossNet,
      unit: unit ?? 'kg',
      raw,
    };
  }
  const digits = data.replace(/ /g, '');
  if (!unit || !NUMBER.test(digits)) return null;
  const value = Number(digits.replace(',', '.')) * (sign === '-' ? -1 : 1);
  return { kg: toKg(value, unit), status: 'ok', stableFlag: status === 'ST', grossNet, unit, raw };
}

export function createStGsParser(): ScaleParser {
  const splitter = createLineSplitter();
  return {
    push(chunk): ParseResult {
      const { lines, overflow } = splitter.push(chunkText(chunk));
      const result: ParseResult = { readings: [], garbled: overflow.map(showControls) };
      for (const line of lines) {
        const match = FRAME.exec(line);
        const reading = match ? readFrame(match) : null;
        if (!match || !reading) {
          result.garbled.push(showControls(line));
          continue;
        }
        const noise = line.slice(0, match.index);
        if (noise.trim() !== '') result.garbled.push(showControls(noise));
        result.readings.push(reading);
      }
      return result;
    },
  };
}

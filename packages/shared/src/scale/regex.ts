import { createLineSplitter } from './lines.ts';
import { chunkText, showControls, toKg, unitOf } from './reading.ts';
import type { ParseResult, ScaleParser, ScaleReading } from './reading.ts';

/**
 * For an indicator none of the formats here reads: each line (ended by CR, LF or CR LF) is
 * matched with a JavaScript regular expression whose named groups say where things are:
 *
 *  - weight (required): the number, with its own sign or not, spaces allowed ("+ 1234.5");
 *    a decimal comma is not read (it could be a thousands separator), such lines are garbled;
 *  - unit: kg, t, g or lb in any case; kg when the group is missing or empty, garbled otherwise;
 *  - stable: any text means the indicator says stable (e.g. (?<stable>ST)?); without the group
 *    the format has no stable flag (stableFlag null);
 *  - sign: a "-" here makes the weight negative, for indicators that send the sign apart.
 *
 * Example for "ST,GS,+0012340kg": ^(?<stable>ST)?(?:US)?,GS,(?<weight>[-+ \d.]+)(?<unit>kg|t)$
 *
 * The pattern is checked when the parser is made, so a typing mistake in the bridge's settings
 * stops it at start-up with a message, not with every line garbled.
 */
const GROUP_NAMES = ['weight', 'unit', 'stable', 'sign'];
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** The pattern compiled, or an Error whose message a person at the bridge's console can act on. */
function compile(pattern: string): { regex: RegExp; hasStable: boolean } {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The scale regex ${JSON.stringify(pattern)} is not a valid regular expression: ${reason}`,
      { cause: error },
    );
  }
  // Matching the empty text against "(?:pattern)|" always succeeds and lists every named group.
  const names = Object.keys(new RegExp(`(?:${pattern})|`).exec('')?.groups ?? {});
  const unknown = names.filter((name) => !GROUP_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `The scale regex ${JSON.stringify(pattern)} has the named group(s) ${unknown.join(', ')}; ` +
        `the groups read are ${GROUP_NAMES.join(', ')}.`,
    );
  }
  if (!names.includes('weight')) {
    throw new Error(
      `The scale regex ${JSON.stringify(pattern)} has no named group "weight" ` +
        `(the number, e.g. (?<weight>[-+]?[\\d.]+)).`,
    );
  }
  return { regex, hasStable: names.includes('stable') };
}

export function createRegexParser(pattern: string): ScaleParser {
  const { regex, hasStable } = compile(pattern);
  const splitter = createLineSplitter();

  function readLine(line: string): ScaleReading | null {
    const groups = regex.exec(line)?.groups;
    const weight = groups?.weight?.replace(/\s/g, '');
    if (!groups || weight === undefined || !NUMBER.test(weight)) return null;
    const unitText = groups.unit ?? '';
    const unit = unitText.trim() === '' ? 'kg' : unitOf(unitText);
    if (!unit) return null;
    const size = Math.abs(Number(weight));
    const negative = weight.startsWith('-') || groups.sign?.trim() === '-';
    return {
      kg: toKg(negative ? -size : size, unit),
      status: 'ok',
      stableFlag: hasStable ? Boolean(groups.stable) : null,
      grossNet: null,
      unit,
      raw: showControls(line),
    };
  }

  return {
    push(chunk): ParseResult {
      const { lines, overflow } = splitter.push(chunkText(chunk));
      const result: ParseResult = { readings: [], garbled: overflow.map(showControls) };
      for (const line of lines) {
        const reading = readLine(line);
        if (reading) result.readings.push(reading);
        else result.garbled.push(showControls(line));
      }
      return result;
    },
  };
}

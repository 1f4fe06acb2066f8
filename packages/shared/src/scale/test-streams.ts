import type { ParseResult, ScaleParser } from './reading.ts';

/** Test helper: every chunk pushed in turn, the results joined as one. */
export function pushAll(parser: ScaleParser, chunks: readonly (string | Uint8Array)[]): ParseResult {
  const all: ParseResult = { readings: [], garbled: [] };
  for (const chunk of chunks) {
    const { readings, garbled } = parser.push(chunk);
    all.readings.push(...readings);
    all.garbled.push(...garbled);
  }
  return all;
}

/** Test helper: the stream cut in two at `at`, as bytes, the way a serial port may deliver it. */
export function splitBytes(stream: string, at: number): Uint8Array[] {
  const bytes = Uint8Array.from(stream, (char) => char.charCodeAt(0));
  return [bytes.slice(0, at), bytes.slice(at)];
}

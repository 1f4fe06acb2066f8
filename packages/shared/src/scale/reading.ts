/**
 * What a weighbridge indicator said, whatever its serial format: the scale bridge (a Node program
 * reading a serial port or a TCP stream) and the browser both read it here, so nothing in this
 * folder uses Node-only APIs: bytes come in as a `Uint8Array` or a string.
 */

/** Units as the indicator sends them. Every weight is also given in kilograms. */
export type ScaleUnit = 'kg' | 't' | 'g' | 'lb';

/** `overload`: over capacity; `underload`: under zero (below the indicator's negative range). */
export type ScaleStatus = 'ok' | 'overload' | 'underload';

export interface ScaleReading {
  /** The displayed weight in kilograms (negative below zero); null when overload or underload. */
  kg: number | null;
  status: ScaleStatus;
  /** The indicator's own stable (no motion) flag; null when its format has none. */
  stableFlag: boolean | null;
  /** What the weight is: gross, net, or a tare value an indicator sends on its own; null if unknown. */
  grossNet?: 'gross' | 'net' | 'tare' | null;
  /** The unit as sent (a frame without one, e.g. an overload frame, counts as kg). */
  unit: ScaleUnit;
  /**
   * The frame as received, for logs and support: printable ASCII as is, control characters as
   * their names (<STX>, <CR>, <LF>), other bytes as <xHH>. Line formats give the line without
   * its CR/LF; framed formats give the whole frame, start and end characters included.
   */
  raw: string;
}

export interface ParseResult {
  readings: ScaleReading[];
  /** Text that was no frame, or a frame that failed its checks, shown like `raw`. */
  garbled: string[];
}

/** A stream parser: feed it chunks as they arrive, in any size; it keeps what is not a whole frame yet. */
export interface ScaleParser {
  push(chunk: Uint8Array | string): ParseResult;
}

/**
 * The most a parser keeps while waiting for the end of a frame. Every format here has frames
 * under 40 characters, so a line longer than this is noise (a wrong baud rate, a loose wire):
 * it is reported as garbled and dropped, and a noisy line never grows memory.
 */
export const MAX_FRAME_CHARS = 256;

/**
 * A chunk as text with one character per byte (Latin-1), so byte values survive and no
 * TextDecoder or Buffer is needed. Strings are taken as they are.
 */
export function chunkText(chunk: Uint8Array | string): string {
  if (typeof chunk === 'string') return chunk;
  let text = '';
  for (const byte of chunk) text += String.fromCharCode(byte);
  return text;
}

const CONTROL_NAMES = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];

/** Text a person can read in a log: "\x02ST\r" -> "<STX>ST<CR>", byte 0xB0 -> "<xB0>". */
export function showControls(text: string): string {
  let shown = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20) shown += `<${CONTROL_NAMES[code]}>`;
    else if (code === 0x7f) shown += '<DEL>';
    else if (code > 0x7f && code <= 0xff) shown += `<x${code.toString(16).toUpperCase()}>`;
    else shown += char;
  }
  return shown;
}

const KG_PER_UNIT: Record<ScaleUnit, number> = { kg: 1, t: 1000, g: 0.001, lb: 0.45359237 };

/**
 * A weight in kilograms, rounded to the milligram so 12.34 t reads 12340 and not
 * 12339.999999999998 (a weighbridge reads to 0.1 kg at best, so nothing real is lost).
 */
export function toKg(value: number, unit: ScaleUnit): number {
  const kg = Math.round(value * KG_PER_UNIT[unit] * 1e6) / 1e6;
  // -0 (a "-0.0" on the display) is shown and compared as 0.
  return kg === 0 ? 0 : kg;
}

/** A unit's text as sent ("kg", "KG", " t", "lb"), or null for one we do not convert (oz, ct). */
export function unitOf(text: string): ScaleUnit | null {
  const unit = text.trim().toLowerCase();
  return unit === 'kg' || unit === 't' || unit === 'g' || unit === 'lb' ? unit : null;
}

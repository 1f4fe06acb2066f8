import { MAX_FRAME_CHARS, chunkText, showControls, toKg } from './reading.ts';
import type { ParseResult, ScaleParser, ScaleReading } from './reading.ts';

/**
 * Yaohua XK3190 indicators (A9, A9+, A12, A23P, A26, D2 and their many copies) in continuous
 * output. They send one of two frames, told apart by their first byte, so both are read:
 *
 *  - "=" frames, 9 bytes, as in the XK3190-A23P manual ("Continuous communication format 2")
 *    and the XK3190-A26 manual ("Continuous communication format 1"): "=", the displayed
 *    weight's 7 characters (digits and the decimal point, if any) lowest digit first, then the
 *    sign, "0" for positive or "-" for negative. 12340 kg is "=04321000", 3.000 is
 *    "=000.3000", -1.00 is "=00.1000-". There is no end byte: a frame is whole at its 9th byte.
 *  - STX frames, 12 bytes, as in the XK3190-A9+ manual, "Continuous method (tF=0)" (also the
 *    A26's "format 0"): <STX>, "+" or "-", six digits highest first, the number of decimals
 *    (0 to 4), the XOR of bytes 2 to 9 as two hex characters, <ETX>. A frame whose XOR does
 *    not match is garbled.
 *
 * Neither frame has a stable flag (stableFlag null) or a unit: the weighbridge is set up in kg.
 * The A26's "format 2" (the sign first and the digits highest first after "=") cannot be told
 * from format 1 frame by frame, so it is not read: it gives wrong weights, not garbled ones.
 */
const EQUALS = '=';
const STX = '\u0002';
const ETX = '\u0003';
const EQUALS_LENGTH = 9;
const STX_LENGTH = 12;

/** Where the next frame starts (an "=" or an STX) from `from` on, or -1. */
function frameStart(text: string, from = 0): number {
  for (let i = from; i < text.length; i++) if (text[i] === EQUALS || text[i] === STX) return i;
  return -1;
}

/** The XOR check of an STX frame's bytes 2 to 9, as the two hex characters it is sent as. */
export function xk3190Xor(body: string): string {
  let xor = 0;
  for (let i = 0; i < body.length; i++) xor ^= body.charCodeAt(i);
  return xor.toString(16).toUpperCase().padStart(2, '0');
}

function reading(value: number, raw: string): ScaleReading {
  return { kg: toKg(value, 'kg'), status: 'ok', stableFlag: null, grossNet: null, unit: 'kg', raw };
}

/** "=04321000" -> 12340; null when the frame is not digits, one decimal point and a sign. */
function readEqualsFrame(frame: string): ScaleReading | null {
  const shown = [...frame.slice(1, 8)].reverse().join('');
  const sign = frame[8];
  if (!/^(\d+\.?\d*|\.\d+)$/.test(shown) || (sign !== '0' && sign !== '-')) return null;
  const value = Number(shown);
  return reading(sign === '-' ? -value : value, showControls(frame));
}

/** "<STX>+012340" + decimals + XOR + "<ETX>" -> the weight; null on a bad field or XOR. */
function readStxFrame(frame: string): ScaleReading | null {
  const body = frame.slice(1, 9);
  const match = /^([+-])(\d{6})([0-4])$/.exec(body);
  if (!match || frame[11] !== ETX || frame.slice(9, 11) !== xk3190Xor(body)) return null;
  const [, sign, digits = '', decimals = '0'] = match;
  const value = Number(digits) / 10 ** Number(decimals);
  return reading(sign === '-' ? -value : value, showControls(frame));
}

export function createXk3190Parser(): ScaleParser {
  let pending = '';
  return {
    push(chunk): ParseResult {
      pending += chunkText(chunk);
      const result: ParseResult = { readings: [], garbled: [] };
      const garble = (count: number) => {
        const dropped = pending.slice(0, count);
        if (dropped.trim() !== '') result.garbled.push(showControls(dropped));
        pending = pending.slice(count);
      };

      for (;;) {
        const start = frameStart(pending);
        if (start < 0) {
          if (pending.length >= MAX_FRAME_CHARS) garble(pending.length);
          break;
        }
        if (start > 0) garble(start);
        const length = pending[0] === EQUALS ? EQUALS_LENGTH : STX_LENGTH;
        // A start byte inside the frame: this one lost bytes on the way, the next one begins there.
        const next = frameStart(pending.slice(0, length), 1);
        if (next >= 0) {
          garble(next);
          continue;
        }
        if (pending.length < length) break;
        const frame = pending.slice(0, length);
        const parsed = pending[0] === EQUALS ? readEqualsFrame(frame) : readStxFrame(frame);
        if (parsed) result.readings.push(parsed);
        else result.garbled.push(showControls(frame));
        pending = pending.slice(length);
      }
      return result;
    },
  };
}

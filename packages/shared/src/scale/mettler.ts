import { MAX_FRAME_CHARS, chunkText, showControls, toKg } from './reading.ts';
import type { ParseResult, ScaleParser, ScaleReading, ScaleUnit } from './reading.ts';

/**
 * METTLER TOLEDO "standard continuous output" (IND/Jaguar terminals and the many indicators that
 * copy it). Followed: METTLER TOLEDO Wildcat Scale Technical Manual (12/00), Appendix 2
 * "Continuous Mode Output", tables 6-8 to 6-11 (frame, status bytes A, B, C), with the units
 * of status byte C as the METTLER TOLEDO IND560 Technical Manual and the OHAUS Defender 5000
 * manual table 5-4 give them (Toledo-compatible):
 *
 *   <STX> A B C  dddddd  tttttt  <CR> [checksum]      18 bytes with the checksum
 *
 *  - A: bits 0-2 where the decimal point is (0: two dummy zeros x100, 1: x10, 2: none,
 *    3 to 7: 1 to 5 decimals); bits 3-4 the increment size (not needed to read the weight).
 *  - B: bit 0 net, bit 1 negative, bit 2 out of range (over capacity or under zero), bit 3
 *    motion, bit 4 kg (else lb) when C's unit bits are 0.
 *  - C: bits 0-2 the unit (0 lb/kg as B says, 1 g, 2 t; ounces, troy ounces, pennyweight, short
 *    tons and custom units are not weighbridge units: such frames are garbled); bit 4 "expand
 *    data x10": the display's test mode with one more digit than the scale is approved for.
 *    Which digit the decimal point then counts from is not documented, so those frames are
 *    garbled rather than shown ten times off.
 *  - the displayed weight and the tare, six digits each, without sign or decimal point.
 *  - checksum (optional, set up on the terminal): the 2's complement of the seven low bits of
 *    the sum of every byte before it, STX and CR included; a frame that fails it is garbled.
 *
 * Terminals send 7 data bits with parity; a bridge whose port is set to 8 bits receives the
 * parity as bit 7, so only the seven low bits of each byte are read.
 *
 * Whether a checksum follows is learnt from the stream: after the CR, the next byte is either
 * the checksum or the STX of the next frame. So without checksums a frame is given when the
 * next frame starts (the terminal sends them back to back, about 10 to 20 a second). A
 * checksum that happens to equal STX is told from an STX by the byte after it: a frame's next
 * byte is status byte A, never STX.
 */
const STX = 0x02;
const CR = 0x0d;
/** STX, A, B, C, 6 digits of weight, 6 of tare, CR. */
const FRAME_LENGTH = 17;

/** The checksum byte a frame must end with (bytes already reduced to 7 bits). */
export function mettlerChecksum(frame: readonly number[]): number {
  const sum = frame.reduce((total, byte) => total + byte, 0);
  return -sum & 0x7f;
}

const UNIT_CODES: Record<number, ScaleUnit | undefined> = { 1: 'g', 2: 't' };

/** A frame (STX to CR, 7-bit bytes) as a reading, or null when its fields do not hold together. */
function readFrame(frame: readonly number[], raw: string): ScaleReading | null {
  const [, a = 0, b = 0, c = 0] = frame;
  const weight = String.fromCharCode(...frame.slice(4, 10));
  const tare = String.fromCharCode(...frame.slice(10, 16));
  if (c & 0x10) return null; // expanded x10 test display, see above
  const unitCode = c & 0x07;
  const unit = unitCode === 0 ? (b & 0x10 ? 'kg' : 'lb') : UNIT_CODES[unitCode];
  if (!unit || !/^[\d ]{6}$/.test(tare)) return null;

  const negative = (b & 0x02) !== 0;
  const grossNet = b & 0x01 ? 'net' : 'gross';
  const stableFlag = (b & 0x08) === 0;
  if (b & 0x04) {
    // Out of range is either side: over capacity, or under zero (then the sign is negative).
    return { kg: null, status: negative ? 'underload' : 'overload', stableFlag, grossNet, unit, raw };
  }
  if (!/^\d{6}$/.test(weight)) return null;
  // Decimal code 2 is the weight as sent; each step down adds a dummy zero, each step up a decimal.
  const decimals = (a & 0x07) - 2;
  const shown = decimals >= 0 ? Number(weight) / 10 ** decimals : Number(weight) * 10 ** -decimals;
  const value = negative ? -shown : shown;
  return { kg: toKg(value, unit), status: 'ok', stableFlag, grossNet, unit, raw };
}

export function createMettlerParser(): ScaleParser {
  /** Bytes as received (for raw and garbled) and their 7-bit values (for reading). */
  let received = '';
  let bytes: number[] = [];

  function drop(count: number): void {
    received = received.slice(count);
    bytes = bytes.slice(count);
  }

  return {
    push(chunk): ParseResult {
      const text = chunkText(chunk);
      received += text;
      for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i) & 0x7f);
      const result: ParseResult = { readings: [], garbled: [] };
      const garble = (count: number) => {
        const dropped = received.slice(0, count);
        if (dropped.trim() !== '') result.garbled.push(showControls(dropped));
        drop(count);
      };

      for (;;) {
        const start = bytes.indexOf(STX);
        if (start < 0) {
          if (bytes.length >= MAX_FRAME_CHARS) garble(bytes.length);
          break;
        }
        if (start > 0) garble(start);
        if (bytes.length < FRAME_LENGTH + 1) break;

        const frame = bytes.slice(0, FRAME_LENGTH);
        if (frame[FRAME_LENGTH - 1] !== CR) {
          // Not a frame (a lost byte, or noise that looked like STX): read again from the next STX.
          const next = bytes.indexOf(STX, 1);
          garble(next < 0 ? FRAME_LENGTH : next);
          continue;
        }
        const after = bytes[FRAME_LENGTH];
        const expected = mettlerChecksum(frame);
        let length: number;
        if (after === expected && after === STX) {
          if (bytes.length < FRAME_LENGTH + 2) break;
          length = bytes[FRAME_LENGTH + 1] === STX ? FRAME_LENGTH + 1 : FRAME_LENGTH;
        } else if (after === expected) {
          length = FRAME_LENGTH + 1;
        } else if (after === STX) {
          length = FRAME_LENGTH;
        } else {
          garble(FRAME_LENGTH + 1); // wrong checksum
          continue;
        }
        const reading = readFrame(frame, showControls(received.slice(0, length)));
        if (reading) result.readings.push(reading);
        else result.garbled.push(showControls(received.slice(0, length)));
        drop(length);
      }
      return result;
    },
  };
}

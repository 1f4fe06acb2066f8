import { describe, expect, it } from 'vitest';
import { createMettlerParser, mettlerChecksum } from './mettler.ts';
import { pushAll, splitBytes } from './test-streams.ts';

const STX = '\u0002';
const CR = '\r';

/** Status byte A: always-1 bit 5, increment x1 (bit 3), and where the decimal point is. */
const decimal = (code: number) => String.fromCharCode(0x28 | code);
const NO_DECIMALS = decimal(2);
/** Status byte B: always-1 bit 5 plus the flags. */
const B = { net: 0x01, negative: 0x02, outOfRange: 0x04, motion: 0x08, kg: 0x10 };
const statusB = (...flags: number[]) => String.fromCharCode(flags.reduce((byte, flag) => byte | flag, 0x20));
const KG_GROSS = statusB(B.kg);
/** Status byte C: always-1 bit 5 plus the unit code. */
const statusC = (unitCode = 0, expanded = false) =>
  String.fromCharCode(0x20 | unitCode | (expanded ? 0x10 : 0));

function frame(a: string, b: string, c: string, weight: string, tare = '000000', checksum = true): string {
  const body = STX + a + b + c + weight + tare + CR;
  if (!checksum) return body;
  return body + String.fromCharCode(mettlerChecksum([...body].map((char) => char.charCodeAt(0))));
}

const weighing = (text: string) => createMettlerParser().push(text);

describe('METTLER TOLEDO continuous output', () => {
  it('reads a gross weight in kg, stable, from a frame with its checksum', () => {
    // STX, A = "*" (no decimals, x1), B = "0" (gross, kg), C = " ", 012340, tare 000000, CR, "-".
    const text = `${STX}*0 012340000000${CR}-`;
    expect(frame(NO_DECIMALS, KG_GROSS, statusC(), '012340')).toBe(text);
    expect(weighing(text)).toEqual({
      readings: [
        {
          kg: 12340,
          status: 'ok',
          stableFlag: true,
          grossNet: 'gross',
          unit: 'kg',
          raw: '<STX>*0 012340000000<CR>-',
        },
      ],
      garbled: [],
    });
  });

  it('places the decimal point, or the dummy zeros, as status byte A says', () => {
    const kgAt = (code: number) =>
      weighing(frame(decimal(code), KG_GROSS, statusC(), '012345')).readings[0]?.kg;
    expect(kgAt(0)).toBe(1234500);
    expect(kgAt(1)).toBe(123450);
    expect(kgAt(2)).toBe(12345);
    expect(kgAt(3)).toBe(1234.5);
    expect(kgAt(4)).toBe(123.45);
    expect(kgAt(5)).toBe(12.345);
  });

  it('reads negative weights, motion and net weights', () => {
    const negative = weighing(frame(decimal(3), statusB(B.kg, B.negative), statusC(), '000125')).readings[0];
    expect(negative).toMatchObject({ kg: -12.5, status: 'ok', stableFlag: true });
    const moving = weighing(frame(NO_DECIMALS, statusB(B.kg, B.motion), statusC(), '008760')).readings[0];
    expect(moving).toMatchObject({ kg: 8760, stableFlag: false });
    const net = weighing(frame(NO_DECIMALS, statusB(B.kg, B.net), statusC(), '029250', '012000')).readings[0];
    expect(net).toMatchObject({ kg: 29250, grossNet: 'net' });
  });

  it('shows no weight when out of range: over capacity, or under zero when negative', () => {
    const over = weighing(frame(NO_DECIMALS, statusB(B.kg, B.outOfRange), statusC(), '999999')).readings[0];
    expect(over).toMatchObject({ kg: null, status: 'overload' });
    const under = weighing(frame(NO_DECIMALS, statusB(B.kg, B.outOfRange, B.negative), statusC(), '000999'));
    expect(under.readings[0]).toMatchObject({ kg: null, status: 'underload' });
    const blank = weighing(frame(NO_DECIMALS, statusB(B.kg, B.outOfRange), statusC(), '      ')).readings[0];
    expect(blank).toMatchObject({ kg: null, status: 'overload' });
  });

  it('follows unit switches from kg to t to lb to g, converting to kg', () => {
    const parser = createMettlerParser();
    const { readings } = pushAll(parser, [
      frame(NO_DECIMALS, KG_GROSS, statusC(), '012340'),
      frame(decimal(4), statusB(), statusC(2), '001234'), // 12.34 t
      frame(NO_DECIMALS, statusB(), statusC(), '001000'), // 1000 lb (B's kg bit off)
      frame(decimal(3), statusB(), statusC(1), '012345'), // 1234.5 g
      frame(NO_DECIMALS, KG_GROSS, statusC(), '012340'),
    ]);
    expect(readings.map((r) => [r.unit, r.kg])).toEqual([
      ['kg', 12340],
      ['t', 12340],
      ['lb', 453.59237],
      ['g', 1.2345],
      ['kg', 12340],
    ]);
  });

  it('reads frames sent without checksums once the next frame starts', () => {
    const parser = createMettlerParser();
    const first = frame(NO_DECIMALS, KG_GROSS, statusC(), '012340', '000000', false);
    const second = frame(NO_DECIMALS, KG_GROSS, statusC(), '012360', '000000', false);
    expect(parser.push(first).readings).toEqual([]);
    expect(parser.push(second).readings.map((r) => r.kg)).toEqual([12340]);
    expect(parser.push(STX).readings.map((r) => r.kg)).toEqual([12360]);
  });

  it('tells a checksum that equals STX from the next frame', () => {
    // Net 12340 kg with tare 069999 sums to a checksum of 02, the value of STX.
    const withStxChecksum = `${STX}*1 012340069999${CR}${STX}`;
    const next = frame(NO_DECIMALS, KG_GROSS, statusC(), '000500');
    expect(pushAll(createMettlerParser(), [withStxChecksum, next])).toMatchObject({
      readings: [{ kg: 12340, grossNet: 'net' }, { kg: 500 }],
      garbled: [],
    });
    // The same frame without a checksum, followed by a frame without one either.
    const bare = `${STX}*1 012340069999${CR}`;
    const nextBare = frame(NO_DECIMALS, KG_GROSS, statusC(), '000500', '000000', false);
    expect(pushAll(createMettlerParser(), [bare, nextBare, STX])).toMatchObject({
      readings: [{ kg: 12340 }, { kg: 500 }],
      garbled: [],
    });
  });

  it('reads a frame split at any byte', () => {
    const stream =
      frame(NO_DECIMALS, KG_GROSS, statusC(), '012340') + frame(NO_DECIMALS, KG_GROSS, statusC(), '012360');
    for (let at = 0; at <= stream.length; at++) {
      const { readings, garbled } = pushAll(createMettlerParser(), splitBytes(stream, at));
      expect(
        readings.map((r) => r.kg),
        `split at ${at}`,
      ).toEqual([12340, 12360]);
      expect(garbled).toEqual([]);
    }
  });

  it('reads frames without checksums split at any byte', () => {
    const stream = [12340, 12360, 12380]
      .map((kg) => frame(NO_DECIMALS, KG_GROSS, statusC(), String(kg).padStart(6, '0'), '000000', false))
      .join('');
    for (let at = 0; at <= stream.length; at++) {
      const { readings, garbled } = pushAll(createMettlerParser(), splitBytes(stream, at));
      // The last frame waits for the next one to start.
      expect(
        readings.map((r) => r.kg),
        `split at ${at}`,
      ).toEqual([12340, 12360]);
      expect(garbled).toEqual([]);
    }
  });

  it('reads several frames in one chunk', () => {
    const chunk = ['000100', '000200', '000300']
      .map((w) => frame(NO_DECIMALS, KG_GROSS, statusC(), w))
      .join('');
    expect(weighing(chunk).readings.map((r) => r.kg)).toEqual([100, 200, 300]);
  });

  it('skips what comes before the first frame (the port opened mid-frame) and reports it', () => {
    const { readings, garbled } = weighing(
      `340000000\r-\u0000\u00ff${frame(NO_DECIMALS, KG_GROSS, statusC(), '012340')}`,
    );
    expect(readings.map((r) => r.kg)).toEqual([12340]);
    expect(garbled).toEqual(['340000000<CR>-<NUL><xFF>']);
  });

  it('reads bytes whose top bit is the parity of a 7-bit line read as 8 bits', () => {
    const text = frame(decimal(3), statusB(B.kg, B.net), statusC(), '012345');
    const withParity = Uint8Array.from(text, (char) => {
      const code = char.charCodeAt(0);
      const ones = [...code.toString(2)].filter((bit) => bit === '1').length;
      return ones % 2 === 1 ? code | 0x80 : code;
    });
    expect(createMettlerParser().push(withParity).readings).toMatchObject([{ kg: 1234.5, grossNet: 'net' }]);
  });

  it('garbles a frame whose checksum does not match, and reads the next one', () => {
    const good = frame(NO_DECIMALS, KG_GROSS, statusC(), '012340');
    const bad = good.slice(0, -1) + String.fromCharCode((good.charCodeAt(good.length - 1) + 1) & 0x7f);
    const { readings, garbled } = weighing(bad + good);
    expect(readings.map((r) => r.kg)).toEqual([12340]);
    expect(garbled).toEqual(['<STX>*0 012340000000<CR>.']);
  });

  it('garbles frames with non-digits, unknown units or the x10 test display', () => {
    expect(weighing(frame(NO_DECIMALS, KG_GROSS, statusC(), '01A340'))).toMatchObject({ readings: [] });
    expect(weighing(frame(NO_DECIMALS, KG_GROSS, statusC(3), '012340')).garbled).toHaveLength(1); // ounces
    expect(weighing(frame(NO_DECIMALS, KG_GROSS, statusC(0, true), '123400')).garbled).toHaveLength(1);
  });

  it('garbles a truncated frame and reads the frame after it', () => {
    const lost = frame(NO_DECIMALS, KG_GROSS, statusC(), '012340').slice(0, 9);
    const { readings, garbled } = weighing(lost + frame(NO_DECIMALS, KG_GROSS, statusC(), '012360'));
    expect(readings.map((r) => r.kg)).toEqual([12360]);
    expect(garbled).toEqual(['<STX>*0 01234']);
  });

  it('drops noise without frames in bounded pieces and still reads the frame after it', () => {
    const parser = createMettlerParser();
    const noise = Array.from({ length: 100 }, () => 'x'.repeat(10));
    const result = pushAll(parser, [...noise, frame(NO_DECIMALS, KG_GROSS, statusC(), '012340')]);
    expect(result.readings.map((r) => r.kg)).toEqual([12340]);
    // Dropped as soon as 256 bytes wait (plus the chunk that brought them), all of it reported.
    expect(result.garbled.length).toBeGreaterThanOrEqual(3);
    expect(result.garbled.every((text) => text.length < 256 + 10)).toBe(true);
    expect(result.garbled.join('')).toBe('x'.repeat(1000));
  });
});

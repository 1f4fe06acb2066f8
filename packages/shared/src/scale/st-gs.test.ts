import { describe, expect, it } from 'vitest';
import { createStGsParser } from './st-gs.ts';
import { pushAll, splitBytes } from './test-streams.ts';

const weighing = (text: string) => createStGsParser().push(text);
const kgs = (text: string) => weighing(text).readings.map((r) => r.kg);

describe('"ST,GS,+0012340kg" (A&D) format', () => {
  it('reads a stable gross weight in kg', () => {
    expect(weighing('ST,GS,+0012340kg\r\n')).toEqual({
      readings: [
        { kg: 12340, status: 'ok', stableFlag: true, grossNet: 'gross', unit: 'kg', raw: 'ST,GS,+0012340kg' },
      ],
      garbled: [],
    });
  });

  it('reads decimal points, negative, unstable, net and tare frames', () => {
    expect(weighing('ST,NT,+0012.34kg\r\n').readings).toMatchObject([{ kg: 12.34, grossNet: 'net' }]);
    expect(weighing('US,GS,-0000120kg\r\n').readings).toMatchObject([{ kg: -120, stableFlag: false }]);
    expect(weighing('ST,TR,+0012000kg\r\n').readings).toMatchObject([{ kg: 12000, grossNet: 'tare' }]);
    expect(weighing('ST,GS,-0000.00kg\r\n').readings).toMatchObject([{ kg: 0 }]);
    // A&D's European setting: a decimal comma.
    expect(kgs('ST,GS,+0012,34kg\r\n')).toEqual([12.34]);
  });

  it('reads numbers with spaces for leading zeros and units padded with spaces', () => {
    expect(kgs('ST,GS,+  1234.5 kg\r\n')).toEqual([1234.5]);
    expect(kgs('ST,GS,-   120  kg\r\n')).toEqual([-120]);
    expect(weighing('ST,GS,+012.345  t\r\n').readings).toMatchObject([{ kg: 12345, unit: 't' }]);
    expect(weighing('ST,GS,+0012340 KG\r\n').readings).toMatchObject([{ kg: 12340, unit: 'kg' }]);
  });

  it('follows unit switches from kg to t to lb to g, converting to kg', () => {
    const { readings } = weighing(
      'ST,GS,+0012340kg\r\nST,GS,+012.340 t\r\nST,GS,+0001000lb\r\nST,GS,+01234.5 g\r\n',
    );
    expect(readings.map((r) => [r.unit, r.kg])).toEqual([
      ['kg', 12340],
      ['t', 12340],
      ['lb', 453.59237],
      ['g', 1.2345],
    ]);
  });

  it('shows no weight on overload, and underload when the sign is negative', () => {
    expect(weighing('OL,GS,+    .  kg\r\n').readings).toMatchObject([
      { kg: null, status: 'overload', unit: 'kg' },
    ]);
    expect(weighing('OL,GS,-            \r\n').readings).toMatchObject([{ kg: null, status: 'underload' }]);
    expect(weighing('OL,GS,+9999999kg\r\n').readings).toMatchObject([{ kg: null, status: 'overload' }]);
    expect(weighing('LO,NT,+        kg\r\n').readings).toMatchObject([{ kg: null, status: 'overload' }]);
  });

  it('accepts CR, LF or CR LF at the end of a frame', () => {
    expect(kgs('ST,GS,+0000100kg\rST,GS,+0000200kg\nST,GS,+0000300kg\r\n')).toEqual([100, 200, 300]);
  });

  it('reads frames split at any byte, a CR and its LF in different chunks too', () => {
    const stream = 'ST,GS,+0012340kg\r\nUS,GS,+0012360kg\r\n';
    for (let at = 0; at <= stream.length; at++) {
      const { readings, garbled } = pushAll(createStGsParser(), splitBytes(stream, at));
      expect(
        readings.map((r) => [r.kg, r.stableFlag]),
        `split at ${at}`,
      ).toEqual([
        [12340, true],
        [12360, false],
      ]);
      expect(garbled).toEqual([]);
    }
  });

  it('garbles the partial line before the first frame, and skips noise before a frame', () => {
    expect(weighing('340kg\r\nST,GS,+0012340kg\r\n')).toMatchObject({
      readings: [{ kg: 12340 }],
      garbled: ['340kg'],
    });
    expect(weighing('\u0000\u00ffST,GS,+0012340kg\r\n')).toMatchObject({
      readings: [{ kg: 12340, raw: 'ST,GS,+0012340kg' }],
      garbled: ['<NUL><xFF>'],
    });
  });

  it('garbles non-digits, unknown units, missing units and truncated frames', () => {
    for (const line of [
      'ST,GS,+00A2340kg',
      'ST,GS,+0012340oz',
      'ST,GS,+0012340',
      'ST,GS,+00',
      'ST,XX,+0012340kg',
    ]) {
      expect(weighing(`${line}\r\n`), line).toEqual({ readings: [], garbled: [line] });
    }
    expect(weighing('ST,GS,+1.2.3kg\r\n').readings).toEqual([]);
  });

  it('drops a line without an end in bounded pieces and reads the frame after it', () => {
    const noise = Array.from({ length: 100 }, () => 'x'.repeat(10));
    const result = pushAll(createStGsParser(), [...noise, '\r\nST,GS,+0012340kg\r\n']);
    expect(result.readings.map((r) => r.kg)).toEqual([12340]);
    expect(result.garbled.length).toBeGreaterThanOrEqual(3);
    expect(result.garbled.every((text) => text.length < 256 + 10)).toBe(true);
    expect(result.garbled.join('')).toBe('x'.repeat(1000));
  });
});

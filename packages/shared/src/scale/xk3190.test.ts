import { describe, expect, it } from 'vitest';
import { pushAll, splitBytes } from './test-streams.ts';
import { createXk3190Parser, xk3190Xor } from './xk3190.ts';

const STX = '\u0002';
const ETX = '\u0003';
const weighing = (text: string) => createXk3190Parser().push(text);
const kgs = (text: string) => weighing(text).readings.map((r) => r.kg);

/** An STX frame: sign, six digits, decimals, XOR, ETX. */
const stxFrame = (body: string) => `${STX}${body}${xk3190Xor(body)}${ETX}`;

describe('XK3190 continuous output', () => {
  it('reads the reversed "=" frame: 12340 kg is =04321000', () => {
    expect(weighing('=04321000')).toEqual({
      readings: [{ kg: 12340, status: 'ok', stableFlag: null, grossNet: null, unit: 'kg', raw: '=04321000' }],
      garbled: [],
    });
  });

  it('reads decimal points and negative weights (the sign last)', () => {
    expect(kgs('=000.3000')).toEqual([3]); // the manual's 3.000
    expect(kgs('=00.1000-')).toEqual([-1]); // the manual's -1.00
    expect(kgs('=0.04321-')).toEqual([-12340]);
    expect(kgs('=5.43210')).toEqual([]); // 8 bytes: waits for the 9th
    expect(kgs('=5.432100')).toEqual([1234.5]);
    expect(kgs('=00000000')).toEqual([0]);
  });

  it('reads the continuous stream, several frames in one chunk', () => {
    expect(kgs('=04321000=06321000=08321000')).toEqual([12340, 12360, 12380]);
  });

  it('reads frames split at any byte', () => {
    const stream = '=04321000=0.04321-=06321000';
    for (let at = 0; at <= stream.length; at++) {
      const { readings, garbled } = pushAll(createXk3190Parser(), splitBytes(stream, at));
      expect(
        readings.map((r) => r.kg),
        `split at ${at}`,
      ).toEqual([12340, -12340, 12360]);
      expect(garbled).toEqual([]);
    }
  });

  it('reads the STX frame with its XOR check (A9+ tF=0)', () => {
    expect(stxFrame('+0123400')).toBe(`${STX}+01234001F${ETX}`);
    expect(weighing(`${STX}+01234001F${ETX}`).readings).toMatchObject([
      { kg: 12340, stableFlag: null, unit: 'kg', raw: '<STX>+01234001F<ETX>' },
    ]);
    expect(kgs(stxFrame('+0123451'))).toEqual([1234.5]);
    expect(kgs(stxFrame('-0012522'))).toEqual([-12.52]);
  });

  it('reads STX frames split at any byte', () => {
    const stream = stxFrame('+0123400') + stxFrame('+0123600');
    for (let at = 0; at <= stream.length; at++) {
      const { readings, garbled } = pushAll(createXk3190Parser(), splitBytes(stream, at));
      expect(
        readings.map((r) => r.kg),
        `split at ${at}`,
      ).toEqual([12340, 12360]);
      expect(garbled).toEqual([]);
    }
  });

  it('garbles an STX frame whose XOR does not match', () => {
    expect(weighing(`${STX}+012340020${ETX}`)).toEqual({
      readings: [],
      garbled: ['<STX>+012340020<ETX>'],
    });
  });

  it('skips the piece of frame before the first whole one and reports it', () => {
    expect(weighing('21000=04321000')).toMatchObject({ readings: [{ kg: 12340 }], garbled: ['21000'] });
  });

  it('garbles a frame that lost bytes and reads the next one', () => {
    expect(weighing('=0432=04321000')).toMatchObject({ readings: [{ kg: 12340 }], garbled: ['=0432'] });
    expect(weighing(`${STX}+0123=04321000`)).toMatchObject({
      readings: [{ kg: 12340 }],
      garbled: ['<STX>+0123'],
    });
  });

  it('garbles non-digits, two decimal points and a wrong sign byte', () => {
    for (const frame of ['=04A21000', '=0.0.3210', '=04321007', '=0432100+']) {
      expect(weighing(frame), frame).toEqual({ readings: [], garbled: [frame] });
    }
  });

  it('drops noise without frames in bounded pieces and still reads the frame after it', () => {
    const noise = Array.from({ length: 100 }, () => 'x'.repeat(10));
    const result = pushAll(createXk3190Parser(), [...noise, '=04321000']);
    expect(result.readings.map((r) => r.kg)).toEqual([12340]);
    expect(result.garbled.length).toBeGreaterThanOrEqual(3);
    expect(result.garbled.every((text) => text.length < 256 + 10)).toBe(true);
    expect(result.garbled.join('')).toBe('x'.repeat(1000));
  });
});

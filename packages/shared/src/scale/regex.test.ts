import { describe, expect, it } from 'vitest';
import { createRegexParser } from './regex.ts';
import { pushAll, splitBytes } from './test-streams.ts';

const ST_GS = String.raw`^(?<stable>ST)?(?:US)?,GS,(?<weight>[-+ \d.]+)(?<unit>kg|t)$`;

describe('regex escape hatch', () => {
  it('reads the weight, unit and stable flag from named groups', () => {
    const parser = createRegexParser(ST_GS);
    expect(parser.push('ST,GS,+0012340kg\r\nUS,GS,-012.345t\r\n')).toEqual({
      readings: [
        { kg: 12340, status: 'ok', stableFlag: true, grossNet: null, unit: 'kg', raw: 'ST,GS,+0012340kg' },
        { kg: -12345, status: 'ok', stableFlag: false, grossNet: null, unit: 't', raw: 'US,GS,-012.345t' },
      ],
      garbled: [],
    });
  });

  it('takes kg and no stable flag when the pattern has no such groups, and a sign apart', () => {
    const parser = createRegexParser(String.raw`^W:(?<sign>[-+ ])(?<weight>[\d ]+\.?\d*)$`);
    expect(parser.push('W:-  120\nW:+12340.5\n').readings).toMatchObject([
      { kg: -120, unit: 'kg', stableFlag: null },
      { kg: 12340.5, unit: 'kg', stableFlag: null },
    ]);
  });

  it('garbles lines that do not match, numbers it cannot read and unknown units', () => {
    const parser = createRegexParser(String.raw`^(?<weight>\S+) (?<unit>\w+)$`);
    expect(parser.push('hello\r\n12,340 kg\r\n12340 oz\r\n12340 KG\r\n')).toEqual({
      readings: [{ kg: 12340, status: 'ok', stableFlag: null, grossNet: null, unit: 'kg', raw: '12340 KG' }],
      garbled: ['hello', '12,340 kg', '12340 oz'],
    });
  });

  it('reads lines split at any byte', () => {
    const stream = 'ST,GS,+0012340kg\r\nUS,GS,+0012360kg\n';
    for (let at = 0; at <= stream.length; at++) {
      const { readings, garbled } = pushAll(createRegexParser(ST_GS), splitBytes(stream, at));
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

  it('refuses invalid patterns with a message that says why', () => {
    expect(() => createRegexParser('(?<weight>\\d+')).toThrow(/is not a valid regular expression/);
    expect(() => createRegexParser('(\\d+)kg')).toThrow(/has no named group "weight"/);
    expect(() => createRegexParser('')).toThrow(/has no named group "weight"/);
    expect(() => createRegexParser('(?<wieght>\\d+)')).toThrow(
      /has the named group\(s\) wieght; the groups read are weight, unit, stable, sign/,
    );
  });
});

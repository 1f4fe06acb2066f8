import { describe, expect, it } from 'vitest';
import { createParser, parseFormatOption } from './formats.ts';

describe('scale formats', () => {
  it('knows the format names, in any case', () => {
    expect(parseFormatOption('mettler')).toBe('mettler');
    expect(parseFormatOption(' ST-GS ')).toBe('st-gs');
    expect(parseFormatOption('XK3190')).toBe('xk3190');
    expect(parseFormatOption('regex:^(?<weight>\\d+)$')).toBe('regex:^(?<weight>\\d+)$');
    expect(parseFormatOption(' regex:(?<weight>\\d+) kg')).toBe('regex:(?<weight>\\d+) kg');
  });

  it('says which formats there are when the name is unknown', () => {
    expect(() => parseFormatOption('toledo')).toThrow(
      'Unknown scale format "toledo": use one of mettler, st-gs, xk3190, regex:<pattern>.',
    );
  });

  it('refuses a regex format whose pattern is wrong, at once', () => {
    expect(() => parseFormatOption('regex:(\\d+')).toThrow(/is not a valid regular expression/);
    expect(() => parseFormatOption('regex:\\d+')).toThrow(/has no named group "weight"/);
  });

  it('makes a parser for each format', () => {
    const weightOf = (format: string, text: string) =>
      createParser(parseFormatOption(format)).push(text).readings[0]?.kg;
    expect(weightOf('mettler', '\u0002*0 012340000000\r-')).toBe(12340);
    expect(weightOf('st-gs', 'ST,GS,+0012340kg\r\n')).toBe(12340);
    expect(weightOf('xk3190', '=04321000')).toBe(12340);
    expect(weightOf('regex:^(?<weight>\\d+)$', '12340\n')).toBe(12340);
  });
});

describe('every format, fed one byte at a time', () => {
  const streams: [string, string][] = [
    ['mettler', '\u0002*0 012340000000\r-\u0002*8 012360000000\r#\u0002*0 0A2340000000\r\u0000'],
    ['st-gs', 'noise\r\nST,GS,+0012340kg\r\nUS,NT,-0000.50kg\rOL,GS,+        \nST,GS,+00A2340kg\r\n'],
    ['xk3190', '321000=04321000=0.04321-=04A21000\u0002+01234001F\u0003'],
    ['regex:^(?<weight>[-\\d.]+) ?(?<unit>kg|t)$', '12340kg\r\n12.5 t\r\nbad\r\n'],
  ];
  it.each(streams)('%s reads the same as from one chunk', (format, stream) => {
    const whole = createParser(parseFormatOption(format)).push(stream);
    const parser = createParser(parseFormatOption(format));
    const byByte = { readings: [] as unknown[], garbled: [] as string[] };
    for (const char of stream) {
      const { readings, garbled } = parser.push(Uint8Array.of(char.charCodeAt(0)));
      byByte.readings.push(...readings);
      byByte.garbled.push(...garbled);
    }
    expect(byByte).toEqual(whole);
    expect(whole.readings.length).toBeGreaterThanOrEqual(2);
    expect(whole.garbled.length).toBeGreaterThanOrEqual(1);
  });
});

import { describe, expect, it } from 'vitest';
import { FALLBACK_CONFIG, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('reads the values the server injects', () => {
    expect(
      parseConfig(
        '{"apiKey":"k1","defaultLanguage":"en","companyName":" ACME ","publicUrl":"https://q.example.com/","siteTimeZone":"Asia/Ho_Chi_Minh"}',
      ),
    ).toEqual({
      apiKey: 'k1',
      defaultLanguage: 'en',
      companyName: 'ACME',
      publicUrl: 'https://q.example.com',
      siteTimeZone: 'Asia/Ho_Chi_Minh',
    });
  });

  it('falls back for the dev server, bad JSON and unknown values', () => {
    expect(parseConfig(null)).toEqual(FALLBACK_CONFIG);
    expect(parseConfig('{oops')).toEqual(FALLBACK_CONFIG);
    expect(parseConfig('{"apiKey":"","defaultLanguage":"xx","companyName":3}')).toEqual(FALLBACK_CONFIG);
    expect(parseConfig('{"defaultLanguage":"th-TH"}').defaultLanguage).toBe('th');
    expect(parseConfig('{"publicUrl":"javascript:alert(1)"}').publicUrl).toBe('');
    expect(parseConfig('{"siteTimeZone":"Mars/Olympus"}').siteTimeZone).toBe('Asia/Bangkok');
  });
});

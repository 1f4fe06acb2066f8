import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-file.ts';

const FALLBACK = 'report.xlsx';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, decoded', () => {
    const thai = 'รายงานรถเข้า-ออก_2025-03-01_2025-03-07.xlsx';
    expect(
      fileNameFromDisposition(
        `attachment; filename="in-out-report.xlsx"; filename*=UTF-8''${encodeURIComponent(thai)}`,
        FALLBACK,
      ),
    ).toBe(thai);
  });

  it('reads the extended name in any case and with a language tag', () => {
    expect(fileNameFromDisposition("attachment; FILENAME*=utf-8'th'%E0%B8%81.xlsx", FALLBACK)).toBe('ก.xlsx');
  });

  it('uses the plain name when there is no extended one, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="in-out report.xlsx"', FALLBACK)).toBe(
      'in-out report.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename=report-1.xlsx', FALLBACK)).toBe('report-1.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".xlsx"', FALLBACK)).toBe('a "b".xlsx');
  });

  it('falls back to the plain name when the extended one is broken', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="plain.xlsx"; filename*=UTF-8''%E0%B8`, FALLBACK),
    ).toBe('plain.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="plain.xlsx"; filename*=latin9''x`, FALLBACK)).toBe(
      'plain.xlsx',
    );
  });

  it('keeps only the last part of a path', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fevil.xlsx`, FALLBACK)).toBe(
      'evil.xlsx',
    );
  });

  it('falls back without a usable name', () => {
    expect(fileNameFromDisposition(null, FALLBACK)).toBe(FALLBACK);
    expect(fileNameFromDisposition('attachment', FALLBACK)).toBe(FALLBACK);
    expect(fileNameFromDisposition('attachment; filename=""', FALLBACK)).toBe(FALLBACK);
  });
});

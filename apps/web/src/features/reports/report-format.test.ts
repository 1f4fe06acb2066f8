import { describe, expect, it } from 'vitest';
import { formatKgOneDecimal, formatSiteDateTime } from './report-format.ts';

describe('formatSiteDateTime', () => {
  it('shows day/month/year hh:mm on the plant’s clock', () => {
    expect(formatSiteDateTime('2025-03-07T07:05:00Z', 'Asia/Bangkok')).toBe('07/03/2025 14:05');
    // Past midnight in Bangkok while still the day before in UTC.
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'Asia/Bangkok')).toBe('01/01/2026 00:30');
    expect(formatSiteDateTime('2025-12-31T17:30:00Z', 'UTC')).toBe('31/12/2025 17:30');
  });

  it('shows a dash when there is no time', () => {
    expect(formatSiteDateTime(null, 'Asia/Bangkok')).toBe('-');
    expect(formatSiteDateTime('', 'Asia/Bangkok')).toBe('-');
    expect(formatSiteDateTime('not a time', 'Asia/Bangkok')).toBe('-');
  });
});

describe('formatKgOneDecimal', () => {
  it('groups thousands and keeps one decimal, the language’s way', () => {
    expect(formatKgOneDecimal(29962, 'th')).toBe('29,962.0');
    expect(formatKgOneDecimal(12345.56, 'en')).toBe('12,345.6');
    expect(formatKgOneDecimal(12345.5, 'de')).toBe('12.345,5');
    expect(formatKgOneDecimal(null, 'en')).toBe('-');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('shows day/month/year and a 24-hour clock', () => {
    expect(formatDateTime('2025-03-07T14:05:00')).toBe('07/03/2025 14:05');
    expect(formatDate('2025-12-31T23:59:00')).toBe('31/12/2025');
  });

  it('shows a dash for empty or invalid values', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});

import { describe, expect, it } from 'vitest';
import { formatKg } from './weight-format.ts';

describe('formatKg', () => {
  it('shows whole kilograms without ".0", and a tenth only when there is one', () => {
    expect(formatKg(12340, 'th')).toBe('12,340');
    expect(formatKg(12340.0, 'en')).toBe('12,340');
    expect(formatKg(12345.5, 'th')).toBe('12,345.5');
    expect(formatKg(12345.5, 'de')).toBe('12.345,5');
    expect(formatKg(850, 'th')).toBe('850');
  });

  it('rounds what arithmetic leaves over to the tenth a weighbridge reads', () => {
    // A net weight worked out from two readings.
    expect(formatKg(32100.3 - 19760.3, 'th')).toBe('12,340');
    expect(formatKg(0.1 + 0.2, 'en')).toBe('0.3');
  });

  it('shows "-" for no weight', () => {
    expect(formatKg(null, 'th')).toBe('-');
    expect(formatKg(undefined, 'en')).toBe('-');
    expect(formatKg(Number.NaN, 'en')).toBe('-');
  });
});

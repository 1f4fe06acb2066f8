import { describe, expect, it } from 'vitest';
import { addDays, lastDays } from './period.ts';

describe('addDays and lastDays', () => {
  it('moves over month and year ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(lastDays('2025-03-07', 14)).toEqual({ start: '2025-02-22', finish: '2025-03-07' });
    expect(lastDays('2025-03-07', 1)).toEqual({ start: '2025-03-07', finish: '2025-03-07' });
  });
});

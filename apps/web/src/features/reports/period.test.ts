import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS } from '@truck-queue/shared/contracts/report.contract';
import { addDays, lastDays, periodProblem } from './period.ts';

describe('addDays and lastDays', () => {
  it('cross month, year and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('counts today as the last of the days', () => {
    expect(lastDays('2025-03-07', 7)).toEqual({ start: '2025-03-01', finish: '2025-03-07' });
    expect(lastDays('2025-03-07', 1)).toEqual({ start: '2025-03-07', finish: '2025-03-07' });
  });
});

describe('periodProblem', () => {
  it('accepts one day and any ordered period up to the limit', () => {
    expect(periodProblem('2025-03-07', '2025-03-07')).toBeNull();
    expect(periodProblem('2025-01-01', addDays('2025-01-01', REPORT_MAX_DAYS - 1))).toBeNull();
  });

  it('refuses a missing day', () => {
    expect(periodProblem(null, '2025-03-07')).toBe('missing');
    expect(periodProblem('2025-03-07', '')).toBe('missing');
  });

  it('refuses an end before the start', () => {
    expect(periodProblem('2025-03-08', '2025-03-07')).toBe('order');
  });

  it(`refuses more than ${REPORT_MAX_DAYS} days`, () => {
    expect(periodProblem('2025-01-01', addDays('2025-01-01', REPORT_MAX_DAYS))).toBe('tooLong');
  });
});

import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS } from '@truck-queue/shared/contracts/report.contract';
import { periodProblem } from '../reports/period.ts';
import { addDays, lastDays, withFinish, withStart } from './period.ts';

describe('addDays and lastDays', () => {
  it('moves over month and year ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(lastDays('2025-03-07', 14)).toEqual({ start: '2025-02-22', finish: '2025-03-07' });
    expect(lastDays('2025-03-07', 1)).toEqual({ start: '2025-03-07', finish: '2025-03-07' });
  });
});

describe('withStart and withFinish', () => {
  const today = '2025-03-07';
  const period = { start: '2025-03-01', finish: '2025-03-05' };

  it('change one end and keep the other when the period stays valid', () => {
    expect(withStart(period, '2025-02-20', today)).toEqual({ start: '2025-02-20', finish: '2025-03-05' });
    expect(withFinish(period, '2025-03-07', today)).toEqual({ start: '2025-03-01', finish: '2025-03-07' });
  });

  it('never move the other end, even when the period runs backwards (the filter says so)', () => {
    const backwards = withFinish(period, '2025-02-25', today);
    expect(backwards).toEqual({ start: '2025-03-01', finish: '2025-02-25' });
    expect(periodProblem(backwards.start, backwards.finish)).toBe('order');
    expect(withStart(period, '2025-03-06', today)).toEqual({ start: '2025-03-06', finish: '2025-03-05' });
  });

  it('never go past today', () => {
    expect(withStart(period, '2025-04-01', today)).toEqual({ start: today, finish: '2025-03-05' });
    expect(withFinish(period, '2025-04-01', today)).toEqual({ start: '2025-03-01', finish: today });
  });

  it(`leave a period over ${REPORT_MAX_DAYS} days as set, for the filter to refuse`, () => {
    const long = withStart(period, '2023-01-01', today);
    expect(long).toEqual({ start: '2023-01-01', finish: '2025-03-05' });
    expect(periodProblem(long.start, long.finish)).toBe('tooLong');
  });
});

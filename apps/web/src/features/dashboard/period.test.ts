import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS } from '@truck-queue/shared/contracts/report.contract';
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

  it('move the other end rather than let the period run backwards', () => {
    expect(withStart(period, '2025-03-06', today)).toEqual({ start: '2025-03-06', finish: '2025-03-06' });
    expect(withFinish(period, '2025-02-25', today)).toEqual({ start: '2025-02-25', finish: '2025-02-25' });
  });

  it('never go past today', () => {
    expect(withStart(period, '2025-04-01', today)).toEqual({ start: today, finish: today });
    expect(withFinish(period, '2025-04-01', today)).toEqual({ start: '2025-03-01', finish: today });
  });

  it(`keep the period within ${REPORT_MAX_DAYS} days`, () => {
    expect(withStart(period, '2023-01-01', today)).toEqual({ start: '2023-01-01', finish: '2024-01-01' });
    expect(withFinish({ start: '2023-01-01', finish: '2023-01-02' }, '2025-03-07', today)).toEqual({
      start: '2024-03-07',
      finish: '2025-03-07',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_HARVEST_SEASON, isSeasonDay, thisSeason } from './season.ts';

describe('thisSeason', () => {
  it('runs from 1 November to today in the season, over the new year', () => {
    expect(thisSeason('2026-11-30', DEFAULT_HARVEST_SEASON)).toEqual({
      start: '2026-11-01',
      finish: '2026-11-30',
    });
    expect(thisSeason('2027-02-14', DEFAULT_HARVEST_SEASON)).toEqual({
      start: '2026-11-01',
      finish: '2027-02-14',
    });
    expect(thisSeason('2027-04-30', DEFAULT_HARVEST_SEASON)).toEqual({
      start: '2026-11-01',
      finish: '2027-04-30',
    });
    expect(thisSeason('2026-11-01', DEFAULT_HARVEST_SEASON)).toEqual({
      start: '2026-11-01',
      finish: '2026-11-01',
    });
  });

  it('between seasons is the season that ended last, whole', () => {
    expect(thisSeason('2027-07-10', DEFAULT_HARVEST_SEASON)).toEqual({
      start: '2026-11-01',
      finish: '2027-04-30',
    });
    expect(thisSeason('2027-10-31', DEFAULT_HARVEST_SEASON)).toEqual({
      start: '2026-11-01',
      finish: '2027-04-30',
    });
  });

  it('handles a season within one calendar year', () => {
    const season = { start: '01-15', finish: '06-30' };
    expect(thisSeason('2027-03-01', season)).toEqual({ start: '2027-01-15', finish: '2027-03-01' });
    expect(thisSeason('2027-09-01', season)).toEqual({ start: '2027-01-15', finish: '2027-06-30' });
    expect(thisSeason('2027-01-10', season)).toEqual({ start: '2026-01-15', finish: '2026-06-30' });
  });
});

describe('isSeasonDay', () => {
  it('accepts a month and day every year has', () => {
    expect(['01-01', '11-01', '04-30', '02-28', '12-31'].every(isSeasonDay)).toBe(true);
    expect(['02-29', '04-31', '13-01', '00-10', '1-01', '2026-11-01', ''].some(isSeasonDay)).toBe(false);
  });
});

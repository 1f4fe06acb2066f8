import { describe, expect, it } from 'vitest';
import { addDays, formatSiteTime, siteDate, siteInstant } from './site-time.ts';

describe('site time', () => {
  it('puts a truck that arrives at 00:30 Bangkok time on that Bangkok day', () => {
    expect(siteDate(new Date('2026-11-21T17:30:00Z'), 'Asia/Bangkok')).toBe('2026-11-22');
    expect(siteDate(new Date('2026-11-21T16:59:59Z'), 'Asia/Bangkok')).toBe('2026-11-21');
  });

  it('finds the instant of a site wall-clock time, across daylight saving too', () => {
    expect(siteInstant('2026-11-22', 6 * 60, 'Asia/Bangkok').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(siteInstant('2026-03-29', 12 * 60, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
    expect(siteInstant('2026-03-28', 12 * 60, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T11:00:00.000Z',
    );
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('formats an instant as day/month/year hh:mm on the site clock, in the branch’s calendar', () => {
    expect(formatSiteTime(new Date('2026-11-21T17:05:00Z'), 'Asia/Bangkok', 'CE')).toBe('22/11/2026 00:05');
    expect(formatSiteTime(new Date('2026-11-21T17:05:00Z'), 'Asia/Bangkok', 'BE')).toBe('22/11/2569 00:05');
    expect(formatSiteTime(new Date('2026-01-02T03:04:00Z'), 'UTC', 'CE')).toBe('02/01/2026 03:04');
  });
});

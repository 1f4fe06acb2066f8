import { describe, expect, it } from 'vitest';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { ApiRequestError } from '../../lib/api-client.ts';
import { branchOfPage, portalFailure, quotaStanding, splitBookings, stripPage } from './portal-rules.ts';

const UUID = '0b9c0c43-6d3c-4f5e-9a51-0d3c2a1b4e7f';

describe('branchOfPage', () => {
  it('takes the b of the link the office gave, a uuid', () => {
    expect(branchOfPage(`?b=${UUID}`)).toBe(UUID);
    expect(branchOfPage(`?b=${UUID.toUpperCase()}`)).toBe(UUID);
  });
  it('is null for a link cut short or without b', () => {
    expect(branchOfPage('')).toBeNull();
    expect(branchOfPage('?b=')).toBeNull();
    expect(branchOfPage(`?b=${UUID.slice(0, 30)}`)).toBeNull();
  });
});

const quota = (unit: 'tonnes' | 'loads', entitlement: number, delivered: number, booked: number) => ({
  season_name: '2569/70',
  product_name: 'หัวมันสด',
  unit,
  over_quota: 'warn' as const,
  entitlement,
  delivered,
  booked,
});

describe('quotaStanding', () => {
  it('counts open bookings against a quota of loads', () => {
    expect(quotaStanding(quota('loads', 10, 4, 3))).toEqual({
      used: 7,
      left: 3,
      over: 0,
      percent: 70,
      full: false,
    });
  });
  it('counts deliveries only against a quota of tonnes (a booking is a load, not tonnes)', () => {
    expect(quotaStanding(quota('tonnes', 300, 120.25, 5))).toEqual({
      used: 120.3,
      left: 179.7,
      over: 0,
      percent: 40,
      full: false,
    });
  });
  it('says how far past the quota it is, the bar full', () => {
    expect(quotaStanding(quota('loads', 10, 9, 3))).toEqual({
      used: 12,
      left: 0,
      over: 2,
      percent: 100,
      full: true,
    });
    expect(quotaStanding(quota('tonnes', 0, 0, 0))).toMatchObject({ used: 0, left: 0, over: 0, percent: 0 });
  });
  it("is full once one more load would be past it (the season's rule meets the next booking)", () => {
    expect(quotaStanding(quota('loads', 10, 6, 4))).toMatchObject({ left: 0, over: 0, full: true });
    expect(quotaStanding(quota('tonnes', 300, 300, 0))).toMatchObject({ left: 0, over: 0, full: true });
    expect(quotaStanding(quota('tonnes', 300, 299.9, 2))).toMatchObject({ full: false });
  });
});

function booking(id: number, status: Booking['status'], startsAt: string): Booking {
  return { id, status, starts_at: startsAt } as Booking;
}

describe('splitBookings', () => {
  it('lists open bookings soonest first and the rest latest first', () => {
    const { upcoming, past } = splitBookings([
      booking(1, 'booked', '2026-11-22T03:00:00Z'),
      booking(2, 'cancelled', '2026-11-19T03:00:00Z'),
      booking(3, 'booked', '2026-11-21T03:00:00Z'),
      booking(4, 'checked_in', '2026-11-20T03:00:00Z'),
      booking(5, 'lapsed', '2026-11-18T03:00:00Z'),
    ]);
    expect(upcoming.map((b) => b.id)).toEqual([3, 1]);
    expect(past.map((b) => b.id)).toEqual([4, 2, 5]);
  });
});

describe('stripPage', () => {
  it('shows today to the last day it may book, 14 days a page', () => {
    expect(stripPage('2026-11-20', 3, 0)).toEqual({ from: '2026-11-20', days: 4 });
    expect(stripPage('2026-11-20', 3, 1)).toBeNull();
    expect(stripPage('2026-11-20', 20, 0)).toEqual({ from: '2026-11-20', days: 14 });
    expect(stripPage('2026-11-20', 20, 1)).toEqual({ from: '2026-12-04', days: 7 });
    expect(stripPage('2026-11-20', 0, 0)).toEqual({ from: '2026-11-20', days: 1 });
    expect(stripPage('2026-11-20', 20, -1)).toBeNull();
  });
});

describe('portalFailure', () => {
  const conflict = (reason: string) =>
    new ApiRequestError('CONFLICT', 409, 'x', { reason: reason as 'WINDOW_FULL' });
  it('says each booking refusal with what to do', () => {
    expect(portalFailure(conflict('WINDOW_FULL'), 'book')).toBe('supplierPortal.failures.windowFull');
    expect(portalFailure(conflict('SUPPLIER_DAY_LIMIT'), 'book')).toBe('supplierPortal.failures.dayLimit');
    expect(portalFailure(conflict('OVER_QUOTA'), 'book')).toBe('supplierPortal.failures.overQuota');
    expect(portalFailure(conflict('BOOKING_CLOSED'), 'book')).toBe('supplierPortal.failures.bookingClosed');
  });
  it('tells a cancel past the cut-off to call the office', () => {
    expect(portalFailure(conflict('BOOKING_CLOSED'), 'cancel')).toBe('supplierPortal.failures.cancelClosed');
  });
  it('tells a wrong PIN, a lock-out and an ended sign-in apart', () => {
    expect(portalFailure(new ApiRequestError('INVALID_CREDENTIALS', 401, 'x'))).toBe(
      'supplierPortal.failures.invalidCredentials',
    );
    expect(portalFailure(new ApiRequestError('TOO_MANY_ATTEMPTS', 429, 'x'))).toBe(
      'supplierPortal.failures.tooManyAttempts',
    );
    expect(portalFailure(new ApiRequestError('UNAUTHENTICATED', 401, 'x'))).toBe(
      'supplierPortal.failures.signedOut',
    );
    expect(portalFailure(new Error('boom'))).toBe('supplierPortal.failures.other');
  });
});

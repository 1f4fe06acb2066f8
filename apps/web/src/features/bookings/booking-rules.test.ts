import { describe, expect, it } from 'vitest';
import type { Season } from '@truck-queue/shared/contracts/season.contract';
import th from '../../locales/th.json';
import en from '../../locales/en.json';
import { ApiRequestError } from '../../lib/api-client.ts';
import {
  BOOKING_REFUSALS,
  bookingRefusalOf,
  calendarRows,
  dayBookable,
  fillPercent,
  leftIn,
  lineRefusals,
  refusalField,
  seasonOf,
  weekOf,
  withClosedDay,
} from './booking-rules.ts';

function lookup(dict: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
}

const validation = (...paths: string[]) =>
  new ApiRequestError('VALIDATION_FAILED', 400, 'invalid', {
    issues: paths.map((path) => ({ path, message: 'no' })),
  });

describe('a refused plan', () => {
  it('lands each issue on its field, a window by its index, and an unknown path above the form', () => {
    expect(lineRefusals(validation('windows.1', 'windows.1.end', 'day_capacity', 'id_branchQT'))).toEqual([
      { field: 'windows', index: 1 },
      { field: 'day_capacity', index: undefined },
      { field: null, index: undefined },
    ]);
    expect(lineRefusals(new ApiRequestError('CONFLICT', 409, 'x', { reason: 'WINDOW_FULL' }))).toEqual([]);
  });
});

describe('booking refusals', () => {
  it('knows each booking reason and says every one in Thai and English', () => {
    for (const reason of BOOKING_REFUSALS) {
      expect(bookingRefusalOf(new ApiRequestError('CONFLICT', 409, 'x', { reason }))).toBe(reason);
      expect(lookup(th, `errors.reasons.${reason}`), reason).toEqual(expect.any(String));
      expect(lookup(en, `errors.reasons.${reason}`), reason).toEqual(expect.any(String));
    }
    expect(bookingRefusalOf(new ApiRequestError('CONFLICT', 409, 'x', { reason: 'PLATE_TAKEN' }))).toBe(
      undefined,
    );
    expect(bookingRefusalOf(new Error('x'))).toBe(undefined);
  });
});

describe('the week calendar', () => {
  it('shows 7 days from the chosen one, across a month’s end', () => {
    expect(weekOf('2026-11-28')).toEqual({
      days: [
        '2026-11-28',
        '2026-11-29',
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2026-12-04',
      ],
      previous: '2026-11-21',
      next: '2026-12-05',
    });
  });

  it('has a row for every window of any day, in the order of the plant day', () => {
    const load = { capacity: 1, bookable: 1, booked: 0, checked_in: 0, lapsed: 0, cancelled: 0 };
    const rows = calendarRows(
      [
        {
          windows: [
            { ...load, start: '02:00', end: '06:00' },
            { ...load, start: '06:00', end: '10:00' },
          ],
        },
        { windows: [] },
        {
          windows: [
            { ...load, start: '06:00', end: '10:00' },
            { ...load, start: '10:00', end: '14:00' },
          ],
        },
      ],
      360,
    );
    expect(rows.map((r) => r.key)).toEqual(['06:00–10:00', '10:00–14:00', '02:00–06:00']);
  });

  it('fills a window’s bar by what is booked and checked in against what it may book', () => {
    expect(fillPercent({ booked: 3, checked_in: 1, bookable: 8 })).toBe(50);
    expect(fillPercent({ booked: 9, checked_in: 1, bookable: 8 })).toBe(100);
    expect(fillPercent({ booked: 0, checked_in: 0, bookable: 0 })).toBe(0);
    expect(leftIn({ booked: 3, checked_in: 1, bookable: 8 })).toBe(4);
    expect(leftIn({ booked: 9, checked_in: 1, bookable: 8 })).toBe(0);
  });
});

describe('the make-booking dialog', () => {
  const season = (over: Partial<Season>): Season => ({
    id: 1,
    name: '2569/70',
    product: 7,
    product_name: 'มันสำปะหลัง',
    starts_on: '2026-11-01',
    ends_on: '2027-04-30',
    unit: 'tonnes',
    over_quota: 'reason',
    active: true,
    suppliers: 0,
    entitlement: 0,
    delivered: 0,
    ...over,
  });

  it('finds the active season of the product that holds the day', () => {
    const seasons = [
      season({ id: 1, active: false }),
      season({ id: 2, product: 8 }),
      season({ id: 3 }),
      season({ id: 4, starts_on: '2027-11-01', ends_on: '2028-04-30' }),
    ];
    expect(seasonOf(seasons, 7, '2026-12-01')?.id).toBe(3);
    expect(seasonOf(seasons, 7, '2027-06-01')).toBeUndefined();
  });

  it('offers days from today to the rules’ days ahead, closed days left out', () => {
    const closed = ['2026-12-05'];
    expect(dayBookable('2026-11-30', '2026-11-30', 14, closed)).toBe(true);
    expect(dayBookable('2026-11-29', '2026-11-30', 14, closed)).toBe(false);
    expect(dayBookable('2026-12-14', '2026-11-30', 14, closed)).toBe(true);
    expect(dayBookable('2026-12-15', '2026-11-30', 14, closed)).toBe(false);
    expect(dayBookable('2026-12-05', '2026-11-30', 14, closed)).toBe(false);
  });

  it('keeps closed days once each, in order', () => {
    expect(withClosedDay(['2026-12-05'], '2026-12-01')).toEqual(['2026-12-01', '2026-12-05']);
    expect(withClosedDay(['2026-12-05'], '2026-12-05')).toEqual(['2026-12-05']);
  });
});

describe('a refused booking', () => {
  it('lands on the field it is about, the quota on the reason where the season asks one', () => {
    expect(refusalField('WINDOW_FULL', false)).toBe('window_start');
    expect(refusalField('BOOKING_CLOSED', false)).toBe('window_start');
    expect(refusalField('SUPPLIER_DAY_LIMIT', false)).toBe('day');
    expect(refusalField('PLATE_NOT_SUPPLIERS', false)).toBe('truck_license');
    expect(refusalField('OVER_QUOTA', true)).toBe('reason');
    expect(refusalField('OVER_QUOTA', false)).toBe('supplier_id');
    expect(refusalField('REISSUE_LIMIT', false)).toBeNull();
  });
});

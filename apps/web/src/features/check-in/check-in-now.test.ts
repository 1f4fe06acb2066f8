import { describe, expect, it } from 'vitest';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import { BOOKING } from './booking.fixture.ts';
import { checkInNow, needsLicence, type FoundBooking } from './check-in-now.ts';

const found = (
  over: Partial<Omit<FoundBooking, 'booking'>> & { booking?: Partial<Booking> } = {},
): FoundBooking => ({
  time: 'in_window',
  outcome: 'slot',
  ...over,
  booking: { ...BOOKING, ...over.booking },
});

describe('what checking a booking in does now', () => {
  it('takes the slot inside the window and early', () => {
    expect(checkInNow(found())).toEqual({ kind: 'slot', why: 'in_window' });
    expect(checkInNow(found({ time: 'early' }))).toEqual({ kind: 'slot', why: 'early' });
  });

  it('joins the walk-ins or is refused outside it, as the plant says, and says which side', () => {
    expect(checkInNow(found({ time: 'too_late', outcome: 'walk_in' }))).toEqual({
      kind: 'walk_in',
      why: 'too_late',
    });
    expect(checkInNow(found({ time: 'too_early', outcome: 'refused' }))).toEqual({
      kind: 'refused',
      why: 'too_early',
    });
    // A booking that lapsed unchecked still comes in late where the plant takes the late.
    expect(
      checkInNow(found({ time: 'too_late', outcome: 'walk_in', booking: { status: 'lapsed' } })).kind,
    ).toBe('walk_in');
  });

  it('refuses a booking checked in already or cancelled, whatever the time', () => {
    expect(checkInNow(found({ booking: { status: 'checked_in' } }))).toEqual({
      kind: 'refused',
      why: 'checked_in',
    });
    expect(checkInNow(found({ booking: { status: 'cancelled' } }))).toEqual({
      kind: 'refused',
      why: 'cancelled',
    });
  });

  it('asks the plate only of a booking for any of the supplier’s vehicles', () => {
    expect(needsLicence(found())).toBe(false);
    expect(needsLicence(found({ booking: { truck_license: null } }))).toBe(true);
  });
});

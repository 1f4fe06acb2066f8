import type { ResponseOf } from '@truck-queue/shared/contracts/api';
import type { findBooking } from '@truck-queue/shared/contracts/booking.contract';

/** A booking as the kiosk or the desk found it by its code: where it stands now. */
export type FoundBooking = Omit<ResponseOf<typeof findBooking>, 'status'>;

/**
 * What checking the booking in does now, as the truck reads it: its ticket at the booked slot
 * (inside the window, or early), a ticket in the walk-in line (outside it, where the plant takes
 * the late and the early), or none and why (outside it where the plant refuses, or a booking
 * cancelled or checked in already).
 */
export type CheckInNow =
  | { kind: 'slot'; why: 'in_window' | 'early' }
  | { kind: 'walk_in'; why: 'too_early' | 'too_late' }
  | { kind: 'refused'; why: 'too_early' | 'too_late' | 'checked_in' | 'cancelled' };

export function checkInNow({ booking, time, outcome }: FoundBooking): CheckInNow {
  // A lapsed booking still brings its truck in late as the plant's rule says; the others are done.
  if (booking.status === 'checked_in' || booking.status === 'cancelled')
    return { kind: 'refused', why: booking.status };
  switch (outcome) {
    case 'slot':
      return { kind: 'slot', why: time === 'early' ? 'early' : 'in_window' };
    case 'walk_in':
    case 'refused':
      return { kind: outcome, why: time === 'too_early' ? 'too_early' : 'too_late' };
  }
}

/** Whether the truck must give its plate: the booking is for any of the supplier's vehicles. */
export function needsLicence(found: FoundBooking): boolean {
  return found.booking.truck_license === null;
}

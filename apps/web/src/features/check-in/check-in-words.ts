import type { TFunction } from 'i18next';
import type { Booking } from '@truck-queue/shared/contracts/booking.contract';
import type { Dates } from '../../lib/calendar-context.tsx';
import { config } from '../../lib/config.ts';
import { conflictReasonOf, errorCodeOf, errorMessage } from '../../lib/errors.ts';
import { spacedCode } from './booking-code.ts';
import { checkInNow, type FoundBooking } from './check-in-now.ts';

/** The booked plant day and window: "21/11/2569, 06:00–10:00". */
export function bookingWhen(dates: Dates, booking: Booking): string {
  return `${dates.date(booking.day)}, ${booking.window_start}–${booking.window_end}`;
}

/** The plate the booking names, or that any of the supplier's vehicles may come. */
export function bookingPlate(t: TFunction, booking: Booking): string {
  return booking.truck_license ?? t('checkIn.anyVehicle');
}

export interface CheckInWords {
  /** success: a ticket at the slot; warning: a ticket in the walk-in line; error: no ticket. */
  tone: 'success' | 'warning' | 'error';
  title: string;
  lines: string[];
}

/** What checking in does now, in plain words for the driver (and the officer at the desk). */
export function checkInWords(t: TFunction, dates: Dates, found: FoundBooking): CheckInWords {
  const { booking } = found;
  const start = booking.window_start;
  const end = booking.window_end;
  const opens = dates.siteDateTime(booking.starts_at, config.siteTimeZone);
  const now = checkInNow(found);
  switch (now.kind) {
    case 'slot':
      return {
        tone: 'success',
        title: t('checkIn.now.slot'),
        lines: [
          now.why === 'early' ? t('checkIn.now.early', { start }) : t('checkIn.now.inWindow', { start }),
        ],
      };
    case 'walk_in':
      return {
        tone: 'warning',
        title: t('checkIn.now.walkIn'),
        lines: [
          now.why === 'too_early'
            ? t('checkIn.now.walkInEarly', { opens })
            : t('checkIn.now.walkInLate', { end }),
        ],
      };
    case 'refused':
      switch (now.why) {
        case 'too_early':
          return {
            tone: 'error',
            title: t('checkIn.refused.tooEarly.title'),
            lines: [t('checkIn.refused.tooEarly.text', { opens })],
          };
        case 'too_late':
          return {
            tone: 'error',
            title: t('checkIn.refused.tooLate.title'),
            lines: [t('checkIn.refused.tooLate.text', { end }), t('checkIn.refused.tooLate.todo')],
          };
        case 'checked_in':
          return {
            tone: 'error',
            title: t('checkIn.refused.checkedIn.title'),
            lines: [t('checkIn.refused.checkedIn.text', { n: booking.queue?.queue_number ?? '-' })],
          };
        case 'cancelled':
          return {
            tone: 'error',
            title: t('checkIn.refused.cancelled.title'),
            lines: [t('checkIn.refused.cancelled.text')],
          };
      }
  }
}

/**
 * Why looking a code up or checking it in gave no ticket, and what to do: the refusals of a
 * booking in words of their own; the others (a plate holding a ticket already, the server
 * unreachable) as every screen says them.
 */
export function checkInFailure(t: TFunction, error: unknown, code: string, supplier?: string): string {
  if (errorCodeOf(error) === 'NOT_FOUND') return t('checkIn.failed.notFound', { code: spacedCode(code) });
  const reason = conflictReasonOf(error);
  if (reason === 'BOOKING_NOT_OPEN') return t('checkIn.failed.notOpen');
  if (reason === 'BOOKING_OUTSIDE_WINDOW') return t('checkIn.failed.outsideWindow');
  if (reason === 'PLATE_NOT_SUPPLIERS') return t('checkIn.failed.notSuppliers', { supplier: supplier ?? '' });
  return errorMessage(t, error);
}

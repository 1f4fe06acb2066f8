import * as contracts from '@truck-queue/shared/contracts/booking.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { TicketDesk } from '../queue/calling.routes.ts';
import type { BookingsService } from './bookings.service.ts';

/** The office's booking plan and bookings, and the kiosk's (or desk's) check-in of a booked truck. */
export function registerBookingRoutes(
  register: RegisterCall,
  bookings: BookingsService,
  desk: TicketDesk,
): void {
  register(contracts.bookingPlan, async ({ auth }) => ({ status: 1, ...(await bookings.plan(auth)) }));

  register(contracts.saveBookingLine, async ({ auth, body }) => ({
    status: 1,
    line: await bookings.saveLine(auth, body),
  }));

  register(contracts.saveBookingRules, async ({ auth, body }) => ({
    status: 1,
    rules: await bookings.saveRules(auth, body),
  }));

  register(contracts.bookingCalendar, async ({ auth, body }) => ({
    status: 1,
    days: await bookings.calendar(auth, body.id_branchQT, body.from, body.days),
  }));

  register(contracts.listBookings, async ({ auth, body }) => ({
    status: 1,
    ...(await bookings.list(auth, body)),
  }));

  register(contracts.makeBooking, async ({ auth, body }) => ({
    status: 1,
    booking: await bookings.make(
      auth,
      {
        branchQueueTypeId: body.id_branchQT,
        productId: body.product,
        day: body.day,
        windowStart: body.window_start,
        licence: body.truck_license,
        supplierId: body.supplier_id,
      },
      body.reason,
    ),
  }));

  register(contracts.cancelBooking, async ({ auth, body }) => ({
    status: 1,
    booking: await bookings.cancel(auth, body.booking_id, body.reason),
  }));

  register(contracts.reissueBooking, async ({ auth, body }) => ({
    status: 1,
    booking: await bookings.reissue(auth, body.booking_id, body.day, body.window_start),
  }));

  register(contracts.generateBookings, async ({ auth, body }) => ({
    status: 1,
    ...(await bookings.generate(auth, {
      seasonId: body.season_id,
      branchQueueTypeId: body.id_branchQT,
      from: body.from,
      to: body.to,
      tonnesPerLoad: body.tonnes_per_load,
      apply: body.apply,
    })),
  }));

  register(contracts.findBooking, async ({ auth, device, body }) => ({
    status: 1,
    ...(await bookings.find((device ?? auth)!.branchId, body.code)),
  }));

  register(contracts.checkInBooking, async ({ auth, device, body, request }) => {
    const { queue, print, booking, joined } = await bookings.checkIn(
      (device ?? auth)!.branchId,
      { code: body.code, licence: body.truck_license, idempotencyKey: body.idempotency_key },
      (ticket, alongside) =>
        desk.issue({ auth, device, request }, body.printer_uuid, ticket, (tx) => alongside(tx)),
    );
    return { status: 1, queue, print, booking, joined };
  });
}

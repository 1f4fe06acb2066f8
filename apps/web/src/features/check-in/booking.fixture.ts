import type { Booking } from '@truck-queue/shared/contracts/booking.contract';

/** A booking as the server answers it, for the unit tests. */
export const BOOKING: Booking = {
  id: 7,
  code: 'ACDEFGH3',
  status: 'booked',
  source: 'office',
  supplier: { id: 3, code: 'S-01', name: 'สหกรณ์บ้านโนน' },
  truck_license: '70-1111 ขอนแก่น',
  product: 2,
  product_name: 'หัวมันสด',
  id_branchQT: 1,
  queue_type_name: 'ส่งมันสำปะหลัง',
  day: '2026-11-21',
  window_start: '06:00',
  window_end: '10:00',
  starts_at: '2026-11-20T23:00:00.000Z',
  ends_at: '2026-11-21T03:00:00.000Z',
  reissue: 0,
  queue: null,
  checked_in_at: null,
  note: null,
  over_quota: false,
  created: '2026-11-20T03:00:00.000Z',
};

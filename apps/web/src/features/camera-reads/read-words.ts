import type { TFunction } from 'i18next';
import type {
  ReadBooking,
  ReadRecord,
  ReadTruck,
} from '@truck-queue/shared/contracts/identification.contract';

/** What the camera read, as the officer reads it: the plate with its confidence, or the tag. */
export function readText(t: TFunction, read: Pick<ReadRecord, 'plate' | 'confidence' | 'tag'>): string {
  if (read.plate !== null)
    return read.confidence !== null
      ? `${read.plate} · ${t('cameraReads.confidence', { value: read.confidence })}`
      : read.plate;
  return t('cameraReads.tag', { tag: read.tag ?? '' });
}

/** A truck a read names or offers: "A012 · 70-1234 ขอนแก่น". */
export function truckText(truck: ReadTruck): string {
  return `${truck.queue_number} · ${truck.truck_license}`;
}

/** A booking an entrance read offers: "K7M2Q9 · ไร่ทางเข้า · 09:00-12:00 น.". */
export function bookingText(t: TFunction, booking: ReadBooking): string {
  return t('cameraReads.bookingText', {
    code: booking.code,
    supplier: booking.supplier_name,
    window: booking.window,
  });
}

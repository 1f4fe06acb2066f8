import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { checkInBooking, findBooking } from '@truck-queue/shared/contracts/booking.contract';
import { callApi } from '../../../lib/api-client.ts';
import { invalidateQueueLists } from './query-keys.ts';

/** The desk looks a booking up by its code (or its QR, scanned into the field). */
export function useFindBooking() {
  return useMutation({ mutationFn: (code: string) => callApi(findBooking, { code }) });
}

/** The desk checks a booked truck in: its ticket, printed as the officer chose. */
export function useCheckInBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof checkInBooking>) => callApi(checkInBooking, body),
    onSuccess: () => invalidateQueueLists(queryClient),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  bookingCalendar,
  bookingPlan,
  cancelBooking,
  generateBookings,
  listBookings,
  makeBooking,
  reissueBooking,
  saveBookingLine,
  saveBookingRules,
} from '@truck-queue/shared/contracts/booking.contract';
import { listSeasons } from '@truck-queue/shared/contracts/season.contract';
import { callApi } from '../../../lib/api-client.ts';

export type BookingListFilter = BodyOf<typeof listBookings>;

/** Query keys of the booking pages; every key starts with 'bookings'. */
export const bookingKeys = {
  all: ['bookings'] as const,
  plan: ['bookings', 'plan'] as const,
  calendar: (line: number, from: string, days: number) => ['bookings', 'calendar', line, from, days] as const,
  list: (filter: BookingListFilter) => ['bookings', 'list', filter] as const,
  seasons: ['bookings', 'seasons'] as const,
};

/** The branch's booking rules and every line's plan. */
export function useBookingPlan() {
  return useQuery({
    queryKey: bookingKeys.plan,
    queryFn: ({ signal }) => callApi(bookingPlan, {}, { signal }),
  });
}

/** Saves the branch's rules; the plan and what it drives refetch. */
export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveBookingRules>) => callApi(saveBookingRules, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** Saves one line's plan; the plan and the calendars refetch. */
export function useSaveBookingLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveBookingLine>) => callApi(saveBookingLine, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** A line's calendar: `days` plant days from `from`, each window's load (the shown week stays while the next loads). */
export function useBookingCalendar(line: number | undefined, from: string, days: number) {
  return useQuery({
    queryKey: bookingKeys.calendar(line ?? 0, from, days),
    queryFn: ({ signal }) => callApi(bookingCalendar, { id_branchQT: line!, from, days }, { signal }),
    enabled: line !== undefined && from !== '',
    placeholderData: keepPreviousData,
  });
}

/** A page of the branch's bookings. */
export function useBookingList(filter: BookingListFilter) {
  return useQuery({
    queryKey: bookingKeys.list(filter),
    queryFn: ({ signal }) => callApi(listBookings, filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The branch's seasons (the generate dialog's choice, the make-booking dialog's quota rule). */
export function useSeasons(enabled = true) {
  return useQuery({
    queryKey: bookingKeys.seasons,
    queryFn: ({ signal }) => callApi(listSeasons, {}, { signal }),
    select: (response) => response.seasons,
    enabled,
  });
}

/** Every booking call that changes bookings refetches the calendars and the lists. */
function useBookingMutation<B, R>(
  call: (body: B) => Promise<R>,
  refetchWhen: (result: R) => boolean = () => true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) =>
      refetchWhen(result) ? queryClient.invalidateQueries({ queryKey: bookingKeys.all }) : undefined,
  });
}

export function useMakeBooking() {
  return useBookingMutation((body: BodyOf<typeof makeBooking>) => callApi(makeBooking, body));
}

export function useCancelBooking() {
  return useBookingMutation((body: BodyOf<typeof cancelBooking>) => callApi(cancelBooking, body));
}

export function useReissueBooking() {
  return useBookingMutation((body: BodyOf<typeof reissueBooking>) => callApi(reissueBooking, body));
}

/** Previews (apply false: nothing written) or hands out (apply true) a season's slots. */
export function useGenerateBookings() {
  return useBookingMutation(
    (body: BodyOf<typeof generateBookings>) => callApi(generateBookings, body),
    (result) => result.applied,
  );
}

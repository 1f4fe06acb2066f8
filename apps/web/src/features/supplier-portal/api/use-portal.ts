import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  supplierBook,
  supplierCancel,
  supplierHome,
  supplierSignIn,
  supplierSignOut,
  supplierSlots,
} from '@truck-queue/shared/contracts/supplier-portal.contract';
import { supplierGradeLine, supplierScorecard } from '@truck-queue/shared/contracts/scorecard.contract';
import { callApi } from '../../../lib/api-client.ts';

/** Query keys of the supplier's booking page; each carries its sign-in's token. */
export const portalKeys = {
  all: ['supplierPortal'] as const,
  home: (token: string) => ['supplierPortal', token, 'home'] as const,
  scorecard: (token: string) => ['supplierPortal', token, 'scorecard'] as const,
  slots: (token: string, line: number, from: string, days: number) =>
    ['supplierPortal', token, 'slots', line, from, days] as const,
};

export function useSupplierSignIn() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof supplierSignIn>) => callApi(supplierSignIn, body),
  });
}

/** Ends the sign-in on the server (best effort: the phone forgets it anyway). */
export async function signOutSupplier(token: string): Promise<void> {
  try {
    await callApi(supplierSignOut, { token });
  } catch {
    // Signed out on this phone all the same; the token ends by itself after SUPPLIER_SESSION_DAYS.
  }
}

/** The signed-in supplier's page: its quotas, bookings, the lines it may book and the rules. */
export function useSupplierHome(token: string) {
  return useQuery({
    queryKey: portalKeys.home(token),
    queryFn: ({ signal }) => callApi(supplierHome, { token }, { signal }),
    staleTime: 0,
  });
}

/** The supplier's own scorecard over the last 30 plant days (issue 41). */
export function useSupplierScorecard(token: string) {
  return useQuery({
    queryKey: portalKeys.scorecard(token),
    queryFn: ({ signal }) => callApi(supplierScorecard, { token }, { signal }),
  });
}

/** A code to send to the plant's LINE account, so that chat hears of the grade's changes. */
export function useSupplierGradeLine(token: string) {
  return useMutation({ mutationFn: () => callApi(supplierGradeLine, { token }) });
}

/** A line's free loads per window, `days` plant days from `from` (the shown days stay while the next load). */
export function useSupplierSlots(token: string, line: number | undefined, from: string, days: number) {
  return useQuery({
    queryKey: portalKeys.slots(token, line ?? 0, from, days),
    queryFn: ({ signal }) => callApi(supplierSlots, { token, id_branchQT: line!, from, days }, { signal }),
    enabled: line !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Booking and cancelling refetch the page and the free slots. */
function usePortalMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

export function useSupplierBook() {
  return usePortalMutation((body: BodyOf<typeof supplierBook>) => callApi(supplierBook, body));
}

export function useSupplierCancel() {
  return usePortalMutation((body: BodyOf<typeof supplierCancel>) => callApi(supplierCancel, body));
}

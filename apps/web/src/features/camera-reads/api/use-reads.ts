import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkInReads,
  gateReads,
  identificationSnapshot,
  resolveCheckInRead,
  resolveGateRead,
  resolveWeighbridgeRead,
  ticketSnapshot,
  weighbridgeReads,
} from '@truck-queue/shared/contracts/identification.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import type { ReaderAction } from '@truck-queue/shared/identify/readers';
import { callApi } from '../../../lib/api-client.ts';
import { onReadChanges } from '../../../lib/socket.ts';
import { exitTodayQueryKey } from '../../exit/api/use-exit-today.ts';

export const readKeys = {
  list: (kind: ReaderAction) => ['reads', kind] as const,
  snapshot: (id: number) => ['reads', 'snapshot', id] as const,
  ofTicket: (uuid: string) => ['reads', 'ticket', uuid] as const,
};

/**
 * The reads of this plant day of the gate's, the weighbridges' or the entrance's cameras: those that wait for an
 * officer, and the latest. Read again whenever a reader reads or an officer decides (readsChanged)
 * and after a reconnect.
 */
export function useReads(kind: ReaderAction) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onReadChanges((change) => {
        if (!change || change.action === kind)
          void queryClient.invalidateQueries({ queryKey: readKeys.list(kind) });
      }),
    [kind, queryClient],
  );
  return useQuery({
    queryKey: readKeys.list(kind),
    queryFn: ({ signal }) =>
      kind === 'gate_exit'
        ? callApi(gateReads, {}, { signal })
        : kind === 'weighbridge'
          ? callApi(weighbridgeReads, {}, { signal })
          : callApi(checkInReads, {}, { signal }),
  });
}

/** The gate's officer lets out the truck a read offers (or sets the read aside). */
export function useResolveGateRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof resolveGateRead>) => callApi(resolveGateRead, body).then((r) => r.read),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: readKeys.list('gate_exit') }),
        queryClient.invalidateQueries({ queryKey: exitTodayQueryKey }),
      ]),
  });
}

/** The weighbridge's officer says which truck a read is (or sets it aside). */
export function useResolveWeighbridgeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof resolveWeighbridgeRead>) =>
      callApi(resolveWeighbridgeRead, body).then((r) => r.read),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readKeys.list('weighbridge') }),
  });
}

/** The ticket desk's officer checks in the booking an entrance read offers (or sets the read aside). */
export function useResolveCheckInRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof resolveCheckInRead>) => callApi(resolveCheckInRead, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readKeys.list('check_in') }),
  });
}

/** A read's snapshot as an image address; null: none asked. Kept while the page lives (it never changes). */
export function useSnapshot(id: number | null) {
  return useQuery({
    queryKey: readKeys.snapshot(id ?? 0),
    queryFn: ({ signal }) =>
      callApi(identificationSnapshot, { id: id! }, { signal }).then((r) => `data:${r.mime};base64,${r.data}`),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** The latest camera snapshot of a ticket's truck (its slip shows it), or null. */
export function useTicketSnapshot(uuid: string | null) {
  return useQuery({
    queryKey: readKeys.ofTicket(uuid ?? ''),
    queryFn: ({ signal }) => callApi(ticketSnapshot, { uuid: uuid! }, { signal }).then((r) => r.snapshot),
    enabled: uuid !== null,
    retry: false,
  });
}

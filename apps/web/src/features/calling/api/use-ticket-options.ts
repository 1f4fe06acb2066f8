import { useQuery } from '@tanstack/react-query';
import { ticketOptions } from '@truck-queue/shared/contracts/queue.contract';
import { callApi } from '../../../lib/api-client.ts';
import { callingKeys } from './query-keys.ts';

export function getTicketOptions(signal?: AbortSignal) {
  return callApi(ticketOptions, {}, { signal });
}

/** The queue types (with their products) the officer may issue tickets for. */
export function useTicketOptions(enabled: boolean) {
  return useQuery({
    queryKey: callingKeys.ticketOptions,
    queryFn: ({ signal }) => getTicketOptions(signal),
    select: (response) => response.queue_type,
    enabled,
  });
}

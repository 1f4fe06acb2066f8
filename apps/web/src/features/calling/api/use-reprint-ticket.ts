import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reprintTicket } from '@truck-queue/shared/contracts/printing.contract';
import { callApi } from '../../../lib/api-client.ts';
import { historyKeys } from '../../queue-history/api/use-queue-history.ts';
import { invalidateQueueLists } from './query-keys.ts';

export interface ReprintInput {
  uuid: string;
  /** A kiosk's printer; null: this browser prints it (the server only records the reprint). */
  printerUuid: string | null;
}

/**
 * Prints a ticket again (audited): the cards' "not printed" mark and the ticket's history
 * follow, so both are refetched once the server has answered.
 */
export function useReprintTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, printerUuid }: ReprintInput) =>
      callApi(reprintTicket, { uuid, printer_uuid: printerUuid }).then((r) => r.print),
    onSettled: (_data, _error, { uuid }) =>
      Promise.all([
        invalidateQueueLists(queryClient),
        queryClient.invalidateQueries({ queryKey: historyKeys.one(uuid) }),
      ]),
  });
}

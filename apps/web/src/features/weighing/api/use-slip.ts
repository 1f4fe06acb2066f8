import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { printSlip, slipPreview } from '@truck-queue/shared/contracts/slip.contract';
import { callApi } from '../../../lib/api-client.ts';
import { historyKeys } from '../../queue-history/api/use-queue-history.ts';
import type { ReprintInput } from '../../calling/api/use-reprint-ticket.ts';

export const slipKeys = {
  one: (uuid: string) => ['weighing', 'slip', uuid] as const,
};

/** A weighed-out truck's slip and the image its printer burns; null: no truck chosen. */
export function useSlipPreview(uuid: string | null) {
  return useQuery({
    queryKey: slipKeys.one(uuid ?? ''),
    queryFn: ({ signal }) => callApi(slipPreview, { uuid: uuid! }, { signal }),
    enabled: uuid !== null,
    // The printed slip carries the time it was printed: a fresh one each time the dialog opens.
    gcTime: 0,
    retry: false,
  });
}

/** Prints the slip on a kiosk's printer, or records that this browser prints it; the ticket's history follows. */
export function usePrintSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, printerUuid }: ReprintInput) =>
      callApi(printSlip, { uuid, printer_uuid: printerUuid }).then((r) => r.print),
    onSettled: (_data, _error, { uuid }) =>
      queryClient.invalidateQueries({ queryKey: historyKeys.one(uuid) }),
  });
}
